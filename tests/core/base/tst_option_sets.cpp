// Every option set's table is complete and consistent (core/base/OptionSet.h): names that are
// not empty, keys and command-line names that are unique and spelled by the convention,
// each name leading back to its value, every value of the enum present. The tire models'
// entries (tires/TireModels.h) also name the fields of their parameter struct, lay every
// one of them out on their form page, pass the validation's probe with their defaults
// and have a fuzz seed; the surfaces and maneuvers, which are not enums, have their own
// tables. The README names every command-line name.
#include "core/vehicle/SetupOptions.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/setupfile/SetupValidation.h"
#include "core/tires/SurfacePresets.h"
#include "core/tires/TireModels.h"
#include "core/track/Track.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <array>
#include <map>
#include <set>

using namespace vtw;

namespace {

// Setup files: camelCase. The command line: lower-case words joined by hyphens.
const QRegularExpression fileKeySpelling(QStringLiteral("^[a-z][a-zA-Z0-9]*$"));
const QRegularExpression cliSpelling(QStringLiteral("^[a-z0-9]+(-[a-z0-9]+)*$"));
// Maneuver parameters (-p key=value): lower-case words joined by underscores.
const QRegularExpression parameterSpelling(QStringLiteral("^[a-z0-9]+(_[a-z0-9]+)*$"));

/// What is wrong with one option table; `set` names it in the messages. Generic over the
/// table so that a deliberately broken one can show each check fails (see below).
template <typename Table> QStringList optionTableProblems(const Table& table, const QString& set) {
    QStringList out;
    std::set<std::string_view> keys, displayNames;
    for (std::size_t i = 0; i < table.size(); ++i) {
        const auto& e = table[i];
        const QString at = QStringLiteral("%1[%2] (%3)").arg(set).arg(i).arg(optionText(e.key));
        if (static_cast<std::size_t>(e.value) != i)
            out << at + ": not in enumerator order";
        if (e.displayName.empty())
            out << at + ": no display name";
        if (!fileKeySpelling.match(optionText(e.key)).hasMatch())
            out << at + ": file key is not camelCase";
        if (!cliSpelling.match(optionText(e.cliName)).hasMatch())
            out << at + ": CLI name '" + optionText(e.cliName) + "' is not lower-case words joined by hyphens";
        if (!e.formerCliName.empty() && e.formerCliName == e.cliName)
            out << at + ": former CLI name repeats the CLI name";
        if (!keys.insert(e.key).second)
            out << at + ": file key used twice";
        if (!displayNames.insert(e.displayName).second)
            out << at + ": display name used twice";
        // Every spelling the command line accepts for this entry names this entry alone.
        for (std::string_view spelling : {e.cliName, e.key, e.formerCliName}) {
            if (spelling.empty())
                continue;
            int named = 0;
            for (const auto& other : table)
                named += other.cliName == spelling || other.key == spelling || other.formerCliName == spelling;
            if (named != 1)
                out << at + ": '" + optionText(spelling) + "' names " + QString::number(named) + " entries";
        }
    }
    return out;
}

/// The checks that need the registered table: the lookups lead back to each value, and
/// the enum has no value the table lacks.
template <typename Enum> QStringList registeredSetProblems(const QString& set) {
    QStringList out = optionTableProblems(options<Enum>(), set);
    if (!coversEveryValue<Enum>())
        out << set + ": the enum has a value the table lacks";
    for (const auto& e : options<Enum>()) {
        const QString at = set + " " + optionText(e.key);
        if (enumFromKey<Enum>(enumKey(e.value)) != e.value)
            out << at + ": file key does not lead back to its value";
        for (std::string_view spelling : {e.cliName, e.key, e.formerCliName}) {
            const auto* named = spelling.empty() ? &e : optionByCliName<Enum>(spelling);
            if (!named || named->value != e.value)
                out << at + ": '" + optionText(spelling) + "' does not lead back to its value";
        }
        if (enumDisplayName(e.value) != optionText(e.displayName))
            out << at + ": display name lookup differs";
    }
    return out;
}

// The common fields of an axle's tires (tires.<axle>.model, .radius, ...) have no
// section; every other field belongs to the section of the model it parameterises.
QString sectionOf(const QString& tireFieldPath) {
    const QString rest = tireFieldPath.mid(QStringLiteral("tires.front.").size());
    return rest.contains(QLatin1Char('.')) ? rest.section(QLatin1Char('.'), 0, 0) : QString();
}

QStringList tireFieldsOfSection(const QString& key) {
    QStringList out;
    for (const FieldMeta& f : setupFields())
        if (f.path.startsWith(QStringLiteral("tires.front.")) && sectionOf(f.path) == key)
            out << f.path;
    return out;
}

/// The form page of a model against the fields of its section: each box's prefixes
/// match fields, and every field is in exactly one box (a table page has no boxes: its
/// fields are curves, edited in the tire tables view).
QStringList formPageProblems(const TireModelInfo& model) {
    QStringList out;
    const QString key = optionText(model.key);
    const QString section = QStringLiteral("tires.front.") + key + QLatin1Char('.');
    const QStringList fields = tireFieldsOfSection(key);
    const TireFormPage& page = model.form;
    if (page.boxCount < 0 || page.boxCount > int(page.boxes.size()))
        return {key + ": box count out of range"};
    if (page.extra == TireFormExtra::TablePoints) {
        if (page.boxCount != 0)
            out << key + ": a table page shows its points in the tables view, not in boxes";
        for (const QString& path : fields)
            if (findField(path)->kind != FieldKind::Curve)
                out << key + ": " + path + " is on no page";
        return out;
    }
    if (page.boxCount == 0)
        out << key + ": no box on its form page";
    std::map<QString, int> shown;
    for (int b = 0; b < page.boxCount; ++b) {
        for (std::string_view name : fieldPrefixes(page.boxes[std::size_t(b)])) {
            const QString prefix = optionText(name);
            int matched = 0;
            for (const QString& path : fields)
                if (path.startsWith(section + prefix))
                    ++matched, ++shown[path];
            if (matched == 0)
                out << key + ": box prefix '" + prefix + "' matches no field";
        }
    }
    for (const QString& path : fields)
        if (shown[path] != 1)
            out << key + ": " + path + " is shown " + QString::number(shown[path]) + " times";
    return out;
}

} // namespace

class TestOptionSets : public QObject {
    Q_OBJECT
private slots:
    // The catalogue's dynamic lap loads its default track from the library.
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    void everySetIsComplete() {
        QStringList problems;
        problems << registeredSetProblems<TireModelKind>("tire models")
                 << registeredSetProblems<CombinedSlipMethod>("combined-slip rules")
                 << registeredSetProblems<RollingResistanceModel>("rolling resistance models")
                 << registeredSetProblems<DrivelineLayout>("driveline layouts")
                 << registeredSetProblems<DifferentialType>("differentials")
                 << registeredSetProblems<ShiftMode>("shift modes")
                 << registeredSetProblems<Integrator>("integrators")
                 << registeredSetProblems<LineChoice>("lap lines");
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    }

    // The checks above can fail: a table with each fault is refused for it.
    void checksFindEachFault() {
        enum class Colour { Red, Green, Blue };
        constexpr std::array<OptionName<Colour>, 3> broken{{
            {Colour::Green, "red", "Red", ""},                  // out of order, CLI spelling, no name
            {Colour::Red, "red", "green", "Green", "blue"},     // key twice; "blue" names two
            {Colour::Blue, "blue_ish", "blue", "Green"},        // key spelling, display name twice
        }};
        const QString all = optionTableProblems(broken, QStringLiteral("colours")).join('\n');
        for (const char* fault : {"not in enumerator order", "is not lower-case words", "no display name",
                                  "file key used twice", "'blue' names 2 entries", "not camelCase",
                                  "display name used twice"})
            QVERIFY2(all.contains(QLatin1String(fault)), qPrintable(fault + QStringLiteral(" not found in:\n") + all));
    }

    // A setup field of an enum offers the keys and display names of its set's table.
    void enumFieldsOfferTheirTable() {
        for (const FieldMeta& f : setupFields()) {
            if (f.kind != FieldKind::Enum)
                continue;
            QVERIFY2(!f.enumKeys.isEmpty() && f.enumNames.size() == f.enumKeys.size(), qPrintable(f.path));
            QCOMPARE(f.max, double(f.enumKeys.size() - 1));
        }
        QCOMPARE(findField(QStringLiteral("tires.rear.model"))->enumKeys, enumKeys<TireModelKind>());
        QCOMPARE(findField(QStringLiteral("simulation.integrator"))->enumNames, enumDisplayNames<Integrator>());
    }

    // Each model's key is its parameter struct's section; no field lies outside a
    // registered section, and each model has fields of its own.
    void everyTireModelNamesItsParameters() {
        for (const TireModelInfo& model : tireModels)
            QVERIFY2(!tireFieldsOfSection(optionText(model.key)).isEmpty(), model.key.data());
        for (const FieldMeta& f : setupFields()) {
            if (!f.path.startsWith(QStringLiteral("tires.front.")))
                continue;
            const QString section = sectionOf(f.path);
            QVERIFY2(section.isEmpty() || optionByKey<TireModelKind>(section.toStdString()), qPrintable(f.path));
        }
    }

    void everyTireModelHasAFormPage() {
        QStringList problems;
        for (const TireModelInfo& model : tireModels)
            problems << formPageProblems(model);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    }

    // The validation's probe (setupfile/SetupValidation) runs the chosen model over the
    // loads and slips the car meets: each model's defaults pass it on the default car,
    // on either axle, and so do its parameter rules.
    void everyTireModelPassesTheProbeWithItsDefaults() {
        for (const TireModelInfo& model : tireModels) {
            Setup s = defaultSetup();
            s.frontTires.model = s.rearTires.model = model.value;
            QStringList issues;
            for (const SetupIssue& i : validateSetup(s))
                issues << i.toString();
            QVERIFY2(issues.isEmpty(), qPrintable(optionText(model.key) + ": " + issues.join('\n')));
            if (model.parameterRules) {
                std::vector<TireParameterProblem> problems;
                model.parameterRules(s.frontTires, problems);
                QVERIFY2(problems.empty(), model.key.data());
            }
        }
    }

    // Each model has its own seed for the simulator's fuzz target (tests/fuzz), so the
    // fuzzer starts from a car on that model.
    void everyTireModelHasAFuzzSeed() {
        const QDir seeds(QStringLiteral(VTW_SOURCE_DIR "/tests/fuzz/seeds/simulator"));
        QVERIFY(seeds.exists());
        for (const TireModelInfo& model : tireModels) {
            const QString pattern = QStringLiteral("tire_%1_*.json").arg(optionText(model.key));
            QVERIFY2(!seeds.entryList({pattern}, QDir::Files).isEmpty(), qPrintable(pattern));
        }
    }

    // The README lists the command-line names ("Names of options"); it names each.
    void readmeNamesEveryCliName() {
        QFile readme(QStringLiteral(VTW_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        const auto named = [&](std::string_view name) {
            return text.contains(QLatin1Char('`') + optionText(name) + QLatin1Char('`'));
        };
        for (const TireModelInfo& m : tireModels)
            QVERIFY2(named(m.cliName), m.cliName.data());
        for (const auto& r : combinedSlipOptions)
            QVERIFY2(named(r.cliName), r.cliName.data());
        for (const auto& i : integratorOptions)
            QVERIFY2(named(i.cliName) && (i.formerCliName.empty() || named(i.formerCliName)), i.cliName.data());
        for (const SurfacePreset& p : surfacePresets)
            QVERIFY2(named(p.key), p.key.data());
        for (const auto& l : lineChoiceOptions)
            QVERIFY2(named(l.cliName), l.cliName.data());
        for (const ManeuverDescription& d : maneuverCatalogue())
            QVERIFY2(named(d.id), d.id.c_str());
    }

    void surfacesAreComplete() {
        std::set<std::string_view> keys;
        for (const SurfacePreset& p : surfacePresets) {
            const QString key = optionText(p.key);
            QVERIFY2(cliSpelling.match(key).hasMatch(), qPrintable(key));
            QVERIFY2(keys.insert(p.key).second, qPrintable(key));
            QVERIFY2(!p.name.empty(), qPrintable(key));
            // --surface takes a grip scale in (0, 10] where it takes no preset.
            QVERIFY2(p.gripScale > 0.0 && p.gripScale <= 10.0, qPrintable(key));
        }
    }

    // The maneuver catalogue: an id per maneuver that the command line takes as it is,
    // and that the maneuver it makes reports; parameters with their defaults in range.
    void maneuversAreComplete() {
        std::set<std::string> ids;
        for (const ManeuverDescription& d : maneuverCatalogue()) {
            const QString id = QString::fromStdString(d.id);
            QVERIFY2(cliSpelling.match(id).hasMatch(), qPrintable(id));
            QVERIFY2(ids.insert(d.id).second, qPrintable(id));
            QVERIFY2(!d.title.empty() && !d.description.empty(), qPrintable(id));
            QCOMPARE(findManeuverDescription(d.id), &d);
            std::string error;
            const auto maneuver = makeManeuver(d.id, {}, &error);
            QVERIFY2(maneuver, error.c_str());
            QCOMPARE(maneuver->id(), d.id);
            std::set<std::string> keys;
            for (const ManeuverParameter& p : d.parameters) {
                const QString at = id + " " + QString::fromStdString(p.key);
                QVERIFY2(parameterSpelling.match(QString::fromStdString(p.key)).hasMatch(), qPrintable(at));
                QVERIFY2(keys.insert(p.key).second && !p.label.empty(), qPrintable(at));
                QVERIFY2(p.min <= p.defaultValue && p.defaultValue <= p.max, qPrintable(at));
            }
            // Word parameters: spelt like the numbers, none named twice, each with a default.
            for (const ManeuverWord& w : d.words) {
                const QString at = id + " " + QString::fromStdString(w.key);
                QVERIFY2(parameterSpelling.match(QString::fromStdString(w.key)).hasMatch(), qPrintable(at));
                QVERIFY2(keys.insert(w.key).second && !w.label.empty(), qPrintable(at));
                QVERIFY2(!w.defaultValue.empty(), qPrintable(at));
            }
        }
        QVERIFY(!findManeuverDescription("moonshot"));
    }
};

QTEST_GUILESS_MAIN(TestOptionSets)
#include "tst_option_sets.moc"

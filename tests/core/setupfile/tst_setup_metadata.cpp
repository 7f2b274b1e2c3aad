// The metadata table: it must describe every member of every parameter struct
// (so a field added to Setup but not to the table fails here), its accessors
// must each reach a distinct field, and the defaults must lie inside the limits.

#include "core/setupfile/SetupEnumKeys.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/setupfile/SetupValidation.h"

#include <QFile>
#include <QSet>
#include <QtTest>

#include <tuple>
#include <utility>

using namespace vtw;

namespace {

// Counts the members of an aggregate: the largest N for which T{any x N} compiles.
struct AnyValue {
    template <typename T> operator T() const;
};
template <typename T, std::size_t... I>
constexpr bool constructibleWith(std::index_sequence<I...>) {
    return requires {
        T{(void(I), AnyValue{})...};
    };
}
template <typename T, std::size_t N = 0> constexpr std::size_t memberCount() {
    if constexpr (constructibleWith<T>(std::make_index_sequence<N + 1>{}))
        return memberCount<T, N + 1>();
    else
        return N;
}

int fieldsUnder(const QString& prefix) {
    int n = 0;
    for (const FieldMeta& f : setupFields())
        n += f.path.startsWith(prefix) ? 1 : 0;
    return n;
}

} // namespace

class TestSetupMetadata : public QObject {
    Q_OBJECT
private slots:
    void memberCounterCounts();
    void everyStructMemberHasAField_data();
    void everyStructMemberHasAField();
    void pathsAreUniqueAndWellFormed();
    void accessorsReachDistinctFields();
    void defaultsLieWithinLimits();
    void enumKeysMapBack();
    void tireFieldsAreAsListed();
    void displayUnits_data();
    void displayUnits();
};

// The counter the next test relies on, checked against structs counted by hand.
void TestSetupMetadata::memberCounterCounts() {
    QCOMPARE(memberCount<ChassisParams>(), std::size_t(8));
    QCOMPARE(memberCount<CalspanParams>(), std::size_t(14));
    QCOMPARE(memberCount<Pacejka94Params>(), std::size_t(3));
    QCOMPARE(memberCount<Setup>(), std::size_t(15));
    QCOMPARE(memberCount<LimitedSlipParams>(), std::size_t(4));
    QCOMPARE(memberCount<SuspensionParams>(), std::size_t(6));
}

void TestSetupMetadata::everyStructMemberHasAField_data() {
    QTest::addColumn<int>("members");
    QTest::addColumn<QString>("prefix");
    // Members that are not fields of their own: Setup's name, notes and targets, and
    // the sub-structs (counted through their own rows).
    QTest::newRow("ChassisParams") << int(memberCount<ChassisParams>()) << "chassis.";
    QTest::newRow("AeroParams") << int(memberCount<AeroParams>()) << "aero.";
    QTest::newRow("EngineParams") << int(memberCount<EngineParams>()) << "engine.";
    QTest::newRow("GearboxParams") << int(memberCount<GearboxParams>()) << "gearbox.";
    // Three of DrivelineParams' members are LimitedSlipParams (axle, front and centre).
    QTest::newRow("DrivelineParams")
        << int(memberCount<DrivelineParams>()) - 3 + 3 * int(memberCount<LimitedSlipParams>()) << "driveline.";
    QTest::newRow("DriverAidParams") << int(memberCount<DriverAidParams>()) << "aids.";
    QTest::newRow("BrakeParams") << int(memberCount<BrakeParams>()) << "brakes.";
    QTest::newRow("SteeringParams") << int(memberCount<SteeringParams>()) << "steering.";
    QTest::newRow("SimulationParams") << int(memberCount<SimulationParams>()) << "simulation.";
    // TireParams: 6 own fields plus 8 model sub-structs.
    QTest::newRow("TireParams own") << int(memberCount<TireParams>()) - 8 << "tires.front.";
    QTest::newRow("LinearTireParams")
        << int(memberCount<LinearTireParams>()) << "tires.front.linear.";
    QTest::newRow("TableTireParams") << int(memberCount<TableTireParams>()) << "tires.front.table.";
    QTest::newRow("MagicFormulaParams")
        << int(memberCount<MagicFormulaParams>() * memberCount<MagicFormulaCoefficients>())
        << "tires.front.magicFormula.";
    // The a and b arrays are one member each but one field per coefficient.
    QTest::newRow("Pacejka94Params") << int(memberCount<Pacejka94Params>()) - 2 +
                                            int(std::tuple_size_v<decltype(Pacejka94Params::a)>) +
                                            int(std::tuple_size_v<decltype(Pacejka94Params::b)>)
                                     << "tires.front.pacejka94.";
    QTest::newRow("BrushParams") << int(memberCount<BrushParams>()) << "tires.front.brush.";
    QTest::newRow("CalspanParams") << int(memberCount<CalspanParams>()) << "tires.front.calspan.";
    QTest::newRow("SlipSpeedParams")
        << int(memberCount<SlipSpeedParams>()) << "tires.front.slipSpeed.";
    QTest::newRow("rear axle like front") << fieldsUnder("tires.front.") << "tires.rear.";
    // SuspensionParams: 4 own fields plus the two axles.
    QTest::newRow("SuspensionParams own") << int(memberCount<SuspensionParams>()) - 2 << "suspension.";
    QTest::newRow("AxleSuspensionParams")
        << int(memberCount<AxleSuspensionParams>()) << "suspension.front.";
    QTest::newRow("rear suspension like front") << fieldsUnder("suspension.front.") << "suspension.rear.";
    QTest::newRow("Setup sections")
        << int(memberCount<Setup>()) - 3 << "#sections"; // name, notes, targets are not table fields
}

void TestSetupMetadata::everyStructMemberHasAField() {
    QFETCH(int, members);
    QFETCH(QString, prefix);
    if (prefix == "#sections") {
        QSet<QString> sections;
        for (const FieldMeta& f : setupFields()) {
            const QStringList keys = f.keys();
            sections.insert(keys[0] == "tires" ? keys[0] + '.' + keys[1] : keys[0]);
        }
        QCOMPARE(int(sections.size()), members);
        return;
    }
    int described = fieldsUnder(prefix);
    // Only a section's own fields, not its sub-structs': the tire's without its models,
    // the suspension's without its axles.
    const int ownDepth = prefix == "tires.front." ? 3 : prefix == "suspension." ? 2 : 0;
    if (ownDepth > 0) {
        described = 0;
        for (const FieldMeta& f : setupFields())
            described += f.path.startsWith(prefix) && f.keys().size() == ownDepth ? 1 : 0;
    }
    QVERIFY2(described == members,
             qPrintable(QString("%1 has %2 members but the metadata table describes %3 fields")
                            .arg(QTest::currentDataTag())
                            .arg(members)
                            .arg(described)));
}

void TestSetupMetadata::pathsAreUniqueAndWellFormed() {
    QSet<QString> seen;
    for (const FieldMeta& f : setupFields()) {
        QVERIFY2(!seen.contains(f.path), qPrintable("duplicate path " + f.path));
        seen.insert(f.path);
        QVERIFY2(!f.label.isEmpty(), qPrintable(f.path + " has no label"));
        QVERIFY2(!f.tooltip.isEmpty(), qPrintable(f.path + " has no tooltip"));
        QVERIFY2(f.keys().size() >= 2, qPrintable(f.path + " is not inside a section"));
        QVERIFY2(f.min <= f.max, qPrintable(f.path + " has min > max"));
    }
    QVERIFY(findField("chassis.mass"));
    QCOMPARE(findField("steering.ackermann_pct")->unit, QString("%"));
    QVERIFY(!findField("chassis.nonsense"));
}

// Each accessor must change its own field and no other: set field i to a new
// value and check that every other field reads as before.
void TestSetupMetadata::accessorsReachDistinctFields() {
    const Setup base = defaultSetup();
    const auto& fields = setupFields();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const FieldMeta& f = fields[i];
        Setup s = base;
        switch (f.kind) {
        case FieldKind::Number:
        case FieldKind::Integer:
            f.set(s, f.get(s) + 1.0);
            break;
        case FieldKind::Enum:
            f.set(s, f.get(s) == 0 ? 1.0 : 0.0);
            break;
        case FieldKind::NumberList:
            f.list(s).push_back(0.25);
            break;
        case FieldKind::Curve:
            f.curve(s).points().push_back({1e6, 1.0});
            break;
        }
        QVERIFY2(!(s == base), qPrintable(f.path + ": setting it changed nothing"));
        for (std::size_t j = 0; j < fields.size(); ++j) {
            if (j == i)
                continue;
            const FieldMeta& g = fields[j];
            bool same = true;
            if (g.get)
                same = g.get(s) == g.get(base);
            else if (g.list)
                same = g.listOf(s) == g.listOf(base);
            else
                same = g.curveOf(s) == g.curveOf(base);
            QVERIFY2(same, qPrintable(f.path + " and " + g.path + " reach the same member"));
        }
    }
}

void TestSetupMetadata::defaultsLieWithinLimits() {
    const SetupIssues issues = validateSetup(defaultSetup());
    QStringList text;
    for (const SetupIssue& i : issues)
        text.append(i.toString());
    QVERIFY2(issues.isEmpty(), qPrintable(text.join('\n')));
}

void TestSetupMetadata::enumKeysMapBack() {
    for (int i = 0; i < enumKeys<TireModelKind>().size(); ++i)
        QCOMPARE(int(*enumFromKey<TireModelKind>(enumKeys<TireModelKind>()[i])), i);
    QCOMPARE(tireModelKey(TireModelKind::Calspan), QString("calspan"));
    QCOMPARE(enumKey(Integrator::RungeKutta4), QString("rungeKutta4"));
    QCOMPARE(enumKey(DrivelineLayout::AllWheelDrive), QString("awd"));
    QVERIFY(!enumFromKey<ShiftMode>("sequential").has_value());
    for (const FieldMeta& f : setupFields()) {
        if (f.kind == FieldKind::Enum)
            QCOMPARE(f.max, double(f.enumKeys.size() - 1));
    }
}

// The tire fields are built from the models' own descriptions; setup files and the
// window read them by path, in order, with these labels, units and limits. The list in
// tire_fields.txt is what the table gave before the descriptions moved to the models:
// a changed path, order, label, limit, tooltip or written rule differs from it.
// (VTW_PRINT_TIRE_FIELDS=1 prints the lines the table gives now.)
void TestSetupMetadata::tireFieldsAreAsListed() {
    Setup changed = defaultSetup();
    changed.frontTires.camber = changed.rearTires.camber = -0.01;
    changed.frontTires.pressure = changed.rearTires.pressure = 2e5;
    changed.frontTires.tir.source = changed.rearTires.tir.source = "a file";
    const Setup defaults = defaultSetup();
    QStringList actual;
    for (const FieldMeta& f : setupFields()) {
        if (!f.path.startsWith("tires."))
            continue;
        const auto number = [](double v) { return QString::number(v, 'g', 17); };
        const auto written = [&](const Setup& s) { return !f.written ? "always" : f.written(s) ? "yes" : "no"; };
        actual << QStringList{f.path, f.label, f.unit, QString::number(int(f.quantity)), number(f.min),
                              number(f.max), QString::number(f.minExclusive), QString::number(f.maxExclusive),
                              number(f.step), QString::number(f.decimals), QString::number(int(f.kind)),
                              f.enumKeys.join(','), f.enumNames.join(','), f.xLabel + ',' + f.xUnit + ','
                                  + QString::number(int(f.xQuantity)), f.yLabel + ',' + f.yUnit + ','
                                  + QString::number(int(f.yQuantity)),
                              QStringList{QString::number(f.curveRules.minPoints),
                                          QString::number(f.curveRules.maxPoints), number(f.curveRules.xMin),
                                          number(f.curveRules.yMin), QString::number(f.curveRules.positivePeak)}
                                  .join(','),
                              QString::number(f.optional), written(defaults), written(changed), f.tooltip}
                      .join('|');
    }
    if (qEnvironmentVariableIsSet("VTW_PRINT_TIRE_FIELDS"))
        for (const QString& line : actual)
            qInfo().noquote() << "FIELD" << line;
    QFile file(QStringLiteral(VTW_SOURCE_DIR "/tests/core/setupfile/tire_fields.txt"));
    QVERIFY2(file.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(file.fileName()));
    const QStringList expected = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    for (qsizetype i = 0; i < std::min(actual.size(), expected.size()); ++i)
        QVERIFY2(actual[i] == expected[i], qPrintable(QString("tire field %1:\n  table: %2\n  listed: %3")
                                                          .arg(i)
                                                          .arg(actual[i], expected[i])));
    QCOMPARE(actual.size(), expected.size());
}

void TestSetupMetadata::displayUnits_data() {
    QTest::addColumn<int>("quantity");
    QTest::addColumn<bool>("imperial");
    QTest::addColumn<double>("stored");
    QTest::addColumn<double>("shown");
    QTest::addColumn<QString>("symbol");
    // Conversion factors from Units.h definitions (exact by definition of the units).
    QTest::newRow("100 km/h") << int(Quantity::Speed) << false << 27.777777777777778 << 100.0
                              << "km/h";
    QTest::newRow("1 mph") << int(Quantity::Speed) << true << 0.44704 << 1.0 << "mph";
    QTest::newRow("pi rad") << int(Quantity::Angle) << false << 3.141592653589793 << 180.0 << "deg";
    QTest::newRow("lb-ft") << int(Quantity::Torque) << true << 1.3558179 << 1.0 << "lb-ft";
    QTest::newRow("share") << int(Quantity::Share) << false << 0.7 << 70.0 << "%";
    QTest::newRow("rpm stays") << int(Quantity::EngineSpeed) << true << 6000.0 << 6000.0 << "rpm";
    // 1 lbf/in = 4.448222 N / 0.0254 m = 175.1268 N/m (Units.h's pound-force and inch).
    QTest::newRow("N/mm") << int(Quantity::Stiffness) << false << 60000.0 << 60.0 << "N/mm";
    QTest::newRow("lbf/in") << int(Quantity::Stiffness) << true << 4.448222 / 0.0254 << 1.0 << "lbf/in";
    QTest::newRow("mm/s") << int(Quantity::DamperSpeed) << false << 0.05 << 50.0 << "mm/s";
    QTest::newRow("in/s") << int(Quantity::DamperSpeed) << true << 0.0254 << 1.0 << "in/s";
    // Accelerations in g whatever the system (standard gravity, 9.80665 m/s^2 by definition).
    QTest::newRow("1 g SI") << int(Quantity::Acceleration) << false << 9.80665 << 1.0 << "g";
    QTest::newRow("1 g imperial") << int(Quantity::Acceleration) << true << 9.80665 << 1.0 << "g";
    // 1 lb = 0.45359237 kg and 1 ft = 0.3048 m exactly; 1 lbf = 4.448222 N (Units.h).
    QTest::newRow("1 lb/ft^3") << int(Quantity::Density) << true << 0.45359237 / (0.3048 * 0.3048 * 0.3048) << 1.0
                               << "lb/ft^3";
    QTest::newRow("1 lb ft^2") << int(Quantity::MomentOfInertia) << true << 0.45359237 * 0.3048 * 0.3048 << 1.0
                               << "lb ft^2";
    QTest::newRow("1 lbf s/ft") << int(Quantity::ForcePerSpeed) << true << 4.448222 / 0.3048 << 1.0 << "lbf s/ft";
    QTest::newRow("N s/m in SI") << int(Quantity::ForcePerSpeed) << false << 12.5 << 12.5 << "N s/m";
}

void TestSetupMetadata::displayUnits() {
    QFETCH(int, quantity);
    QFETCH(bool, imperial);
    QFETCH(double, stored);
    QFETCH(double, shown);
    QFETCH(QString, symbol);
    const DisplayUnit u =
        displayUnit(Quantity(quantity), imperial ? UnitSystem::Imperial : UnitSystem::SI);
    QCOMPARE(u.symbol, symbol);
    QVERIFY(qAbs(stored * u.scale - shown) < 1e-9 * qMax(1.0, shown));
}

QTEST_GUILESS_MAIN(TestSetupMetadata)
#include "tst_setup_metadata.moc"

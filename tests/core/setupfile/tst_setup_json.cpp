// The setup file format: exact round trips, unknown keys kept, versions,
// and refusal of broken or hostile input without touching the caller's setup.

#include "core/setupfile/JsonShape.h"
#include "core/setupfile/SetupJson.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/vehicle/Targets.h"
#include "core/maneuvers/ManeuverFactory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace vtw;

namespace {

/// A setup in which every field of the table differs from the default, with
/// values that need all 17 significant digits, and every field still valid.
Setup everyFieldChanged() {
    Setup s = defaultSetup();
    s.name = "Changed \"car\" \u00e9\u00e8 \U0001F697";
    s.notes = "line 1\nline 2\ttab, comma; [1,\n 2]";
    int i = 0;
    for (const FieldMeta& f : setupFields()) {
        ++i;
        switch (f.kind) {
        case FieldKind::Number: {
            const double v = f.get(s);
            // Nudge inside the limits by an amount that is not a short decimal.
            double next = v + (v == 0 ? 0.0123456789012345 : std::abs(v) * 0.0312345678901234);
            if (f.rangeProblem(next).isEmpty() == false)
                next = v - std::abs(v) * 0.0312345678901234;
            if (f.rangeProblem(next).isEmpty() == false)
                next = v + (f.max - v) / 3.0;
            f.set(s, next);
            break;
        }
        case FieldKind::Integer:
            f.set(s, f.get(s) + 2);
            break;
        case FieldKind::Enum:
            f.set(s, double((int(f.get(s)) + 1) % f.enumKeys.size()));
            break;
        case FieldKind::NumberList:
            for (double& r : f.list(s))
                r *= 1.0 + 1.0 / 3.0;
            break;
        case FieldKind::Curve:
            for (CurvePoint& p : f.curve(s).points()) {
                p.x = p.x * (1.0 + 1.0 / 7.0);
                p.y = p.y * (1.0 - 1.0 / 9.0);
            }
            f.curve(s).points().push_back({f.curve(s).maxX() + 0.1 * i, 0.3});
            break;
        }
    }
    // Keep cross-field rules true after the nudges.
    s.gearbox.upshiftRpm = s.engine.redlineRpm - 100.0 / 3.0;
    // Differentials whose limited-slip values are written (they are left out of a file
    // whose differentials are open or locked).
    s.driveline.differential = DifferentialType::ClutchLimitedSlip;
    s.driveline.frontDifferential = DifferentialType::Viscous;
    s.driveline.centreDifferential = DifferentialType::Viscous;
    return s;
}

QByteArray carBytes() {
    return writeSetup(defaultSetup());
}

QByteArray withChange(const std::function<void(QJsonObject&)>& change) {
    QJsonObject root = QJsonDocument::fromJson(carBytes()).object();
    change(root);
    return QJsonDocument(root).toJson();
}

void setAt(QJsonObject& root, const QStringList& keys, const QJsonValue& v, int i = 0) {
    if (i == keys.size() - 1) {
        root.insert(keys[i], v);
        return;
    }
    QJsonObject child = root.value(keys[i]).toObject();
    setAt(child, keys, v, i + 1);
    root.insert(keys[i], child);
}

// An array nested depth levels deep (depth 1: a flat array) whose innermost
// level holds `leaves` numbers and every other level a few siblings.
QJsonValue nestedArray(int depth, int leaves) {
    QJsonArray inner;
    for (int i = 0; i < leaves; ++i)
        inner.append(i);
    QJsonValue v = inner;
    for (int level = 1; level < depth; ++level)
        v = QJsonArray{level, v, "x"};
    return v;
}
} // namespace

class TestSetupJson : public QObject {
    Q_OBJECT
private slots:
    void defaultRoundTrips();
    void everyFieldRoundTrips();
    void everyFieldIsWrittenUnderItsPath();
    void doublesKeepFullPrecision_data();
    void doublesKeepFullPrecision();
    void unknownKeysSurviveLoadAndSave();
    void manyUnknownKeysSummarisedOrRefused_data();
    void manyUnknownKeysSummarisedOrRefused();
    void knownFieldWinsOverUnknownKeyOfSamePath();
    void nestedUnknownKeysKeepTheirSize();
    void tooDeepUnknownKeyRefused();
    void newerVersionRefused();
    void olderVersionPathAndBadVersions_data();
    void olderVersionPathAndBadVersions();
    void migrationStepsRunInOrder();
    void missingKeyGetsDefaultWithWarning();
    void badFieldsAllReportedWithPaths();
    void manyBadPointsListedWithACount();
    void brokenInputRefused_data();
    void brokenInputRefused();
    void oversizedFileRefusedBeforeReading();
    void jsonShapeFromTheBytes_data();
    void jsonShapeFromTheBytes();
    void outsizedJsonRefusedBeforeParsing_data();
    void outsizedJsonRefusedBeforeParsing();
    void valueCapIsExact();
    void targetsRoundTrip();
    void awdFileFromBeforePerAxleDifferentials();
    void fileWithoutTargetsLoadsAndStaysWithout();
    void badTargetsReportedWithPaths_data();
    void badTargetsReportedWithPaths();
    void targetKeysAreTheManeuversOwn();
    void savedFileNamesItsWriter();
    void generatorOfAnotherVersionIsReadAndReplaced();
    void generatorMustBeAString_data();
    void generatorMustBeAString();
    void typeAndVersionComeFirst();
    void setupNearTheSizeLimitSavesReadable();
    void setupPastTheSizeLimitIsNotSaved();
};

void TestSetupJson::defaultRoundTrips() {
    const SetupLoadResult r = loadSetup(carBytes());
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QCOMPARE(*r.setup, defaultSetup());
    QVERIFY(r.unknownKeys.isEmpty());
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
    QCOMPARE(r.fileVersion, setupFileVersion);
}

void TestSetupJson::everyFieldRoundTrips() {
    const Setup changed = everyFieldChanged();
    // The changed setup must differ from the default in every field, or the
    // round trip would not prove that field is written and read.
    const Setup def = defaultSetup();
    for (const FieldMeta& f : setupFields()) {
        bool differs = f.get    ? f.get(changed) != f.get(def)
                       : f.list ? f.listOf(changed) != f.listOf(def)
                                : !(f.curveOf(changed) == f.curveOf(def));
        QVERIFY2(differs, qPrintable(f.path + " was not changed"));
    }
    const SetupIssues issues = validateSetup(changed);
    QVERIFY2(issues.isEmpty(), qPrintable(issues.value(0).toString()));

    const SetupLoadResult r = loadSetup(writeSetup(changed));
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
    for (const FieldMeta& f : setupFields()) {
        bool same = f.get    ? f.get(*r.setup) == f.get(changed)
                    : f.list ? f.listOf(*r.setup) == f.listOf(changed)
                             : f.curveOf(*r.setup) == f.curveOf(changed);
        QVERIFY2(same, qPrintable(f.path + " did not round-trip"));
    }
    QCOMPARE(r.setup->name, changed.name);
    QCOMPARE(r.setup->notes, changed.notes);
    QVERIFY(*r.setup == changed); // catches anything the per-field loop cannot see
}

// A file from before each axle had its own differential gave an AWD car's front axle
// the type and coupling of driveline.differential: read so, it drives as it did. A
// two-wheel-drive file without the key keeps the default (open), so that it round-trips
// unchanged.
void TestSetupJson::awdFileFromBeforePerAxleDifferentials() {
    for (const DrivelineLayout layout : {DrivelineLayout::AllWheelDrive, DrivelineLayout::RearWheelDrive}) {
        Setup s = defaultSetup();
        s.driveline.layout = layout;
        s.driveline.differential = DifferentialType::ClutchLimitedSlip;
        s.driveline.axleLimitedSlip = {70.0, 0.35, 0.2, 20.0};
        QJsonObject root = QJsonDocument::fromJson(writeSetup(s)).object();
        QJsonObject driveline = root.value("driveline").toObject();
        QCOMPARE(driveline.contains("frontDifferential"), layout == DrivelineLayout::AllWheelDrive);
        driveline.remove("frontDifferential");
        root.insert("driveline", driveline);
        const SetupLoadResult r = loadSetup(QJsonDocument(root).toJson());
        QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
        QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
        if (layout == DrivelineLayout::AllWheelDrive) {
            QCOMPARE(r.setup->driveline.frontDifferential, DifferentialType::ClutchLimitedSlip);
            QCOMPARE(r.setup->driveline.frontLimitedSlip, s.driveline.axleLimitedSlip);
        } else {
            QCOMPARE(*r.setup, s);
            QCOMPARE(writeSetup(*r.setup), writeSetup(s));
        }
    }
}

void TestSetupJson::everyFieldIsWrittenUnderItsPath() {
    const QJsonObject root = setupToJson(defaultSetup());
    for (const FieldMeta& f : setupFields()) {
        if (f.written && !f.written(defaultSetup()))
            continue; // a section left out while it holds its defaults (tst_tir_model writes one)
        QJsonValue v = root;
        for (const QString& key : f.keys())
            v = v.toObject().value(key);
        QVERIFY2(!v.isUndefined(), qPrintable(f.path + " is not in the file"));
    }
    QCOMPARE(root.value("fileType").toString(), QString("vehicle-setup"));
    QCOMPARE(root.value("version").toInt(), 1);
    QVERIFY(root.value("tires").toObject().value("front").toObject().contains("magicFormula"));
    QCOMPARE(root.value("engine").toObject().value("torqueCurve_rpm_Nm").toArray().at(0),
             QJsonValue(QJsonArray{1000, 390}));
}

void TestSetupJson::doublesKeepFullPrecision_data() {
    QTest::addColumn<double>("value");
    QTest::newRow("0.1+0.2") << 0.1 + 0.2;
    QTest::newRow("1/3") << 1.0 / 3.0;
    QTest::newRow("tiny") << 4.9406564584124654e-320; // subnormal
    QTest::newRow("huge") << 1.7976931348623157e300;
    QTest::newRow("next after 1500") << std::nextafter(1500.0, 2000.0);
}

void TestSetupJson::doublesKeepFullPrecision() {
    QFETCH(double, value);
    Setup s = defaultSetup();
    s.chassis.mass = value;
    // The loader refuses out-of-range values, so read the raw JSON number.
    const QJsonObject root = QJsonDocument::fromJson(writeSetup(s)).object();
    const double back = root.value("chassis").toObject().value("mass").toDouble();
    QCOMPARE(back, value);
    QVERIFY(std::memcmp(&back, &value, sizeof(double)) == 0);
}

void TestSetupJson::unknownKeysSurviveLoadAndSave() {
    const QByteArray bytes = withChange([](QJsonObject& root) {
        setAt(root, {"editorState"}, QJsonObject{{"zoom", 2}, {"open", QJsonArray{1, "a"}}});
        setAt(root, {"chassis", "ballast_kg"}, 25);
        setAt(root, {"tires", "front", "magicFormula", "lateral", "Sv"}, 0.01);
        setAt(root, {"tires", "front", "pressure_kPa"}, "230");
    });
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QCOMPARE(r.unknownKeys.size(), 4);
    QCOMPARE(r.warnings.size(), 4);
    QVERIFY(r.warnings.join('\n').contains("chassis.ballast_kg: unknown key"));

    const SetupLoadResult again = loadSetup(writeSetup(*r.setup, r.unknownKeys));
    QVERIFY(again.ok());
    QCOMPARE(*again.setup, *r.setup);
    QCOMPARE(again.unknownKeys, r.unknownKeys);
    const QJsonObject root = setupToJson(*r.setup, r.unknownKeys);
    QCOMPARE(root.value("chassis").toObject().value("ballast_kg").toInt(), 25);
    QCOMPARE(root.value("editorState").toObject().value("zoom").toInt(), 2);
}

// A few hundred extras are kept with a short warning list; a flood of keys is
// refused (bounded memory and output) rather than half kept.
void TestSetupJson::manyUnknownKeysSummarisedOrRefused_data() {
    QTest::addColumn<int>("keys");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("500 kept") << 500 << true;
    QTest::newRow("1000 kept") << 1000 << true;
    QTest::newRow("1001 refused") << 1001 << false;
    QTest::newRow("100000 refused") << 100000 << false;
}

void TestSetupJson::manyUnknownKeysSummarisedOrRefused() {
    QFETCH(int, keys);
    QFETCH(bool, accepted);
    const QByteArray bytes = withChange([keys](QJsonObject& root) {
        for (int i = 0; i < keys; ++i)
            root.insert(QStringLiteral("extra%1").arg(i), i);
    });
    const SetupLoadResult r = loadSetup(bytes);
    QCOMPARE(r.ok(), accepted);
    if (accepted) {
        QCOMPARE(r.unknownKeys.size(), qsizetype(keys));
        QCOMPARE(r.warnings.size(), 21); // 20 listed, one line counts the rest
        QVERIFY(r.warnings.last().contains(QString::number(keys - 20) + " more unknown keys"));
    } else {
        QVERIFY(r.unknownKeys.isEmpty());
        QVERIFY2(r.errorStrings().join('\n').contains("more than 1000 unknown keys"),
                 qPrintable(r.errorStrings().join('\n')));
    }
}

// Another tool's nested extras are written back compact: indented, each of
// their lines would carry its depth in spaces, and a 28 KB file grew to 40 MB.
void TestSetupJson::nestedUnknownKeysKeepTheirSize() {
    const QJsonValue extra = nestedArray(30, 3000);
    const QByteArray bytes = withChange([&](QJsonObject& root) {
        setAt(root, {"editorState", "history"}, extra);
        setAt(root, {"chassis", "toolData"}, QJsonObject{{"deep", nestedArray(20, 10)}});
    });
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    const QByteArray saved = writeSetup(*r.setup, r.unknownKeys);
    const qsizetype extras = saved.size() - writeSetup(*r.setup).size();
    const qsizetype compact = QJsonDocument(extra.toArray()).toJson(QJsonDocument::Compact).size();
    QVERIFY2(extras < 2 * compact, qPrintable(QString("%1 bytes for %2").arg(extras).arg(compact)));

    // Saved again, the same bytes: no growth from one save to the next.
    const SetupLoadResult again = loadSetup(saved);
    QVERIFY2(again.ok(), qPrintable(again.errorStrings().join('\n')));
    QCOMPARE(again.unknownKeys, r.unknownKeys);
    QCOMPARE(writeSetup(*again.setup, again.unknownKeys), saved);
}

void TestSetupJson::tooDeepUnknownKeyRefused() {
    const QByteArray bytes = withChange(
        [](QJsonObject& root) { setAt(root, {"editorState", "history"}, nestedArray(40, 1)); });
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY(!r.ok());
    const QString errors = r.errorStrings().join('\n');
    QVERIFY2(errors.contains("editorState: ") && errors.contains("more than 32 levels deep"),
             qPrintable(errors));
}

void TestSetupJson::knownFieldWinsOverUnknownKeyOfSamePath() {
    const UnknownKeys clash{{{"chassis", "mass"}, "not a number"}, {{"chassis"}, 5}};
    const SetupLoadResult r = loadSetup(writeSetup(defaultSetup(), clash));
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QCOMPARE(*r.setup, defaultSetup());
}

void TestSetupJson::newerVersionRefused() {
    const QByteArray bytes = withChange([](QJsonObject& root) { root.insert("version", 2); });
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors[0].path, QString("version"));
    QVERIFY2(r.errors[0].message.contains("newer"), qPrintable(r.errors[0].message));
    QVERIFY(r.errors[0].message.contains("2"));
}

void TestSetupJson::olderVersionPathAndBadVersions_data() {
    QTest::addColumn<QJsonValue>("version");
    QTest::newRow("zero") << QJsonValue(0);
    QTest::newRow("negative") << QJsonValue(-3);
    QTest::newRow("fraction") << QJsonValue(1.5);
    QTest::newRow("string") << QJsonValue("1");
    QTest::newRow("missing") << QJsonValue(QJsonValue::Undefined);
}

void TestSetupJson::olderVersionPathAndBadVersions() {
    QFETCH(QJsonValue, version);
    const QByteArray bytes = withChange([&](QJsonObject& root) {
        if (version.isUndefined())
            root.remove("version");
        else
            root.insert("version", version);
    });
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.value(0).path, QString("version"));

    // The migration path itself: the current version needs no step; a version
    // without a step is refused with a reason.
    QJsonObject root = QJsonDocument::fromJson(carBytes()).object();
    QString why;
    QVERIFY(migrateSetupJson(root, setupFileVersion, &why));
    QVERIFY(!migrateSetupJson(root, 0, &why));
    QVERIFY(why.contains("no migration from file version 0"));
}

// The migration mechanism, with steps of a made-up format history: a key
// renamed in version 2 and a section split in version 3. Keys no step knows
// (another tool's) ride along untouched.
void TestSetupJson::migrationStepsRunInOrder() {
    const MigrationSteps steps = {
        {2,
         [](QJsonObject& root) {
             QJsonObject body = root.take("body").toObject();
             root.insert("chassis", QJsonObject{{"mass", body.value("mass")}});
             root.insert("aero", QJsonObject{{"dragCoefficient", body.value("cd")}});
         }},
        {1, [](QJsonObject& root) { root.insert("body", root.take("car")); }},
    };
    QJsonObject root{{"version", 1},
                     {"car", QJsonObject{{"mass", 1234.0}, {"cd", 0.31}}},
                     {"otherTool", "kept"}};
    QString error;
    QVERIFY2(migrateJson(root, 1, 3, steps, &error), qPrintable(error));
    QCOMPARE(root.value("version").toInt(), 3);
    QCOMPARE(root.value("chassis").toObject().value("mass").toDouble(), 1234.0);
    QCOMPARE(root.value("aero").toObject().value("dragCoefficient").toDouble(), 0.31);
    QVERIFY(!root.contains("car") && !root.contains("body"));
    QCOMPARE(root.value("otherTool").toString(), QString("kept"));

    // A gap in the history is refused with the version it cannot leave.
    QJsonObject old{{"version", 0}};
    QVERIFY(!migrateJson(old, 0, 3, steps, &error));
    QCOMPARE(error, QString("no migration from file version 0"));
    // The format's own path: version 1 is current, nothing to do.
    QJsonObject current{{"version", setupFileVersion}};
    QVERIFY(migrateSetupJson(current, setupFileVersion, &error));
}

void TestSetupJson::missingKeyGetsDefaultWithWarning() {
    const QByteArray bytes = withChange([](QJsonObject& root) {
        QJsonObject chassis = root.value("chassis").toObject();
        chassis.remove("yawInertia");
        root.insert("chassis", chassis);
        root.remove("steering");
    });
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QCOMPARE(r.setup->chassis.yawInertia, Setup{}.chassis.yawInertia);
    QVERIFY(r.warnings.contains("chassis.yawInertia: missing, default used"));
    QVERIFY(r.warnings.contains("steering: missing section, defaults used"));
}

void TestSetupJson::badFieldsAllReportedWithPaths() {
    const QByteArray bytes = withChange([](QJsonObject& root) {
        setAt(root, {"chassis", "mass"}, "heavy");
        setAt(root, {"tires", "rear", "magicFormula", "lateral", "C"}, -1);
        setAt(root, {"driveline", "layout"}, "6wd");
        setAt(root, {"simulation", "substeps"}, 2.5);
        setAt(root, {"engine", "torqueCurve_rpm_Nm"}, QJsonArray{QJsonArray{1000}, 5});
        setAt(root, {"aero"}, 7);
        setAt(root, {"gearbox", "forwardRatios"}, QJsonArray{3.0, "x", 1.5, true});
    });
    Setup document = defaultSetup();
    const Setup before = document;
    const SetupLoadResult r = loadSetup(bytes);
    if (r.ok())
        document = *r.setup;
    QVERIFY(!r.ok());
    QCOMPARE(document, before);
    const QStringList errors = r.errorStrings();
    const QStringList expected{
        "chassis.mass: must be a number",
        "tires.rear.magicFormula.lateral.C: must be > 0",
        "driveline.layout: unknown value \"6wd\", expected one of: rwd, fwd, awd",
        "simulation.substeps: must be an integer",
        "engine.torqueCurve_rpm_Nm: points 0 and 1 must be [x, y] pairs of numbers",
        "aero: must be an object",
        "gearbox.forwardRatios: entries 1 and 3 must be numbers"};
    for (const QString& e : expected)
        QVERIFY2(errors.contains(e), qPrintable("missing \"" + e + "\" in:\n" + errors.join('\n')));
    QCOMPARE(errors.size(), expected.size()); // each problem once, no follow-on noise
}

void TestSetupJson::manyBadPointsListedWithACount() {
    const QByteArray bytes = withChange([](QJsonObject& root) {
        QJsonArray curve;
        for (int i = 0; i < 15; ++i)
            curve.append("not a point");
        setAt(root, {"engine", "torqueCurve_rpm_Nm"}, curve);
    });
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY(!r.ok());
    QCOMPARE(r.errorStrings(),
             QStringList{"engine.torqueCurve_rpm_Nm: points 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 5 "
                         "more must be [x, y] pairs of numbers"});
}

void TestSetupJson::brokenInputRefused_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("reason");
    const QByteArray good = carBytes();
    QTest::newRow("empty") << QByteArray() << "not valid JSON";
    QTest::newRow("truncated half") << good.left(good.size() / 2) << "not valid JSON";
    QTest::newRow("truncated last byte") << good.chopped(2) << "not valid JSON";
    QTest::newRow("not utf-8") << QByteArray(good).replace("Corvette", "Corv\xff\xfe\xc0t")
                               << "UTF-8";
    QTest::newRow("overlong utf-8") << QByteArray(good).replace("C5", "\xc0\xaf") << "UTF-8";
    QTest::newRow("array root") << QByteArray("[1, 2]") << "top level";
    QTest::newRow("wrong file type")
        << QByteArray(good).replace("vehicle-setup", "vehicle-setups") << "fileType";
    QTest::newRow("deep nesting") << QByteArray(200000, '[') << "JSON";
    QTest::newRow("deep objects") << QByteArray("{\"a\":").repeated(100000) << "JSON";
    QTest::newRow("number out of range")
        << QByteArray(good).replace("\"mass\": 1500", "\"mass\": 1e999")
        << "out of the range of a double";
    QTest::newRow("huge negative exponent")
        << QByteArray(good).replace("\"mass\": 1500", "\"mass\": -1e-999999999") << "line 23";
    QByteArray manyPoints = "[[0, 0]";
    for (int i = 1; i <= 20000; ++i)
        manyPoints += ",[" + QByteArray::number(i) + ", 1]";
    manyPoints += "]";
    {
        QJsonObject root = QJsonDocument::fromJson(good).object();
        setAt(root, {"tires", "front", "table", "lateral"}, QJsonValue(QJsonArray()));
        QByteArray text = QJsonDocument(root).toJson(QJsonDocument::Compact);
        text.replace("\"lateral\":[]", "\"lateral\":" + manyPoints);
        QTest::newRow("huge curve") << text << "at most 10000 points";
    }
    QTest::newRow("nul bytes") << QByteArray(1000, '\0') << "JSON";
    QTest::newRow("over 16 MiB") << QByteArray(16 * 1024 * 1024 + 1, ' ') << "16 MiB";
}

void TestSetupJson::brokenInputRefused() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, reason);
    Setup document = defaultSetup();
    document.name = "my tuned car";
    const Setup before = document;
    // No wall-clock limit here (the machines are shared): the readers' cost is
    // measured by the reader benchmark.
    const SetupLoadResult r = loadSetup(bytes);
    if (r.ok())
        document = *r.setup; // the caller's pattern: apply only a complete result
    QVERIFY(!r.ok());
    QVERIFY(!r.setup.has_value());
    QVERIFY(!r.errors.isEmpty());
    QCOMPARE(document, before);
    QVERIFY2(r.errorStrings().join('\n').contains(reason), qPrintable(r.errorStrings().join('\n')));
}

void TestSetupJson::oversizedFileRefusedBeforeReading() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("big.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(64LL * 1024 * 1024)); // sparse: cheap to create
    f.close();
    const SetupLoadResult r = loadSetupFile(path);
    QVERIFY(!r.ok());
    QVERIFY(r.errorStrings().join('\n').contains("16 MiB"));
    QVERIFY(!loadSetupFile(dir.filePath("missing.json")).ok());
}

void TestSetupJson::jsonShapeFromTheBytes_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("depth");
    QTest::addColumn<qint64>("values");
    QTest::addColumn<qint64>("largestEntries");
    QTest::addColumn<QString>("largestPath");
    QTest::newRow("bare value") << QByteArray("5") << 0 << qint64(1) << qint64(0) << "";
    QTest::newRow("empty array") << QByteArray("[]") << 1 << qint64(1) << qint64(0) << "";
    // Brackets, commas and quotes inside strings are text.
    QTest::newRow("nested, with strings")
        << QByteArray(R"({"a": [1, 2, {"b": "x]}[,\""}], "c": {}})") << 3 << qint64(7)
        << qint64(3) << "a";
    QTest::newRow("path through arrays")
        << QByteArray(R"({"s": [[], [0, {"t": [1, 2, 3, 4]}]]})") << 5 << qint64(11) << qint64(4)
        << "s[1][1].t";
}

void TestSetupJson::jsonShapeFromTheBytes() {
    QFETCH(QByteArray, text);
    QFETCH(int, depth);
    QFETCH(qint64, values);
    QFETCH(qint64, largestEntries);
    QFETCH(QString, largestPath);
    const JsonShape shape = jsonShape(text, 64);
    QCOMPARE(shape.depth, depth);
    QCOMPARE(shape.values, values);
    QCOMPARE(shape.largestEntries, largestEntries);
    QCOMPARE(shape.largestPath, largestPath);
    // Nesting past the limit stops the walk where it went too deep.
    const JsonShape deep = jsonShape(R"({"a": [[[[[]]]]]})", 3);
    QCOMPARE(deep.depth, 4);
    QCOMPARE(deep.deepestPath, QString("a[0][0]"));
}

// Inputs inside the size limit whose parsing would cost seconds and gigabytes (a
// node of a hundred bytes and more per value) are refused from a walk over the
// bytes, with what is wrong and where.
void TestSetupJson::outsizedJsonRefusedBeforeParsing_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("reason");
    QTest::newRow("nested 65 deep")
        << withChange([](QJsonObject& root) {
               setAt(root, {"editorState", "history"}, nestedArray(65, 1));
           })
        << "editorState.history[1][1]" << "JSON nested more than 64 levels deep: not a setup file";
    QByteArray points = R"({"fileType": "vehicle-setup", "version": 1, "engine": {"torqueCurve_rpm_Nm": [)";
    for (int i = 0; i < 300000; ++i)
        points += (i ? ",[" : "[") + QByteArray::number(i) + ",1]";
    QTest::newRow("a curve of 300000 points")
        << points + "]}}" << ""
        << "the file holds 900005 JSON values, more than the 250000 a setup file may hold; its "
           "largest array or object (engine.torqueCurve_rpm_Nm) has 300000 entries";
    QByteArray chains = R"({"fileType": "vehicle-setup", "version": 1, "x": [[[[]]])";
    for (int i = 0; i < 100000; ++i)
        chains += ",[[[]]]";
    QTest::newRow("nested arrays")
        << chains + "]}" << ""
        << "the file holds 300007 JSON values, more than the 250000 a setup file may hold; its "
           "largest array or object (x) has 100001 entries";
}

void TestSetupJson::outsizedJsonRefusedBeforeParsing() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, path);
    QFETCH(QString, reason);
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY(!r.ok());
    QCOMPARE(r.errors.size(), 1);
    QCOMPARE(r.errors[0].path.left(path.size()), path); // a deep path is shown from its start
    QCOMPARE(r.errors[0].message, reason);
}

// The cap counts values exactly: a file of maxSetupJsonValues loads, one more is refused.
void TestSetupJson::valueCapIsExact() {
    const QByteArray car = carBytes();
    const qint64 carValues = jsonShape(car, maxSetupJsonDepth).values;
    const auto withEntries = [&](qint64 entries) {
        QByteArray extra = ",\"editorState\": [[]";
        for (qint64 i = 1; i < entries; ++i)
            extra += ",[]";
        QByteArray bytes = car;
        bytes.insert(bytes.lastIndexOf('}'), extra + "]");
        return bytes;
    };
    // The member editorState, then its entries.
    const QByteArray atCap = withEntries(maxSetupJsonValues - carValues - 1);
    QCOMPARE(jsonShape(atCap, maxSetupJsonDepth).values, maxSetupJsonValues);
    const SetupLoadResult accepted = loadSetup(atCap);
    QVERIFY2(accepted.ok(), qPrintable(accepted.errorStrings().join('\n')));
    const SetupLoadResult refused = loadSetup(withEntries(maxSetupJsonValues - carValues));
    QVERIFY(!refused.ok());
    QVERIFY2(refused.errorStrings().join('\n').contains("more than the 250000"),
             qPrintable(refused.errorStrings().join('\n')));
}

// Published figures survive a save and a load exactly, text and all, and are
// not part of the physics (the setup loads with every field as before).
void TestSetupJson::targetsRoundTrip() {
    Setup s = defaultSetup();
    s.targets = {{"t_0_60_mph_s", 4.9, "Car and Driver, March 2005: \"C5 average\"\nline two"},
                 {"top_speed_kmh", 281.6, "Chevrolet, 1997 (175 mph) — ü"},
                 {"skidpad_max_lateral_g", 0.9, "Car and Driver, 2005"}};
    QVERIFY2(validateSetup(s).isEmpty(), qPrintable(validateSetup(s).value(0).toString()));
    const QByteArray bytes = writeSetup(s);
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
    QCOMPARE(r.setup->targets, s.targets);
    QCOMPARE(*r.setup, s);
    QCOMPARE(writeSetup(*r.setup), bytes);
    const QJsonArray written = QJsonDocument::fromJson(bytes).object().value("targets").toArray();
    QCOMPARE(written.size(), 3);
    QCOMPARE(written[1].toObject().value("metric").toString(), QStringLiteral("top_speed_kmh"));
    QCOMPARE(written[1].toObject().value("value").toDouble(), 281.6);
}

void TestSetupJson::fileWithoutTargetsLoadsAndStaysWithout() {
    const QByteArray bytes = carBytes();
    QVERIFY(!QJsonDocument::fromJson(bytes).object().contains("targets"));
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY(r.ok());
    QVERIFY(r.setup->targets.empty());
    QVERIFY(r.warnings.isEmpty()); // no "missing" warning: targets are optional
    QCOMPARE(writeSetup(*r.setup), bytes);
}

void TestSetupJson::badTargetsReportedWithPaths_data() {
    QTest::addColumn<QJsonValue>("targets");
    QTest::addColumn<QStringList>("expected");
    const auto entry = [](const QJsonValue& metric, const QJsonValue& value, const QJsonValue& source) {
        QJsonObject o;
        if (!metric.isUndefined())
            o.insert("metric", metric);
        if (!value.isUndefined())
            o.insert("value", value);
        if (!source.isUndefined())
            o.insert("source", source);
        return o;
    };
    const QJsonObject good = entry("t_0_100_kmh_s", 5.0, "a magazine, 2001");
    QTest::newRow("not an array") << QJsonValue(QJsonObject{})
                                  << QStringList{"targets: must be an array of {metric, value, source} objects"};
    QTest::newRow("entry not an object") << QJsonValue(QJsonArray{good, 3})
                                         << QStringList{"targets[1]: must be an object with metric, value and source"};
    QTest::newRow("wrong types and missing keys")
        << QJsonValue(QJsonArray{good, entry(7, "fast", QJsonValue::Undefined)})
        << QStringList{"targets[1].metric: must be a metric key string", "targets[1].value: must be a number",
                       "targets[1].source: missing (a string)"};
    QTest::newRow("value not positive")
        << QJsonValue(QJsonArray{good, entry("top_speed_kmh", 250, "x"), entry("braking_100_0_kmh_m", -35, "y")})
        << QStringList{"targets[2].value: must be > 0"};
    QTest::newRow("zero") << QJsonValue(QJsonArray{entry("quarter_mile_s", 0, "x")})
                          << QStringList{"targets[0].value: must be > 0"};
    QTest::newRow("unknown metric and empty source")
        << QJsonValue(QJsonArray{entry("t_0_200_kmh_s", 12, "  ")})
        << QStringList{"targets[0].metric: unknown metric \"t_0_200_kmh_s\", expected one of: t_0_60_mph_s, "
                       "t_0_100_kmh_s, quarter_mile_s, quarter_mile_trap_kmh, top_speed_kmh, "
                       "braking_100_0_kmh_m, skidpad_max_lateral_g",
                       "targets[0].source: must not be empty: say who published the figure, and when"};
    QTest::newRow("two for one metric")
        << QJsonValue(QJsonArray{good, entry("t_0_100_kmh_s", 5.2, "another magazine")})
        << QStringList{"targets[1].metric: \"t_0_100_kmh_s\" already has a target (targets[0])"};
}

void TestSetupJson::badTargetsReportedWithPaths() {
    QFETCH(QJsonValue, targets);
    QFETCH(QStringList, expected);
    const SetupLoadResult r =
        loadSetup(withChange([&](QJsonObject& root) { root.insert("targets", targets); }));
    QVERIFY(!r.ok());
    QCOMPARE(r.errorStrings(), expected);
}

// A target key that no maneuver reports could never be compared: each must
// be among its maneuver's metrics.
void TestSetupJson::targetKeysAreTheManeuversOwn() {
    QVERIFY(targetMetrics().size() >= 7);
    for (const TargetMetric& t : targetMetrics()) {
        std::string error;
        auto maneuver = makeManeuver(t.maneuver, {}, &error);
        QVERIFY2(maneuver, error.c_str());
        const MetricList metrics = maneuver->metrics();
        const Metric* m = findMetric(metrics, t.key);
        QVERIFY2(m, t.key.c_str());
        QCOMPARE(m->unit, t.unit);
    }
}

// A saved file is writeSetup()'s bytes with one more line, "generator", naming this
// program and its version; it reads back to the same setup, with nothing unknown or
// missing, and the setup's own bytes (what a sweep's identity hashes) stay unchanged.
void TestSetupJson::savedFileNamesItsWriter() {
    const Setup s = everyFieldChanged();
    const QByteArray content = writeSetup(s);
    const QByteArray saved = savedSetupBytes(s);
    QCOMPARE(QJsonDocument::fromJson(saved).object().value("generator").toString(), setupGenerator());
    QVERIFY(setupGenerator().startsWith(QStringLiteral("vehicle-workbench ")));
    QVERIFY(!QJsonDocument::fromJson(content).object().contains("generator"));
    const QByteArray line = "    \"generator\": \"" + setupGenerator().toUtf8() + "\",\n";
    QCOMPARE(saved.count(line), 1);
    QByteArray withoutLine = saved;
    withoutLine.replace(line, "");
    QCOMPARE(withoutLine, content);
    const SetupLoadResult r = loadSetup(saved);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
    QVERIFY(r.unknownKeys.isEmpty());
    QCOMPARE(*r.setup, s);
    QCOMPARE(savedSetupBytes(*r.setup, r.unknownKeys), saved);
}

// Any string is accepted as the writer: a file another version saved loads without
// a warning, and saving it again names this version.
void TestSetupJson::generatorOfAnotherVersionIsReadAndReplaced() {
    const QByteArray other = withChange([](QJsonObject& root) { root.insert("generator", "vehicle-workbench 99.1.2"); });
    const SetupLoadResult r = loadSetup(other);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
    QVERIFY(r.unknownKeys.isEmpty());
    QCOMPARE(writeSetup(*r.setup, r.unknownKeys), carBytes());
    QCOMPARE(QJsonDocument::fromJson(savedSetupBytes(*r.setup, r.unknownKeys)).object().value("generator").toString(),
             setupGenerator());
}

void TestSetupJson::generatorMustBeAString_data() {
    QTest::addColumn<QJsonValue>("generator");
    QTest::newRow("number") << QJsonValue(1.5);
    QTest::newRow("object") << QJsonValue(QJsonObject{{"name", "vehicle-workbench"}});
    QTest::newRow("null") << QJsonValue(QJsonValue::Null);
}

void TestSetupJson::generatorMustBeAString() {
    QFETCH(QJsonValue, generator);
    const SetupLoadResult r = loadSetup(withChange([&](QJsonObject& root) { root.insert("generator", generator); }));
    QVERIFY(!r.ok());
    QCOMPARE(r.errorStrings(), QStringList{"generator: must be a string"});
}


// "fileType" and "version" open the file, whatever the curves hold: the desktop tells
// a setup from other JSON by the first 16 KiB, and a 1500-point torque curve alone is
// more. The rest is the object as it was, keys in order.
void TestSetupJson::typeAndVersionComeFirst() {
    Setup s = defaultSetup();
    std::vector<CurvePoint> points;
    for (int i = 0; i < 1500; ++i)
        points.push_back({800.0 + 4.0 * i, 300.0 + 0.01 * i});
    s.engine.torqueCurve = Curve(points);
    for (const QByteArray& bytes : {writeSetup(s), savedSetupBytes(s)}) {
        QVERIFY2(bytes.startsWith("{\n    \"fileType\": \"vehicle-setup\",\n    \"version\": 1,\n    \"aero\": {"),
                 bytes.left(120).constData());
        QVERIFY(bytes.size() > 16 * 1024);
        QCOMPARE(bytes.count("\"fileType\""), 1);
        QCOMPARE(bytes.count("\"version\""), 1);
        QJsonObject expected = setupToJson(s);
        if (bytes.contains("\"generator\""))
            expected.insert("generator", setupGenerator());
        QCOMPARE(QJsonDocument::fromJson(bytes).object(), expected);
        const SetupLoadResult r = loadSetup(bytes);
        QVERIFY(r.ok());
        QCOMPARE(*r.setup, s);
    }
}

namespace {

// A valid setup written compact by another program, just under the size limit: long
// notes, a torque curve of the most points and the most keys the program does not
// know, each point and key a line that indenting lengthens.
QByteArray compactSetupNearTheLimit() {
    Setup s = defaultSetup();
    std::vector<CurvePoint> points;
    for (int i = 0; i < 10000; ++i)
        points.push_back({800.0 + 0.5 * i, 300.0 + 0.001 * i});
    s.engine.torqueCurve = Curve(points);
    QJsonObject root = setupToJson(s);
    for (int k = 0; k < 1000; ++k)
        root.insert(QStringLiteral("extra%1").arg(k, 4, 10, QLatin1Char('0')), k);
    const qsizetype without = QJsonDocument(root).toJson(QJsonDocument::Compact).size();
    root.insert("notes", QString(maxSetupFileBytes - 64 * 1024 - without, QLatin1Char('n')));
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

} // namespace

// A setup that was read is saved so that it reads again: indented it would pass the
// 16 MiB limit, so it is written compact (it used to be saved past the limit, and the
// program then refused to open the file it had written).
void TestSetupJson::setupNearTheSizeLimitSavesReadable() {
    const QByteArray compact = compactSetupNearTheLimit();
    QVERIFY(compact.size() < maxSetupFileBytes);
    const SetupLoadResult r = loadSetup(compact);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    for (const QByteArray& bytes : {writeSetup(*r.setup, r.unknownKeys), savedSetupBytes(*r.setup, r.unknownKeys)}) {
        QVERIFY2(bytes.size() <= maxSetupFileBytes, qPrintable(QString::number(bytes.size())));
        QVERIFY(setupSizeProblem(bytes).isEmpty());
        QVERIFY(bytes.startsWith("{\"fileType\":\"vehicle-setup\",\"version\":1,"));
        const SetupLoadResult again = loadSetup(bytes);
        QVERIFY2(again.ok(), qPrintable(again.errorStrings().join('\n')));
        QCOMPARE(*again.setup, *r.setup);
        QCOMPARE(again.unknownKeys.size(), r.unknownKeys.size());
    }
    // An ordinary setup stays indented.
    QVERIFY(writeSetup(defaultSetup()).startsWith("{\n    \"fileType\""));
}

// A setup too large even compact (notes typed past the limit) is not saved: the old
// file stays as it was and the error says why.
void TestSetupJson::setupPastTheSizeLimitIsNotSaved() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("car.json");
    QVERIFY(saveSetupFile(path, defaultSetup()).ok);
    const QByteArray before = [&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    Setup big = defaultSetup();
    big.notes = std::string(maxSetupFileBytes, 'n');
    const SaveResult saved = saveSetupFile(path, big);
    QVERIFY(!saved.ok);
    QVERIFY2(saved.error.startsWith("cannot save " + path + ": the setup takes ") &&
                 saved.error.contains("bytes as a file, more than the 16 MiB a setup file may have"),
             qPrintable(saved.error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"car.json"});
}

QTEST_GUILESS_MAIN(TestSetupJson)
#include "tst_setup_json.moc"

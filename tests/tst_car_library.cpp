// The library of cars: every car loads without warnings, passes validation,
// round-trips exactly, and its file is the writer's canonical form; the
// Corvette equals the built-in default.

#include "setupfile/CarLibrary.h"
#include "setupfile/SetupJson.h"

#include <QFile>
#include <QtTest>

using namespace vtw;

class TestCarLibrary : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }
    void listsTheCars();
    void carRoundTrips_data();
    void carRoundTrips();
    void corvetteIsTheDefault();
    void carsDiffer();
};

void TestCarLibrary::listsTheCars() {
    const QList<LibraryCar> cars = libraryCars();
    QStringList names;
    for (const LibraryCar& c : cars)
        names.append(c.name);
    QCOMPARE(names, QStringList({"Corvette C5", "Lotus Elise S2", "Subaru Impreza WRX STI (gravel)",
                                 "VW Golf GTI (Mk7)"}));
    QCOMPARE(cars[0].resourcePath, QString(":/cars/corvette_c5.json"));
}

void TestCarLibrary::carRoundTrips_data() {
    QTest::addColumn<QString>("path");
    for (const LibraryCar& c : libraryCars())
        QTest::newRow(qPrintable(c.name)) << c.resourcePath;
}

void TestCarLibrary::carRoundTrips() {
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const SetupLoadResult r = loadSetup(bytes);
    QVERIFY2(r.ok(), qPrintable(r.errorStrings().join('\n')));
    QVERIFY2(r.warnings.isEmpty(), qPrintable(r.warnings.join('\n')));
    QVERIFY(validateSetup(*r.setup).isEmpty());
    QVERIFY2(!r.setup->notes.empty(), "a library car cites its sources in its notes");
    const QByteArray written = writeSetup(*r.setup, r.unknownKeys);
    QCOMPARE(*loadSetup(written).setup, *r.setup);
    QVERIFY2(written == bytes, "the file is not in the writer's canonical form");
}

void TestCarLibrary::corvetteIsTheDefault() {
    const SetupLoadResult r = loadLibraryCar(":/cars/corvette_c5.json");
    QVERIFY(r.ok());
    QCOMPARE(*r.setup, defaultSetup());
}

// Plausibility of the characters the library promises.
void TestCarLibrary::carsDiffer() {
    const Setup golf = *loadLibraryCar(":/cars/vw_golf_gti_mk7.json").setup;
    const Setup sti = *loadLibraryCar(":/cars/subaru_impreza_sti_gravel.json").setup;
    const Setup elise = *loadLibraryCar(":/cars/lotus_elise_s2.json").setup;
    QCOMPARE(golf.driveline.layout, DrivelineLayout::FrontWheelDrive);
    QCOMPARE(sti.driveline.layout, DrivelineLayout::AllWheelDrive);
    QVERIFY(sti.simulation.surfaceMu < 0.8);
    QCOMPARE(elise.driveline.layout, DrivelineLayout::RearWheelDrive);
    QVERIFY(elise.chassis.mass < 1000);
    QVERIFY(elise.chassis.cgToFrontAxle > elise.chassis.cgToRearAxle); // engine behind the driver
    // Brakes able to give about 1 g on a dry road: total torque / radius >= 0.9 m g.
    for (const Setup* s : {&golf, &sti, &elise}) {
        const double force = s->brakes.maxTorque / s->rearTires.radius;
        QVERIFY2(force >= 0.9 * s->chassis.mass * 9.80665, s->name.c_str());
    }
}

QTEST_GUILESS_MAIN(TestCarLibrary)
#include "tst_car_library.moc"

// The quasi-steady-state lap (core/lap, docs/physics.md 13): the envelope against
// closed forms, the lap on a circle and on an oval's straights against kinematics,
// downforce on a load-linear tyre, and the lap's response to grip and power.
#include "tests/support/ConstantMuCar.h"
#include "core/base/Units.h"
#include "core/lap/LapSimulation.h"
#include "core/lap/LapTelemetry.h"
#include "core/study/Comparison.h"
#include "core/study/LapTarget.h"
#include "core/setupfile/CarLibrary.h"
#include "core/tires/TireModels.h"
#include "core/trackfiles/TrackPreparation.h"
#include "core/track/TestTracks.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace vtw;

namespace {

constexpr double g = units::gravity;
// The brief's tolerance for the circle: the polygon through the circle's points is
// shorter than the circle by (pi/N)^2/6 (under 1e-5 at 1 m spacing), and the
// curvature of its corners differs from 1/R by as little, so 0.5 % leaves room only
// for a real error in the envelope or the integration.
constexpr double circleTolerance = 0.005;
// The load-transfer fixed point is solved to 1e-7 m/s^2.
constexpr double solverTolerance = 1e-6;
// The lateral limit is read from a table every 0.5 m/s, linear between: against a
// limit that grows as v^2 (downforce) a chord is within 1e-5 of it here.
constexpr double tableTolerance = 1e-4;
// On the oval the curvature steps from 0 to 1/R at each end of a straight; the path
// takes one 0.5 m step to ramp it, where the car neither fully corners nor fully
// accelerates: a few tenths of a metre out of 400.
constexpr double straightTolerance = 0.005;

// The constant-mu car made for kinematics: no load transfer (CG on the ground), the
// CG mid-way, rear drive through one long gear of a strong flat engine, brakes split
// evenly on wheels of one radius with torque to spare. Drive is then limited by the
// rear axle's grip, mu g c/L = mu g / 2, less what spins up the front wheels (a mass
// m_f = 2 I / R^2 on top of the car's); braking by all four wheels', mu g.
Setup kinematicsCar(double mu) {
    Setup s = constantMuCar(mu);
    s.chassis.cgHeight = 0.0;
    s.chassis.cgToFrontAxle = s.chassis.cgToRearAxle = 1.3;
    s.frontTires.radius = s.rearTires.radius = 0.33;
    s.engine.torqueCurve = Curve{{1000.0, 2000.0}, {20000.0, 2000.0}};
    s.engine.redlineRpm = 20000.0;
    s.gearbox.forwardRatios = {1.0};
    s.gearbox.finalDrive = 3.0;
    s.gearbox.efficiency = 1.0;
    s.gearbox.shiftTime = 0.0;
    s.driveline.layout = DrivelineLayout::RearWheelDrive;
    s.brakes.frontBias = 0.5;
    s.brakes.maxTorque = 20000.0;
    return s;
}

LapResult lapOn(const Setup& setup, const Track& track, double step = 1.0, double smoothing = -1.0,
                bool standing = false) {
    PathOptions options;
    options.step = step;
    options.smoothing = smoothing;
    const TrackPath path = samplePath(track.centreLine, options);
    LapOptions lap;
    lap.standingStart = standing;
    return simulateLap(PerformanceEnvelope(setup), path, track.sectorStarts, lap);
}

std::shared_ptr<const PreparedTrack> monza(LineChoice line = LineChoice::RaceLine) {
    const PreparedTrackResult r = prepareTrack(QStringLiteral("monza"), line, 1.0);
    return r.prepared;
}

double monzaLap(const Setup& setup) {
    const auto track = monza();
    return simulateLap(PerformanceEnvelope(setup), track->path, track->sectorStarts).lapTime;
}

} // namespace

class TestLap : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // A circle of radius R with tires of constant mu and no aero: the car holds
    // v = sqrt(mu g R) all the way round, so the lap takes 2 pi R / sqrt(mu g R)
    // (closed form). The default chassis transfers load in the turn; a load-linear
    // tire's axle grip does not change with it.
    void circleLapMatchesClosedForm_data() {
        QTest::addColumn<double>("radius");
        QTest::addColumn<double>("mu");
        QTest::newRow("R 100 m, mu 1.0") << 100.0 << 1.0;
        QTest::newRow("R 40 m, mu 1.3") << 40.0 << 1.3;
        QTest::newRow("R 250 m, mu 0.7") << 250.0 << 0.7;
    }
    void circleLapMatchesClosedForm() {
        QFETCH(double, radius);
        QFETCH(double, mu);
        const LapResult lap = lapOn(constantMuCar(mu), circleTrack(radius));
        QVERIFY2(lap.ok, lap.error.c_str());
        const double expected = 2.0 * std::numbers::pi * radius / std::sqrt(mu * g * radius);
        QVERIFY2(std::abs(lap.lapTime / expected - 1.0) < circleTolerance,
                 qPrintable(QString("lap %1 s, closed form %2 s").arg(lap.lapTime).arg(expected)));
        for (LapLimit limit : lap.trace.limit)
            QCOMPARE(limit, LapLimit::Grip);
    }

    // With no lateral force and the default chassis (h = 0.5 m), the rear-drive
    // traction limit with the load it transfers to the rear (Gillespie, Fundamentals of
    // Vehicle Dynamics, the traction-limited acceleration), the front wheels spun up by
    // the road: (M + m_f) ax = mu (M g c/L + M ax h/L), m_f = 2 I_f / R_f^2, so
    // ax = mu g (c/L) / (1 + m_f/M - mu h/L).
    void tractionLimitWithLoadTransfer() {
        const Setup setup = constantMuCar(1.0);
        const PerformanceEnvelope envelope(setup);
        const double L = setup.chassis.wheelbase(), h = setup.chassis.cgHeight;
        const double frontSpinMass = 2.0 * setup.frontTires.wheelInertia / std::pow(setup.frontTires.radius, 2);
        const double expected =
            g * (setup.chassis.cgToFrontAxle / L) / (1.0 + frontSpinMass / setup.chassis.mass - h / L);
        TransferGuess guess;
        const AccelerationLimit a = envelope.maxAcceleration(10.0, 0.0, 1e6, guess);
        QCOMPARE(a.limit, LapLimit::Grip);
        QVERIFY(std::abs(a.accel - expected) < solverTolerance);
    }

    // Braking with a fixed bias: the front axle, with the load braking moves onto it,
    // runs out of grip first (share phi of the brake force): F = mu M g (c/L) / (phi - mu h/L).
    // With the stock 4800 N m the brakes' torque gives less: 4800 (0.7/0.33 + 0.3/0.34) N,
    // which stops the wheels' spin too: it decelerates M + sum I / R^2.
    void brakingLimitByGripOrTorque() {
        Setup setup = constantMuCar(1.0);
        const double L = setup.chassis.wheelbase(), h = setup.chassis.cgHeight;
        const double front = setup.brakes.frontBias / setup.frontTires.radius;
        const double rear = (1.0 - setup.brakes.frontBias) / setup.rearTires.radius;
        const double phi = front / (front + rear);
        TransferGuess guess;
        const AccelerationLimit torque = PerformanceEnvelope(setup).maxDeceleration(10.0, 0.0, guess);
        QCOMPARE(torque.limit, LapLimit::Brakes);
        const double spinMass = 2.0 * setup.frontTires.wheelInertia / std::pow(setup.frontTires.radius, 2) +
                                2.0 * setup.rearTires.wheelInertia / std::pow(setup.rearTires.radius, 2);
        QVERIFY(std::abs(-torque.accel - 4800.0 * (front + rear) / (setup.chassis.mass + spinMass)) <
                solverTolerance);

        setup.brakes.maxTorque = 20000.0;
        const AccelerationLimit grip = PerformanceEnvelope(setup).maxDeceleration(10.0, 0.0, guess);
        QCOMPARE(grip.limit, LapLimit::Grip);
        const double expected = g * (setup.chassis.cgToRearAxle / L) / (phi - h / L);
        QVERIFY2(std::abs(-grip.accel - expected) < solverTolerance,
                 qPrintable(QString("%1 against %2").arg(-grip.accel).arg(expected)));
    }

    // In a turn an open differential is held to its inside wheel; a locked one uses
    // both: more drive, the same with no lateral force.
    void lockedDifferentialDrivesHarderInATurn() {
        Setup open = constantMuCar(1.0);
        Setup locked = open;
        locked.driveline.differential = DifferentialType::Locked;
        TransferGuess g1, g2;
        const double turnOpen = PerformanceEnvelope(open).maxAcceleration(20.0, 6.0, 1e6, g1).accel;
        const double turnLocked = PerformanceEnvelope(locked).maxAcceleration(20.0, 6.0, 1e6, g2).accel;
        QVERIFY(turnLocked > turnOpen + 0.1);
        const double straightOpen = PerformanceEnvelope(open).maxAcceleration(20.0, 0.0, 1e6, g1).accel;
        const double straightLocked = PerformanceEnvelope(locked).maxAcceleration(20.0, 0.0, 1e6, g2).accel;
        QVERIFY(std::abs(straightOpen - straightLocked) < solverTolerance);
    }

    // A clutch limited-slip differential (docs/physics.md 13.2) drives between the two
    // in a turn: harder than open, and as locked once its power locking reaches 1/2 (its
    // locking torque then covers any difference of the wheels' torques).
    void limitedSlipDifferentialDrivesBetweenOpenAndLocked() {
        Setup open = constantMuCar(1.0);
        Setup lsd = open, locked = open, fullLsd = open;
        lsd.driveline.differential = DifferentialType::ClutchLimitedSlip;
        lsd.driveline.axleLimitedSlip = {0.0, 0.1, 0.1, 0.0}; // F <= 2 min / 0.8: a quarter over open
        fullLsd.driveline.differential = DifferentialType::ClutchLimitedSlip;
        fullLsd.driveline.axleLimitedSlip = {0.0, 0.5, 0.1, 0.0};
        locked.driveline.differential = DifferentialType::Locked;
        auto turnAccel = [](const Setup& s) {
            TransferGuess g;
            return PerformanceEnvelope(s).maxAcceleration(20.0, 6.0, 1e6, g).accel;
        };
        const double a0 = turnAccel(open), a1 = turnAccel(lsd), a2 = turnAccel(locked);
        QVERIFY2(a1 > a0 + 0.05 && a1 < a2 - 0.05, qPrintable(QString("open %1, LSD %2, locked %3").arg(a0).arg(a1).arg(a2)));
        QVERIFY(std::abs(turnAccel(fullLsd) - a2) < solverTolerance);
    }

    // The envelope's samples for drawing: a grid of speeds by lateral accelerations,
    // symmetric left and right (the car is), the forward limit highest with no lateral
    // force, and always some braking.
    void envelopeSamples() {
        const PerformanceEnvelope envelope(defaultSetup());
        const std::vector<EnvelopePoint> points = sampleEnvelope(envelope, 5, 9);
        QCOMPARE(points.size(), std::size_t(45));
        QVERIFY(std::abs(points.front().speed - 0.1 * envelope.topSpeed()) < 1e-9);
        QVERIFY(std::abs(points.back().speed - envelope.topSpeed()) < 1e-9);
        for (int i = 0; i < 5; ++i) {
            const EnvelopePoint* row = &points[std::size_t(i) * 9];
            QVERIFY(std::abs(row[8].lateral - envelope.maxLateral(row[0].speed)) < 1e-9);
            for (int j = 0; j < 9; ++j) {
                QVERIFY(std::abs(row[j].lateral + row[8 - j].lateral) < 1e-9);
                QVERIFY(std::abs(row[j].accelMax - row[8 - j].accelMax) < solverTolerance);
                QVERIFY(row[j].accelMin < 0.0);
                QVERIFY(row[j].accelMax <= row[4].accelMax + solverTolerance);
            }
        }
    }

    // An oval: out of a half circle of radius R at v_c = sqrt(mu g R), the car
    // accelerates at a1 = mu g / 2 / (1 + m_f / M) (the rear axle's grip, the front wheels
    // spun up), then brakes at a2 = mu g
    // to be back at v_c where the next half circle starts. Constant-acceleration
    // kinematics over the straight S: v_peak^2 = v_c^2 + 2 S a1 a2 / (a1 + a2), and
    // the straight takes (v_peak - v_c) (1/a1 + 1/a2).
    void straightEndingInAHairpin() {
        const double mu = 1.0, radius = 50.0, straight = 400.0;
        const Track oval = ovalTrack(straight, radius, 0.5);
        const LapResult lap = lapOn(kinematicsCar(mu), oval, 0.5, 0.0);
        QVERIFY2(lap.ok, lap.error.c_str());
        const Setup car = kinematicsCar(mu);
        const double frontSpinMass = 2.0 * car.frontTires.wheelInertia / std::pow(car.frontTires.radius, 2);
        const double a1 = mu * g / 2.0 / (1.0 + frontSpinMass / car.chassis.mass), a2 = mu * g;
        const double vc = std::sqrt(mu * g * radius);
        const double vPeak = std::sqrt(vc * vc + 2.0 * straight * a1 * a2 / (a1 + a2));
        const double expectedTime = (vPeak - vc) * (1.0 / a1 + 1.0 / a2);
        // The upper straight: after half the lower straight and a half circle.
        const double begin = straight / 2.0 + std::numbers::pi * radius, end = begin + straight;
        const double time = timeAtDistance(lap.trace, end) - timeAtDistance(lap.trace, begin);
        double peak = 0.0;
        for (std::size_t i = 0; i < lap.trace.distance.size(); ++i) {
            if (lap.trace.distance[i] >= begin && lap.trace.distance[i] <= end)
                peak = std::max(peak, lap.trace.speed[i]);
        }
        QVERIFY2(std::abs(time / expectedTime - 1.0) < straightTolerance,
                 qPrintable(QString("straight %1 s, kinematics %2 s").arg(time).arg(expectedTime)));
        QVERIFY2(std::abs(peak / vPeak - 1.0) < straightTolerance,
                 qPrintable(QString("peak %1 m/s, kinematics %2 m/s").arg(peak).arg(vPeak)));
        // Where the car brakes, and what limits it.
        const double brakePoint = begin + straight * a2 / (a1 + a2);
        const auto at = [&](double s) {
            return std::size_t(std::lower_bound(lap.trace.distance.begin(), lap.trace.distance.end(), s) -
                               lap.trace.distance.begin());
        };
        QCOMPARE(lap.trace.limit[at(brakePoint - 20.0)], LapLimit::Grip);
        QVERIFY(lap.trace.throttle[at(brakePoint - 20.0)] > 0.0);
        QVERIFY(lap.trace.brake[at(brakePoint + 20.0)] > 0.0);
        QVERIFY(std::abs(lap.trace.ax[at(brakePoint - 20.0)] - a1) < 1e-6);
        QVERIFY(std::abs(lap.trace.ax[at(brakePoint + 20.0)] + a2) < 1e-6);
    }

    // A load-linear tire's grip grows with its load: on a circle, downforce D(v) = k v^2
    // lets the car corner at v^2 / R = mu (M g + D(v)) / M, so against the car without
    // it the corner speed rises by sqrt((M g + D) / (M g)), the root of the load ratio.
    void downforceRaisesCornerSpeedAsRootOfLoad() {
        const double radius = 100.0, mu = 1.0;
        Setup plain = constantMuCar(mu);
        Setup winged = plain;
        winged.aero.downforceCoefficientArea = 4.0;
        winged.aero.downforceFrontShare = winged.chassis.cgToRearAxle / winged.chassis.wheelbase();
        const LapResult a = lapOn(plain, circleTrack(radius));
        const LapResult b = lapOn(winged, circleTrack(radius));
        QVERIFY(a.ok && b.ok);
        const double v0 = a.minSpeed, v = b.minSpeed;
        const double weight = plain.chassis.mass * g;
        const double downforce = 0.5 * winged.aero.airDensity * winged.aero.downforceCoefficientArea * v * v;
        const double expected = std::sqrt((weight + downforce) / weight);
        QVERIFY2(std::abs(v / v0 / expected - 1.0) < tableTolerance,
                 qPrintable(QString("speed ratio %1, root of the load ratio %2").arg(v / v0).arg(expected)));
        QVERIFY(v / v0 > 1.05); // the wing matters here
        // The envelope's lateral limit against its closed form at a few speeds.
        const PerformanceEnvelope envelope(winged);
        for (double speed : {10.0, 30.0, 50.0}) {
            const double df = 0.5 * winged.aero.airDensity * 4.0 * speed * speed;
            const double closed = mu * (weight + df) / plain.chassis.mass;
            QVERIFY(std::abs(envelope.maxLateral(speed) / closed - 1.0) < tableTolerance);
        }
    }

    // More grip, or more power, never makes the lap slower; on Monza each makes it faster.
    void lapTimeFallsAsGripOrPowerRise() {
        const Setup base = defaultLibraryCar();
        double last = 1e300;
        for (double grip : {0.8, 0.9, 1.0, 1.1, 1.2}) {
            Setup s = base;
            s.simulation.surfaceMu = grip;
            const double t = monzaLap(s);
            QVERIFY2(t < last, qPrintable(QString("grip %1: %2 s after %3 s").arg(grip).arg(t).arg(last)));
            last = t;
        }
        last = 1e300;
        for (double scale : {0.8, 0.9, 1.0, 1.1, 1.2}) {
            Setup s = base;
            for (CurvePoint& p : s.engine.torqueCurve.points())
                p.y *= scale;
            const double t = monzaLap(s);
            QVERIFY2(t < last, qPrintable(QString("torque x%1: %2 s after %3 s").arg(scale).arg(t).arg(last)));
            last = t;
        }
    }

    // The trace holds together: the sectors add up to the lap, the finish time is the
    // lap time, no station is faster than its corner allows, a flying lap starts at the
    // speed it finishes with, and a standing one from rest in first gear takes longer.
    void traceHoldsTogether() {
        const auto track = monza();
        QVERIFY(track);
        const PerformanceEnvelope envelope(defaultLibraryCar());
        const LapResult flying = simulateLap(envelope, track->path, track->sectorStarts);
        QVERIFY2(flying.ok, flying.error.c_str());
        QCOMPARE(flying.sectors.size(), std::size_t(3));
        double sum = 0.0;
        for (const SectorTime& s : flying.sectors)
            sum += s.time;
        QVERIFY(std::abs(sum - flying.lapTime) < 1e-9 * flying.lapTime);
        QCOMPARE(flying.trace.time.back(), flying.lapTime);
        QCOMPARE(flying.trace.speed.front(), flying.trace.speed.back());
        for (std::size_t i = 0; i < flying.trace.speed.size(); ++i)
            QVERIFY(flying.trace.speed[i] <= envelope.apexSpeed(track->path.curvature[i]) * (1.0 + 1e-12));
        LapOptions options;
        options.standingStart = true;
        const LapResult standing = simulateLap(envelope, track->path, track->sectorStarts, options);
        QVERIFY(standing.ok);
        QCOMPARE(standing.trace.speed.front(), 0.0);
        QCOMPARE(standing.trace.gear.front(), 1);
        QVERIFY(standing.lapTime > flying.lapTime);
        QVERIFY(standing.sectors[0].time > flying.sectors[0].time);
    }

    // The lap as telemetry (for the studies' trace views): one sample per station, the
    // channels the lap fills equal to its trace, and the yaw rate of a car that follows
    // the line, r = v kappa. A comparison that records telemetry gets it for a lap.
    void lapAsTelemetry() {
        const auto track = monza();
        QVERIFY(track);
        const LapResult lap = simulateLap(PerformanceEnvelope(defaultLibraryCar()), track->path, track->sectorStarts);
        QVERIFY(lap.ok);
        const Telemetry t = lapTelemetry(lap.trace);
        QCOMPARE(t.sampleCount(), lap.trace.distance.size());
        QCOMPARE(t.column("distance"), lap.trace.distance);
        QCOMPARE(t.column("time"), lap.trace.time);
        QCOMPARE(t.column("speed"), lap.trace.speed);
        QCOMPARE(t.column("ax"), lap.trace.ax);
        QCOMPARE(t.column("ay"), lap.trace.ay);
        QCOMPARE(t.column("throttle"), lap.trace.throttle);
        QCOMPARE(t.column("brake"), lap.trace.brake);
        QCOMPARE(t.column("rpm"), lap.trace.rpm);
        QCOMPARE(t.column("x"), lap.trace.x);
        for (std::size_t k = 0; k < lap.trace.gear.size(); k += 97) {
            QCOMPARE(t.column("gear")[k], double(lap.trace.gear[k]));
            QCOMPARE(t.column("yaw_rate")[k], lap.trace.speed[k] * lap.trace.curvature[k]);
        }
        for (const std::string& name : lapTelemetryChannels())
            QVERIFY2(channelIndex(name) >= 0 && lapFillsChannel(name), name.c_str());
        QVERIFY(!lapFillsChannel("load_FL"));

        ComparisonRequest request;
        request.setups = {defaultLibraryCar()};
        request.maneuvers = {{lapTargetId, {}, {{"track", "monza"}}}};
        request.recordTelemetry = true;
        const Comparison c = runComparison(request);
        QVERIFY(c.error.empty());
        QCOMPARE(c.runs[0][0].telemetry.column("speed"), lap.trace.speed);
        request.recordTelemetry = false;
        QCOMPARE(runComparison(request).runs[0][0].telemetry.sampleCount(), std::size_t(0));
    }

    // The race line of minimal curvature is the faster way round.
    void raceLineIsFasterThanCentreLine() {
        const Setup car = defaultLibraryCar();
        const auto race = monza(LineChoice::RaceLine);
        const auto centre = monza(LineChoice::CentreLine);
        QCOMPARE(race->line, LineChoice::RaceLine);
        QCOMPARE(centre->line, LineChoice::CentreLine);
        const PerformanceEnvelope envelope(car);
        const double raceTime = simulateLap(envelope, race->path, race->sectorStarts).lapTime;
        const double centreTime = simulateLap(envelope, centre->path, centre->sectorStarts).lapTime;
        QVERIFY2(raceTime < centreTime, qPrintable(QString("%1 s against %2 s").arg(raceTime).arg(centreTime)));
    }

    // Every tire model in the table (a .tir file's coefficients included) gives the
    // envelope its peaks: a lap of the oval on each, finite and within the time the
    // grip allows (no faster than the circle's closed form for its top lateral
    // acceleration on the half circles alone).
    void everyTireModelLaps_data() {
        QTest::addColumn<int>("model");
        for (const TireModelInfo& m : tireModels)
            QTest::newRow(m.cliName.data()) << int(m.value);
    }
    void everyTireModelLaps() {
        QFETCH(int, model);
        Setup s = defaultSetup();
        s.frontTires.model = s.rearTires.model = TireModelKind(model);
        const Track oval = ovalTrack(400.0, 60.0);
        const PerformanceEnvelope envelope(s);
        const LapResult lap = lapOn(s, oval);
        QVERIFY2(lap.ok, lap.error.c_str());
        double peakLateral = 0.0;
        for (double v = 1.0; v < envelope.speedCap(); v += 1.0)
            peakLateral = std::max(peakLateral, envelope.maxLateral(v));
        QVERIFY(peakLateral > 1.0);
        const double halfCircles = 2.0 * std::numbers::pi * 60.0 / std::sqrt(peakLateral * 60.0);
        QVERIFY2(std::isfinite(lap.lapTime) && lap.lapTime > halfCircles,
                 qPrintable(QString("%1 s, half circles alone %2 s").arg(lap.lapTime).arg(halfCircles)));
    }

    // A car that cannot overcome its resistance stops, and says where.
    void aCarWithoutDriveStops() {
        Setup s = defaultSetup();
        s.engine.torqueCurve = Curve{{1000.0, 0.0}, {6000.0, 0.0}};
        const LapResult lap = lapOn(s, circleTrack(100.0));
        QVERIFY(!lap.ok);
        QVERIFY(lap.error.find("comes to a stop") != std::string::npos);
        const LapResult standing = lapOn(s, circleTrack(100.0), 1.0, -1.0, true);
        QVERIFY(!standing.ok);
        QVERIFY(standing.error.find("cannot pull away") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLap)
#include "tst_lap.moc"

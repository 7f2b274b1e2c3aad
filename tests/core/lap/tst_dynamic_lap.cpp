// The lap driven in the full dynamic model (core/maneuvers/DynamicLap, LineDriver;
// docs/physics.md 14): the line's geometry (projection, track limits) against closed
// forms on a circle, the driver on a circle and a straight against the closed form
// of the constant-mu car, a lap that leaves the track, the catalogue's parameters,
// and the default driver on every library track with the default car.
#include "tests/support/ConstantMuCar.h"
#include "core/base/Units.h"
#include "core/maneuvers/DynamicLap.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverSession.h"
#include "core/maneuvers/LapJudge.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/TirFileRead.h"
#include "core/tires/TirImport.h"
#include "core/trackfiles/TrackPreparation.h"
#include "core/track/TestTracks.h"
#include "core/trackfiles/TrackLibrary.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace vtw;

namespace {

constexpr double g = units::gravity;
// The polygon through a circle's points 1 m apart lies inside the circle by at most
// its sagitta, spacing^2 / (8 R): 1.25e-3 m at R = 100 m. Projections onto it are
// exact to that, and to rounding.
constexpr double sagittaTolerance = 2e-3;
// The brief's bounds for the driver on a circle, over the lap (from the start line,
// which the car crosses after its run-up): speed within 1 % of the pace's share of
// sqrt(mu g R), and the car within 0.2 m of the line.
constexpr double circleSpeedTolerance = 0.01;
constexpr double circleLineTolerance = 0.2;
// m along Monza's race line where its first chicane (the Variante del Rettifilo, about
// 900 to 1000 m) lies behind the car: a car that goes wrong there ends its lap before.
constexpr double firstChicaneExit = 1300.0;

std::shared_ptr<const Track> shared(Track track) { return std::make_shared<const Track>(std::move(track)); }

// A dynamic lap of a track's line (centre line, or race line when it has one).
std::unique_ptr<DynamicLap> lapOf(const std::shared_ptr<const Track>& track, double pace) {
    PathOptions options;
    auto path = std::make_shared<const TrackPath>(samplePath(track->line(LineChoice::RaceLine), options));
    LineDriverSettings settings;
    settings.pace = pace;
    return std::make_unique<DynamicLap>(track, path, track->sectorStartsOn(LineChoice::RaceLine), settings);
}

const Metric& metric(const MetricList& metrics, const char* key) {
    const Metric* m = findMetric(metrics, key);
    if (!m)
        qFatal("no metric %s", key);
    return *m;
}

} // namespace

class TestDynamicLap : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // A point at radius r on a circle of radius R driven anticlockwise stands R - r to
    // the left of it (the centre is on the left), at the arc length of its angle.
    void projectionOnACircle() {
        const double radius = 100.0;
        const Track circle = circleTrack(radius);
        LineProjector projector(closedLine(circle.centreLine));
        for (double angle : {0.3, 1.7, 3.0, 4.4, 6.0}) {
            for (double r : {92.0, 100.0, 103.5}) {
                // The start is the lowest point, (0, -R): angles count from there.
                const double x = r * std::sin(angle), y = -r * std::cos(angle);
                const LineFoot foot = projector.locate(x, y);
                QVERIFY2(std::abs(foot.lateral - (radius - r)) < sagittaTolerance,
                         qPrintable(QString("angle %1, r %2: lateral %3").arg(angle).arg(r).arg(foot.lateral)));
                QVERIFY2(std::abs(foot.along / circle.centreLine.length - angle / (2.0 * std::numbers::pi)) < 1e-4,
                         qPrintable(QString("angle %1: along %2").arg(angle).arg(foot.along)));
            }
        }
    }

    // Widths of 5 m on the left and 4 m on the right of a circle: a point 2 m left of
    // it is 3 m from the left edge; one 6 m right of it is 2 m beyond the right edge.
    void trackLimitsOnACircle() {
        Track track = circleTrack(100.0);
        track.widthLeft.assign(track.centreLine.size(), 5.0);
        track.widthRight.assign(track.centreLine.size(), 4.0);
        TrackLimits limits(track);
        QVERIFY(limits.available());
        const TrackPosition inside = limits.locate(0.0, -98.0);
        QVERIFY(std::abs(inside.margin - 3.0) < sagittaTolerance);
        QVERIFY(inside.beyondLeft);
        const TrackPosition outside = limits.locate(0.0, -106.0);
        QVERIFY(std::abs(outside.margin + 2.0) < sagittaTolerance);
        QVERIFY(!outside.beyondLeft);
        QVERIFY(!TrackLimits(circleTrack(100.0)).available());
    }

    // On a circle of radius R the constant-mu car's quasi-steady speed is sqrt(mu g R)
    // (closed form; tst_lap checks the quasi-steady lap against it). Driven at pace
    // 0.95, the car holds 0.95 of it to 1 % and the line to 0.2 m, and its lap takes
    // the circle's length at that speed.
    void circleHeldAtThePace_data() {
        QTest::addColumn<double>("radius");
        QTest::addColumn<double>("mu");
        QTest::newRow("R 100 m, mu 1.0") << 100.0 << 1.0;
        QTest::newRow("R 250 m, mu 0.7") << 250.0 << 0.7;
    }
    void circleHeldAtThePace() {
        QFETCH(double, radius);
        QFETCH(double, mu);
        constexpr double pace = 0.95;
        auto lap = lapOf(shared(circleTrack(radius)), pace);
        const Setup setup = constantMuCar(mu);
        ManeuverSession session(setup, lap.get());
        const double expected = pace * std::sqrt(mu * g * radius);
        double worstSpeed = 0.0;
        while (session.running()) {
            session.advance(1);
            const StepSample& s = session.lastSample();
            if (lap->lapStartTime() >= 0.0)
                worstSpeed = std::max(worstSpeed, std::abs(s.speed() / expected - 1.0));
        }
        QCOMPARE(session.state(), SessionState::Finished);
        const MetricList metrics = session.metrics();
        const Metric& lapTime = metric(metrics, "lap_time_s");
        QVERIFY2(lapTime.usable(), lap->endReason().c_str());
        QVERIFY2(worstSpeed < circleSpeedTolerance, qPrintable(QString("speed off by %1").arg(worstSpeed)));
        const double lateral = metric(metrics, "max_lateral_error_m").value;
        QVERIFY2(lateral < circleLineTolerance, qPrintable(QString("%1 m off the line").arg(lateral)));
        const double circleTime = 2.0 * std::numbers::pi * radius / expected;
        QVERIFY2(std::abs(lapTime.value / circleTime - 1.0) < circleSpeedTolerance,
                 qPrintable(QString("lap %1 s, circle at the pace %2 s").arg(lapTime.value).arg(circleTime)));
        qInfo("R %.0f m, mu %.1f: lap %.3f s (circle at %.2f x sqrt(mu g R): %.3f s), speed within %.3f %%, "
              "line within %.3f m",
              radius, mu, lapTime.value, pace, circleTime, 100.0 * worstSpeed, lateral);
    }

    // The oval starts in the middle of a straight, on it and along it: until the
    // curvature ahead is read from the bend, the driver has nothing to correct and
    // holds the line with the steer at exactly zero.
    void straightHeldWithZeroSteer() {
        const double straight = 1000.0;
        auto lap = lapOf(shared(ovalTrack(straight, 100.0)), LineDriverSettings{}.pace);
        ManeuverSession session(defaultSetup(), lap.get());
        long checked = 0;
        // The bend's smoothed curvature is read a preview ahead; 100 m short of the
        // straight's end is far beyond both.
        while (session.running() && session.lastSample().distance < 0.5 * straight - 100.0) {
            session.advance(1);
            const StepSample& s = session.lastSample();
            QCOMPARE(s.inputs.steer, 0.0);
            QCOMPARE(lap->driver().foot().lateral, 0.0);
            ++checked;
        }
        QVERIFY(checked > 1000);
    }

    // A race line 6 m outside a centre line with 1 m of tarmac either side: the car
    // starts with all four wheels off the track (its centre more than half its track,
    // 0.79 m, beyond the edge), and the lap ends there with the reason and no lap time.
    void leavingTheTrackEndsTheLap() {
        Track track = circleTrack(100.0);
        track.raceLine = circleTrack(106.0).centreLine;
        track.widthLeft.assign(track.centreLine.size(), 1.0);
        track.widthRight.assign(track.centreLine.size(), 1.0);
        auto lap = lapOf(shared(track), LineDriverSettings{}.pace);
        ManeuverSession session(defaultSetup(), lap.get());
        session.runToEnd();
        QCOMPARE(session.state(), SessionState::Finished);
        const MetricList metrics = session.metrics();
        const Metric& lapTime = metric(metrics, "lap_time_s");
        QVERIFY(!lapTime.reached && !lapTime.valid);
        QVERIFY2(lapTime.invalidReason.find("left the track ") == 0 &&
                     lapTime.invalidReason.find("before the start line (t = 0.00 s)") != std::string::npos,
                 lapTime.invalidReason.c_str());
        QVERIFY(lapTime.invalidReason.find("on the right") != std::string::npos);
        // Where: on the run-up, before the line (a negative distance along the lap).
        const Metric& where = metric(metrics, "off_track_distance_m");
        QVERIFY(where.reached && where.value < 0.0);
        QCOMPARE(metric(metrics, "off_track_time_s").value, 0.0);
        QVERIFY(!metric(metrics, "max_lateral_error_m").reached);
    }

    // The catalogue's dynamic lap takes its track and line as words, refuses what it
    // cannot use, and names its metrics before it runs (sectors from the track).
    void catalogueEntry() {
        std::string error;
        QVERIFY(!makeManeuver("dynamic-lap", {}, &error, {{"track", "atlantis"}}));
        QVERIFY2(error.find("cannot use track atlantis") != std::string::npos, error.c_str());
        QVERIFY(!makeManeuver("dynamic-lap", {}, &error, {{"line", "diagonal"}}));
        QVERIFY2(error.find("raceline or centerline") != std::string::npos, error.c_str());
        QVERIFY(!makeManeuver("dynamic-lap", {{"track", 3.0}}, &error));
        QVERIFY2(error.find("takes a word") != std::string::npos, error.c_str());
        QVERIFY(!makeManeuver("dynamic-lap", {{"pace", 1.2}}, &error));
        QVERIFY(!makeManeuver("skidpad", {}, &error, {{"track", "monza"}}));
        const auto made = makeManeuver("dynamic-lap", {{"pace", 0.8}}, &error, {{"track", "spa"}});
        QVERIFY2(made, error.c_str());
        const MetricList metrics = made->metrics();
        QVERIFY(findMetric(metrics, "sector_3_s"));
        QVERIFY(!findMetric(metrics, "sector_4_s"));
        for (const char* key : {"lap_time_s", "max_lateral_error_m", "min_edge_margin_m", "off_track_distance_m"})
            QVERIFY2(findMetric(metrics, key), key);
    }

    // A lap that was survived, not driven, is no lap: the library Corvette made 100 kg
    // lighter, 505 N m at 4400 rpm, with a van's front tyres (mf_185_80R14.tir) and
    // C_L A 0.93 m^2, weaves from the first chicane of Monza on (yaw rate 0 to 64
    // deg/s) and crawled to a "valid" 208 s against a plan of 137 s; it now ends
    // there, with the reason and where: it weaves, or (with the driver that lifts only
    // past the rear tyres' saturation, docs/physics.md 14.3) slides off the track
    // leaving the chicane.
    void aWeavingLapIsNoLap() {
        Setup car = defaultLibraryCar();
        car.chassis.mass = 1445.0;
        for (CurvePoint& p : car.engine.torqueCurve.points()) {
            if (p.x == 4400.0)
                p.y = 505.0;
        }
        car.aero.downforceCoefficientArea = 0.93;
        const QString file = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        const TirLoadResult tir = readTirFile(file);
        QVERIFY(tir.coefficients);
        car.frontTires = tiresWithTir(car.frontTires, *tir.coefficients, "mf_185_80R14.tir", false);
        std::string error;
        const auto lap = makeManeuver("dynamic-lap", {}, &error, {{"track", "monza"}});
        QVERIFY2(lap, error.c_str());
        ManeuverSession session(car, lap.get());
        session.runToEnd();
        const Metric& lapTime = metric(session.metrics(), "lap_time_s");
        QVERIFY(!lapTime.usable());
        const std::string reason = dynamic_cast<const DynamicLap*>(lap.get())->endReason();
        QVERIFY2(reason.find("weaved about its line") == 0 || reason.find("left the track") == 0, reason.c_str());
        QVERIFY2(reason.find("m of the lap") != std::string::npos, reason.c_str());
        const double endedAt = *dynamic_cast<const DynamicLap*>(lap.get())->endedAt();
        QVERIFY2(endedAt < firstChicaneExit, qPrintable(QString("ended at %1 m").arg(endedAt)));
        QCOMPARE(lapTime.invalidReason, reason);
    }

    // The judge on made-up samples, against its named thresholds: a yaw rate swinging
    // +-30 deg/s about a straight's zero with a 1.5 s period for 5 s, the rear axle's
    // slip angle swinging +-3 deg with it, is a weave; the same yaw rate with the rear
    // rolling true (its lateral velocity vy - r c zero, as a car late through a chicane)
    // is not; the same car following a corner's yaw rate exactly is not; 6 s at half the
    // planned speed is a crawl, 4 s is not; a sector 1.3 times its plan is too slow,
    // 1.2 is not.
    void judgeOnMadeUpSamples() {
        LapPlan plan;
        plan.speed.assign(100, 40.0);
        plan.sectorTimes = {30.0};
        plan.pace = 0.9;
        constexpr double dt = 0.01;
        constexpr double rearAxle = 1.3; // m from the centre of mass
        const auto sampleAt = [](double t, double speed, double yawRate, double vy) {
            StepSample s;
            s.time = t;
            s.body.vx = speed;
            s.body.vy = vy;
            s.body.yawRate = yawRate;
            return s;
        };
        // The rear axle's slip angle as a function of time: the lateral velocity that gives it.
        const auto noSlide = [](double) { return 0.0; };
        const auto firstVerdict = [&](double seconds, double speed, double curvature, auto yawRate, auto rearSlip) {
            LapJudge judge;
            judge.setPlan(plan);
            judge.setRearAxleDistance(rearAxle);
            for (double t = 0.0; t < seconds; t += dt) {
                const double vy = yawRate(t) * rearAxle + speed * std::tan(rearSlip(t));
                const std::string verdict = judge.watch(sampleAt(t, speed, yawRate(t), vy), 10, curvature);
                if (!verdict.empty())
                    return std::make_pair(t, verdict);
            }
            return std::make_pair(-1.0, std::string());
        };
        const double swing = units::degToRad(30.0), slide = units::degToRad(3.0);
        const auto weaving = [&](double t) { return swing * std::sin(2.0 * std::numbers::pi * t / 1.5); };
        const auto sliding = [&](double t) { return slide * std::sin(2.0 * std::numbers::pi * t / 1.5); };
        const auto [weaveAt, weave] = firstVerdict(10.0, 40.0, 0.0, weaving, sliding);
        QVERIFY2(weave.find("weaved") != std::string::npos, weave.c_str());
        QVERIFY(weaveAt > LapJudge::weaveTime && weaveAt < LapJudge::weaveTime + 2.0 * LapJudge::swingTimeConstant);
        const auto late = firstVerdict(10.0, 40.0, 0.0, weaving, noSlide);
        QVERIFY2(late.second.empty(), late.second.c_str());
        const double curvature = 0.01; // a 100 m corner at 40 m/s: 0.4 rad/s
        QVERIFY(firstVerdict(10.0, 40.0, curvature, [&](double) { return 40.0 * curvature; }, noSlide).second.empty());
        const auto crawl = firstVerdict(6.0, 20.0, 0.0, [](double) { return 0.0; }, noSlide);
        QVERIFY2(crawl.second.find("crawled") != std::string::npos, crawl.second.c_str());
        QVERIFY(crawl.first > LapJudge::crawlTime);
        QVERIFY(firstVerdict(4.0, 20.0, 0.0, [](double) { return 0.0; }, noSlide).second.empty());
        LapJudge judge;
        judge.setPlan(plan);
        QVERIFY(judge.sectorTime(0, 1.2 * 30.0).empty());
        QVERIFY(judge.sectorTime(0, 1.3 * 30.0).find("sector 1 took") != std::string::npos);
    }

    // The default driver laps every library track with the default car (the library's
    // Corvette C5) and keeps it on the track. The lap times are printed beside the
    // quasi-steady lap's.
    void defaultDriverLapsEveryLibraryTrack_data() {
        QTest::addColumn<QString>("track");
        for (const LibraryTrack& t : libraryTracks()) {
            if (!t.resourcePath.isEmpty())
                QTest::newRow(qPrintable(t.key)) << t.key;
        }
    }
    void defaultDriverLapsEveryLibraryTrack() {
        QFETCH(QString, track);
        const Setup car = defaultLibraryCar();
        std::string error;
        const auto lap = makeManeuver("dynamic-lap", {}, &error, {{"track", track.toStdString()}});
        QVERIFY2(lap, error.c_str());
        const auto* dynamic = dynamic_cast<const DynamicLap*>(lap.get());
        QVERIFY(dynamic && dynamic->track().widthLeft.size() == dynamic->track().centreLine.size());
        ManeuverSession session(car, lap.get());
        session.runToEnd();
        QCOMPARE(session.state(), SessionState::Finished);
        const MetricList metrics = session.metrics();
        const Metric& lapTime = metric(metrics, "lap_time_s");
        QVERIFY2(lapTime.usable(), dynamic->endReason().c_str());
        QVERIFY(!metric(metrics, "off_track_distance_m").reached);
        const double quasiSteady = metric(metrics, "quasi_steady_lap_time_s").value;
        qInfo("%s: dynamic lap %.3f s at pace %.2f, quasi-steady %.3f s; line within %.2f m (rms %.2f m), "
              "outer wheels' least margin to the edge %.2f m (negative: beyond it)",
              qPrintable(track), lapTime.value, LineDriverSettings{}.pace, quasiSteady,
              metric(metrics, "max_lateral_error_m").value, metric(metrics, "rms_lateral_error_m").value,
              metric(metrics, "min_edge_margin_m").value);
        // At a pace p every speed is p times the quasi-steady lap's, so the lap takes
        // about 1/p as long; the driver's errors and its start move it a little.
        QVERIFY(lapTime.value > quasiSteady);
    }
};

QTEST_GUILESS_MAIN(TestDynamicLap)
#include "tst_dynamic_lap.moc"

// The maneuver session on its own (vtw_physics only, no Qt): a run advanced in slices
// of any size is the run advanced at once, bit for bit; a cancel stops it at a step
// boundary; a live edit takes effect exactly at the boundary it is applied at; an edit
// past the step cap ends the run with the cap's message; the decimation grid keeps the
// first step and every n-th after it; a session without a maneuver drives on the
// inputs it is given. The oracle of each comparison is the same maneuver run to its
// end in one call (runManeuver), so any state the session kept between slices, or
// lost, shows as a differing bit.
#include "tests/support/PlainCheck.h"
#include "core/vehicle/Setup.h"
#include "core/base/Units.h"
#include "core/sim/Telemetry.h"
#include "core/maneuvers/AccelerationRun.h"
#include "core/maneuvers/BrakeInTurn.h"
#include "core/maneuvers/BrakingRun.h"
#include "core/maneuvers/CoastDown.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/maneuvers/ManeuverSession.h"
#include "core/maneuvers/RampSteer.h"
#include "core/maneuvers/SineSteer.h"
#include "core/maneuvers/Skidpad.h"
#include "core/maneuvers/StepSteer.h"
#include "core/maneuvers/TopSpeedRun.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

using namespace vtw;
using plaincheck::check;

namespace {

using MakeManeuver = std::function<std::unique_ptr<Maneuver>()>;

struct Case {
    const char* name;
    MakeManeuver make;
};

std::vector<Case> cases() {
    return {{"braking", [] { return std::make_unique<BrakingRun>(); }},
            {"step steer", [] { return std::make_unique<StepSteer>(); }}};
}

bool sameBits(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

/// Row `row` of `t` against a sample, every channel, bit for bit.
bool rowEquals(const Telemetry& t, std::size_t row, const StepSample& sample) {
    const auto& channels = channelCatalogue();
    for (std::size_t c = 0; c < channels.size(); ++c) {
        if (!sameBits(t.column(c)[row], channels[c].read(sample)))
            return false;
    }
    return true;
}

/// Telemetry `b` holds rows first, first + every, ... of `a`, bit for bit.
bool rowsOnGrid(const Telemetry& a, const Telemetry& b, std::size_t first, std::size_t every) {
    const std::size_t expected = a.sampleCount() > first ? (a.sampleCount() - first + every - 1) / every : 0;
    if (b.sampleCount() != expected)
        return false;
    for (std::size_t c = 0; c < a.channelCount(); ++c) {
        for (std::size_t r = 0; r < b.sampleCount(); ++r) {
            if (!sameBits(a.column(c)[first + r * every], b.column(c)[r]))
                return false;
        }
    }
    return true;
}

/// The first n rows of `a` and `b`, every channel, bit for bit.
bool firstRowsEqual(const Telemetry& a, const Telemetry& b, std::size_t n) {
    if (a.sampleCount() < n || b.sampleCount() < n)
        return false;
    for (std::size_t c = 0; c < a.channelCount(); ++c) {
        for (std::size_t r = 0; r < n; ++r) {
            if (!sameBits(a.column(c)[r], b.column(c)[r]))
                return false;
        }
    }
    return true;
}

bool sameMetrics(const MetricList& a, const MetricList& b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].key != b[i].key || a[i].reached != b[i].reached || a[i].valid != b[i].valid)
            return false;
        if (a[i].reached && !sameBits(a[i].value, b[i].value))
            return false;
    }
    return true;
}

bool sameRun(const RunResult& a, const RunResult& b) {
    return a.ok == b.ok && a.timedOut == b.timedOut && a.cancelled == b.cancelled &&
           a.steps == b.steps && sameBits(a.simulatedTime, b.simulatedTime) &&
           sameMetrics(a.metrics, b.metrics) && rowsOnGrid(a.telemetry, b.telemetry, 0, 1);
}

RunResult wholeRun(const Case& c, const RunOptions& options) {
    auto maneuver = c.make();
    return runManeuver(defaultSetup(), *maneuver, options);
}

RunOptions recording() {
    RunOptions options;
    options.recordTelemetry = true;
    return options;
}

// Slices of 1 step, of a prime number of steps, and of sizes from a fixed
// pseudo-random sequence (1..300): pauses land anywhere, also on the last step.
void slicedRunsEqualTheWholeRun() {
    for (const Case& c : cases()) {
        const RunResult whole = wholeRun(c, recording());
        check(whole.ok && whole.steps > 1000,
              std::string(c.name) + ": the whole run ends normally (" + std::to_string(whole.steps) +
                  " steps)");
        const std::vector<std::pair<const char*, std::function<long(int)>>> slicings = {
            {"one step at a time", [](int) { return 1L; }},
            {"997 steps at a time", [](int) { return 997L; }},
            {"pseudo-random slices", [](int i) {
                 std::uint32_t x = 2463534242u + 7919u * std::uint32_t(i);
                 x ^= x << 13, x ^= x >> 17, x ^= x << 5;
                 return long(x % 300u) + 1;
             }}};
        for (const auto& [how, sliceSize] : slicings) {
            auto maneuver = c.make();
            ManeuverSession session(defaultSetup(), maneuver.get(), recording());
            long slices = 0;
            bool counted = true;
            while (session.running()) {
                const long wanted = sliceSize(int(slices++));
                const long before = session.steps();
                const long taken = session.advance(wanted);
                counted = counted && taken == session.steps() - before &&
                          (taken == wanted || !session.running());
            }
            check(counted, std::string(c.name) + ", " + how + ": every advance takes its steps, "
                                                              "fewer only at the end");
            check(sameRun(whole, session.finish()),
                  std::string(c.name) + ", " + how + " (" + std::to_string(slices) +
                      " slices): telemetry, metrics and steps equal the whole run's bit for bit");
        }
    }
}

void cancelStopsAtAStepBoundary() {
    const Case c = cases().front();
    const RunResult whole = wholeRun(c, recording());

    auto maneuver = c.make();
    ManeuverSession session(defaultSetup(), maneuver.get(), recording());
    session.advance(500);
    session.cancel();
    const long after = session.advance(100);
    check(session.state() == SessionState::Cancelled && after == 0 && session.steps() == 500,
          "cancel(): no step after it (500 taken, " + std::to_string(after) + " more)");
    const RunResult cancelled = session.finish();
    check(cancelled.ok && cancelled.cancelled && !cancelled.timedOut,
          "a cancelled run is ok and says it was cancelled");
    check(cancelled.telemetry.sampleCount() == 500 &&
              firstRowsEqual(cancelled.telemetry, whole.telemetry, 500),
          "the cancelled run's 500 samples are the whole run's first 500");

    // The flag another thread sets: looked at before every step, also before the
    // first step of the next advance.
    std::atomic<bool> flag{false};
    RunOptions options;
    options.cancel = &flag;
    auto flagged = c.make();
    ManeuverSession byFlag(defaultSetup(), flagged.get(), options);
    byFlag.advance(300);
    flag = true;
    const long more = byFlag.advance(10);
    check(byFlag.state() == SessionState::Cancelled && more == 0 && byFlag.steps() == 300,
          "RunOptions::cancel set between two advances: no further step");
}

// The edit at step 500 adds 100 kg: the first 500 samples are the unedited run's,
// and the 501st, evaluated with the new model, carries other wheel loads.
void liveEditTakesEffectAtItsStepBoundary() {
    const Case c = cases().front();
    const RunResult whole = wholeRun(c, recording());
    constexpr long editStep = 500;

    auto maneuver = c.make();
    ManeuverSession session(defaultSetup(), maneuver.get(), recording());
    session.advance(editStep);
    Setup heavier = defaultSetup();
    heavier.chassis.mass += 100.0;
    check(session.applySetup(heavier), "an edit mid-run is applied");
    check(session.simulator()->setup().chassis.mass == heavier.chassis.mass,
          "the simulator runs the edited setup");
    session.runToEnd();
    const RunResult edited = session.finish();
    const Telemetry& a = whole.telemetry;
    const Telemetry& b = edited.telemetry;
    const std::size_t first = std::size_t(editStep);
    check(b.sampleCount() > first && firstRowsEqual(a, b, first),
          "before the edit: the unedited run's samples, bit for bit");
    check(b.column("load_FL")[first] != a.column("load_FL")[first] &&
              b.column("time")[first] == a.column("time")[first],
          "the first step after the edit: the same time, another wheel load");
    check(edited.ok && !sameMetrics(edited.metrics, whole.metrics),
          "the edited run ends normally with other figures");
}

void editPastTheStepCapEndsTheRun() {
    const Case c = cases().front();
    auto maneuver = c.make();
    ManeuverSession session(defaultSetup(), maneuver.get());
    session.advance(200);
    Setup tiny = defaultSetup();
    tiny.simulation.timeStep = 1e-9; // ~3e10 steps for the rest of a 30 s limit
    const bool applied = session.applySetup(tiny);
    const long more = session.advance(10);
    check(!applied && session.state() == SessionState::Failed && more == 0 && session.steps() == 200,
          "an edit whose time step breaks the step cap is refused and ends the run");
    check(session.error().find("cap of 40000000 steps per run") != std::string::npos &&
              session.error().find("200 taken") != std::string::npos,
          "its error names the cap and the steps taken: " + session.error());
    check(session.simulator()->setup().simulation.timeStep == defaultSetup().simulation.timeStep,
          "the refused edit is not applied");
    check(!session.finish().ok, "the run's result is not ok");

    // Refused before the first step: no simulator is built.
    auto refusedManeuver = c.make();
    ManeuverSession refused(tiny, refusedManeuver.get());
    check(refused.state() == SessionState::Failed && !refused.simulator() && refused.steps() == 0,
          "a run that breaks the cap from the start is refused without a simulator");
}

void decimationKeepsTheFirstAndEveryNth() {
    const Case c = cases()[1];
    const RunResult whole = wholeRun(c, recording());
    constexpr int every = 4;

    RunOptions options = recording();
    options.decimation = every;
    options.streamSamples = true;
    auto maneuver = c.make();
    ManeuverSession session(defaultSetup(), maneuver.get(), options);
    std::vector<StepSample> streamed;
    while (session.running()) {
        session.advance(333);
        streamed.insert(streamed.end(), session.pendingSamples().begin(), session.pendingSamples().end());
        session.clearPendingSamples();
    }
    session.setDecimation(1);
    check(session.decimation() == every, "with telemetry, the decimation never gets finer than it started");
    const RunResult decimated = session.finish();
    check(rowsOnGrid(whole.telemetry, decimated.telemetry, 0, every),
          "decimation 4 keeps rows 0, 4, 8, ... of the full telemetry, bit for bit");
    bool streamOk = streamed.size() == decimated.telemetry.sampleCount();
    for (std::size_t r = 0; streamOk && r < streamed.size(); ++r)
        streamOk = rowEquals(decimated.telemetry, r, streamed[r]);
    check(streamOk, "the streamed samples are the telemetry's rows (" + std::to_string(streamed.size()) + ")");

    // A streaming-only run (the live window): the grid changes mid-run, a single step
    // is kept whatever the grid, and the last step is kept on request.
    RunOptions live;
    live.streamSamples = true;
    auto liveManeuver = c.make();
    ManeuverSession watched(defaultSetup(), liveManeuver.get(), live);
    watched.setDecimation(8);
    watched.advance(20); // keeps steps 1, 9, 17
    watched.keepNextSample();
    watched.advance(1); // keeps step 21
    watched.setDecimation(1);
    watched.advance(3); // 22, 23, 24
    watched.setDecimation(16);
    watched.advance(5); // none of 25..29
    watched.keepLastSample(); // 29
    watched.keepLastSample(); // already kept: nothing
    std::vector<double> times;
    for (const StepSample& s : watched.pendingSamples())
        times.push_back(s.time);
    const double dt = defaultSetup().simulation.timeStep;
    const std::vector<long> expectedSteps = {1, 9, 17, 21, 22, 23, 24, 29};
    bool gridOk = times.size() == expectedSteps.size();
    for (std::size_t i = 0; gridOk && i < times.size(); ++i)
        gridOk = sameBits(times[i], whole.telemetry.column("time")[std::size_t(expectedSteps[i] - 1)]);
    check(gridOk, "kept steps 1, 9, 17, 21, 22, 23, 24, 29 at " + std::to_string(dt) +
                      " s a step (" + std::to_string(times.size()) + " kept)");
}

void drivesWithoutAManeuver() {
    ManeuverSession session(defaultSetup(), nullptr);
    DriverInputs inputs;
    inputs.throttle = 1.0;
    session.setDriverInputs(inputs);
    session.advance(3000);
    check(session.running() && session.steps() == 3000,
          "without a maneuver the run goes on (no time limit)");
    check(session.lastSample().inputs.throttle == 1.0 && session.lastSample().body.vx > 5.0,
          "it drives on the given inputs (full throttle, " +
              std::to_string(session.lastSample().body.vx) + " m/s after 3 s)");
    check(session.metrics().empty(), "and measures nothing");
}

// The keyboard's full throttle from rest with an automatic box, in a car that can spin
// its wheels. With the pedal help
// (setDriveAssist) the free drive is driven as the acceleration run is, by the same
// TractionControl, so after 5 s it is as fast (to within what its first, unhelped step
// changes) and the box climbs the gears without shifting down. Without the help the
// driven wheels spin past the tyres' peak, and the car is slower.
void driveAssistAcceleratesAsTheAccelerationRun() {
    Setup setup = defaultSetup();
    setup.gearbox.shiftMode = ShiftMode::Automatic;
    // Twice the book's torque: enough to spin the rear wheels in first (the book's car,
    // at drivetrain efficiency 0.7, cannot).
    for (CurvePoint& p : setup.engine.torqueCurve.points())
        p.y *= 2.0;
    const long steps = std::lround(5.0 / setup.simulation.timeStep);
    struct Drive {
        double speed = 0.0;
        int downshifts = 0;
    };
    const auto freeDrive = [&](bool assist) {
        ManeuverSession session(setup, nullptr);
        session.setDriveAssist(assist);
        DriverInputs inputs;
        inputs.throttle = 1.0;
        session.setDriverInputs(inputs);
        Drive d;
        int gear = 0;
        for (long i = 0; i < steps; ++i) {
            session.advance(1);
            const int now = session.lastSample().gear;
            d.downshifts += now < gear ? 1 : 0;
            gear = now;
        }
        d.speed = session.lastSample().speed();
        return d;
    };
    AccelerationRun acceleration(false);
    ManeuverSession maneuver(setup, &acceleration);
    maneuver.advance(steps);
    const double target = maneuver.lastSample().speed();
    const Drive helped = freeDrive(true);
    const Drive raw = freeDrive(false);
    constexpr double sameDriverTolerance = 0.01; // a share of the maneuver's speed
    check(std::abs(helped.speed - target) <= sameDriverTolerance * target,
          "with the pedal help, 5 s of full throttle reach the acceleration run's speed (" +
              std::to_string(helped.speed) + " against " + std::to_string(target) + " m/s)");
    check(helped.downshifts == 0, "and the automatic box never shifts down on the way (" +
                                      std::to_string(helped.downshifts) + " downshifts)");
    check(raw.speed < helped.speed, "without it the wheels spin and the car is slower (" +
                                        std::to_string(raw.speed) + " m/s, " + std::to_string(raw.downshifts) +
                                        " downshifts)");
}

// No figure is ever blank without a word of why: whichever way a run ends before a
// metric is reached, the metric is invalid and says when and why the run ended.
void unreachedMetricsSayWhy() {
    std::vector<std::unique_ptr<Maneuver>> maneuvers;
    maneuvers.push_back(std::make_unique<AccelerationRun>());
    maneuvers.push_back(std::make_unique<TopSpeedRun>());
    maneuvers.push_back(std::make_unique<BrakingRun>());
    maneuvers.push_back(std::make_unique<CoastDown>());
    maneuvers.push_back(std::make_unique<Skidpad>());
    maneuvers.push_back(std::make_unique<RampSteer>());
    maneuvers.push_back(std::make_unique<StepSteer>());
    maneuvers.push_back(std::make_unique<SineSteer>());
    maneuvers.push_back(std::make_unique<BrakeInTurn>());
    for (const std::unique_ptr<Maneuver>& maneuver : maneuvers) {
        const Maneuver& d = *maneuver;
        ManeuverSession session(defaultSetup(), maneuver.get());
        session.advance(10);
        session.cancel();
        for (const Metric& m : session.finish().metrics) {
            if (m.reached)
                continue;
            check(!m.valid && m.invalidReason.find("the run was stopped at") != std::string::npos,
                  d.id() + " " + m.key + " not reached says why: '" + m.invalidReason + "'");
        }
    }
    // A car whose steering cannot reach the skidpad's circle: the run ends at 1 s and
    // both figures say so, with the maneuver's own reason.
    Setup locked = defaultSetup();
    locked.steering.maxSteerAngle = units::degToRad(1.0);
    Skidpad skidpad;
    const RunResult r = runManeuver(locked, skidpad);
    check(r.ok && r.simulatedTime < 2.0, "the skidpad ends early on a car that cannot steer enough (" +
                                             std::to_string(r.simulatedTime) + " s)");
    check(r.metrics.size() == 2, "the skidpad has two figures");
    for (const Metric& m : r.metrics) {
        check(!m.reached && !m.valid, m.key + " is not reached");
        check(m.invalidReason.find("not reached: the run ended at") != std::string::npos &&
                  m.invalidReason.find("off the") != std::string::npos &&
                  m.invalidReason.find("full lock") != std::string::npos,
              m.key + " says why: '" + m.invalidReason + "'");
    }
}

} // namespace

int main() {
    unreachedMetricsSayWhy();
    slicedRunsEqualTheWholeRun();
    cancelStopsAtAStepBoundary();
    liveEditTakesEffectAtItsStepBoundary();
    editPastTheStepCapEndsTheRun();
    decimationKeepsTheFirstAndEveryNth();
    drivesWithoutAManeuver();
    driveAssistAcceleratesAsTheAccelerationRun();
    return plaincheck::summary();
}

// The physics library on its own: this program links vtw_physics and nothing else (no
// Qt), as a program that embeds the step would. It runs the standard braking maneuver
// on the default car and checks the impulse-momentum balance of the run: the momentum
// the car loses equals the impulse of the forces telemetry reports on it (the tires'
// Fx, drag and rolling resistance). A force the step applied to the body but not to
// the record, or the other way round, breaks the balance. And it laps a track of its
// own making through the catalogue, which reads no files: the track comes from the
// provider the program installs.
#include "core/vehicle/Setup.h"
#include "core/sim/Telemetry.h"
#include "core/maneuvers/BrakingRun.h"
#include "tests/support/PlainCheck.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/maneuvers/TrackProvider.h"
#include "core/track/TestTracks.h"
#include "core/base/Units.h"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

using namespace vtw;
using plaincheck::check;

namespace {

// The balance is summed over a few thousand steps of about 1e4 N each; every term is
// rounded once or twice, so the sums agree to far better than a millionth of the
// momentum. A force missing from either side for a single step (about 1e4 N x 1 ms
// = 10 N s against 4e4 N s) is well beyond it.
constexpr double relativeMomentumTolerance = 1e-9;

void brakingStopBalancesMomentum() {
    const Setup setup = defaultSetup();
    BrakingRun run;
    RunOptions options;
    options.recordTelemetry = true;
    const RunResult result = runManeuver(setup, run, options);
    check(result.ok, "braking run ends without an error" + (result.ok ? "" : ": " + result.error));
    check(run.finished(), "braking run comes to a stop");
    const Telemetry& t = result.telemetry;
    check(t.sampleCount() > 1000, "braking run records its samples (" + std::to_string(t.sampleCount()) + ")");
    if (t.sampleCount() < 2)
        return;

    // The run is straight and the car symmetric: no lateral motion, so every force
    // acts along the body's x axis and the speed is vx.
    const auto& vx = t.column("vx");
    const auto& vy = t.column("vy");
    const auto& yawRate = t.column("yaw_rate");
    const auto& drag = t.column("drag");
    const auto& rolling = t.column("rolling_resistance");
    const std::vector<double>* fx[WheelCount] = {&t.column("fx_FL"), &t.column("fx_FR"),
                                                 &t.column("fx_RL"), &t.column("fx_RR")};
    const double dt = setup.simulation.timeStep;
    const double mass = setup.chassis.mass;

    double impulse = 0.0; // N s, forward
    bool straight = true;
    const std::size_t last = t.sampleCount() - 1;
    for (std::size_t k = 0; k < last; ++k) {
        straight = straight && vy[k] == 0.0 && yawRate[k] == 0.0 && vx[k] > 0.0;
        const double tires = (*fx[FL])[k] + (*fx[FR])[k] + (*fx[RL])[k] + (*fx[RR])[k];
        impulse += dt * (tires - drag[k] - rolling[k]);
    }
    check(straight, "braking run stays straight (vy and yaw rate 0, vx > 0)");

    // Sample k holds the state at the start of step k and the forces applied through
    // it, so the impulse of samples [0, last) moves the car from vx[0] to vx[last].
    const double momentumChange = mass * (vx[last] - vx[0]);
    const double initialMomentum = mass * vx[0];
    const double error = std::fabs(momentumChange - impulse);
    char detail[200];
    std::snprintf(detail, sizeof detail,
                  "momentum change %.9g N s equals the forces' impulse %.9g N s (difference %.3g, "
                  "tolerance %.3g)",
                  momentumChange, impulse, error, relativeMomentumTolerance * initialMomentum);
    check(error <= relativeMomentumTolerance * initialMomentum, detail);
}

// A lap through the catalogue: refused, naming the track, while no provider is
// installed; driven on the provider's track once there is one.
void lapsTakeTheirTracksFromTheProvider() {
    std::string error;
    auto refused = makeManeuver("dynamic-lap", {}, &error, {{"track", "ring"}});
    check(!refused && error.find("no track source is installed to read ring") != std::string::npos,
          "a lap without a track provider is refused, naming the track: " + error);

    constexpr double radius = 100.0; // m
    std::vector<std::string> asked;
    setTrackProvider([&](const std::string& name, LineChoice line, double step) {
        asked.push_back(name);
        if (name != "ring")
            return ProvidedTrack{nullptr, "only the ring is here"};
        return ProvidedTrack{prepareTrack(circleTrack(radius), line, step), {}};
    });
    error.clear();
    auto unknown = makeManeuver("dynamic-lap", {}, &error, {{"track", "monza"}});
    check(!unknown && error.find("only the ring is here") != std::string::npos,
          "the provider's own refusal reaches the caller: " + error);

    error.clear();
    auto lap = makeManeuver("dynamic-lap", {}, &error, {{"track", "ring"}});
    check(lap != nullptr, "a lap on the provider's track is made" + (lap ? "" : ": " + error));
    check(asked == std::vector<std::string>{"monza", "ring"}, "the provider is asked for the tracks by name");
    if (!lap) {
        setTrackProvider({});
        return;
    }
    const RunResult result = runManeuver(defaultSetup(), *lap);
    const Metric* lapTime = findMetric(result.metrics, "lap_time_s");
    check(result.ok && lapTime && lapTime->usable(), "the lap on the ring is driven to a lap time");
    // No lap of a circle is faster than the friction limit allows, v = sqrt(mu g R)
    // (docs/physics.md 5); the default car's tires peak near mu 1 (docs/physics.md 6),
    // so mu = 2 is a bound no lap can beat.
    constexpr double muBound = 2.0;
    const double fastestPossible = 2.0 * units::pi * radius / std::sqrt(muBound * units::gravity * radius);
    if (lapTime)
        check(lapTime->value > fastestPossible,
              "the lap time " + std::to_string(lapTime->value) + " s is above the friction bound " +
                  std::to_string(fastestPossible) + " s");
    setTrackProvider({});
}

} // namespace

int main() {
    brakingStopBalancesMomentum();
    lapsTakeTheirTracksFromTheProvider();
    return plaincheck::summary();
}

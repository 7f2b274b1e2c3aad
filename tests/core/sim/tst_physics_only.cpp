// The physics library on its own: this program links vtw_physics and nothing else (no
// Qt), as a program that embeds the step would. It runs the standard braking maneuver
// on the default car and checks the impulse-momentum balance of the run: the momentum
// the car loses equals the impulse of the forces telemetry reports on it (the tires'
// Fx, drag and rolling resistance). A force the step applied to the body but not to
// the record, or the other way round, breaks the balance.
#include "core/vehicle/Setup.h"
#include "core/sim/Telemetry.h"
#include "core/maneuvers/BrakingRun.h"
#include "tests/support/PlainCheck.h"
#include "core/maneuvers/ManeuverRunner.h"

#include <cmath>
#include <cstdio>
#include <string>

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

} // namespace

int main() {
    brakingStopBalancesMomentum();
    return plaincheck::summary();
}

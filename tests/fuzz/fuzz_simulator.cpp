// libFuzzer entry point for the simulator on every setup the loader accepts: one
// of the catalogue's maneuvers (picked from the input's bytes) drives it for at
// most 2000 steps (fewer with substeps: 20000 substeps in all; for the dynamic lap,
// its quasi-steady lap of the setup on Monza and the first of its run-up). The run
// must end, either running or stopped by the simulator's own divergence check; while it
// runs, every figure it reports must be finite and possible:
// - the state within the simulator's plausibility bounds (speed, yaw rate, wheel spin:
//   bodyStateFields),
// - every telemetry channel finite,
// - each tire's force at most the larger of its pure-slip peaks (what the tire
//   models promise, and what the simulator's acceleration check takes as the
//   most the tires can give); a Calspan tire within the check's 25 % margin: its
//   peaks are searched at zero previous Fx, and under braking its contact patch
//   lengthens and gives more (up to 4 % more with Ka 0.9 and Kmu 0.6),
// - every metric the maneuver reports as usable finite, and every metric it did
//   not reach NaN.

#include "FuzzSupport.h"

#include "core/sim/Simulator.h"
#include "core/sim/Telemetry.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/setupfile/SetupJson.h"
#include "core/trackfiles/LibraryTracks.h"

#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string_view>

using namespace vtw;

namespace {

constexpr int maxSteps = 2000;
constexpr int maxSubsteps = 20000;

// Every field of the state (bodyStateFields) finite and within its bound: the step's
// vector check let it through, so the field-by-field search must find nothing either.
void checkState(const BodyState& b) {
    fuzz::require(implausibleField(b).empty(), "every state field is finite and within its bound");
}

void checkSample(const StepSample& s, const Setup& setup) {
    for (const ChannelInfo& channel : channelCatalogue())
        fuzz::require(std::isfinite(channel.read(s)), "every telemetry channel is finite");
    for (std::size_t w = 0; w < s.forces.fx.size(); ++w) {
        const TireParams& tire = w < 2 ? setup.frontTires : setup.rearTires;
        const double margin = tire.model == TireModelKind::Calspan ? 0.25 : 1e-9;
        const double peak = std::max(s.forces.fxMax[w], s.forces.fyMax[w]);
        fuzz::require(std::hypot(s.forces.fx[w], s.forces.fy[w]) <= peak * (1.0 + margin) + 1e-9,
                      "a tire's force is at most its larger pure-slip peak");
    }
}

} // namespace

// The catalogue's dynamic lap gets its default track (Monza) from the track library, as
// the programs do (useLibraryTracks), and the library is a static library's resources,
// registered by the initialiser Q_INIT_RESOURCE declares where it stands: here, at
// global scope with C++ linkage. Inside the extern "C" entry point it would name a C
// function that does not exist, and the target would not link.
static bool registerLibraryResources() {
    Q_INIT_RESOURCE(resources);
    vtw::useLibraryTracks();
    return true;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const bool resources = registerLibraryResources();
    (void)resources;
    const SetupLoadResult loaded = loadSetup(fuzz::bytesOf(data, size));
    if (!loaded.ok())
        return 0;
    const auto& catalogue = maneuverCatalogue();
    const std::size_t pick = std::accumulate(data, data + size, std::size_t(0)) % catalogue.size();
    std::string error;
    const auto maneuver = makeManeuver(catalogue[pick].id, {}, &error);
    fuzz::require(maneuver != nullptr, "every maneuver of the catalogue can be made");
    const Setup setup = maneuver->adaptSetup(*loaded.setup);
    Simulator sim(setup);
    sim.reset(maneuver->initialConditions(setup));
    const int steps = std::min(maxSteps, maxSubsteps / std::max(1, setup.simulation.substeps));
    for (int k = 0; k < steps && !maneuver->finished(); ++k) {
        const DriverInputs inputs = maneuver->control(sim);
        if (!sim.step(inputs)) {
            const std::string_view why = sim.error();
            fuzz::require(why.starts_with("simulation diverged at t = ") ||
                              why.starts_with("numerically unstable at t = "),
                          "a run stops only with the simulator's divergence message");
            break;
        }
        checkState(sim.state().body);
        checkSample(sim.lastSample(), setup);
        maneuver->observe(sim.lastSample());
    }
    for (const Metric& m : maneuver->metrics()) {
        fuzz::require(!m.usable() || std::isfinite(m.value), "a usable metric is finite");
        fuzz::require(m.reached || std::isnan(m.value), "a metric not reached is NaN");
    }
    return 0;
}

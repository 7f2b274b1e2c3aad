#pragma once

#include "core/sim/Simulator.h"
#include "core/base/Metric.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace vtw {

/// A maneuver drives a car's inputs, decides when the run is over, and
/// measures its metrics from the samples it observes. The GUI, the CLI and the
/// tests all run the same maneuver objects. A maneuver object is used for one
/// run; make a fresh one per run.
/// Starting conditions for a run that begins moving straight at `speed` (m/s):
/// wheels rolling freely, the automatic box's cruising gear for that speed
/// (from the driven wheels' radius).
InitialConditions cruisingStart(const Setup& setup, double speed);

/// How a maneuver's run treats one of the setup's driver aids (docs/physics.md 4.1):
/// as the setup has it, or switched off or on for the run (the maneuvers' "abs" and
/// "traction_control" parameters), so that the same car can be measured both ways.
enum class AidChoice { AsSetup = 0, Off = 1, On = 2 };

/// For a maneuver that prepares at length before its run (the limit driver's learning
/// laps, docs/physics.md 14.5): a flag another thread sets to cut the preparation
/// short (it then runs with what it has), and a report of how far it has got, in
/// words, after each step of it. Either may be empty.
struct PreparationHooks {
    const std::atomic<bool>* cancel = nullptr;
    std::function<void(const std::string&)> progress;
};

class Maneuver {
public:
    virtual ~Maneuver() = default;

    /// Stable id, e.g. "acceleration" (the CLI's --maneuver value).
    virtual std::string id() const = 0;
    /// For people, e.g. "Standing start and quarter mile".
    virtual std::string title() const = 0;

    /// A maneuver may need to adjust the setup (e.g. hold a fixed gear).
    virtual Setup adaptSetup(const Setup& setup) const { return setup; }
    /// The setup a run uses: adaptSetup()'s, with the driver aids as chosen.
    Setup runSetup(const Setup& setup) const;
    void chooseDriverAids(AidChoice abs, AidChoice tractionControl) {
        m_abs = abs;
        m_tractionControl = tractionControl;
    }
    virtual InitialConditions initialConditions(const Setup& setup) const;

    /// The inputs for the next step, given the simulation as it stands.
    virtual DriverInputs control(const Simulator& sim) = 0;
    /// Called after every step with the sample recorded at its start.
    virtual void observe(const StepSample& sample) = 0;
    virtual bool finished() const = 0;
    /// Simulated seconds after which the run stops regardless.
    virtual double timeLimit() const = 0;

    virtual MetricList metrics() const = 0;
    /// Why the maneuver ended its run when it did (the car spun, left the path), for
    /// the reason a figure the run never reached gives; empty when it just completed.
    virtual std::string endReason() const { return {}; }

    /// Set before the run (ManeuverSession passes its RunOptions' cancel and progress);
    /// maneuvers without a long preparation ignore it.
    virtual void setPreparationHooks(PreparationHooks hooks) { (void)hooks; }

private:
    AidChoice m_abs = AidChoice::AsSetup, m_tractionControl = AidChoice::AsSetup;
};

} // namespace vtw

#pragma once

#include "core/sim/StepSample.h"
#include "core/base/Metric.h"
#include "core/tires/TireModel.h"

#include <array>
#include <cstdint>
#include <string>

namespace vtw {

enum class WorkerState {
    Idle,   ///< nothing prepared yet
    Paused, ///< a run is prepared (after reset) or paused; step() advances it
    Running,
    Finished, ///< the maneuver ended (or reached its time limit); metrics are set
    Stopped,  ///< the user stopped it
    Failed,   ///< the simulation diverged; error says why
};

const char* workerStateName(WorkerState state);

/// Fixed geometry of the simulated car, for the top-down view.
struct CarGeometry {
    std::array<double, WheelCount> wheelX{}, wheelY{}; ///< m, body frame from the CG
    std::array<double, WheelCount> wheelRadius{};      ///< m
    double maxSteerAngle = 0.0;                        ///< rad
};

/// What the UI reads from the worker once per tick (a copy made under a lock).
struct WorkerStatus {
    WorkerState state = WorkerState::Idle;
    std::uint64_t generation = 0; ///< changes with every reset or start
    std::uint64_t setupSerial =
        0;                       ///< serial of the last setup snapshot applied (0 = the run's own)
    double simTime = 0.0;        ///< s
    long steps = 0;              ///< steps since the run started
    double stepsPerSecond = 0.0; ///< measured over the last second of running
    double realTimeRatio = 0.0;  ///< simulated s per wall s while running
    int recordStride = 1;        ///< every n-th step goes to the telemetry queue
    bool timedOut = false;       ///< the maneuver hit its time limit
    std::string error;           ///< why the run failed
    std::string maneuverTitle;   ///< empty in drive mode
    /// While a maneuver prepares at length before its first step (the limit driver's
    /// learning laps): how far it has got, in words; empty otherwise.
    std::string preparation;
    MetricList metrics;          ///< set when state is Finished
    bool hasSample = false;
    StepSample latest;                               ///< the last step's sample
    std::array<FrictionLimits, WheelCount> limits{}; ///< envelopes at latest's loads
    CarGeometry geometry;
};

} // namespace vtw

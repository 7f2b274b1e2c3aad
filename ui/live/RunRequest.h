#pragma once

#include "core/base/ScriptRows.h"
#include "core/vehicle/Setup.h"
#include "core/maneuvers/ManeuverFactory.h"

#include <string>
#include <vector>

namespace vtw {

/// Where a live run's driver inputs come from.
enum class RunMode {
    Maneuver, ///< a core maneuver (catalogue id, or "scripted" with rows)
    Drive,    ///< the keyboard, through SimulationWorker::setDriverInputs
};

/// Everything the worker needs to (re)start a run. Copied into the worker's
/// thread, so it holds values only.
struct RunRequest {
    RunMode mode = RunMode::Drive;
    std::string maneuverId;        ///< a catalogue id or "scripted"
    ManeuverOptions options;       ///< the maneuver's parameters by key
    ManeuverWords words;           ///< its word parameters (a dynamic lap's track and line;
                                   ///< in drive mode, the track driven on, if any)
    InitialConditions driveStart;  ///< where a drive starts (a track's start line)
    bool driveAssist = true;       ///< drive mode: pedals eased off past peak slip (ManeuverSession::setDriveAssist)
    std::vector<ScriptRow> script; ///< rows of a scripted maneuver
    Setup setup = defaultSetup();
};

/// How simulated time is paced against the wall clock.
struct PacingOptions {
    bool realTime = true;     ///< false: as fast as possible
    double speedFactor = 1.0; ///< simulated seconds per wall second in real-time mode (0.1..10)
};

} // namespace vtw

#pragma once

#include "core/vehicle/Setup.h"
#include "core/mathchannels/MathChannel.h"
#include "core/lap/LapSimulation.h"
#include "core/study/LapTarget.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QString>

#include <memory>
#include <optional>

namespace vtw::cli {

/// A lap driven, with the track it was driven on.
struct DrivenLap {
    std::shared_ptr<const PreparedTrack> track;
    LapResult lap;
};

/// Drives the lap `spec` asks for with `setup`; prints why on failure. With raceLineAsked
/// a track without a race line gets a note.
std::optional<DrivenLap> driveLap(const Setup& setup, const LapSpec& spec, bool raceLineAsked);

/// Drives the lap `spec` asks for with `setup` and prints its figures (format json
/// or csv), writing the trace by distance to tracePath unless it is empty. With
/// raceLineAsked (the user named the race line) a track without one gets a note.
/// `math` channels are added to the trace as columns. Returns the exit code.
int runLap(const Setup& setup, const LapSpec& spec, const QString& format, const QString& tracePath,
           bool raceLineAsked, const std::vector<MathChannel>& math);

} // namespace vtw::cli

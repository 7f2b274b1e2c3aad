#pragma once

#include "Setup.h"
#include "analysis/MathChannel.h"
#include "study/LapTarget.h"

#include <QString>

namespace vtw::cli {

/// Drives the lap `spec` asks for with `setup` and prints its figures (format json
/// or csv), writing the trace by distance to tracePath unless it is empty. With
/// raceLineAsked (the user named the race line) a track without one gets a note.
/// `math` channels are added to the trace as columns. Returns the exit code.
int runLap(const Setup& setup, const LapSpec& spec, const QString& format, const QString& tracePath,
           bool raceLineAsked, const std::vector<MathChannel>& math);

} // namespace vtw::cli

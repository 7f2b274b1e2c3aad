#pragma once

#include "core/base/OptionSet.h"
#include "core/track/TrackLine.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace vtw {

/// Which line a lap follows.
enum class LineChoice {
    RaceLine,  ///< the track's race line; its centre line when it has none
    CentreLine
};

/// A track: its centre line, a race line if one came with it, the width of the
/// tarmac either side of the centre line, and its sectors. Start/finish is the
/// first point of each line.
struct Track {
    std::string name;
    TrackLine centreLine;
    std::optional<TrackLine> raceLine;
    /// m to the tarmac's edge at each centre-line point (right and left, seen in the
    /// direction of travel); empty when the file gives no widths.
    std::vector<double> widthRight, widthLeft;
    /// m along the centre line where each sector starts; the first is 0.
    std::vector<double> sectorStarts;

    bool hasRaceLine() const { return raceLine.has_value(); }
    /// The line a lap on `choice` follows (the centre line when there is no race line).
    const TrackLine& line(LineChoice choice) const;
    /// The choice that `line(choice)` really is.
    LineChoice lineUsed(LineChoice choice) const;
    /// Where the sectors start on the line of `choice`, m along it.
    std::vector<double> sectorStartsOn(LineChoice choice) const;
};

/// `count` sectors of equal length on a line of `length` m: their starts.
std::vector<double> equalSectors(double length, int count = 3);

/// The lines by name (OptionSet.h): `--line raceline|centerline`, `-p line=...`.
inline constexpr std::array<OptionName<LineChoice>, 2> lineChoiceOptions{{
    {LineChoice::RaceLine, "raceline", "raceline", "Race line"},
    {LineChoice::CentreLine, "centerline", "centerline", "Centre line"},
}};
constexpr const auto& optionTable(LineChoice) { return lineChoiceOptions; }
static_assert(coversEveryValue<LineChoice>());

/// The command-line name of a line choice ("raceline", "centerline").
std::string lineChoiceName(LineChoice choice);

} // namespace vtw

#pragma once

// What the state views (friction ellipses, G-G diagram, top-down car) show when the Live
// workspace's cursor sits on a time of the run: the recorded sample at or before that
// time, the one the trace read-out lists (no interpolation: a sample the car really
// had), with its trail leading up to it. A time outside the recorded run has no state:
// the functions return nothing and the views keep the newest sample.

#include "ui/live/FrictionEllipseView.h"
#include "ui/live/GGDiagramView.h"
#include "ui/live/TopDownView.h"
#include "ui/live/WorkerStatus.h"

#include <array>
#include <optional>
#include <vector>

namespace vtw {

class GGEnvelope;
class LiveHistory;
class PathTrace;

/// The friction envelopes the worker reported, by simulated time, one per display
/// frame. The envelope depends on the car's model at a sample, which the UI does not
/// hold: at the cursor the ellipses are the ones of the last frame at or before it.
class EnvelopeRecord {
public:
    /// Frames kept at most (30 minutes at 30 frames a second); older ones go first.
    static constexpr std::size_t capacity = 54000;

    void add(double time, const std::array<FrictionLimits, WheelCount>& limits);
    void clear() { m_frames.clear(); }
    /// The envelopes of the last frame at or before `time`, or of the first frame.
    std::optional<std::array<FrictionLimits, WheelCount>> at(double time) const;
    std::size_t size() const { return m_frames.size(); }

private:
    struct Frame {
        double time;
        std::array<FrictionLimits, WheelCount> limits;
    };
    std::vector<Frame> m_frames;
};

std::optional<FrictionEllipseData> frictionDataAt(const LiveHistory& history, const EnvelopeRecord& envelopes,
                                                  double time, double trailSeconds = 1.0);
/// Accelerations in g.
std::optional<GGData> ggDataAt(const LiveHistory& history, const GGEnvelope& envelope, double time,
                               double trailSeconds = 2.0);
/// The car at the sample; the path is the whole path driven.
std::optional<TopDownData> topDownDataAt(const LiveHistory& history, const WorkerStatus& status,
                                         const PathTrace& path, double time);

} // namespace vtw

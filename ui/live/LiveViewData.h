#pragma once

#include "ui/live/FrictionEllipseView.h"
#include "ui/live/GGDiagramView.h"
#include "ui/live/TopDownView.h"
#include "ui/live/WorkerStatus.h"

namespace vtw {

struct PreparedTrack;
class GGEnvelope;
class LiveHistory;
class PathTrace;

/// The plain data each view draws, taken from what the UI holds once per tick:
/// the worker's status (the newest sample and the friction envelopes core
/// computed at its loads) and the drained history (trails). Only selection and
/// unit conversion happen here; every number comes from core.

FrictionEllipseData makeFrictionData(const WorkerStatus& status, const LiveHistory& history,
                                     double trailSeconds = 1.0);

/// Accelerations in g.
GGData makeGGData(const WorkerStatus& status, const LiveHistory& history,
                  const GGEnvelope& envelope, double trailSeconds = 2.0);

TopDownData makeTopDownData(const WorkerStatus& status, const PathTrace& path);

/// The track a dynamic lap drives, as the top-down view draws it: the edges from the
/// file's widths (none without them) and the line the driver follows.
TopDownTrack makeTopDownTrack(const PreparedTrack& track);

} // namespace vtw

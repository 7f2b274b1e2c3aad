#pragma once

// The pinned reference drawn behind a workspace's traces in a muted colour: for each
// trace shown, the reference's channel of the same name on the same axes, against the
// workspace's axis (time or distance).

#include "ui/analysis/WorkspaceCursor.h"

#include <string>
#include <vector>

class QCPGraph;
class QCustomPlot;

namespace vtw {

struct PinnedRun;

struct ReferenceTarget {
    QCPGraph* graph = nullptr; ///< a trace shown; the reference goes on its axes
    std::string channel;       ///< its channel's name in the tables
    double scale = 1.0;        ///< shown = table value * scale
};

/// The muted colour of a reference's traces.
QColor referenceColour();

/// Replaces the reference traces drawn on `plot` (nothing when `reference` is null).
/// Returns how many were drawn: targets whose channel the reference has.
int drawReferenceTraces(QCustomPlot* plot, const std::vector<ReferenceTarget>& targets,
                        const PinnedRun* reference, CursorAxis axis);

/// The reference traces drawn on a plot, for tests.
std::vector<QCPGraph*> referenceGraphs(const QCustomPlot* plot);

} // namespace vtw

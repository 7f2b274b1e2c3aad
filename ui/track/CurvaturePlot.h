#pragma once

// The track's curvature by distance along the driven line: the raw curvature of its points
// against the smoothed curvature the lap drives (docs/physics.md 13.1), so the effect of
// the smoothing (and any kink in the track's points) can be seen. The cursor is marked.

#include "core/setupfile/SetupMetadata.h"

#include <qcustomplot.h>

namespace vtw {

struct LapRun;

class CurvaturePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit CurvaturePlot(QWidget* parent = nullptr);

    /// The lap's curvature by distance, the distance axis in m or ft.
    void setLap(const LapRun* run, UnitSystem units);
    void setCursorDistance(double distance);

private:
    QCPItemStraightLine* m_cursor;
};

} // namespace vtw

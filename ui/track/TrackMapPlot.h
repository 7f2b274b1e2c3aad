#pragma once

// The map of the track workspace: the tarmac's edges, the driven line coloured by a
// channel of the lap with its colour scale, the sector starts, and a marker where the
// cursor is. Both axes in metres at one scale, so the track keeps its shape at any
// window size. A click on the map asks for the cursor at the nearest point of the lap.

#include "ui/track/LapChannels.h"

#include "ui/track/EqualScalePlot.h"

namespace vtw {

struct LapRun;

class TrackMapPlot : public EqualScalePlot {
    Q_OBJECT
public:
    explicit TrackMapPlot(QWidget* parent = nullptr);

    /// Draws a lap (its track, edges, line) coloured by `channel`; a run without a lap
    /// draws the track alone, or nothing.
    /// The lap, its line coloured by the channel `key`: a lap channel (lapChannels) or one
    /// of the user's math channels computed over the lap; uncoloured when it is neither
    /// or fails on this lap.
    void setLap(const LapRun* run, const QString& key, UnitSystem units);
    /// Moves the marker to the lap's position at `distance` (m along it).
    void setCursorDistance(double distance);

    /// Where the marker is drawn, m.
    QPointF markerPosition() const;
    /// The pixel of a map point, for tests that click it.
    QPointF pixelOf(double x, double y) const;
    /// Shows the whole track at one scale on both axes.
    void fitTrack();
    int lineSegments() const { return m_segments; }
    QCPColorScale* colourScale() const { return m_scale; }

signals:
    /// The user clicked the map: the lap's distance of the nearest station, m.
    void distanceClicked(double distance);

private:
    void clicked(const QPoint& pixel);

    const LapRun* m_run = nullptr;
    QCPColorScale* m_scale;
    QCPCurve* m_marker;
    QPoint m_pressedAt;
    int m_segments = 0;
    QCPRange m_fitX, m_fitY;
};

} // namespace vtw

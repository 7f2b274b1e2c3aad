#pragma once

// The cursor of one workspace: a position on the workspace's axis (time or distance)
// that every trace, read-out and state view of the workspace follows, and two markers,
// A and B, whose differences the A/B table lists. Plain state with signals; the plots
// draw it (CursorLines) and the views read it.

#include <QObject>

#include <optional>

namespace vtw {

enum class CursorAxis { Time, Distance };

/// "time" or "distance": the name of the axis channel (channelTableTime, channelTableDistance).
const char* cursorAxisChannel(CursorAxis axis);

class WorkspaceCursor : public QObject {
    Q_OBJECT
public:
    enum class Marker { A, B };

    explicit WorkspaceCursor(CursorAxis axis, QObject* parent = nullptr);

    CursorAxis axis() const { return m_axis; }
    /// A new axis forgets the position and markers: they meant another quantity.
    void setAxis(CursorAxis axis);

    std::optional<double> position() const { return m_position; }
    void setPosition(double x);
    std::optional<double> marker(Marker which) const { return which == Marker::A ? m_a : m_b; }
    void setMarker(Marker which, double x);
    /// The marker at the cursor's position; nothing without a position.
    void setMarkerAtCursor(Marker which);
    void clearMarkers();
    /// Forgets position and markers (a new run: the old positions meant other data).
    void clear();

signals:
    void moved();
    void markersChanged();

private:
    CursorAxis m_axis;
    std::optional<double> m_position, m_a, m_b;
};

} // namespace vtw

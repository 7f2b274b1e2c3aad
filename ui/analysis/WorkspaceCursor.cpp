#include "ui/analysis/WorkspaceCursor.h"

#include "core/analysis/ChannelTable.h"

#include <cmath>

namespace vtw {

const char* cursorAxisChannel(CursorAxis axis) {
    return axis == CursorAxis::Time ? channelTableTime.data() : channelTableDistance.data();
}

WorkspaceCursor::WorkspaceCursor(CursorAxis axis, QObject* parent) : QObject(parent), m_axis(axis) {}

void WorkspaceCursor::setAxis(CursorAxis axis) {
    if (axis == m_axis)
        return;
    m_axis = axis;
    clear();
}

void WorkspaceCursor::setPosition(double x) {
    if (!std::isfinite(x) || m_position == x)
        return;
    m_position = x;
    emit moved();
}

void WorkspaceCursor::setMarker(Marker which, double x) {
    if (!std::isfinite(x))
        return;
    (which == Marker::A ? m_a : m_b) = x;
    emit markersChanged();
}

void WorkspaceCursor::setMarkerAtCursor(Marker which) {
    if (m_position)
        setMarker(which, *m_position);
}

void WorkspaceCursor::clearMarkers() {
    if (!m_a && !m_b)
        return;
    m_a.reset();
    m_b.reset();
    emit markersChanged();
}

void WorkspaceCursor::clear() {
    const bool hadPosition = m_position.has_value();
    m_position.reset();
    clearMarkers();
    if (hadPosition)
        emit moved();
}

} // namespace vtw

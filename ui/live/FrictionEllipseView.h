#pragma once

#include "core/setupfile/SetupMetadata.h"

#include <QPointF>
#include <QRectF>
#include <QStringList>
#include <QWidget>

#include <array>
#include <vector>

namespace vtw {

/// What one panel of the friction-ellipse view shows (N, wheel frame).
struct WheelFrictionData {
    double fxMax = 0.0; ///< envelope half-axis along the wheel, at the current load
    double fyMax = 0.0; ///< envelope half-axis across the wheel
    double fx = 0.0;    ///< current force
    double fy = 0.0;
    double load = 0.0;  ///< N, shown in the panel
    double usage = 0.0; ///< envelopeUsage() of the current point
    struct TrailPoint {
        double fx = 0.0, fy = 0.0;
        double age = 0.0; ///< s before the current point
    };
    std::vector<TrailPoint> trail; ///< oldest first
};

struct FrictionEllipseData {
    std::array<WheelFrictionData, 4> wheels; ///< FL, FR, RL, RR
    double trailSeconds = 1.0;               ///< a trail point this old is fully faded
};

/// Four panels (FL, FR, RL, RR laid out as on the car) each drawing that
/// tire's friction envelope mu_x Fz by mu_y Fz at its current load, the current
/// (Fx, Fy) and a trail of the last second that fades with age (docs/physics.md 6.8).
/// Drawn as seen from above with the car pointing up: Fx forward is up, Fy to
/// the left is left, the same as the top-down view. All panels share one scale,
/// so a loaded tire's ellipse is visibly bigger than an unloaded one's.
class FrictionEllipseView : public QWidget {
    Q_OBJECT
public:
    explicit FrictionEllipseView(QWidget* parent = nullptr);

    void setData(const FrictionEllipseData& data);
    const FrictionEllipseData& data() const { return m_data; }
    /// The read-outs' forces in N or lbf (the drawing itself has no unit).
    void setUnitSystem(UnitSystem system);
    /// A panel's read-outs as painted: "FL  Fz 3650 N" and "Fx 120  Fy -2400 N".
    QStringList readouts(int wheel) const;

    /// Newtons from the centre to a panel's edge; 0 picks a rounded range
    /// from the data that only changes in steps (no jitter).
    void setFixedRange(double newtons);
    double range() const { return m_range; }

    /// Geometry of the last paint, in widget pixels (for tests and tooltips).
    QRectF paintedEllipse(int wheel) const { return m_ellipse[static_cast<std::size_t>(wheel)]; }
    QPointF paintedPoint(int wheel) const { return m_point[static_cast<std::size_t>(wheel)]; }
    QRectF panelRect(int wheel) const;
    /// Where a force is drawn in a panel.
    QPointF forceToWidget(int wheel, double fx, double fy) const;
    double pixelsPerNewton() const;

    QSize sizeHint() const override { return {420, 420}; }
    QSize minimumSizeHint() const override { return {240, 240}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void updateRange();
    QRectF plotArea(int wheel) const;

    FrictionEllipseData m_data;
    double m_fixedRange = 0.0;
    UnitSystem m_units = UnitSystem::SI;
    double m_range = 5000.0;
    std::array<QRectF, 4> m_ellipse{};
    std::array<QPointF, 4> m_point{};
};

} // namespace vtw

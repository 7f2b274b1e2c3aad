#pragma once

#include "core/setupfile/SetupMetadata.h"

#include "ui/live/WorkerStatus.h"

#include <QPointF>
#include <QPolygonF>
#include <QWidget>

#include <array>
#include <utility>
#include <vector>

class QPainter;

namespace vtw {

/// What the top-down view draws: the car's geometry and one instant of its
/// motion (SI units, radians, docs/physics.md 0 frames), plus the path so far.
struct TopDownData {
    CarGeometry geometry;
    double x = 0.0, y = 0.0;            ///< m, world
    double heading = 0.0;               ///< rad, counter-clockwise from world +x
    double vx = 0.0, vy = 0.0;          ///< m/s, body frame
    double yawRate = 0.0;               ///< rad/s
    double steerAngle = 0.0;            ///< rad, reference road-wheel angle
    double sideslip = 0.0;              ///< rad
    std::array<double, 4> wheelSteer{}; ///< rad, road-wheel angle per wheel (rear 0)
    std::array<double, 4> slipAngle{};  ///< rad
    std::array<double, 4> fx{}, fy{};   ///< N, wheel frame
    bool suspension = false;            ///< the car runs the dynamic suspension (docs/physics.md 16)
    double roll = 0.0, pitch = 0.0;     ///< rad, its body's (right side down, nose down positive)
    std::vector<QPointF> path;          ///< m, world, oldest first
    std::vector<double> pathSpeed;      ///< m/s at each point of the path
};

/// The track a run drives on, drawn under the car: its edges (from the file's widths;
/// empty without them) and the line the driver follows. Closed polylines, m, world.
struct TopDownTrack {
    std::vector<QPointF> leftEdge, rightEdge;
    std::vector<QPointF> line;
    bool empty() const { return line.empty() && leftEdge.empty(); }
};

/// The car from above, with the read-outs of Monster's car demo (docs/physics.md 5): the
/// body, four wheels at their steer angles, the velocity vector, each tire's
/// force vector, the path driven, and steer angle, sideslip, yaw rate, front and
/// rear slip angles and the velocity in car and world frames.
///
/// The world keeps its orientation (world +x right, +y up) and the view follows
/// the car, so heading, drift and the path read naturally; a 5 m grid shows the
/// motion. The mouse wheel zooms. On a track (a dynamic lap) the tarmac, its edges
/// and the line lie under the car, and the path is coloured by speed.
class TopDownView : public QWidget {
    Q_OBJECT
public:
    explicit TopDownView(QWidget* parent = nullptr);

    void setData(const TopDownData& data);
    const TopDownData& data() const { return m_data; }
    /// The track under the car; an empty one for a run off any track.
    void setTrack(const TopDownTrack& track);
    const TopDownTrack& track() const { return m_track; }
    /// The speed range (m/s) the path's colours span on a track, slow to fast.
    std::pair<double, double> pathSpeedRange() const;

    /// Units of the read-outs and the scale legend (the window's SI/imperial choice).
    void setUnitSystem(UnitSystem system);
    UnitSystem unitSystem() const { return m_units; }

    void setPixelsPerMetre(double scale);
    double pixelsPerMetre() const { return m_scale; }
    /// Arrow lengths: metres drawn per N of tire force, per m/s of speed.
    static constexpr double metresPerNewton = 1.0 / 2000.0;
    static constexpr double metresPerMps = 0.2;

    /// World point (m) to widget pixels.
    QPointF worldToWidget(double wx, double wy) const;

    /// What the last paint drew (for tests).
    QPolygonF paintedWheel(int wheel) const { return m_wheels[static_cast<std::size_t>(wheel)]; }
    QPointF paintedForceTip(int wheel) const {
        return m_forceTips[static_cast<std::size_t>(wheel)];
    }
    QPointF paintedVelocityTip() const { return m_velocityTip; }
    QStringList readouts() const;

    QSize sizeHint() const override { return {420, 420}; }
    QSize minimumSizeHint() const override { return {260, 260}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    /// Body-frame point (m from the CG) to world.
    QPointF bodyToWorld(double bx, double by) const;
    QPointF viewCentre() const;

    void paintTrack(QPainter& p) const;
    void paintPath(QPainter& p) const;

    TopDownData m_data;
    TopDownTrack m_track;
    UnitSystem m_units = UnitSystem::SI;
    double m_scale = 26.0; ///< pixels per metre
    std::array<QPolygonF, 4> m_wheels;
    std::array<QPointF, 4> m_forceTips{};
    QPointF m_velocityTip;
};

} // namespace vtw

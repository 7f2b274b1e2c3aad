#pragma once

#include <QPointF>
#include <QWidget>

#include <vector>

namespace vtw {

/// What the G-G diagram shows, in g.
struct GGData {
    double ax = 0.0; ///< longitudinal, + forward
    double ay = 0.0; ///< lateral, + left
    struct TrailPoint {
        double ax = 0.0, ay = 0.0;
    };
    std::vector<TrailPoint> trail; ///< oldest first
    std::vector<double>
        envelopeRadius; ///< per equal sector counter-clockwise from +ax (GGEnvelope)
};

/// Longitudinal against lateral acceleration of the car, seen as in the
/// top-down view (forward up, left to the left): the current point, a trail and
/// the outline of everything reached so far, with 0.5 g rings.
class GGDiagramView : public QWidget {
    Q_OBJECT
public:
    explicit GGDiagramView(QWidget* parent = nullptr);

    void setData(const GGData& data);
    const GGData& data() const { return m_data; }

    /// g from the centre to the edge; 0 picks it from the data in 0.5 g steps.
    void setFixedRange(double g);
    double range() const { return m_range; }

    QPointF accelToWidget(double ax, double ay) const;
    QPointF paintedPoint() const { return m_point; }
    int paintedEnvelopeVertices() const { return m_envelopeVertices; }

    QSize sizeHint() const override { return {320, 320}; }
    QSize minimumSizeHint() const override { return {180, 180}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRectF plotArea() const;

    GGData m_data;
    double m_fixedRange = 0.0;
    double m_range = 1.5;
    QPointF m_point;
    int m_envelopeVertices = 0;
};

} // namespace vtw

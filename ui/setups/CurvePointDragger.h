#pragma once

// Mouse editing of a setup curve's points on a QCustomPlot: drag a point in x
// and y by the mouse's travel (x kept strictly between its neighbours; an axis
// moves once the travel along it passes a few pixels, Shift holds the drag to
// one axis), double-click to add one,
// Delete or the context menu to remove one. The points may be drawn scaled
// (display units, or a tire table times a load); every edit goes to the
// document as an undo command, a whole drag as one merged step, and an edit
// the document refuses is not made (the reason goes out as message()).

#include "ui/document/SetupDocument.h"
#include "core/setupfile/SetupMetadata.h"

#include <QObject>
#include <QPointF>

class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QMouseEvent;

namespace vtw {

/// Plotted = stored * scale, per axis.
struct CurveScale {
    double x = 1.0;
    double y = 1.0;
};

class CurvePointDragger : public QObject {
    Q_OBJECT
public:
    CurvePointDragger(SetupDocument* document, const FieldMeta& field, QCustomPlot* plot,
                      QObject* parent = nullptr);

    const FieldMeta& field() const { return m_field; }
    const Curve& curve() const { return m_field.curveOf(m_document->setup()); }
    QCPGraph* graph() const { return m_graph; }

    void setScale(CurveScale scale, const QString& xUnit, const QString& yUnit);
    CurveScale scale() const { return m_scale; }
    /// Draw the segments between the points (a table editor) or the points alone
    /// (points over a model's curve).
    void setShowLine(bool show);
    /// While disabled the points are hidden and the mouse is left to the plot.
    void setEditable(bool editable);
    bool isEditable() const { return m_editable; }
    bool isDragging() const { return m_dragIndex >= 0; }

    int selectedPoint() const { return m_selected; }
    void setSelectedPoint(int index);

    /// Widget pixel position of point index on the plot.
    QPointF pixelOf(int index) const;
    /// Index of the point within the pick radius of a pixel position, or -1.
    int pointAt(const QPointF& pixel) const;

    /// Edits (the same checks as the mouse). Return false with message() on refusal.
    bool addPoint(double storedX, double storedY);
    bool removePoint(int index);
    bool movePoint(int index, double storedX, double storedY, int mergeSession = 0);

    /// Redraws the points from the document.
    void refresh();

signals:
    void selectionChanged(int index);
    void message(const QString& text);
    /// A drag ended (owners rescale their axes then, never during a drag).
    void dragFinished();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onPress(QMouseEvent* event);
    void onMove(QMouseEvent* event);
    void onRelease(QMouseEvent* event);
    void onDoubleClick(QMouseEvent* event);
    void onContextMenu(const QPoint& pos);
    QPointF storedAt(const QPointF& pixel, bool snap) const;
    bool commit(const Curve& candidate, int mergeSession);
    void showReadout(int index);

    SetupDocument* m_document;
    const FieldMeta& m_field;
    QCustomPlot* m_plot;
    QCPGraph* m_graph;
    QCPGraph* m_selectedGraph;
    QCPItemText* m_readout;
    CurveScale m_scale;
    QString m_xUnit, m_yUnit;
    bool m_editable = true;
    bool m_rangeDragWasOn = false;
    int m_selected = -1;
    int m_dragIndex = -1;
    int m_dragSession = 0;
    double m_snapX = 0.0; ///< plotted-unit resolution of a drag, fixed at its start
    double m_snapY = 0.0;
    // The drag moves the point by the mouse's travel from where it was pressed, so a
    // grab off the point's centre does not make it jump; an axis follows only once the
    // mouse has travelled along it beyond a few pixels.
    QPointF m_pressPixel;      ///< where the mouse was pressed
    QPointF m_pointPixel;      ///< where the point was then
    CurvePoint m_pointStored;  ///< its stored value then
    bool m_xFree = false, m_yFree = false;
};

} // namespace vtw

#pragma once

// One editor for every point-list curve of a setup (the engine torque curve,
// the tire tables): the curve on a plot with draggable points beside a table
// of the same points; an edit in either shows in both and is one undo step.
// Owners add their own layers (derived power, a fit) on plot() and redraw
// them on curveRefreshed().

#include "ui/setups/CurvePointDragger.h"
#include "ui/document/SetupDocument.h"

#include <QWidget>

class QCustomPlot;
class QLabel;
class QSplitter;
class QTableWidget;

namespace vtw {

class CurveEditor : public QWidget {
    Q_OBJECT
public:
    CurveEditor(SetupDocument* document, const QString& curvePath, QWidget* parent = nullptr);

    const FieldMeta& field() const { return m_dragger->field(); }
    const Curve& curve() const { return m_dragger->curve(); }
    QCustomPlot* plot() const { return m_plot; }
    QTableWidget* table() const { return m_table; }
    QSplitter* splitter() const { return m_splitter; }
    CurvePointDragger* dragger() const { return m_dragger; }
    /// The last refusal shown under the table (empty when the last edit was fine).
    QString problem() const;

    void setUnitSystem(UnitSystem system);
    UnitSystem unitSystem() const { return m_system; }
    CurveScale scale() const { return m_dragger->scale(); }

    /// Fits the axes to the points (and whatever else owners report through
    /// extraYRange); called after every change except during a drag.
    void rescale();
    /// Owners with extra layers on the main y axis widen its range with this.
    void setExtraYRange(double low, double high);

signals:
    void curveRefreshed();
    void message(const QString& text);

private:
    void refreshTable();
    void onCellChanged(int row, int column);
    void showProblem(const QString& text);
    int xDecimals() const;
    int yDecimals() const;

    SetupDocument* m_document;
    QCustomPlot* m_plot;
    CurvePointDragger* m_dragger;
    QSplitter* m_splitter;
    QTableWidget* m_table;
    QLabel* m_problem;
    UnitSystem m_system = UnitSystem::SI;
    double m_extraLow = 0.0, m_extraHigh = 0.0;
    bool m_hasExtra = false;
};

} // namespace vtw

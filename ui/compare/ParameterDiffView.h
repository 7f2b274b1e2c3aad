#pragma once

// The parameters that differ between the compared setups, side by side in
// display units; a curve that differs (torque curve, tire table) is drawn
// overlaid below, one colour per setup.

#include "core/setupfile/SetupMetadata.h"

#include <QWidget>

class QComboBox;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace vtw {

struct ComparisonData;

class ParameterDiffView : public QWidget {
    Q_OBJECT
public:
    /// Column of setup 0 in the table (after parameter, path and unit).
    static constexpr int firstSetupColumn = 3;
    /// The first column's items hold the field path under this role.
    static constexpr int pathRole = Qt::UserRole;

    explicit ParameterDiffView(QWidget* parent = nullptr);

    void setComparison(const ComparisonData* data);
    void setUnitSystem(UnitSystem system);

    QTableWidget* table() const { return m_table; }
    QCustomPlot* curvePlot() const { return m_plot; }
    QComboBox* curveChoice() const { return m_curves; }

private:
    void rebuild();
    void plotCurve();

    const ComparisonData* m_data = nullptr;
    UnitSystem m_units = UnitSystem::SI;
    QTableWidget* m_table;
    QComboBox* m_curves;
    QCustomPlot* m_plot;
    QLabel* m_noCurves;
};

} // namespace vtw

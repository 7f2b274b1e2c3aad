#pragma once

// G-G diagram or friction ellipse of every setup on one maneuver, overlaid.

#include "ui/compare/GripOverlayPlot.h"
#include "ui/analysis/WorkspaceCursor.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QCPAbstractPlottable;
class QCustomPlot;

namespace vtw {

class GripOverlayPanel : public QWidget {
    Q_OBJECT
public:
    explicit GripOverlayPanel(QWidget* parent = nullptr);

    void setComparison(const ComparisonData* data);
    QCustomPlot* plot() const { return m_plot; }
    QComboBox* viewChoice() const { return m_view; }
    /// The compare workspace's cursor: each run's state there is marked (a ring on its
    /// points); none for a run the position lies outside of.
    void setCursor(CursorAxis axis, std::optional<double> position);
    /// The marks drawn for the cursor, one per run (per wheel in the all-wheels ellipse).
    std::size_t cursorMarkCount() const { return m_cursorMarks.size(); }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void replot();
    void drawCursorMarks();

    const ComparisonData* m_data = nullptr;
    QComboBox* m_maneuver;
    QComboBox* m_view;
    QComboBox* m_wheel;
    QCustomPlot* m_plot;
    CursorAxis m_cursorAxis = CursorAxis::Time;
    std::optional<double> m_cursorAt;
    std::vector<QCPAbstractPlottable*> m_cursorMarks;
};

} // namespace vtw

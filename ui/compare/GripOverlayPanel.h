#pragma once

// G-G diagram or friction ellipse of every setup on one maneuver, overlaid.

#include "GripOverlayPlot.h"

#include <QWidget>

class QComboBox;
class QCustomPlot;

namespace vtw {

class GripOverlayPanel : public QWidget {
    Q_OBJECT
public:
    explicit GripOverlayPanel(QWidget* parent = nullptr);

    void setComparison(const ComparisonData* data);
    QCustomPlot* plot() const { return m_plot; }
    QComboBox* viewChoice() const { return m_view; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void replot();

    const ComparisonData* m_data = nullptr;
    QComboBox* m_maneuver;
    QComboBox* m_view;
    QComboBox* m_wheel;
    QCustomPlot* m_plot;
};

} // namespace vtw

#pragma once

// "Which change mattered": between the baseline and one tuned setup, core
// shares a metric's change out among the differing parameters (or sections)
// (study/Attribution.h); this panel picks the inputs, runs it in
// the background and shows each part's share and the total they add up to.

#include "core/study/Attribution.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace vtw {

class BackgroundStudy;
struct ComparisonData;

class AttributionPanel : public QWidget {
    Q_OBJECT
public:
    explicit AttributionPanel(QWidget* parent = nullptr);

    void setComparison(const ComparisonData* data);
    void run();
    bool isRunning() const;
    const Attribution& result() const { return m_result; }

    QComboBox* tunedChoice() const { return m_tuned; }
    QComboBox* maneuverChoice() const { return m_maneuver; }
    QComboBox* metricChoice() const { return m_metric; }
    QComboBox* groupingChoice() const { return m_grouping; }
    QPushButton* runButton() const { return m_run; }
    QTableWidget* table() const { return m_table; }
    QCustomPlot* plot() const { return m_plot; }

signals:
    void attributionFinished(bool ok);

private:
    void fillMetrics();
    void showResult();

    const ComparisonData* m_data = nullptr;
    BackgroundStudy* m_study;
    Attribution m_result;
    std::shared_ptr<Attribution> m_pending;
    std::string m_unit;
    QComboBox* m_tuned;
    QComboBox* m_maneuver;
    QComboBox* m_metric;
    QComboBox* m_grouping;
    QPushButton* m_run;
    QProgressBar* m_busy;
    QLabel* m_status;
    QTableWidget* m_table;
    QCustomPlot* m_plot;
};

} // namespace vtw

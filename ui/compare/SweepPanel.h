#pragma once

// Sweeps: one or two numeric parameters of a base setup over ranges, one
// maneuver at every point, run by core in the background. The chosen metric
// is drawn as a line (one parameter) or a colour map (two); clicking a point
// asks the window to open that variant as a new setup.

#include "SetupPicker.h"
#include "study/Sweep.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QCPColorMap;
class QCPColorScale;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QProgressBar;
class QPushButton;

namespace vtw {

class BackgroundStudy;
class ManeuverParameterForm;
class SweepAxisEditor;

class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(QWidget* parent = nullptr);

    /// The setups a sweep can start from (the page offers all its setups).
    void setSetups(const QList<NamedSetup>& setups);
    void setUnitSystem(UnitSystem system);

    void run();
    void cancel();
    bool isRunning() const;

    /// The request of the last sweep run (its points are points()).
    const SweepRequest& request() const { return m_request; }
    const std::vector<SweepPoint>& points() const { return m_points; }
    /// Emits openSetupRequested for point (i, j) of the last sweep.
    void openPoint(int i, int j);
    /// The CSV of the last sweep (core's format).
    std::string csv() const;

    QComboBox* baseChoice() const { return m_base; }
    SweepAxisEditor* firstAxis() const { return m_first; }
    SweepAxisEditor* secondAxis() const { return m_second; }
    QCheckBox* secondToggle() const { return m_useSecond; }
    QComboBox* maneuverChoice() const { return m_maneuver; }
    QComboBox* metricChoice() const { return m_metric; }
    QPushButton* runButton() const { return m_run; }
    QCustomPlot* plot() const { return m_plot; }
    QCPColorMap* colourMap() const { return m_map; }

signals:
    void openSetupRequested(const Setup& setup, const QString& name);
    void sweepFinished(bool ok);

private:
    void baseChosen();
    void maneuverChosen();
    void finished();
    void fillMetrics();
    void replot();
    void plotClicked(QMouseEvent* event);
    void exportCsv();
    double displayScale(const FieldMeta* field) const;

    QList<NamedSetup> m_setups;
    UnitSystem m_units = UnitSystem::SI;
    BackgroundStudy* m_study;
    SweepRequest m_request;
    QString m_requestBaseName;
    std::vector<SweepPoint> m_points;
    std::shared_ptr<std::vector<SweepPoint>> m_pending;
    QPoint m_pressPos;

    QComboBox* m_base;
    bool m_baseChosenByUser = false; ///< else the base follows the first open document
    SweepAxisEditor* m_first;
    QCheckBox* m_useSecond;
    SweepAxisEditor* m_second;
    QComboBox* m_maneuver;
    ManeuverParameterForm* m_maneuverForm;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_export;
    QProgressBar* m_progress;
    QLabel* m_status;
    QComboBox* m_metric;
    QCustomPlot* m_plot;
    QCPColorMap* m_map = nullptr;
    QCPColorScale* m_scale = nullptr;
};

} // namespace vtw

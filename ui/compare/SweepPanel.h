#pragma once

// Sweeps: one or two numeric parameters of a base setup over ranges, one
// maneuver at every point, run by core in the background. The chosen metric
// is drawn as a line (one parameter) or a colour map (two). Hovering reads out the
// nearest point's parameter and metric values; a click marks a point (and keeps its
// read-out); a double-click or "Open variant" asks the window to open that variant
// as a new setup.

#include "ui/compare/SetupPicker.h"
#include "core/study/Sweep.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCPItemRect;
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
    void setSetups(const QList<OfferedSetup>& setups);
    void setUnitSystem(UnitSystem system);

    void run();
    void cancel();
    bool isRunning() const;

    /// The request of the last sweep run (its points are points()).
    const SweepRequest& request() const { return m_request; }
    const std::vector<SweepPoint>& points() const { return m_points; }
    /// Emits openSetupRequested for point (i, j) of the last sweep.
    void openPoint(int i, int j);
    /// The point (i, j) a click marked, if any (a new sweep forgets it).
    std::optional<std::pair<int, int>> markedPoint() const { return m_marked; }
    /// The marked point as drawn on a line: one data point, in the plot's coordinates.
    QCPGraph* markedGraph() const { return m_markedGraph; }
    /// The marked point as drawn on a colour map: its cell outlined.
    QCPItemRect* markedCell() const { return m_markedCell; }
    /// The nearest point's values while the mouse is over the plot, else the marked one's.
    QString readout() const;
    QPushButton* openButton() const { return m_open; }
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
    void plotHovered(QMouseEvent* event);
    /// The point drawn at (or, on a line, within reach of) a pixel of the plot.
    const SweepPoint* pointAt(const QPointF& pixel, double reachPx) const;
    /// "Final drive 3.5: 0-100 km/h 4.87 s"
    QString pointText(const SweepPoint& point) const;
    /// "Marked: ..." for the marked point; empty without one.
    QString markedText() const;
    /// "Final drive 3.5", in the window's units.
    QString axisValueText(const SweepAxis& axis, int k) const;
    void markPoint(const SweepPoint* point);
    void drawMark();
    void exportCsv();
    double displayScale(const FieldMeta* field) const;

    QList<OfferedSetup> m_setups;
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
    QLabel* m_readout;
    QPushButton* m_open;
    std::optional<std::pair<int, int>> m_marked;
    QCPGraph* m_markedGraph = nullptr;
    QCPItemRect* m_markedCell = nullptr;
};

} // namespace vtw

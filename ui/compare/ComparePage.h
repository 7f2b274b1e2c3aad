#pragma once

// The compare page: pick setups (open documents, library cars, files) and
// maneuvers, run every combination in the background, and read the result as
// overlaid traces, a metrics table against a baseline, the parameter diff,
// grip overlays and the attribution of a change; sweep parameters; export a
// PDF report and the raw tables as CSV.
//
// The window adds it as a tab, keeps it told of the open setups
// (setAvailableSetups) and opens the variants it asks for (openSetupRequested).

#include "ui/compare/ComparisonData.h"
#include "ui/compare/SetupPicker.h"

#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace vtw {

class AttributionPanel;
class BackgroundStudy;
class GripOverlayPanel;
class ManeuverPicker;
class MetricsTable;
class ParameterDiffView;
class SweepPanel;
class CompareTraceTools;
class ReferenceRuns;
class TraceOverlayPanel;

class ComparePage : public QWidget {
    Q_OBJECT
public:
    explicit ComparePage(QWidget* parent = nullptr);
    ~ComparePage() override;

    /// The setups open in the window, by display name; call again whenever one
    /// opens, closes, is renamed or edited (the page copies them).
    void setAvailableSetups(const QList<OfferedSetup>& setups);
    void setUnitSystem(UnitSystem system);

    bool isRunning() const;
    /// The last finished comparison, or nullptr before the first one.
    const ComparisonData* results() const { return m_results.get(); }

    bool exportReport(const QString& pdfPath, QString* error = nullptr);
    bool exportMetricsCsv(const QString& path, QString* error = nullptr);
    bool exportParameterCsv(const QString& path, QString* error = nullptr);
    /// The report as it would be exported now (page count for tests and the UI).
    int reportPageCount() const;

    SetupPicker* setupPicker() const { return m_setups; }
    ManeuverPicker* maneuverPicker() const { return m_maneuvers; }
    TraceOverlayPanel* tracePanel() const { return m_traces; }
    /// The cursor, A/B table and reference run around the traces.
    CompareTraceTools* traceTools() const { return m_traceTools; }
    /// The window's pinned runs (the page keeps its own until given these).
    void setReferenceRuns(ReferenceRuns* runs);
    MetricsTable* metricsTable() const { return m_metrics; }
    ParameterDiffView* parameterDiff() const { return m_diff; }
    GripOverlayPanel* gripPanel() const { return m_grip; }
    AttributionPanel* attributionPanel() const { return m_attribution; }
    SweepPanel* sweepPanel() const { return m_sweep; }
    QTabWidget* tabs() const { return m_tabs; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    /// Why the shown results no longer match the setups (empty while they do).
    QString staleReason() const { return m_staleReason; }
    QPushButton* rerunButton() const { return m_rerun; }

public slots:
    /// Runs every checked setup through every checked maneuver in the background.
    void run();
    void cancel();

signals:
    /// The user asked to open a setup (a sweep point) as a new document.
    void openSetupRequested(const Setup& setup, const QString& name);
    /// A comparison ended; ok is false when it was cancelled or could not run.
    void comparisonFinished(bool ok);

private:
    QWidget* buildSidebar();
    void runFinished();
    void baselineChanged();
    void showResults();
    void exportWithDialog(int which);
    void setStatus(const QString& text);
    /// Compares the results with the setups offered now; out of date, they are marked
    /// (a banner with a button to run again) and their exports refused.
    void updateStaleness();
    void rerunStale();
    bool refuseStaleExport(QString* error) const;

    UnitSystem m_units = UnitSystem::SI;
    std::unique_ptr<ComparisonData> m_results;
    std::shared_ptr<ComparisonData> m_pending;
    BackgroundStudy* m_study;

    SetupPicker* m_setups;
    ManeuverPicker* m_maneuvers;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QPushButton* m_exportPdf;
    QPushButton* m_exportMetrics;
    QPushButton* m_exportParameters;
    QTabWidget* m_tabs;
    QWidget* m_staleBanner;
    QLabel* m_staleText;
    QPushButton* m_rerun;
    QString m_staleReason;
    TraceOverlayPanel* m_traces;
    CompareTraceTools* m_traceTools;
    MetricsTable* m_metrics;
    ParameterDiffView* m_diff;
    GripOverlayPanel* m_grip;
    AttributionPanel* m_attribution;
    SweepPanel* m_sweep;
};

} // namespace vtw

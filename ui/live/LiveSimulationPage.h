#pragma once

#include "ui/live/GGEnvelope.h"
#include "ui/live/LiveHistory.h"
#include "ui/live/LiveViewsAtCursor.h"
#include "ui/live/PathTrace.h"
#include "ui/live/RunRequest.h"
#include "ui/live/WorkerStatus.h"
#include "core/setupfile/SetupMetadata.h"

#include <QPointer>
#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QRadioButton;
class QTableWidget;
class QTimer;

namespace vtw {

class DrivePad;
class FrictionEllipseView;
class GGDiagramView;
class LiveAnalysis;
class ReferenceRuns;
class LiveTracePlots;
class SimulationThread;
class SimulationWorker;
class TopDownView;

/// The live-simulation workspace: run controls, status, metrics, drive
/// pad, live traces, friction ellipses, G-G diagram and the top-down car.
///
/// The simulation runs in a SimulationWorker in its own thread. Once per
/// tick (30 Hz) the page drains the worker's telemetry queue into a bounded
/// LiveHistory, copies its status, feeds the visible views and lets the plots
/// replot once (queued). setSetup() passes every edit to the running car at
/// the next step boundary.
class LiveSimulationPage : public QWidget {
    Q_OBJECT
public:
    explicit LiveSimulationPage(QWidget* parent = nullptr);
    /// Shuts the simulation thread down, even mid-run.
    ~LiveSimulationPage() override;

    /// The setup to simulate: applied to a running car at its next step
    /// boundary and used by the next start.
    void setSetup(const Setup& setup);
    const Setup& setup() const { return m_setup; }
    /// Another car is simulated from now on (another document): the run under way stops
    /// and its history, metrics and cursor go, so none of it shows under the new name.
    void forgetResults();
    /// Units of the live traces (speeds in km/h or mph, torque in N m or lb-ft, ...).
    void setUnitSystem(UnitSystem system);

    // --- Run control (what the buttons do). ---
    /// "drive", a catalogue id, or "scripted".
    void selectInputSource(const QString& id);
    QString inputSource() const;
    /// A parameter of the selected maneuver, by key.
    void setManeuverOption(const QString& key, double value);
    /// A word parameter of the selected maneuver (a dynamic lap's "track" or "line"),
    /// as choosing it in its box would; false if the maneuver has no such word.
    bool setManeuverWord(const QString& key, const QString& value);
    /// The box of a word parameter of the selected maneuver, or nullptr.
    QComboBox* maneuverWordChoice(const QString& key) const;
    void setScript(std::vector<ScriptRow> rows, const QString& name);
    /// What "Load script…" does once a file is chosen: reads it through the
    /// bounded reader (the CLI's 16 MiB limit) and validates it; on failure
    /// shows why and keeps the current script.
    bool loadScriptFile(const QString& path);
    const std::vector<ScriptRow>& script() const { return m_script; }
    QString scriptName() const { return m_scriptName; }
    void setRealTime(bool realTime);
    void setSpeedFactor(double factor);
    void start();
    void pause();
    void resume();
    void stop();
    void reset();
    void singleStep();
    /// Stop the thread (also done by the destructor); idempotent.
    void shutdown();

    // --- What the page shows. ---
    WorkerState state() const { return m_status.state; }
    const WorkerStatus& lastStatus() const { return m_status; }
    const MetricList& lastMetrics() const { return m_metrics; }
    QString errorText() const;
    QTableWidget* metricsTable() const { return m_metricsTable; }
    const LiveHistory& history() const { return m_history; }
    LiveTracePlots* tracePlots() const { return m_traces; }
    FrictionEllipseView* frictionView() const { return m_friction; }
    GGDiagramView* ggView() const { return m_gg; }
    TopDownView* topDownView() const { return m_topDown; }
    DrivePad* drivePad() const { return m_drivePad; }
    /// The cursor's A/B table and the reference run panel.
    LiveAnalysis* analysis() const { return m_analysis; }
    /// The window's pinned runs (the page keeps its own until given these).
    void setReferenceRuns(ReferenceRuns* runs);
    SimulationWorker* worker() const;

    /// Metric value as the table shows it, in the unit system's unit.
    static QString formatMetricValue(const Metric& metric, UnitSystem system = UnitSystem::SI);

    /// The live history as CSV, and every pinned reference run beside it
    /// (ReferenceRuns::exportBeside); `written` lists the reference files.
    bool exportTelemetryCsv(const QString& path, QString* error = nullptr, QStringList* written = nullptr) const;

    /// Drain the worker and update everything now (the timer does this 30 times a second).
    void tick();

signals:
    void runStarted();
    void runFinished(const vtw::MetricList& metrics);
    void runFailed(const QString& message);
    /// One line for a status bar.
    void statusMessage(const QString& text);

private:
    QWidget* buildControls();
    void rebuildParameterForm();
    RunRequest makeRequest() const;
    /// Lays the track a request drives (its "track" and "line" words) under the
    /// top-down view, or clears it for a run off any track.
    void showTrackOf(const RunRequest& request);
    bool requestReady(QString* why) const;
    /// Refuses with the reason when the request cannot run; else clears the
    /// last run's error and metrics. Shared by start and reset.
    bool clearForNewRun();
    void onStateChanged(int state);
    void onManeuverFinished(const MetricList& metrics);
    void onRunFailed(const QString& message);
    void updateButtons();
    void updateStatusLabels();
    void updateViews();
    void showMetrics(const MetricList& metrics);
    void showError(const QString& message);
    void loadScript();
    void exportCsvInteractive();
    void exportViewInteractive(QWidget* view, const QString& name);
    void onPacingChanged();

    Setup m_setup = defaultSetup();
    UnitSystem m_units = UnitSystem::SI;
    std::unique_ptr<SimulationThread> m_thread;
    WorkerStatus m_status;
    LiveHistory m_history;
    GGEnvelope m_ggEnvelope;
    EnvelopeRecord m_envelopes;
    /// A run whose results were forgotten (another car was opened): its late samples,
    /// status and metrics are not shown.
    std::optional<std::uint64_t> m_forgottenGeneration;
    PathTrace m_path;
    std::vector<StepSample> m_drained;
    long m_droppedTotal = 0;
    MetricList m_metrics;
    std::vector<ScriptRow> m_script;
    QString m_scriptName;
    QTimer* m_tick = nullptr;

    QComboBox* m_source = nullptr;
    QFormLayout* m_paramForm = nullptr;
    QPointer<QCheckBox> m_driveAssist; ///< drive mode's pedal help; gone with its form row
    QWidget* m_paramBox = nullptr;
    std::vector<std::pair<std::string, QWidget*>> m_paramSpins; ///< the numbers' editors
    std::vector<std::pair<std::string, QComboBox*>> m_paramWords;
    QPushButton* m_loadScript = nullptr;
    QLabel* m_scriptLabel = nullptr;
    QRadioButton* m_realTime = nullptr;
    QRadioButton* m_fast = nullptr;
    QDoubleSpinBox* m_speed = nullptr;
    QPushButton* m_startButton = nullptr;
    QPushButton* m_pauseButton = nullptr;
    QPushButton* m_resumeButton = nullptr;
    QPushButton* m_stopButton = nullptr;
    QPushButton* m_resetButton = nullptr;
    QPushButton* m_stepButton = nullptr;
    QLabel* m_stateLabel = nullptr;
    QLabel* m_timeLabel = nullptr;
    QLabel* m_rateLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_metricsTitle = nullptr;
    QTableWidget* m_metricsTable = nullptr;
    DrivePad* m_drivePad = nullptr;
    LiveTracePlots* m_traces = nullptr;
    FrictionEllipseView* m_friction = nullptr;
    GGDiagramView* m_gg = nullptr;
    TopDownView* m_topDown = nullptr;
    LiveAnalysis* m_analysis = nullptr;
};

} // namespace vtw

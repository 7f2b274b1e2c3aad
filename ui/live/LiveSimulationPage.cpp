#include "ui/live/LiveSimulationPage.h"

#include "ui/live/LiveMathChannels.h"

#include "ui/live/DrivePad.h"
#include "ui/live/FrictionEllipseView.h"
#include "ui/live/GGDiagramView.h"
#include "ui/live/LiveAnalysis.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/live/LiveViewData.h"
#include "ui/shared/ManeuverParameterEditor.h"
#include "ui/mathchannels/MathChannelStore.h"
#include "core/mathchannels/MathChannelJson.h"
#include "ui/shared/ManeuverWordChoice.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/live/SimulationThread.h"
#include "ui/live/TopDownView.h"
#include "core/base/Units.h"
#include "ui/shared/ViewExport.h"
#include "core/setupfile/AtomicFile.h"
#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/CsvIo.h"
#include "core/maneuvers/DynamicLap.h"
#include "core/setupfile/ScriptCsv.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

const QString driveId = QStringLiteral("drive");
const QString scriptedId = QStringLiteral("scripted");
// 30 Hz: smooth enough to watch, and leaves the UI thread most of each frame.
constexpr int tickMilliseconds = 33;
// The top-down view's scale on a track: 60 m across a view of 360 pixels.
constexpr double trackPixelsPerMetre = 6.0;

bool isActive(WorkerState s) {
    return s == WorkerState::Running || s == WorkerState::Paused;
}

} // namespace

LiveSimulationPage::LiveSimulationPage(QWidget* parent)
    : QWidget(parent), m_thread(std::make_unique<SimulationThread>()) {
    SimulationWorker* w = m_thread->worker();
    connect(w, &SimulationWorker::stateChanged, this, &LiveSimulationPage::onStateChanged);
    connect(w, &SimulationWorker::maneuverFinished, this, &LiveSimulationPage::onManeuverFinished);
    connect(w, &SimulationWorker::runFailed, this, &LiveSimulationPage::onRunFailed);

    m_traces = new LiveTracePlots(this);
    m_traces->setHistory(&m_history);
    m_friction = new FrictionEllipseView(this);
    m_gg = new GGDiagramView(this);
    m_topDown = new TopDownView(this);
    const std::pair<QWidget*, QString> exportable[] = {
        {m_traces->plot(), QStringLiteral("traces")},
        {m_friction, QStringLiteral("friction-ellipses")},
        {m_gg, QStringLiteral("gg-diagram")},
        {m_topDown, QStringLiteral("top-down")}};
    for (const auto& [shown, fileName] : exportable) {
        QWidget* view = shown;
        const QString name = fileName;
        QWidget* target = view == m_traces->plot() ? static_cast<QWidget*>(m_traces) : view;
        view->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(view, &QWidget::customContextMenuRequested, this,
                [this, view, target, name](QPoint at) {
                    QMenu menu;
                    menu.addAction(tr("Export as PNG or PDF…"), this,
                                   [this, target, name] { exportViewInteractive(target, name); });
                    menu.exec(view->mapToGlobal(at));
                });
    }

    auto* views = new QSplitter(Qt::Horizontal);
    views->addWidget(m_topDown);
    views->addWidget(m_friction);
    views->addWidget(m_gg);
    views->setStretchFactor(0, 4);
    views->setStretchFactor(1, 4);
    views->setStretchFactor(2, 3);
    m_analysis = new LiveAnalysis(m_traces, &m_history, [this] {
        const QString car = QString::fromStdString(m_setup.name);
        return m_status.maneuverTitle.empty() ? car
                                              : tr("%1 - %2").arg(car, QString::fromStdString(m_status.maneuverTitle));
    }, this);
    connect(m_analysis->referencePanel(), &ReferencePanel::message, this, &LiveSimulationPage::statusMessage);
    auto* cursorTools = new QSplitter(Qt::Horizontal);
    cursorTools->addWidget(m_analysis->abTable());
    cursorTools->addWidget(m_analysis->referencePanel());
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(m_traces);
    right->addWidget(cursorTools);
    right->addWidget(views);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 1);
    right->setStretchFactor(2, 2);
    right->setSizes({480, 130, 330});

    auto* controls = new QScrollArea;
    controls->setWidget(buildControls());
    controls->setWidgetResizable(true);
    controls->setFrameShape(QFrame::NoFrame);
    controls->setMinimumWidth(controls->widget()->sizeHint().width() + 16);
    controls->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(controls);
    layout->addWidget(right, 1);

    m_tick = new QTimer(this);
    m_tick->setInterval(tickMilliseconds);
    connect(m_tick, &QTimer::timeout, this, &LiveSimulationPage::tick);
    m_tick->start();
    onPacingChanged();
    updateButtons();
    updateViews();
}

LiveSimulationPage::~LiveSimulationPage() {
    shutdown();
}

void LiveSimulationPage::shutdown() {
    if (m_tick)
        m_tick->stop();
    if (m_thread)
        m_thread->shutdown();
}

SimulationWorker* LiveSimulationPage::worker() const {
    return m_thread->worker();
}

QWidget* LiveSimulationPage::buildControls() {
    auto* panel = new QWidget;
    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 4, 0);

    // What to run.
    auto* runBox = new QGroupBox(tr("Run"));
    auto* runLayout = new QVBoxLayout(runBox);
    m_source = new QComboBox;
    m_source->addItem(tr("Drive (keyboard)"), driveId);
    for (const ManeuverDescription& m : maneuverCatalogue()) {
        m_source->addItem(QString::fromStdString(m.title), QString::fromStdString(m.id));
        m_source->setItemData(m_source->count() - 1, QString::fromStdString(m.description),
                              Qt::ToolTipRole);
    }
    m_source->addItem(tr("Scripted inputs (CSV)"), scriptedId);
    runLayout->addWidget(m_source);
    m_paramBox = new QWidget;
    m_paramForm = new QFormLayout(m_paramBox);
    m_paramForm->setContentsMargins(0, 0, 0, 0);
    runLayout->addWidget(m_paramBox);
    auto* scriptRow = new QHBoxLayout;
    m_loadScript = new QPushButton(tr("Load script…"));
    m_scriptLabel = new QLabel(tr("no script"));
    m_scriptLabel->setWordWrap(true);
    scriptRow->addWidget(m_loadScript);
    scriptRow->addWidget(m_scriptLabel, 1);
    runLayout->addLayout(scriptRow);
    connect(m_loadScript, &QPushButton::clicked, this, &LiveSimulationPage::loadScript);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this] {
        rebuildParameterForm();
        updateButtons();
    });

    // Pacing.
    auto* pace = new QGridLayout;
    m_realTime = new QRadioButton(tr("Real time"));
    m_fast = new QRadioButton(tr("As fast as possible"));
    m_realTime->setChecked(true);
    m_speed = new QDoubleSpinBox;
    m_speed->setRange(0.1, 10.0);
    m_speed->setDecimals(2);
    m_speed->setSingleStep(0.25);
    m_speed->setValue(1.0);
    m_speed->setSuffix(QStringLiteral(" ×"));
    m_speed->setToolTip(tr("Simulated seconds per wall-clock second (0.1-10)"));
    pace->addWidget(m_realTime, 0, 0);
    pace->addWidget(m_speed, 0, 1);
    pace->addWidget(m_fast, 1, 0, 1, 2);
    runLayout->addLayout(pace);
    connect(m_realTime, &QRadioButton::toggled, this, &LiveSimulationPage::onPacingChanged);
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, &LiveSimulationPage::onPacingChanged);

    // Buttons.
    auto* buttons = new QGridLayout;
    m_startButton = new QPushButton(tr("Start"));
    m_pauseButton = new QPushButton(tr("Pause"));
    m_resumeButton = new QPushButton(tr("Resume"));
    m_stopButton = new QPushButton(tr("Stop"));
    m_resetButton = new QPushButton(tr("Reset"));
    m_stepButton = new QPushButton(tr("Step"));
    m_startButton->setObjectName(QStringLiteral("liveStart"));
    m_startButton->setToolTip(tr("Start the run from the beginning"));
    m_resetButton->setToolTip(tr("Back to the start of the run, paused"));
    m_stepButton->setToolTip(tr("Advance one time step while paused"));
    buttons->addWidget(m_startButton, 0, 0);
    buttons->addWidget(m_pauseButton, 0, 1);
    buttons->addWidget(m_resumeButton, 0, 2);
    buttons->addWidget(m_stopButton, 1, 0);
    buttons->addWidget(m_resetButton, 1, 1);
    buttons->addWidget(m_stepButton, 1, 2);
    runLayout->addLayout(buttons);
    connect(m_startButton, &QPushButton::clicked, this, &LiveSimulationPage::start);
    connect(m_pauseButton, &QPushButton::clicked, this, &LiveSimulationPage::pause);
    connect(m_resumeButton, &QPushButton::clicked, this, &LiveSimulationPage::resume);
    connect(m_stopButton, &QPushButton::clicked, this, &LiveSimulationPage::stop);
    connect(m_resetButton, &QPushButton::clicked, this, &LiveSimulationPage::reset);
    connect(m_stepButton, &QPushButton::clicked, this, &LiveSimulationPage::singleStep);
    layout->addWidget(runBox);

    // Status.
    auto* statusBox = new QGroupBox(tr("Status"));
    auto* statusLayout = new QVBoxLayout(statusBox);
    m_stateLabel = new QLabel;
    m_stateLabel->setObjectName(QStringLiteral("liveState"));
    m_stateLabel->setWordWrap(true); // a maneuver still preparing says how far it has got
    m_timeLabel = new QLabel;
    m_rateLabel = new QLabel;
    m_errorLabel = new QLabel;
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b00000;"));
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->hide();
    // The panel is narrow: long states ("plotting every 4th step", a maneuver's title) wrap.
    for (QLabel* l : {m_stateLabel, m_timeLabel, m_rateLabel, m_errorLabel}) {
        l->setWordWrap(true);
        statusLayout->addWidget(l);
    }
    layout->addWidget(statusBox);

    // Metrics of the finished maneuver.
    m_metricsTitle = new QLabel(tr("Metrics"));
    m_metricsTable = new QTableWidget(0, 3);
    m_metricsTable->setHorizontalHeaderLabels({tr("Metric"), tr("Value"), tr("Unit")});
    m_metricsTable->verticalHeader()->hide();
    m_metricsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metricsTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_metricsTable->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_metricsTable->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_metricsTable->setMinimumHeight(140);
    m_metricsTable->setMaximumHeight(260);
    layout->addWidget(m_metricsTitle);
    layout->addWidget(m_metricsTable);
    layout->addStretch(1);

    // Driving.
    m_drivePad = new DrivePad;
    layout->addWidget(m_drivePad);
    connect(m_drivePad, &DrivePad::inputsChanged, this,
            [this](const DriverInputs& inputs) { worker()->setDriverInputs(inputs); });

    auto* exportCsv = new QPushButton(tr("Export telemetry CSV…"));
    connect(exportCsv, &QPushButton::clicked, this, &LiveSimulationPage::exportCsvInteractive);
    layout->addWidget(exportCsv);

    rebuildParameterForm();
    panel->setMinimumWidth(270);
    return panel;
}

void LiveSimulationPage::rebuildParameterForm() {
    while (m_paramForm->rowCount() > 0)
        m_paramForm->removeRow(0);
    m_paramSpins.clear();
    m_paramWords.clear();
    const QString id = inputSource();
    if (id == driveId) {
        // Driving on open ground, or on a track from its start line.
        QComboBox* box = makeWordChoice({"track", "Track", ""}, "");
        box->insertItem(0, tr("Open ground"), QString());
        box->setCurrentIndex(0);
        box->setToolTip(tr("Where to drive: open ground, or a library track from its start line"));
        m_paramForm->addRow(tr("Track"), box);
        m_paramWords.emplace_back("track", box);
        m_driveAssist = new QCheckBox(tr("Ease off at the limit"));
        m_driveAssist->setObjectName(QStringLiteral("driveAssist"));
        m_driveAssist->setChecked(true);
        m_driveAssist->setToolTip(tr("Keys are on or off: with this, throttle and brake ease off where a wheel "
                                     "spins or locks past its tyre's peak slip, as the maneuvers' driver does, "
                                     "so full throttle accelerates as the acceleration run does. Off: the "
                                     "pedals are the keys, wheelspin and lock-ups included."));
        m_paramForm->addRow(tr("Pedals"), m_driveAssist);
    }
    for (const ManeuverDescription& m : maneuverCatalogue()) {
        if (QString::fromStdString(m.id) != id)
            continue;
        // Words first: the track a lap drives reads before how fast.
        for (const ManeuverWord& w : m.words) {
            QComboBox* box = makeWordChoice(w, w.defaultValue);
            m_paramForm->addRow(wordChoiceLabel(w), box);
            m_paramWords.emplace_back(w.key, box);
        }
        for (const ManeuverParameter& p : m.parameters) {
            QWidget* editor = makeParameterEditor(p, p.defaultValue, nullptr, m_units);
            m_paramForm->addRow(parameterLabel(p, m_units), editor);
            m_paramSpins.emplace_back(p.key, editor);
        }
    }
    m_paramBox->setVisible(!m_paramSpins.empty() || !m_paramWords.empty());
    const bool scripted = id == scriptedId;
    m_loadScript->setVisible(scripted);
    m_scriptLabel->setVisible(scripted);
    updateButtons();
}

QString LiveSimulationPage::inputSource() const {
    return m_source->currentData().toString();
}

void LiveSimulationPage::selectInputSource(const QString& id) {
    const int index = m_source->findData(id);
    if (index >= 0)
        m_source->setCurrentIndex(index);
}

void LiveSimulationPage::setManeuverOption(const QString& key, double value) {
    for (auto& [k, editor] : m_paramSpins) {
        if (QString::fromStdString(k) == key)
            setParameterEditorValue(editor, value);
    }
}

bool LiveSimulationPage::setManeuverWord(const QString& key, const QString& value) {
    QComboBox* box = maneuverWordChoice(key);
    if (box)
        setWordChoiceValue(box, value.toStdString());
    return box != nullptr;
}

QComboBox* LiveSimulationPage::maneuverWordChoice(const QString& key) const {
    for (const auto& [k, box] : m_paramWords) {
        if (QString::fromStdString(k) == key)
            return box;
    }
    return nullptr;
}

void LiveSimulationPage::setScript(std::vector<ScriptRow> rows, const QString& name) {
    m_script = std::move(rows);
    m_scriptName = name;
    m_scriptLabel->setText(
        tr("%1 (%n rows)", nullptr, static_cast<int>(m_script.size())).arg(name));
    updateButtons();
}

void LiveSimulationPage::loadScript() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load scripted inputs"), QString(),
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (!path.isEmpty())
        loadScriptFile(path);
}

bool LiveSimulationPage::loadScriptFile(const QString& path) {
    // Bounded and files only: a FIFO (which would block open() on the GUI thread),
    // a device or a file beyond the CLI's limit is refused.
    const BoundedReadResult read = readFileBounded(path, maxCsvBytes, InputKinds::RegularFilesOnly);
    if (!read.data) {
        showError(read.error);
        return false;
    }
    const ScriptReadResult result = readScriptCsv(*read.data, m_setup.gearbox.gearCount());
    if (!result.ok()) {
        showError(
            tr("%1: %2").arg(QFileInfo(path).fileName(), result.errors.join(QStringLiteral("; "))));
        return false;
    }
    setScript(result.rows, QFileInfo(path).fileName());
    return true;
}

void LiveSimulationPage::setRealTime(bool realTime) {
    (realTime ? m_realTime : m_fast)->setChecked(true);
}

void LiveSimulationPage::setSpeedFactor(double factor) {
    m_speed->setValue(factor);
}

void LiveSimulationPage::onPacingChanged() {
    m_speed->setEnabled(m_realTime->isChecked());
    worker()->setPacing({m_realTime->isChecked(), m_speed->value()});
}

void LiveSimulationPage::setSetup(const Setup& setup) {
    m_setup = setup;
    // Thread-safe and coalescing: a burst of edits costs one rebuild per slice.
    worker()->setSetup(setup);
    m_drivePad->keyboard().setTopGear(
        setup.gearbox.shiftMode == ShiftMode::Manual ? setup.gearbox.gearCount() : 1);
}

void LiveSimulationPage::setUnitSystem(UnitSystem system) {
    m_units = system;
    m_traces->setUnitSystem(system);
    m_topDown->setUnitSystem(system);
    m_friction->setUnitSystem(system);
    if (m_analysis)
        m_analysis->referencePanel()->setUnitSystem(system);
    for (const auto& [key, editor] : m_paramSpins)
        setParameterEditorUnits(editor, system, m_paramForm);
    showMetrics(m_metrics);
}

RunRequest LiveSimulationPage::makeRequest() const {
    RunRequest request;
    request.setup = m_setup;
    const QString id = inputSource();
    for (const auto& [key, box] : m_paramWords)
        request.words[key] = wordChoiceValue(box);
    if (id == driveId) {
        request.mode = RunMode::Drive;
        request.driveAssist = !m_driveAssist || m_driveAssist->isChecked();
        const std::string& track = request.words["track"];
        if (track.empty())
            return request;
        // At rest on the start line, along the race line (the line the view draws).
        const PreparedTrackResult prepared =
            prepareTrackCached(QString::fromStdString(track), LineChoice::RaceLine, dynamicLapStationStep);
        if (prepared.prepared && prepared.prepared->path.stations() >= 2) {
            const TrackPath& path = prepared.prepared->path;
            request.driveStart.x = path.x[0];
            request.driveStart.y = path.y[0];
            request.driveStart.heading = std::atan2(path.y[1] - path.y[0], path.x[1] - path.x[0]);
        }
        return request;
    }
    request.mode = RunMode::Maneuver;
    request.maneuverId = id.toStdString();
    if (id == scriptedId)
        request.script = m_script;
    for (const auto& [key, editor] : m_paramSpins)
        request.options[key] = parameterEditorValue(editor);
    return request;
}

void LiveSimulationPage::showTrackOf(const RunRequest& request) {
    const auto track = request.words.find("track");
    const auto line = request.words.find("line");
    const auto* choice = line != request.words.end() ? optionByCliName<LineChoice>(line->second) : nullptr;
    if (track == request.words.end() || track->second.empty()) {
        m_topDown->setTrack({});
        return;
    }
    // The same preparation the maneuver makes (and shares through the cache): the view
    // shows the very line the driver follows. A track that does not load shows none;
    // the run says why.
    const PreparedTrackResult prepared =
        prepareTrackCached(QString::fromStdString(track->second), choice ? choice->value : LineChoice::RaceLine,
                           dynamicLapStationStep);
    m_topDown->setTrack(prepared.prepared ? makeTopDownTrack(*prepared.prepared) : TopDownTrack{});
    // Far enough out that the track's edges and the bend ahead show around the car.
    m_topDown->setPixelsPerMetre(std::min(m_topDown->pixelsPerMetre(), trackPixelsPerMetre));
}

bool LiveSimulationPage::requestReady(QString* why) const {
    if (inputSource() == scriptedId && m_script.empty()) {
        *why = tr("Load a script (CSV) first.");
        return false;
    }
    return true;
}

bool LiveSimulationPage::clearForNewRun() {
    QString why;
    if (!requestReady(&why)) {
        showError(why);
        return false;
    }
    showError(QString());
    m_metrics.clear();
    showMetrics(m_metrics);
    return true;
}

void LiveSimulationPage::start() {
    if (!clearForNewRun())
        return;
    onPacingChanged();
    const RunRequest request = makeRequest();
    showTrackOf(request);
    m_thread->start(request);
    m_drivePad->setDriving(inputSource() == driveId);
    emit runStarted();
}

void LiveSimulationPage::pause() {
    m_thread->pause();
}
void LiveSimulationPage::resume() {
    m_thread->resume();
}
void LiveSimulationPage::stop() {
    m_thread->stop();
}

void LiveSimulationPage::reset() {
    if (!clearForNewRun())
        return;
    const RunRequest request = makeRequest();
    showTrackOf(request);
    m_thread->prepare(request);
    m_drivePad->setDriving(inputSource() == driveId);
}

void LiveSimulationPage::singleStep() {
    if (m_status.state == WorkerState::Running)
        m_thread->pause();
    else if (m_status.state != WorkerState::Paused) {
        // Nothing prepared: step from the start of a fresh run.
        QString why;
        if (!requestReady(&why)) {
            showError(why);
            return;
        }
        reset();
    }
    m_thread->singleStep();
}

void LiveSimulationPage::onStateChanged(int state) {
    m_status.state = static_cast<WorkerState>(state);
    if (!isActive(m_status.state))
        m_drivePad->setDriving(false);
    updateButtons();
    updateStatusLabels();
    if (m_status.state == WorkerState::Paused || m_status.state == WorkerState::Stopped) {
        // A run held still: its delta-time against the reference and its A/B values, now.
        tick();
        m_analysis->runChanged();
    }
}

void LiveSimulationPage::onManeuverFinished(const MetricList& metrics) {
    if (m_forgottenGeneration && *m_forgottenGeneration == m_history.generation)
        return; // the run of the car that was replaced
    m_metrics = metrics;
    tick(); // the run's last samples and status, before anything reads them
    m_analysis->runChanged();
    showMetrics(metrics);
    emit statusMessage(metrics.empty() ? tr("Run finished")
                                       : tr("Maneuver finished: %n metrics", nullptr,
                                            static_cast<int>(metrics.size())));
    emit runFinished(metrics);
}

void LiveSimulationPage::onRunFailed(const QString& message) {
    tick();
    showError(message);
    emit statusMessage(message);
    emit runFailed(message);
}

void LiveSimulationPage::showError(const QString& message) {
    m_errorLabel->setText(message);
    m_errorLabel->setVisible(!message.isEmpty());
}

QString LiveSimulationPage::errorText() const {
    return m_errorLabel->text();
}

QString LiveSimulationPage::formatMetricValue(const Metric& metric, UnitSystem system) {
    if (!metric.reached || !std::isfinite(metric.value))
        return tr("not reached");
    if (metric.unit == yesNoUnit)
        return tr(yesNoText(metric.value));
    const DisplayUnit shown = metricDisplayUnit(QString::fromStdString(metric.unit), system);
    return QString::number(metric.value * shown.scale, 'g', 6);
}

void LiveSimulationPage::showMetrics(const MetricList& metrics) {
    m_metricsTable->setRowCount(static_cast<int>(metrics.size()));
    for (int r = 0; r < static_cast<int>(metrics.size()); ++r) {
        const Metric& m = metrics[static_cast<std::size_t>(r)];
        auto* name = new QTableWidgetItem(QString::fromStdString(m.label));
        name->setToolTip(QString::fromStdString(m.key));
        auto* value = new QTableWidgetItem(formatMetricValue(m, m_units));
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (m.reached && !m.valid) {
            // Readable but plainly not a result: grey, struck out, the reason in the tooltip.
            QFont font = value->font();
            font.setStrikeOut(true);
            value->setFont(font);
            value->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            value->setToolTip(tr("Invalid: %1").arg(QString::fromStdString(m.invalidReason)));
            name->setToolTip(QStringLiteral("%1\nInvalid: %2")
                                 .arg(QString::fromStdString(m.key), QString::fromStdString(m.invalidReason)));
        } else if (!m.reached) {
            value->setToolTip(QString::fromStdString(m.invalidReason)); // when and why the run ended
        }
        m_metricsTable->setItem(r, 0, name);
        m_metricsTable->setItem(r, 1, value);
        m_metricsTable->setItem(
            r, 2,
            new QTableWidgetItem(metricDisplayUnit(QString::fromStdString(m.unit), m_units).symbol));
    }
    m_metricsTitle->setText(
        metrics.empty() ? tr("Metrics")
                        : tr("Metrics: %1").arg(QString::fromStdString(m_status.maneuverTitle)));
}

void LiveSimulationPage::updateButtons() {
    const WorkerState s = m_status.state;
    m_pauseButton->setEnabled(s == WorkerState::Running);
    m_resumeButton->setEnabled(s == WorkerState::Paused);
    // A maneuver still preparing (the limit driver learning) holds the run: Stop ends it.
    m_stopButton->setEnabled(isActive(s) || !m_status.preparation.empty());
    m_stepButton->setEnabled(s != WorkerState::Running);
    m_startButton->setText(isActive(s) ? tr("Restart") : tr("Start"));
    // A run that cannot start (scripted inputs without a script) says so on the button.
    QString why;
    const bool ready = requestReady(&why);
    m_startButton->setEnabled(ready);
    m_startButton->setToolTip(ready ? tr("Start the run from the beginning") : why);
}

void LiveSimulationPage::setReferenceRuns(ReferenceRuns* runs) {
    m_analysis->setReferenceRuns(runs);
}

void LiveSimulationPage::forgetResults() {
    if (isActive(m_status.state))
        m_thread->stop();
    if (m_status.hasSample || !m_history.empty())
        m_forgottenGeneration = m_history.generation;
    m_status.hasSample = false;
    m_history.clear();
    m_ggEnvelope.clear();
    m_envelopes.clear();
    m_path.clear();
    m_metrics.clear();
    m_status.maneuverTitle.clear();
    m_traces->workspaceCursor()->clear();
    showMetrics(m_metrics);
    showError(QString());
    m_analysis->runChanged();
    updateViews();
}

void LiveSimulationPage::tick() {
    // The state stays the one the page has acted on (onStateChanged): the worker's
    // runs ahead of its queued signal, and a state not yet acted on (Stopped while
    // the pad still drives) must not be what the page reports.
    const WorkerState actedOn = m_status.state;
    m_status = worker()->status();
    m_status.state = actedOn;
    long dropped = 0;
    const std::uint64_t generation = worker()->queue().drain(m_drained, &dropped);
    if (m_forgottenGeneration == generation) {
        // The forgotten run's last samples and state: not this car's.
        m_drained.clear();
        m_status.hasSample = false;
        m_status.maneuverTitle.clear();
    }
    if (generation != m_history.generation) {
        // A new run: forget the last one's history.
        m_history.clear();
        m_ggEnvelope.clear();
        m_path.clear();
        m_envelopes.clear();
        m_history.generation = generation;
        m_droppedTotal = 0;
        // The cursor and markers pointed into the last run.
        m_traces->workspaceCursor()->clear();
        m_analysis->runChanged();
    }
    m_droppedTotal += dropped;
    for (const StepSample& s : m_drained) {
        m_history.append(s);
        m_ggEnvelope.add(s.forces.longitudinalAccel / units::gravity,
                         s.forces.lateralAccel / units::gravity);
        m_path.add(s.body.x, s.body.y, s.speed());
    }
    if (m_status.hasSample)
        m_envelopes.add(m_status.latest.time, m_status.limits);
    if (m_status.hasSample && m_drivePad->isDriving())
        m_drivePad->setEngagedGear(m_status.latest.gear);
    if (m_status.hasSample && !m_drivePad->isDriving()) {
        // The gear engaged, as the gear trace shows it: an automatic box's request is
        // only "drive" (1).
        DriverInputs shown = m_status.latest.inputs;
        shown.gear.gear = m_status.latest.gear;
        m_drivePad->showInputs(shown);
    }
    if (m_status.preparation.empty() == m_stopButton->isEnabled() && !isActive(m_status.state))
        updateButtons(); // a preparation began or ended: Stop with it
    updateStatusLabels();
    updateViews();
}

void LiveSimulationPage::updateStatusLabels() {
    const WorkerStatus& s = m_status;
    QString state = QString::fromLatin1(workerStateName(s.state));
    if (!s.maneuverTitle.empty())
        state += QStringLiteral(" - ") + QString::fromStdString(s.maneuverTitle);
    if (s.timedOut)
        state += tr(" (time limit)");
    if (!s.preparation.empty()) {
        // Before its first step the run has no state of its own yet: what it does is the news.
        state = QString::fromStdString(s.preparation);
        state[0] = state[0].toUpper();
    }
    m_stateLabel->setText(tr("State: %1").arg(state));
    m_timeLabel->setText(tr("Sim time %1 s   steps %2").arg(s.simTime, 0, 'f', 3).arg(s.steps));
    QString rate = tr("%1 steps/s   %2× real time")
                       .arg(s.stepsPerSecond, 0, 'f', 0)
                       .arg(s.realTimeRatio, 0, 'f', s.realTimeRatio < 10 ? 2 : 0);
    if (s.recordStride > 1)
        rate += tr("   plotting every %1th step").arg(s.recordStride);
    if (m_droppedTotal > 0)
        rate += tr("   %1 samples dropped").arg(m_droppedTotal);
    m_rateLabel->setText(rate);
}

void LiveSimulationPage::updateViews() {
    // Hidden views cost nothing; the history keeps filling for when they show.
    if (m_traces->isVisible())
        m_traces->refresh();
    // With the cursor on the run, the state views show the sample there; else the newest.
    // Once a tick: a burst of mouse moves costs one update.
    const std::optional<double> at = m_traces->workspaceCursor()->position();
    if (m_friction->isVisible()) {
        const auto atCursor = at ? frictionDataAt(m_history, m_envelopes, *at) : std::nullopt;
        m_friction->setData(atCursor ? *atCursor : makeFrictionData(m_status, m_history));
    }
    if (m_gg->isVisible()) {
        const auto atCursor = at ? ggDataAt(m_history, m_ggEnvelope, *at) : std::nullopt;
        m_gg->setData(atCursor ? *atCursor : makeGGData(m_status, m_history, m_ggEnvelope));
    }
    if (m_topDown->isVisible()) {
        const auto atCursor = at ? topDownDataAt(m_history, m_status, m_path, *at) : std::nullopt;
        m_topDown->setData(atCursor ? *atCursor : makeTopDownData(m_status, m_path));
    }
}

bool LiveSimulationPage::exportTelemetryCsv(const QString& path, QString* error, QStringList* written) const {
    const SaveResult saved = writeFileAtomically(path, m_history.toCsv(liveMathCsvColumns(m_history)));
    if (!saved.ok) {
        if (error)
            *error = saved.error;
        return false;
    }
    if (!m_analysis->referenceRuns()->exportBeside(path, written, error))
        return false;
    // The math channels' formulas go with the exported session, so that its columns can be
    // computed again (Tools > Math channels > Import).
    const std::vector<MathChannel> math = MathChannelStore::instance().channels();
    if (math.empty())
        return true;
    const QString mathPath = QFileInfo(path).path() + QLatin1Char('/') + QFileInfo(path).completeBaseName() +
                             QStringLiteral(".math.json");
    const SaveResult mathSaved = writeFileAtomically(mathPath, mathChannelsJson(math));
    if (!mathSaved.ok) {
        if (error)
            *error = mathSaved.error;
        return false;
    }
    if (written)
        *written << mathPath;
    return true;
}

void LiveSimulationPage::exportCsvInteractive() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export telemetry"), QStringLiteral("telemetry.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    QStringList references;
    if (!exportTelemetryCsv(path, &error, &references)) {
        showError(error);
        return;
    }
    // The live history is what the views need, not every step: say so, and
    // where the full record comes from.
    QString note;
    if (m_status.recordStride > 1 || m_history.size() < static_cast<std::size_t>(m_status.steps))
        note = tr(" (%1 samples of %2 steps: the live view keeps fewer in fast mode and on long "
                  "runs; `vtw-cli run -t` writes every step of a maneuver)")
                   .arg(m_history.size())
                   .arg(m_status.steps);
    if (!references.isEmpty())
        note += tr(" (and %n pinned reference run(s) beside it)", nullptr, static_cast<int>(references.size()));
    emit statusMessage(tr("Telemetry written to %1").arg(path) + note);
}

void LiveSimulationPage::exportViewInteractive(QWidget* view, const QString& name) {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export view"), name + QStringLiteral(".png"),
                                     tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportView(view, path, &error))
        showError(error);
    else
        emit statusMessage(tr("View written to %1").arg(path));
}

} // namespace vtw

#include "ui/track/TrackPage.h"

#include "ui/mathchannels/RunMathChannels.h"
#include "core/analysis/ChannelTableCsv.h"

#include "ui/shared/BackgroundStudy.h"
#include "ui/track/CurvaturePlot.h"
#include "ui/track/LapGGVPlot.h"
#include "ui/track/LapTracePlots.h"
#include "ui/track/SectorTable.h"
#include "ui/track/TrackChooser.h"
#include "ui/logs/LogCorrelationPanel.h"
#include "ui/track/TrackLogView.h"
#include "ui/track/TrackCursorTools.h"
#include "ui/track/TrackMapPlot.h"
#include "ui/shared/ViewExport.h"

#include "core/base/Units.h"
#include "core/lap/LapTraceCsv.h"
#include "core/setupfile/AtomicFile.h"
#include "core/lap/LapTelemetry.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace vtw {

namespace {

// How long a setup must stay unchanged before the lap runs again: an editor's drag
// changes it many times a second, and the lap needs only where it settles.
constexpr int rerunDelayMs = 300;

QString lineName(LineChoice line) {
    return line == LineChoice::RaceLine ? QObject::tr("race line") : QObject::tr("centre line");
}

} // namespace

TrackPage::TrackPage(QWidget* parent)
    : QWidget(parent), m_chooser(new TrackChooser), m_map(new TrackMapPlot), m_traces(new LapTracePlots),
      m_ggv(new LapGGVPlot), m_curvature(new CurvaturePlot), m_sectors(new SectorTable), m_message(new QLabel),
      m_readout(new QLabel), m_channel(new QComboBox), m_sideViews(new QTabWidget),
      m_views(new QSplitter(Qt::Vertical)), m_export(new QToolButton), m_rerun(new QTimer(this)),
      m_study(new BackgroundStudy(this)), m_logView(new TrackLogView(m_traces, this)) {
    setObjectName(QStringLiteral("trackPage"));
    m_message->setObjectName(QStringLiteral("trackMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setObjectName(QStringLiteral("cursorReadout"));
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_channel->setObjectName(QStringLiteral("mapChannel"));
    for (const LapChannel& c : lapChannels()) {
        if (QLatin1String(c.key) != QLatin1String("time"))
            m_channel->addItem(c.label, QString::fromLatin1(c.key));
    }
    offerMathChannels(m_channel); // the user's math channels too, computed over the lap
    m_sideViews->setObjectName(QStringLiteral("trackSideViews"));
    m_sideViews->addTab(m_ggv, tr("G-G-V envelope"));
    m_sideViews->addTab(m_curvature, tr("Curvature"));
    m_sideViews->addTab(m_logView->panel(), tr("Logged lap"));
    m_views->setObjectName(QStringLiteral("trackViews"));

    // Export: the traces as CSV, or any one view as PNG or PDF.
    m_export->setObjectName(QStringLiteral("trackExport"));
    m_export->setText(tr("Export"));
    m_export->setPopupMode(QToolButton::InstantPopup);
    m_export->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_export->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    auto* exportMenu = new QMenu(m_export);
    exportMenu->addAction(tr("Traces as CSV\u2026"), this, &TrackPage::chooseTracesExport);
    exportMenu->addSeparator();
    exportMenu->addAction(tr("Map\u2026"), this, [this] { chooseExport(m_map, QStringLiteral("track-map")); });
    exportMenu->addAction(tr("Traces plot\u2026"), this,
                          [this] { chooseExport(m_traces, QStringLiteral("lap-traces")); });
    exportMenu->addAction(tr("G-G-V envelope\u2026"), this, [this] { chooseExport(m_ggv, QStringLiteral("lap-ggv")); });
    exportMenu->addAction(tr("Curvature\u2026"), this,
                          [this] { chooseExport(m_curvature, QStringLiteral("track-curvature")); });
    exportMenu->addAction(tr("All views\u2026"), this, [this] { chooseExport(m_views, QStringLiteral("lap")); });
    m_export->setMenu(exportMenu);

    // Left: what to drive, what came of it.
    auto* side = new QWidget;
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(6, 6, 6, 6);
    auto* lapBox = new QGroupBox(tr("Lap"));
    (new QVBoxLayout(lapBox))->addWidget(m_chooser);
    sideLayout->addWidget(lapBox, 3);
    sideLayout->addWidget(m_message);
    auto* figuresBox = new QGroupBox(tr("Lap and sector times"));
    (new QVBoxLayout(figuresBox))->addWidget(m_sectors);
    sideLayout->addWidget(figuresBox, 2);
    sideLayout->addWidget(m_export);
    side->setMinimumWidth(230);
    side->setMaximumWidth(340);

    // Right: the map beside the G-G-V and curvature, the traces underneath.
    auto* mapPane = new QWidget;
    auto* mapLayout = new QVBoxLayout(mapPane);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    auto* mapBar = new QHBoxLayout;
    mapBar->addWidget(new QLabel(tr("Colour the line by:")));
    mapBar->addWidget(m_channel);
    mapBar->addStretch(1);
    mapLayout->addLayout(mapBar);
    mapLayout->addWidget(m_map, 1);
    auto* top = new QSplitter(Qt::Horizontal);
    top->setObjectName(QStringLiteral("trackTopSplit"));
    top->addWidget(mapPane);
    top->addWidget(m_sideViews);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    auto* tracePane = new QWidget;
    auto* traceLayout = new QVBoxLayout(tracePane);
    traceLayout->setContentsMargins(0, 0, 0, 0);
    traceLayout->addWidget(m_readout);
    // The rows keep their titles whole (LapTracePlots::keepTitlesWhole); on a small window
    // they scroll.
    auto* traceScroll = new QScrollArea;
    traceScroll->setObjectName(QStringLiteral("lapTraceScroll"));
    traceScroll->setWidgetResizable(true);
    traceScroll->setFrameShape(QFrame::NoFrame);
    traceScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    traceScroll->setWidget(m_traces);
    traceLayout->addWidget(traceScroll, 1);
    m_tools = new TrackCursorTools(this);
    traceLayout->addWidget(m_tools->referencePanel());
    m_sideViews->addTab(m_tools->abTable(), tr("A/B"));
    m_views->addWidget(top);
    m_views->addWidget(tracePane);
    // The traces a little taller than the map and the G-G-V (on a short window each row
    // keeps its height and they scroll), the map the wider of the two.
    m_views->setSizes({430, 520});
    top->setSizes({600, 400});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(side);
    layout->addWidget(m_views, 1);

    m_rerun->setSingleShot(true);
    m_rerun->setInterval(rerunDelayMs);
    connect(m_rerun, &QTimer::timeout, this, &TrackPage::runLap);
    connect(m_chooser, &TrackChooser::runRequested, this, &TrackPage::runLap);
    connect(m_chooser, &TrackChooser::requestChanged, this, &TrackPage::scheduleRerun);
    connect(m_chooser, &TrackChooser::fileChosen, this, &TrackPage::openTrackFile);
    connect(m_study, &BackgroundStudy::finished, this, &TrackPage::lapDone);
    connect(m_traces, &LapTracePlots::distanceChosen, this, &TrackPage::setCursorDistance);
    connect(m_map, &TrackMapPlot::distanceClicked, this, &TrackPage::setCursorDistance);
    connect(m_logView, &TrackLogView::distanceChosen, this, &TrackPage::setCursorDistance);
    connect(m_channel, &QComboBox::currentIndexChanged, this, [this] {
        m_map->setLap(m_run.get(), m_channel->currentData().toString(), m_units);
        m_map->setCursorDistance(m_cursor);
    });
    showMessage(tr("Choose a track and run a lap of the current setup."), false);
    updateReadout();
}

TrackPage::~TrackPage() = default;

void TrackPage::setReferenceRuns(ReferenceRuns* runs) {
    m_tools->setReferenceRuns(runs);
}

void TrackPage::setSetup(const Setup& setup, const QString& name) {
    m_setup = setup;
    m_setupName = name;
    scheduleRerun();
}

void TrackPage::scheduleRerun() {
    // Only a lap already on show follows the setup and the choices; the first waits for Run.
    if (m_run)
        m_rerun->start();
}

void TrackPage::setUnitSystem(UnitSystem units) {
    m_units = units;
    if (m_tools)
        m_tools->referencePanel()->setUnitSystem(units);
    showRun();
}

bool TrackPage::openTrackFile(const QString& path) {
    const QStringList reasons = m_chooser->addTrackFile(path);
    if (!reasons.isEmpty()) {
        const QString text = tr("%1 is not a track file the workbench can read: %2")
                                 .arg(QDir::toNativeSeparators(path), reasons.join(QStringLiteral("; ")));
        showMessage(text, true);
        emit statusMessage(text);
        return false;
    }
    runLap();
    return true;
}

bool TrackPage::isRunning() const {
    return m_study->isRunning();
}

bool TrackPage::runLap() {
    m_rerun->stop();
    if (!m_setup) {
        showMessage(tr("Open a setup to drive it round a track."), true);
        return false;
    }
    if (m_study->isRunning()) {
        m_runAgain = true;
        return false;
    }
    const LapRequest request = m_chooser->request();
    if (request.track.isEmpty()) {
        showMessage(tr("Choose a track."), true);
        return false;
    }
    auto slot = std::make_shared<LapRun>();
    m_pending = slot;
    const Setup setup = *m_setup;
    m_chooser->runButton()->setEnabled(false);
    showMessage(tr("Driving %1 round %2\u2026").arg(m_setupName, m_chooser->list()->currentItem()->text()), false);
    return m_study->start([slot, setup, request](const std::atomic<bool>*, const BackgroundStudy::Progress&) {
        *slot = vtw::runLap(setup, request);
    });
}

void TrackPage::lapDone() {
    m_chooser->runButton()->setEnabled(true);
    // A lap of the same track and line (prepared once, so the same object) keeps the
    // cursor where it was, to compare the place after an edit; another track's lap
    // starts it at the line.
    const bool sameTrack = m_run && m_pending && m_run->track && m_run->track == m_pending->track;
    if (!sameTrack)
        m_cursor = 0.0;
    m_run = std::move(m_pending);
    showRun();
    emit lapFinished();
    if (m_runAgain) {
        m_runAgain = false;
        runLap();
    }
}

void TrackPage::showRun() {
    const LapRun* run = m_run.get();
    m_map->setLap(run, m_channel->currentData().toString(), m_units);
    m_traces->setLap(run, m_units);
    m_logView->lapShown(run, m_units);
    m_ggv->setLap(run, m_units);
    m_curvature->setLap(run, m_units);
    m_sectors->setLap(run, m_units);
    m_tools->lapChanged();
    if (!run)
        return;
    if (!run->ok()) {
        showMessage(run->error, true);
        emit statusMessage(run->error);
    } else {
        const QString text =
            tr("%1 on the %2 of %3: %4 (%5)")
                .arg(m_setupName, lineName(run->track->line), QString::fromStdString(run->track->track.name),
                     formatLapTime(run->lap.lapTime),
                     run->request.standingStart ? tr("standing start") : tr("flying lap"));
        showMessage(run->notes.isEmpty() ? text : text + QStringLiteral("\n") + run->notes.join(QLatin1Char('\n')),
                    false);
        emit statusMessage(text);
    }
    setCursorDistance(run->lap.ok ? std::clamp(m_cursor, 0.0, run->lap.length) : 0.0);
}

void TrackPage::setMapChannel(const QString& key) {
    m_channel->setCurrentIndex(m_channel->findData(key));
}

void TrackPage::setCursorDistance(double distance) {
    m_cursor = distance;
    m_map->setCursorDistance(distance);
    m_traces->setCursorDistance(distance);
    m_curvature->setCursorDistance(distance);
    if (m_run && m_run->lap.ok)
        m_ggv->setCursorStation(nearestStation(m_run->lap.trace, distance));
    updateReadout();
}

void TrackPage::updateReadout() {
    if (!m_run || !m_run->lap.ok) {
        m_readout->setText(tr("Press or drag in the traces, or click the map, to place the cursor."));
        return;
    }
    const LapTrace& t = m_run->lap.trace;
    const std::size_t k = nearestStation(t, m_cursor);
    const DisplayUnit speed = metricDisplayUnit(QStringLiteral("km/h"), m_units);
    const DisplayUnit distance = metricDisplayUnit(QStringLiteral("m"), m_units);
    const DisplayUnit g = metricDisplayUnit(QStringLiteral("m/s^2"), m_units);
    m_readout->setText(
        tr("<b>%1</b> &nbsp; %2 s &nbsp; <b>%3 %4</b> &nbsp; gear %5 &nbsp; %6 rpm &nbsp; ax %7 &nbsp; "
           "ay %8 &nbsp; throttle %9 % &nbsp; brake %10 % &nbsp; limit: %11")
            .arg(QStringLiteral("%1 %2").arg(t.distance[k] * distance.scale, 0, 'f', 0).arg(distance.symbol))
            .arg(t.time[k], 0, 'f', 2)
            .arg(t.speed[k] * units::kmhPerMps * speed.scale, 0, 'f', 1)
            .arg(speed.symbol)
            .arg(t.gear[k])
            .arg(t.rpm[k], 0, 'f', 0)
            .arg(QStringLiteral("%1 %2").arg(t.ax[k] * g.scale, 0, 'f', 2).arg(g.symbol))
            .arg(QStringLiteral("%1 %2").arg(t.ay[k] * g.scale, 0, 'f', 2).arg(g.symbol))
            .arg(t.throttle[k] * 100.0, 0, 'f', 0)
            .arg(t.brake[k] * 100.0, 0, 'f', 0)
            .arg(limitNames().value(static_cast<int>(t.limit[k]))));
}

void TrackPage::showMessage(const QString& text, bool error) {
    m_message->setText(text);
    QPalette p = m_message->palette();
    p.setColor(QPalette::WindowText, error ? QColor(0xa0, 0x10, 0x10) : palette().color(QPalette::WindowText));
    m_message->setPalette(p);
    m_message->setProperty("error", error);
}

bool TrackPage::exportTracesCsv(const QString& path, QString* error) const {
    if (!m_run || !m_run->lap.ok) {
        if (error)
            *error = tr("Run a lap first: there are no traces to export.");
        return false;
    }
    const std::vector<ChannelColumn> math = mathColumnsOf(channelTableOf(m_run->lap.trace));
    const SaveResult saved = writeFileAtomically(path, QByteArray::fromStdString(lapTraceCsv(m_run->lap.trace, math)));
    if (!saved.ok && error)
        *error = saved.error;
    return saved.ok;
}

void TrackPage::setLoggedRun(std::optional<LoggedRun> run) {
    m_logView->setLoggedRun(std::move(run));
    if (loggedRun())
        m_sideViews->setCurrentWidget(m_logView->panel());
}

const LoggedRun* TrackPage::loggedRun() const {
    return m_logView->loggedRun();
}

QWidget* TrackPage::viewsArea() const {
    return m_views;
}

void TrackPage::chooseTracesExport() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export lap traces"), QStringLiteral("lap.csv"),
                                                      tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    emit statusMessage(exportTracesCsv(path, &error) ? tr("Exported %1").arg(QDir::toNativeSeparators(path))
                                                     : tr("Could not write %1: %2")
                                                           .arg(QDir::toNativeSeparators(path), error));
}

void TrackPage::chooseExport(QWidget* view, const QString& suggestedName) {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export view"), suggestedName + QStringLiteral(".png"),
                                                      tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    emit statusMessage(exportView(view, path, &error) ? tr("Exported %1").arg(QDir::toNativeSeparators(path))
                                                      : tr("Could not write %1: %2")
                                                            .arg(QDir::toNativeSeparators(path), error));
}

} // namespace vtw

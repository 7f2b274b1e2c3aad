#include "ui/compare/ComparePage.h"

#include "ui/compare/AttributionPanel.h"
#include "ui/shared/BackgroundStudy.h"
#include "ui/compare/CompareCsv.h"
#include "ui/compare/ComparisonReport.h"
#include "ui/compare/GripOverlayPanel.h"
#include "ui/compare/ManeuverParameterForm.h"
#include "ui/compare/ManeuverPicker.h"
#include "ui/compare/MetricsTable.h"
#include "ui/compare/ParameterDiffView.h"
#include "ui/compare/ResultStaleness.h"
#include "ui/compare/SweepPanel.h"
#include "ui/compare/CompareTraceTools.h"
#include "ui/compare/TraceOverlayPanel.h"
#include "core/setupfile/AtomicFile.h"

#include <QComboBox>
#include <QFrame>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace vtw {

namespace {

// Telemetry every 10th step is plenty for overlays and keeps memory small with many runs.
constexpr int telemetryDecimation = 10;

bool writeFile(const QString& path, const QByteArray& bytes, QString* error) {
    const SaveResult saved = writeFileAtomically(path, bytes);
    if (!saved.ok && error)
        *error = saved.error;
    return saved.ok;
}

enum ExportKind { ExportPdf, ExportMetrics, ExportParameters };

} // namespace

ComparePage::ComparePage(QWidget* parent)
    : QWidget(parent), m_study(new BackgroundStudy(this)), m_setups(new SetupPicker(this)),
      m_maneuvers(new ManeuverPicker(this)), m_run(new QPushButton(tr("Run comparison"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)), m_exportPdf(new QPushButton(tr("Report (PDF)\u2026"), this)),
      m_exportMetrics(new QPushButton(tr("Metrics CSV\u2026"), this)),
      m_exportParameters(new QPushButton(tr("Parameters CSV\u2026"), this)),
      m_tabs(new QTabWidget(this)), m_staleBanner(new QFrame(this)), m_staleText(new QLabel(m_staleBanner)),
      m_rerun(new QPushButton(tr("Run again"), m_staleBanner)), m_traces(new TraceOverlayPanel(this)),
      m_metrics(new MetricsTable(this)), m_diff(new ParameterDiffView(this)),
      m_grip(new GripOverlayPanel(this)), m_attribution(new AttributionPanel(this)),
      m_sweep(new SweepPanel(this)) {
    setObjectName(QStringLiteral("comparePage"));
    m_run->setObjectName(QStringLiteral("compareRun"));
    m_cancel->setObjectName(QStringLiteral("compareCancel"));
    m_progress->setObjectName(QStringLiteral("compareProgress"));
    m_status->setObjectName(QStringLiteral("compareStatus"));
    m_exportPdf->setObjectName(QStringLiteral("exportReport"));
    m_exportMetrics->setObjectName(QStringLiteral("exportMetricsCsv"));
    m_exportParameters->setObjectName(QStringLiteral("exportParameterCsv"));
    m_tabs->setObjectName(QStringLiteral("compareTabs"));

    m_tabs->addTab(m_metrics, tr("Metrics"));
    m_traceTools = new CompareTraceTools(m_traces, this);
    // The G-G and friction views mark each run's state at the traces' cursor.
    connect(m_traceTools->cursor(), &WorkspaceCursor::moved, m_grip, [this] {
        m_grip->setCursor(m_traceTools->cursor()->axis(), m_traceTools->cursor()->position());
    });
    m_tabs->addTab(m_traceTools, tr("Traces"));
    m_tabs->addTab(m_diff, tr("Parameters"));
    m_tabs->addTab(m_grip, tr("G-G and friction"));
    m_tabs->addTab(m_attribution, tr("Which change mattered"));
    m_tabs->addTab(m_sweep, tr("Sweeps"));

    // Out-of-date results keep showing (they are still worth reading) under a banner.
    m_staleBanner->setObjectName(QStringLiteral("compareStaleBanner"));
    m_staleBanner->setStyleSheet(QStringLiteral("#compareStaleBanner { background: #fff4d6; border: 1px solid #d9a400; }"));
    m_staleText->setWordWrap(true);
    m_rerun->setObjectName(QStringLiteral("compareRerun"));
    auto* bannerRow = new QHBoxLayout(m_staleBanner);
    bannerRow->setContentsMargins(6, 3, 6, 3);
    bannerRow->addWidget(m_staleText, 1);
    bannerRow->addWidget(m_rerun);
    m_staleBanner->hide();
    auto* results = new QWidget(this);
    auto* resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_staleBanner);
    resultsLayout->addWidget(m_tabs, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(buildSidebar());
    split->addWidget(results);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({290, 900});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    m_maneuvers->setChecked("acceleration", true);
    m_cancel->setEnabled(false);
    m_progress->setValue(0);
    for (QPushButton* b : {m_exportPdf, m_exportMetrics, m_exportParameters})
        b->setEnabled(false);
    setStatus(tr("Check two or more setups and at least one maneuver, then run."));
    m_sweep->setSetups(m_setups->allSetups());

    connect(m_run, &QPushButton::clicked, this, &ComparePage::run);
    connect(m_cancel, &QPushButton::clicked, this, &ComparePage::cancel);
    connect(m_study, &BackgroundStudy::progressChanged, this, [this](int done, int total) {
        m_progress->setMaximum(std::max(1, total));
        m_progress->setValue(done);
    });
    connect(m_study, &BackgroundStudy::finished, this, &ComparePage::runFinished);
    connect(m_setups, &SetupPicker::selectionChanged, this, &ComparePage::baselineChanged);
    connect(m_setups, &SetupPicker::setupsChanged, this, [this] {
        m_sweep->setSetups(m_setups->allSetups());
        updateStaleness();
    });
    connect(m_rerun, &QPushButton::clicked, this, &ComparePage::rerunStale);
    connect(m_sweep, &SweepPanel::openSetupRequested, this, &ComparePage::openSetupRequested);
    connect(m_exportPdf, &QPushButton::clicked, this, [this] { exportWithDialog(ExportPdf); });
    connect(m_exportMetrics, &QPushButton::clicked, this,
            [this] { exportWithDialog(ExportMetrics); });
    connect(m_exportParameters, &QPushButton::clicked, this,
            [this] { exportWithDialog(ExportParameters); });
}

ComparePage::~ComparePage() {
    // The work holds no pointer into the page, but finishing it here keeps
    // threads from outliving the widgets that would show their result.
    m_study->cancel();
    m_study->waitForFinished();
}

QWidget* ComparePage::buildSidebar() {
    auto* side = new QWidget(this);
    auto* layout = new QVBoxLayout(side);
    layout->setContentsMargins(0, 0, 4, 0);
    auto* setupsBox = new QGroupBox(tr("Setups"), side);
    auto* setupsLayout = new QVBoxLayout(setupsBox);
    setupsLayout->addWidget(m_setups);
    auto* maneuversBox = new QGroupBox(tr("Maneuvers"), side);
    auto* maneuversLayout = new QVBoxLayout(maneuversBox);
    maneuversLayout->addWidget(m_maneuvers);
    layout->addWidget(setupsBox, 3);
    layout->addWidget(maneuversBox, 4);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run, 1);
    runRow->addWidget(m_cancel);
    layout->addLayout(runRow);
    layout->addWidget(m_progress);
    m_status->setWordWrap(true);
    m_status->setMinimumHeight(m_status->fontMetrics().height() * 3);
    m_status->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_status);
    auto* exportBox = new QGroupBox(tr("Export"), side);
    auto* exportLayout = new QVBoxLayout(exportBox);
    exportLayout->addWidget(m_exportPdf);
    auto* csvRow = new QHBoxLayout;
    csvRow->addWidget(m_exportMetrics);
    csvRow->addWidget(m_exportParameters);
    exportLayout->addLayout(csvRow);
    layout->addWidget(exportBox);
    side->setMinimumWidth(260);
    side->setMaximumWidth(380);
    return side;
}

void ComparePage::setAvailableSetups(const QList<OfferedSetup>& setups) {
    m_setups->setOpenSetups(setups);
    updateStaleness();
}

void ComparePage::updateStaleness() {
    m_staleReason = m_results ? staleResultsReason(*m_results, m_setups->allSetups()) : QString();
    const bool stale = !m_staleReason.isEmpty();
    m_staleText->setText(tr("These results are out of date: %1.").arg(m_staleReason));
    m_staleBanner->setVisible(stale);
    for (QPushButton* b : {m_exportPdf, m_exportMetrics, m_exportParameters}) {
        b->setEnabled(m_results && !stale);
        b->setToolTip(stale ? tr("The results are out of date: run again to export them.") : QString());
    }
}

bool ComparePage::refuseStaleExport(QString* error) const {
    if (!m_results) {
        if (error)
            *error = tr("no comparison to export");
        return true;
    }
    if (m_staleReason.isEmpty())
        return false;
    if (error)
        *error = tr("the results are out of date (%1); run the comparison again").arg(m_staleReason);
    return true;
}

void ComparePage::rerunStale() {
    // Run the setups of the results again, as they are now; the ones no longer open
    // drop out, and the rest keep their checks.
    for (const QString& id : m_results ? m_results->ids : QStringList())
        m_setups->setChecked(id, true);
    run();
}

void ComparePage::setUnitSystem(UnitSystem system) {
    m_units = system;
    m_diff->setUnitSystem(system);
    m_sweep->setUnitSystem(system);
    m_metrics->setUnitSystem(system);
    m_traces->setUnitSystem(system);
    m_traceTools->referencePanel()->setUnitSystem(system);
    m_maneuvers->form()->setUnitSystem(system);
}

bool ComparePage::isRunning() const {
    return m_study->isRunning();
}

void ComparePage::setStatus(const QString& text) {
    m_status->setText(text);
}

void ComparePage::run() {
    if (isRunning())
        return;
    const QList<OfferedSetup> chosen = m_setups->checkedSetups();
    const std::vector<ManeuverSpec> maneuvers = m_maneuvers->checkedManeuvers();
    if (chosen.size() < 2 || maneuvers.empty()) {
        setStatus(tr("Check at least two setups and one maneuver."));
        return;
    }
    auto data = std::make_shared<ComparisonData>();
    for (const OfferedSetup& s : chosen) {
        data->names << s.name;
        data->ids << s.id;
        data->setups.push_back(s.setup);
    }
    data->maneuvers = maneuvers;
    data->baseline =
        static_cast<std::size_t>(std::clamp(m_setups->baselineIndex(), 0, int(chosen.size()) - 1));
    m_pending = data;
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    const int total = static_cast<int>(chosen.size() * maneuvers.size());
    m_progress->setMaximum(total);
    m_progress->setValue(0);
    setStatus(tr("Running %1 runs on the available cores\u2026").arg(total));
    // The work owns its inputs (a shared ComparisonData); the page only reads it once finished.
    m_study->start(
        [data](const std::atomic<bool>* cancel, const BackgroundStudy::Progress& progress) {
            ComparisonRequest request;
            request.setups = data->setups;
            request.maneuvers = data->maneuvers;
            request.recordTelemetry = true;
            request.decimation = telemetryDecimation;
            request.cancel = cancel;
            request.progress = progress;
            data->comparison = runComparison(request);
            if (data->comparison.error.empty() && !data->comparison.cancelled)
                data->tabulate();
        });
}

void ComparePage::cancel() {
    m_study->cancel();
    setStatus(tr("Cancelling\u2026"));
}

void ComparePage::runFinished() {
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    std::shared_ptr<ComparisonData> data = std::move(m_pending);
    if (!data)
        return;
    if (!data->comparison.error.empty()) {
        setStatus(tr("Could not run: %1").arg(QString::fromStdString(data->comparison.error)));
        emit comparisonFinished(false);
        return;
    }
    if (m_study->wasCancelled() || data->comparison.cancelled) {
        setStatus(tr("Cancelled; the previous results are still shown."));
        emit comparisonFinished(false);
        return;
    }
    data->finishedAt = QDateTime::currentDateTime();
    QStringList failures;
    for (std::size_t m = 0; m < data->comparison.runs.size(); ++m) {
        for (std::size_t s = 0; s < data->comparison.runs[m].size(); ++s) {
            const RunResult& r = data->comparison.runs[m][s];
            if (!r.ok)
                failures << tr("%1 on %2: %3")
                                .arg(maneuverTitle(data->maneuvers[m].id),
                                     data->names.value(static_cast<int>(s)),
                                     QString::fromStdString(r.error));
        }
    }
    m_results = std::make_unique<ComparisonData>(std::move(*data));
    showResults();
    QString text = tr("%1 setups \u00d7 %2 maneuvers; %3 parameters differ.")
                       .arg(m_results->setupCount())
                       .arg(m_results->maneuvers.size())
                       .arg(m_results->differences.size());
    if (!failures.isEmpty())
        text += QLatin1Char(' ') + tr("Failed: %1").arg(failures.join(QStringLiteral("; ")));
    setStatus(text);
    emit comparisonFinished(true);
}

void ComparePage::baselineChanged() {
    if (!m_results)
        return;
    // A new baseline re-tabulates the finished runs; no need to run again.
    const int index = m_results->ids.indexOf(m_setups->baselineId());
    if (index < 0 || static_cast<std::size_t>(index) == m_results->baseline)
        return;
    m_results->setBaseline(static_cast<std::size_t>(index));
    showResults();
}

void ComparePage::setReferenceRuns(ReferenceRuns* runs) {
    m_traceTools->setReferenceRuns(runs);
}

void ComparePage::showResults() {
    const ComparisonData* data = m_results.get();
    m_metrics->setComparison(data);
    m_traces->setComparison(data);
    m_traceTools->setComparison(data);
    m_diff->setComparison(data);
    m_grip->setComparison(data);
    m_attribution->setComparison(data);
    updateStaleness();
}

namespace {
ReportOptions reportOptionsFor(const TraceOverlayPanel* traces, UnitSystem units) {
    ReportOptions options;
    options.units = units;
    const TraceSelection shown = traces->selection();
    options.x = shown.x;
    // The channel the user is looking at goes into the report too.
    if (std::find(options.channels.begin(), options.channels.end(), shown.channel) ==
        options.channels.end())
        options.channels.push_back(shown.channel);
    return options;
}
} // namespace

int ComparePage::reportPageCount() const {
    return m_results ? ComparisonReport(*m_results, reportOptionsFor(m_traces, m_units)).pageCount()
                     : 0;
}

bool ComparePage::exportReport(const QString& pdfPath, QString* error) {
    if (refuseStaleExport(error))
        return false;
    return ComparisonReport(*m_results, reportOptionsFor(m_traces, m_units))
        .writePdf(pdfPath, error);
}

bool ComparePage::exportMetricsCsv(const QString& path, QString* error) {
    if (refuseStaleExport(error))
        return false;
    return writeFile(path, metricsTableCsv(*m_results), error);
}

bool ComparePage::exportParameterCsv(const QString& path, QString* error) {
    if (refuseStaleExport(error))
        return false;
    return writeFile(path, parameterDiffCsv(*m_results, m_units), error);
}

void ComparePage::exportWithDialog(int which) {
    const bool pdf = which == ExportPdf;
    const QString suggested = pdf ? QStringLiteral("comparison.pdf")
                              : which == ExportMetrics
                                  ? QStringLiteral("comparison-metrics.csv")
                                  : QStringLiteral("comparison-parameters.csv");
    const QString path = QFileDialog::getSaveFileName(
        this, pdf ? tr("Export report") : tr("Export table"), suggested,
        pdf ? tr("PDF files (*.pdf)") : tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    const bool ok = pdf                      ? exportReport(path, &error)
                    : which == ExportMetrics ? exportMetricsCsv(path, &error)
                                             : exportParameterCsv(path, &error);
    if (!ok)
        QMessageBox::warning(this, tr("Export failed"), error);
    else
        setStatus(tr("Exported %1").arg(path));
}

} // namespace vtw

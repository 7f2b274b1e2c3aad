#include "ui/compare/SweepPanel.h"

#include "ui/shared/BackgroundStudy.h"
#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "ui/compare/FieldDisplayText.h"
#include "ui/compare/LapTargetText.h"
#include "ui/compare/ManeuverParameterForm.h"
#include "ui/compare/SweepAxisEditor.h"
#include "core/setupfile/AtomicFile.h"
#include "core/study/LapTarget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <limits>

namespace vtw {

namespace {
constexpr double clickRadiusPx = 12.0;
// Hovering reads out the nearest point this close to the mouse (on a line of points).
constexpr double hoverRadiusPx = 40.0;
}

SweepPanel::SweepPanel(QWidget* parent)
    : QWidget(parent), m_study(new BackgroundStudy(this)), m_base(new QComboBox(this)),
      m_first(new SweepAxisEditor(this)), m_useSecond(new QCheckBox(tr("Second parameter"), this)),
      m_second(new SweepAxisEditor(this)), m_maneuver(new QComboBox(this)),
      m_maneuverForm(new ManeuverParameterForm(this)),
      m_run(new QPushButton(tr("Run sweep"), this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_export(new QPushButton(tr("Export CSV\u2026"), this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)), m_metric(new QComboBox(this)), m_plot(new QCustomPlot(this)),
      m_readout(new QLabel(this)), m_open(new QPushButton(tr("Open variant"), this)) {
    m_base->setObjectName(QStringLiteral("sweepBase"));
    m_first->setObjectName(QStringLiteral("sweepFirstAxis"));
    m_second->setObjectName(QStringLiteral("sweepSecondAxis"));
    m_useSecond->setObjectName(QStringLiteral("sweepUseSecond"));
    m_maneuver->setObjectName(QStringLiteral("sweepManeuver"));
    m_run->setObjectName(QStringLiteral("sweepRun"));
    m_cancel->setObjectName(QStringLiteral("sweepCancel"));
    m_export->setObjectName(QStringLiteral("sweepExport"));
    m_metric->setObjectName(QStringLiteral("sweepMetric"));
    m_plot->setObjectName(QStringLiteral("sweepPlot"));
    m_readout->setObjectName(QStringLiteral("sweepReadout"));
    m_readout->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readout->setWordWrap(true);
    m_open->setObjectName(QStringLiteral("sweepOpen"));
    m_open->setEnabled(false);
    m_open->setToolTip(tr("Open the marked point's variant as a new setup"));
    for (const ManeuverDescription& d : maneuverCatalogue())
        m_maneuver->addItem(QString::fromStdString(d.title), QString::fromStdString(d.id));
    m_maneuver->addItem(lapTargetTitle(), QString::fromLatin1(lapTargetId));
    m_second->setField(QStringLiteral("brakes.frontBias"));
    m_second->setEnabled(false);
    m_second->countEdit()->setValue(7);
    m_cancel->setEnabled(false);
    m_export->setEnabled(false);
    m_progress->setTextVisible(true);
    m_status->setWordWrap(true);
    styleComparePlot(m_plot);
    m_plot->legend->setVisible(false);

    auto* form = new QFormLayout;
    form->addRow(tr("Base setup:"), m_base);
    form->addRow(tr("Parameter:"), m_first);
    form->addRow(m_useSecond, m_second);
    auto* maneuverRow = new QHBoxLayout;
    maneuverRow->addWidget(m_maneuver, 1);
    maneuverRow->addWidget(m_maneuverForm, 2);
    form->addRow(tr("Maneuver:"), maneuverRow);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(new QLabel(tr("Plot metric:"), this));
    runRow->addWidget(m_metric, 1);
    runRow->addWidget(m_export);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(runRow);
    layout->addWidget(m_status);
    layout->addWidget(m_plot, 1);
    auto* readoutRow = new QHBoxLayout;
    readoutRow->addWidget(m_readout, 1);
    readoutRow->addWidget(m_open);
    layout->addLayout(readoutRow);

    // setSetups refills the box with its signals blocked: a change seen here is a choice.
    connect(m_base, &QComboBox::currentIndexChanged, this, [this] {
        m_baseChosenByUser = true;
        baseChosen();
    });
    connect(m_maneuver, &QComboBox::currentIndexChanged, this, &SweepPanel::maneuverChosen);
    connect(m_useSecond, &QCheckBox::toggled, m_second, &QWidget::setEnabled);
    connect(m_run, &QPushButton::clicked, this, &SweepPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(m_export, &QPushButton::clicked, this, &SweepPanel::exportCsv);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &SweepPanel::replot);
    connect(m_study, &BackgroundStudy::progressChanged, this, [this](int done, int total) {
        m_progress->setMaximum(std::max(1, total));
        m_progress->setValue(done);
    });
    connect(m_study, &BackgroundStudy::finished, this, &SweepPanel::finished);
    connect(m_plot, &QCustomPlot::mousePress, this,
            [this](QMouseEvent* e) { m_pressPos = e->pos(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, &SweepPanel::plotClicked);
    connect(m_plot, &QCustomPlot::mouseMove, this, &SweepPanel::plotHovered);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* e) {
        if (const SweepPoint* p = pointAt(e->position(), clickRadiusPx))
            openPoint(p->i, p->j);
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_marked)
            openPoint(m_marked->first, m_marked->second);
    });
    maneuverChosen();
    m_status->setText(tr("Pick a parameter and a range, then run. Point at the result to read its "
                         "values, click to mark a point, double-click to open that variant as a new setup."));
}

void SweepPanel::setSetups(const QList<OfferedSetup>& setups) {
    const QString keep = m_base->currentData().toString();
    m_setups = setups;
    {
        const QSignalBlocker block(m_base);
        m_base->clear();
        for (const OfferedSetup& s : setups)
            m_base->addItem(s.name, s.id);
        // Until the user picks one, the base is the first setup offered: the first open
        // document (the picker lists them before the library), the one being edited.
        // The pick follows the setup's id through edits and renames.
        const int index = m_baseChosenByUser ? m_base->findData(keep) : -1;
        m_base->setCurrentIndex(index >= 0 ? index : 0);
    }
    baseChosen();
}

void SweepPanel::setUnitSystem(UnitSystem system) {
    m_units = system;
    m_first->setUnitSystem(system);
    m_second->setUnitSystem(system);
    m_maneuverForm->setUnitSystem(system);
    replot();
}

void SweepPanel::baseChosen() {
    const int index = m_base->currentIndex();
    if (index < 0 || index >= m_setups.size())
        return;
    m_first->setReferenceSetup(m_setups[index].setup);
    m_second->setReferenceSetup(m_setups[index].setup);
}

void SweepPanel::maneuverChosen() {
    const std::string id = m_maneuver->currentData().toString().toStdString();
    m_maneuverForm->setManeuver(id == lapTargetId ? defaultLapSpec() : ManeuverSpec{id, {}});
}

bool SweepPanel::isRunning() const {
    return m_study->isRunning();
}

void SweepPanel::cancel() {
    m_study->cancel();
}

void SweepPanel::run() {
    const int base = m_base->currentIndex();
    if (isRunning() || base < 0 || base >= m_setups.size())
        return;
    SweepRequest request;
    request.base = m_setups[base].setup;
    request.first = m_first->axis();
    if (m_useSecond->isChecked())
        request.second = m_second->axis();
    request.maneuver = m_maneuverForm->spec();
    const QString problem = sweepRequestProblem(request);
    if (!problem.isEmpty()) {
        m_status->setText(tr("Cannot run this sweep: %1").arg(problem));
        return;
    }
    m_request = request;
    m_requestBaseName = m_setups[base].name;
    m_points.clear();
    markPoint(nullptr);
    auto result = std::make_shared<std::vector<SweepPoint>>();
    m_pending = result;
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_export->setEnabled(false);
    m_progress->setMaximum(static_cast<int>(sweepPointCount(request))); // checked: within maxSweepPoints
    m_progress->setValue(0);
    m_status->setText(tr("Running %1 points\u2026").arg(sweepPointCount(request)));
    m_study->start([request, result](const std::atomic<bool>* cancel,
                                     const BackgroundStudy::Progress& progress) mutable {
        request.cancel = cancel;
        request.progress = progress;
        *result = runSweep(request);
    });
}

void SweepPanel::finished() {
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    if (m_pending)
        m_points = std::move(*m_pending);
    m_pending.reset();
    int ok = 0;
    QString firstError;
    for (const SweepPoint& p : m_points) {
        ok += p.ok ? 1 : 0;
        if (!p.ok && firstError.isEmpty())
            firstError = QString::fromStdString(p.error);
    }
    const bool cancelled = m_study->wasCancelled();
    QString text = cancelled ? tr("Cancelled: %1 of %2 points ran.").arg(ok).arg(m_points.size())
                             : tr("%1 of %2 points ran.").arg(ok).arg(m_points.size());
    if (!firstError.isEmpty() && !cancelled)
        text += QLatin1Char(' ') + tr("First failure: %1").arg(firstError);
    m_status->setText(text + QLatin1Char(' ') +
                      tr("Click a point to mark it, double-click to open that variant."));
    m_export->setEnabled(!m_points.empty());
    fillMetrics();
    replot();
    emit sweepFinished(!cancelled && ok > 0);
}

void SweepPanel::fillMetrics() {
    const QString keep = m_metric->currentData().toString();
    const QSignalBlocker block(m_metric);
    m_metric->clear();
    for (const SweepPoint& p : m_points) {
        if (!p.ok)
            continue;
        for (const Metric& m : p.metrics)
            m_metric->addItem(
                axisTitleWithUnit(QString::fromStdString(m.label), QString::fromStdString(m.unit)),
                QString::fromStdString(m.key));
        break;
    }
    const int index = m_metric->findData(keep);
    m_metric->setCurrentIndex(index >= 0 ? index : 0);
}

double SweepPanel::displayScale(const FieldMeta* field) const {
    return field ? displayUnit(field->quantity, m_units).scale : 1.0;
}

namespace {
double metricOf(const SweepPoint& p, const std::string& key) {
    const Metric* m = p.ok ? findMetric(p.metrics, key) : nullptr;
    return m && m->reached ? m->value : std::numeric_limits<double>::quiet_NaN();
}
QString axisTitleOf(const FieldMeta* f, UnitSystem units) {
    return f ? axisTitleWithUnit(fieldDisplayName(*f), displayUnit(f->quantity, units).symbol)
             : QString();
}
} // namespace

void SweepPanel::replot() {
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_markedGraph = nullptr;
    m_markedCell = nullptr;
    if (m_scale) {
        m_plot->plotLayout()->remove(m_scale);
        m_scale = nullptr;
    }
    m_map = nullptr;
    const std::string key = m_metric->currentData().toString().toStdString();
    if (m_points.empty() || key.empty()) {
        replotIfSized(m_plot);
        return;
    }
    const FieldMeta* f1 = m_request.first.field;
    const double s1 = displayScale(f1);
    m_plot->xAxis->setLabel(axisTitleOf(f1, m_units));
    if (!m_request.second) {
        QCPGraph* g = m_plot->addGraph();
        g->setPen(QPen(setupColour(0), 1.8));
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, setupColour(0), Qt::white, 7));
        for (const SweepPoint& p : m_points)
            g->addData(p.a * s1, metricOf(p, key));
        m_plot->yAxis->setLabel(m_metric->currentText());
        m_plot->rescaleAxes();
        m_plot->xAxis->scaleRange(1.06, m_plot->xAxis->range().center());
        m_plot->yAxis->scaleRange(1.12, m_plot->yAxis->range().center());
        drawMark();
        replotIfSized(m_plot);
        return;
    }
    const SweepAxis& a2 = *m_request.second;
    const double s2 = displayScale(a2.field);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->data()->setSize(m_request.first.count, a2.count);
    m_map->data()->setRange(QCPRange(m_request.first.from * s1, m_request.first.to * s1),
                            QCPRange(a2.from * s2, a2.to * s2));
    for (const SweepPoint& p : m_points)
        m_map->data()->setCell(p.i, p.j, metricOf(p, key));
    m_map->setInterpolate(false);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->axis()->setLabel(m_metric->currentText());
    m_map->setColorScale(m_scale);
    // Viridis-like: ordered in lightness, readable by colour-blind users, and no
    // white end that would pass for a missing cell (those are grey).
    QCPColorGradient gradient;
    gradient.setColorStops({{0.0, QColor(0x44, 0x01, 0x54)},
                            {0.25, QColor(0x3b, 0x52, 0x8b)},
                            {0.5, QColor(0x21, 0x91, 0x8c)},
                            {0.75, QColor(0x5e, 0xc9, 0x62)},
                            {1.0, QColor(0xfd, 0xe7, 0x25)}});
    gradient.setNanHandling(QCPColorGradient::nhNanColor);
    gradient.setNanColor(QColor(0xc8, 0xc8, 0xc8));
    m_map->setGradient(gradient);
    m_map->rescaleDataRange(true);
    // The figure in each cell, while cells are large enough to hold it.
    const QCPRange data = m_map->dataRange();
    if (m_request.first.count * a2.count <= 120) {
        for (const SweepPoint& p : m_points) {
            const double v = metricOf(p, key);
            auto* label = new QCPItemText(m_plot);
            label->position->setCoords(p.a * s1, p.b * s2);
            label->setText(std::isfinite(v) ? formatFigure(v) : tr("failed"));
            const double t = data.size() > 0 ? (v - data.lower) / data.size() : 0.0;
            label->setColor(std::isfinite(v) && t > 0.6 ? Qt::black : Qt::white);
            if (!std::isfinite(v))
                label->setColor(QColor(0x40, 0x40, 0x40));
            label->setClipToAxisRect(true);
        }
    }
    // Keep the colour bar as tall as the plot.
    auto* group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_plot->yAxis->setLabel(axisTitleOf(a2.field, m_units));
    m_plot->rescaleAxes();
    // Whole cells visible: the data range names cell centres.
    const double h1 = m_request.first.count > 1
                          ? 0.5 * m_plot->xAxis->range().size() / (m_request.first.count - 1)
                          : 0.5;
    const double h2 = a2.count > 1 ? 0.5 * m_plot->yAxis->range().size() / (a2.count - 1) : 0.5;
    m_plot->xAxis->setRange(m_plot->xAxis->range().lower - h1, m_plot->xAxis->range().upper + h1);
    m_plot->yAxis->setRange(m_plot->yAxis->range().lower - h2, m_plot->yAxis->range().upper + h2);
    drawMark();
    replotIfSized(m_plot);
}

const SweepPoint* SweepPanel::pointAt(const QPointF& pixel, double reachPx) const {
    if (m_points.empty())
        return nullptr;
    if (m_map) {
        int i = -1, j = -1;
        m_map->data()->coordToCell(m_plot->xAxis->pixelToCoord(pixel.x()), m_plot->yAxis->pixelToCoord(pixel.y()),
                                   &i, &j);
        if (!m_plot->axisRect()->rect().contains(pixel.toPoint()) || i < 0 || j < 0 ||
            i >= m_request.first.count || j >= m_request.second->count)
            return nullptr;
        for (const SweepPoint& p : m_points) {
            if (p.i == i && p.j == j)
                return &p;
        }
        return nullptr;
    }
    const std::string key = m_metric->currentData().toString().toStdString();
    const double s1 = displayScale(m_request.first.field);
    double best = reachPx;
    const SweepPoint* hit = nullptr;
    for (const SweepPoint& p : m_points) {
        const double y = metricOf(p, key);
        if (!std::isfinite(y))
            continue;
        const double d = std::hypot(m_plot->xAxis->coordToPixel(p.a * s1) - pixel.x(),
                                    m_plot->yAxis->coordToPixel(y) - pixel.y());
        if (d < best) {
            best = d;
            hit = &p;
        }
    }
    return hit;
}

void SweepPanel::plotClicked(QMouseEvent* event) {
    // A drag pans the plot; only a click (press and release in place) marks a point.
    if ((event->pos() - m_pressPos).manhattanLength() > 4 || m_points.empty() || event->button() != Qt::LeftButton)
        return;
    // A click beside every point keeps the mark: it is easy to miss a point by a few pixels.
    if (const SweepPoint* p = pointAt(event->position(), clickRadiusPx))
        markPoint(p);
}

void SweepPanel::plotHovered(QMouseEvent* event) {
    const SweepPoint* p = pointAt(event->position(), hoverRadiusPx);
    m_readout->setText(p ? pointText(*p) : markedText());
    m_plot->setToolTip(p ? pointText(*p) : QString());
}

QString SweepPanel::readout() const {
    return m_readout->text();
}

QString SweepPanel::markedText() const {
    if (!m_marked)
        return {};
    for (const SweepPoint& p : m_points) {
        if (p.i == m_marked->first && p.j == m_marked->second)
            return tr("Marked: %1").arg(pointText(p));
    }
    return {};
}

QString SweepPanel::pointText(const SweepPoint& point) const {
    QString where = axisValueText(m_request.first, point.i);
    if (m_request.second)
        where += QStringLiteral(", ") + axisValueText(*m_request.second, point.j);
    const Metric* m = point.ok ? findMetric(point.metrics, m_metric->currentData().toString().toStdString()) : nullptr;
    QString value;
    if (!point.ok)
        value = tr("failed: %1").arg(QString::fromStdString(point.error));
    else if (!m)
        value = tr("no such metric");
    else if (!m->reached)
        value = tr("%1 not reached").arg(QString::fromStdString(m->label));
    else
        value = QStringLiteral("%1 %2%3")
                    .arg(QString::fromStdString(m->label), formatFigure(m->value),
                         m->unit.empty() ? QString() : QLatin1Char(' ') + QString::fromStdString(m->unit));
    return QStringLiteral("%1: %2").arg(where, value);
}

QString SweepPanel::axisValueText(const SweepAxis& axis, int k) const {
    const FieldMeta& f = *axis.field;
    const double shown = axis.valueAt(k) * displayScale(&f);
    const QString unit = displayUnit(f.quantity, m_units).symbol;
    return QStringLiteral("%1 %2%3").arg(f.label).arg(shown, 0, 'g', 6).arg(unit.isEmpty() ? QString() : QLatin1Char(' ') + unit);
}

void SweepPanel::markPoint(const SweepPoint* point) {
    m_marked = point ? std::optional<std::pair<int, int>>({point->i, point->j}) : std::nullopt;
    m_open->setEnabled(m_marked.has_value());
    m_readout->setText(markedText());
    if (m_markedGraph)
        m_plot->removeGraph(m_markedGraph);
    if (m_markedCell)
        m_plot->removeItem(m_markedCell);
    m_markedGraph = nullptr;
    m_markedCell = nullptr;
    drawMark();
    replotIfSized(m_plot);
}

void SweepPanel::drawMark() {
    if (!m_marked || m_points.empty() || !m_request.first.field)
        return;
    const SweepPoint* point = nullptr;
    for (const SweepPoint& p : m_points) {
        if (p.i == m_marked->first && p.j == m_marked->second)
            point = &p;
    }
    if (!point)
        return;
    // On the line: the point ringed in red; on the map: its cell outlined.
    const QPen ring(worseColour(), 2.5);
    const double x = point->a * displayScale(m_request.first.field);
    if (m_map) {
        const double y = point->b * displayScale(m_request.second->field);
        const QCPColorMapData* cells = m_map->data();
        const double halfX = cells->keySize() > 1 ? 0.5 * cells->keyRange().size() / (cells->keySize() - 1) : 0.5;
        const double halfY = cells->valueSize() > 1 ? 0.5 * cells->valueRange().size() / (cells->valueSize() - 1) : 0.5;
        m_markedCell = new QCPItemRect(m_plot);
        m_markedCell->topLeft->setCoords(x - halfX, y + halfY);
        m_markedCell->bottomRight->setCoords(x + halfX, y - halfY);
        m_markedCell->setPen(QPen(worseColour(), 4.0));
        m_markedCell->setClipToAxisRect(true);
        return;
    }
    m_markedGraph = m_plot->addGraph();
    m_markedGraph->setName(tr("Marked point"));
    m_markedGraph->setLineStyle(QCPGraph::lsNone);
    m_markedGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, ring, Qt::NoBrush, 16));
    m_markedGraph->addData(x, metricOf(*point, m_metric->currentData().toString().toStdString()));
    m_markedGraph->removeFromLegend();
}

void SweepPanel::openPoint(int i, int j) {
    if (!m_request.first.field)
        return;
    Setup variant = sweepVariant(m_request, i, j);
    QString name = QStringLiteral("%1, %2").arg(m_requestBaseName, axisValueText(m_request.first, i));
    if (m_request.second)
        name += QStringLiteral(", ") + axisValueText(*m_request.second, j);
    variant.name = name.toStdString();
    emit openSetupRequested(variant, name);
}

std::string SweepPanel::csv() const {
    return sweepToCsv(m_request, m_points);
}

void SweepPanel::exportCsv() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export sweep"), QStringLiteral("sweep.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    const std::string text = csv();
    const SaveResult saved =
        writeFileAtomically(path, QByteArray(text.data(), static_cast<qsizetype>(text.size())));
    if (!saved.ok)
        QMessageBox::warning(this, tr("Export failed"), saved.error);
}

} // namespace vtw

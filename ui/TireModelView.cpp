#include "TireModelView.h"

#include "CurvePointDragger.h"
#include "DisplayUnits.h"
#include "FieldEditors.h"
#include "PlotStyle.h"
#include "Units.h"
#include "setupfile/SetupEnumKeys.h"
#include "tires/SurfacePresets.h"
#include "tires/TireSweep.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace vtw {

namespace {

constexpr double maxSlipRatio = 1.0;
constexpr double maxSlipAngleDeg = 20.0;
constexpr int sweepPoints = 121;
// Other loads drawn lighter, as multiples of the chosen one.
constexpr double otherLoads[] = {0.5, 1.5, 2.0};
constexpr double combinedSlipAnglesDeg[] = {2.0, 4.0, 8.0};

QCustomPlot* makePlot(QWidget* parent, const QString& title) {
    auto* plot = new QCustomPlot(parent);
    applyPlotStyle(plot);
    plot->setMinimumSize(300, 220);
    plot->plotLayout()->insertRow(0);
    auto* heading = new QCPTextElement(plot, title, QFont(plot->font().family(), -1, QFont::Bold));
    plot->plotLayout()->addElement(0, 0, heading);
    return plot;
}

QColor lighter(const QColor& c, int alpha) {
    QColor out = c;
    out.setAlpha(alpha);
    return out;
}

} // namespace

TireModelView::TireModelView(SetupDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_axle(new QComboBox(this)),
      m_load(new QDoubleSpinBox(this)), m_surface(new QComboBox(this)),
      m_compare(new QComboBox(this)), m_pin(new QPushButton(tr("Pin as B"), this)),
      m_info(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    m_axle->addItem(tr("Front axle"), QStringLiteral("front"));
    m_axle->addItem(tr("Rear axle"), QStringLiteral("rear"));
    m_load->setRange(0.1, 50.0);
    m_load->setDecimals(2);
    m_load->setSingleStep(0.25);
    m_load->setSuffix(QStringLiteral(" kN"));
    m_load->setToolTip(tr("Normal load on one tire"));
    // Start at the static load of a rear wheel: a figure the user recognises.
    const Setup& s = document->setup();
    m_load->setValue(s.chassis.mass * units::gravity * s.chassis.cgToFrontAxle /
                     s.chassis.wheelbase() / 2.0 / 1000.0);
    for (const SurfacePreset& p : surfacePresets)
        m_surface->addItem(QString::fromUtf8(p.name.data(), qsizetype(p.name.size())), p.gripScale);
    m_pin->setToolTip(tr("Remember these parameters as set B to compare later edits against"));
    controls->addWidget(new QLabel(tr("Tires:"), this));
    controls->addWidget(m_axle);
    controls->addSpacing(8);
    controls->addWidget(new QLabel(tr("Load:"), this));
    controls->addWidget(m_load);
    controls->addSpacing(8);
    controls->addWidget(new QLabel(tr("Surface:"), this));
    controls->addWidget(m_surface);
    controls->addSpacing(8);
    controls->addWidget(new QLabel(tr("Compare with:"), this));
    controls->addWidget(m_compare, 1);
    controls->addWidget(m_pin);
    layout->addLayout(controls);

    m_fx = makePlot(this, tr("Longitudinal force"));
    m_fy = makePlot(this, tr("Lateral force"));
    m_ellipse = makePlot(this, tr("Friction ellipse and combined slip"));
    m_current = m_fx;
    auto* grid = new QGridLayout;
    grid->addWidget(m_fx, 0, 0);
    grid->addWidget(m_fy, 0, 1);
    grid->addWidget(m_ellipse, 1, 0);
    m_info->setWordWrap(true);
    m_info->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_info->setTextFormat(Qt::RichText);
    m_info->setObjectName(QStringLiteral("tireInfo"));
    grid->addWidget(m_info, 1, 1);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 3);
    layout->addLayout(grid, 1);

    for (QCustomPlot* p : {m_fx, m_fy, m_ellipse}) {
        connect(p, &QCustomPlot::mousePress, this, [this, p] { m_current = p; });
        p->legend->setVisible(false); // one key for all three, in the info text
    }
    m_ellipse->installEventFilter(this);

    for (const char* axleKey : {"front", "rear"}) {
        const QString axle = QLatin1String(axleKey);
        for (const char* whichKey : {"longitudinal", "lateral"}) {
            const QString which = QLatin1String(whichKey);
            const FieldMeta* f = findField(QStringLiteral("tires.%1.table.%2").arg(axle, which));
            auto* d = new CurvePointDragger(
                document, *f, which == QLatin1String("longitudinal") ? m_fx : m_fy, this);
            d->setShowLine(false);
            d->graph()->setName(tr("Table points (drag)"));
            d->graph()->setLayer(QStringLiteral("axes")); // above the model's lines
            connect(d, &CurvePointDragger::message, this, &TireModelView::message);
            connect(d, &CurvePointDragger::dragFinished, this, &TireModelView::refresh);
            m_draggers.insert(axle + QLatin1Char('/') + which, d);
        }
    }

    connect(m_axle, &QComboBox::currentIndexChanged, this, [this] {
        rebuildComparisons();
        refresh();
    });
    connect(m_load, &QDoubleSpinBox::valueChanged, this, &TireModelView::refresh);
    connect(m_surface, &QComboBox::currentIndexChanged, this, &TireModelView::refresh);
    connect(m_compare, &QComboBox::currentIndexChanged, this, &TireModelView::refresh);
    connect(m_pin, &QPushButton::clicked, this, &TireModelView::pinCurrent);
    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (change.kind == SetupChange::Kind::Whole ||
            change.path.startsWith(QLatin1String("tires."))) {
            if (change.path.endsWith(QLatin1String(".model")))
                rebuildComparisons();
            refresh();
        }
    });
    rebuildComparisons();
    refresh();
}

bool TireModelView::eventFilter(QObject* watched, QEvent* event) {
    // Keep the ellipse round: equal scales on both axes at any size.
    if (watched == m_ellipse && event->type() == QEvent::Resize) {
        fitEllipseAxes();
        m_ellipse->replot(QCustomPlot::rpQueuedReplot);
    }
    return QWidget::eventFilter(watched, event);
}

void TireModelView::fitEllipseAxes() {
    // Both axes show at least +-extent, the longer side more, at equal scales.
    m_ellipse->xAxis->setRange(-m_ellipseExtent, m_ellipseExtent);
    m_ellipse->yAxis->setRange(-m_ellipseExtent, m_ellipseExtent);
    const QRect r = m_ellipse->axisRect()->rect();
    if (r.width() <= 0 || r.height() <= 0)
        return;
    if (r.width() > r.height())
        m_ellipse->xAxis->setScaleRatio(m_ellipse->yAxis, 1.0);
    else
        m_ellipse->yAxis->setScaleRatio(m_ellipse->xAxis, 1.0);
}

QString TireModelView::axle() const {
    return m_axle->currentData().toString();
}

void TireModelView::showAxle(const QString& axle) {
    m_axle->setCurrentIndex(axle == QLatin1String("rear") ? 1 : 0);
}

void TireModelView::setLoad(double newtons) {
    m_load->setValue(newtons / 1000.0);
}

double TireModelView::load() const {
    return m_load->value() * 1000.0;
}

const TireParams& TireModelView::params(const QString& axle) const {
    const Setup& s = m_document->setup();
    return axle == QLatin1String("front") ? s.frontTires : s.rearTires;
}

void TireModelView::setUnitSystem(UnitSystem system) {
    m_system = system;
    refresh();
}

CurvePointDragger* TireModelView::tableDragger(const QString& axle, const QString& which) const {
    return m_draggers.value(axle + QLatin1Char('/') + which);
}

void TireModelView::pinCurrent() {
    m_pinned = params(axle());
    rebuildComparisons();
    setComparison(QStringLiteral("pinned"));
}

bool TireModelView::setComparison(const QString& key) {
    const int index = m_compare->findData(key);
    if (index < 0)
        return false;
    m_compare->setCurrentIndex(index);
    return true;
}

void TireModelView::rebuildComparisons() {
    const QString previous = m_compare->currentData().toString();
    const QSignalBlocker block(m_compare);
    m_compare->clear();
    m_compare->addItem(tr("Nothing"), QStringLiteral("none"));
    m_compare->addItem(axle() == QLatin1String("front") ? tr("Rear axle's tires")
                                                        : tr("Front axle's tires"),
                       QStringLiteral("otherAxle"));
    if (m_pinned)
        m_compare->addItem(tr("Pinned parameter set (B)"), QStringLiteral("pinned"));
    const TireModelKind current = params(axle()).model;
    for (const TireModelInfo& model : tireModels) {
        if (model.value != current)
            m_compare->addItem(tr("Model: %1").arg(optionText(model.displayName)),
                               QStringLiteral("model:") + optionText(model.key));
    }
    const int keep = m_compare->findData(previous);
    m_compare->setCurrentIndex(keep >= 0 ? keep : 0);
}

std::optional<TireParams> TireModelView::comparisonParams(QString* name) const {
    const QString key = m_compare->currentData().toString();
    if (key == QLatin1String("otherAxle")) {
        *name = axle() == QLatin1String("front") ? tr("rear axle") : tr("front axle");
        return params(axle() == QLatin1String("front") ? QStringLiteral("rear")
                                                       : QStringLiteral("front"));
    }
    if (key == QLatin1String("pinned") && m_pinned) {
        *name = tr("pinned set B");
        return m_pinned;
    }
    if (key.startsWith(QLatin1String("model:"))) {
        const auto kind = enumFromKey<TireModelKind>(key.mid(6));
        if (!kind)
            return std::nullopt;
        TireParams p = params(axle());
        p.model = *kind;
        *name = enumDisplayName(*kind);
        return p;
    }
    return std::nullopt;
}

void TireModelView::updateDraggers() {
    const bool isTable = params(axle()).model == TireModelKind::Table;
    const ValueDisplay force = valueDisplay(Quantity::ForcePerSlip, m_system);
    const double degPerRad = valueDisplay(Quantity::Angle, m_system).unit.scale;
    for (auto it = m_draggers.begin(); it != m_draggers.end(); ++it) {
        const bool mine = it.key().startsWith(axle() + QLatin1Char('/'));
        const bool lateral = it.key().endsWith(QLatin1String("lateral"));
        it.value()->setEditable(mine && isTable);
        it.value()->setScale({lateral ? degPerRad : 1.0, load() * force.unit.scale},
                             lateral ? QStringLiteral("deg") : QString(), force.unit.symbol);
    }
}

void TireModelView::refresh() {
    for (QCustomPlot* p : {m_fx, m_fy, m_ellipse}) {
        // Keep the draggers' graphs; rebuild the model's own.
        for (int i = p->graphCount() - 1; i >= 0; --i) {
            bool ownedByDragger = false;
            for (CurvePointDragger* d : m_draggers)
                ownedByDragger = ownedByDragger || p->graph(i) == d->graph();
            if (!ownedByDragger && p->graph(i)->property("tireModel").toBool())
                p->removeGraph(i);
        }
        for (int i = p->plottableCount() - 1; i >= 0; --i) {
            if (qobject_cast<QCPCurve*>(p->plottable(i)))
                p->removePlottable(i);
        }
    }
    const ValueDisplay force = valueDisplay(Quantity::ForcePerSlip, m_system);
    const double degPerRad = valueDisplay(Quantity::Angle, m_system).unit.scale;
    const double grip = m_surface->currentData().toDouble();
    const double chosenLoad = load();

    const auto addLine = [&](QCustomPlot* plot, const QVector<double>& xs,
                             const QVector<double>& ys, const QPen& pen, const QString& name) {
        QCPGraph* g = plot->addGraph();
        g->setProperty("tireModel", true);
        g->setData(xs, ys, true);
        g->setPen(pen);
        g->setSelectable(QCP::stNone);
        if (name.isEmpty())
            g->removeFromLegend();
        else
            g->setName(name);
        // Under the table points.
        g->setLayer(QStringLiteral("main"));
        return g;
    };

    const auto drawTire = [&](const TireParams& tp, const QColor& colour, Qt::PenStyle style,
                              const QString& tag, bool withOtherLoads) {
        const Tire tire(tp);
        QList<double> loads{chosenLoad};
        if (withOtherLoads) {
            for (double m : otherLoads)
                loads << chosenLoad * m;
        }
        for (int li = 0; li < loads.size(); ++li) {
            const double fz = loads[li];
            const SweepConditions conditions{fz, grip, 10.0, 0.0};
            const QColor c = li == 0 ? colour : lighter(colour, 90);
            const QString name = li == 0 ? tr("%1 at %2 kN").arg(tag, formatNumber(fz / 1000.0, 2))
                                 : li == 1 ? tr("%1, other loads (×0.5, 1.5, 2)").arg(tag)
                                           : QString();
            QVector<double> xs, ys;
            for (const TireSweepRow& r :
                 sweepSlipRatio(tire, conditions, {0.0, maxSlipRatio, sweepPoints})) {
                xs << r.slipRatio;
                ys << force.toDisplay(r.fx);
            }
            addLine(m_fx, xs, ys, QPen(c, 1, style), name);
            xs.clear();
            ys.clear();
            for (const TireSweepRow& r : sweepSlipAngle(
                     tire, conditions, {0.0, units::degToRad(maxSlipAngleDeg), sweepPoints})) {
                xs << r.slipAngle * degPerRad;
                ys << force.toDisplay(-r.fy); // Fy opposes the slip angle
            }
            addLine(m_fy, xs, ys, QPen(c, 1, style), name);
        }
        // Friction ellipse at the chosen load and combined-slip curves inside it.
        const FrictionLimits lim = tire.limits(chosenLoad, grip);
        constexpr int ellipsePoints = 121;
        QVector<double> t, ex, ey;
        for (int i = 0; i < ellipsePoints; ++i) {
            const double a = 2.0 * units::pi * i / (ellipsePoints - 1);
            t << i;
            ex << force.toDisplay(lim.fxMax * std::cos(a));
            ey << force.toDisplay(lim.fyMax * std::sin(a));
        }
        auto* ellipse = new QCPCurve(m_ellipse->xAxis, m_ellipse->yAxis);
        ellipse->setData(t, ex, ey, true);
        ellipse->setPen(QPen(colour, 1, style));
        ellipse->setName(tr("%1 limits (μx Fz, μy Fz)").arg(tag));
        ellipse->setSelectable(QCP::stNone);
        int k = 0;
        for (double alphaDeg : combinedSlipAnglesDeg) {
            QVector<double> ct, cx, cy;
            int n = 0;
            for (const TireSweepRow& r : sweepSlipRatio(tire, {chosenLoad, grip, 10.0, 0.0},
                                                        {-maxSlipRatio, maxSlipRatio, sweepPoints},
                                                        units::degToRad(alphaDeg))) {
                ct << n++;
                cx << force.toDisplay(r.fx);
                cy << force.toDisplay(-r.fy);
            }
            auto* curve = new QCPCurve(m_ellipse->xAxis, m_ellipse->yAxis);
            curve->setData(ct, cx, cy, true);
            curve->setPen(QPen(lighter(colour, 110 + 45 * k++), 1, style));
            curve->setSelectable(QCP::stNone);
            if (style == Qt::SolidLine && alphaDeg == combinedSlipAnglesDeg[0])
                curve->setName(tr("combined slip, α = 2, 4, 8°, κ −1…1"));
            else
                curve->removeFromLegend();
        }
        return lim;
    };

    const TireParams& a = params(axle());
    const QString aName = enumDisplayName(a.model);
    const FrictionLimits limA =
        drawTire(a, seriesColour(0), Qt::SolidLine, QStringLiteral("A"), true);
    QString bName;
    const std::optional<TireParams> b = comparisonParams(&bName);
    std::optional<FrictionLimits> limB;
    if (b)
        limB = drawTire(*b, seriesColour(1), Qt::DashLine, QStringLiteral("B"), false);

    updateDraggers();
    // Axes: slips fixed, forces scaled to the largest curve.
    const QString f = force.unit.symbol;
    m_fx->xAxis->setLabel(tr("Slip ratio κ"));
    m_fx->yAxis->setLabel(axisTitle(tr("Fx"), f));
    m_fy->xAxis->setLabel(
        axisTitle(tr("Slip angle α"), valueDisplay(Quantity::Angle, m_system).unit.symbol));
    m_fy->yAxis->setLabel(axisTitle(tr("Lateral force −Fy"), f));
    m_ellipse->xAxis->setLabel(axisTitle(tr("Fx"), f));
    m_ellipse->yAxis->setLabel(axisTitle(tr("−Fy"), f));
    m_fx->xAxis->setRange(0.0, maxSlipRatio);
    m_fy->xAxis->setRange(0.0, units::degToRad(maxSlipAngleDeg) * degPerRad);
    // Not while a table point is dragged: a new range under the pointer would
    // carry the point away from it. dragFinished refreshes again.
    const bool dragging = std::any_of(m_draggers.cbegin(), m_draggers.cend(),
                                      [](const CurvePointDragger* d) { return d->isDragging(); });
    for (QCustomPlot* p : {m_fx, m_fy}) {
        QCPRange r(0.0, 1.0);
        for (int i = 0; i < p->graphCount(); ++i) {
            bool found = false;
            const QCPRange gr = p->graph(i)->getValueRange(found);
            if (found && p->graph(i)->visible())
                r.expand(gr);
        }
        if (!dragging)
            p->yAxis->setRange(std::min(0.0, r.lower * 1.1), r.upper * 1.12);
    }
    double extent = std::max(limA.fxMax, limA.fyMax);
    if (limB)
        extent = std::max({extent, limB->fxMax, limB->fyMax});
    extent = force.toDisplay(extent) * 1.15;
    m_ellipseExtent = extent;
    fitEllipseAxes();

    const auto limitsText = [&](const FrictionLimits& l) {
        return tr("peak Fx %1 %2 (μx %3), peak Fy %4 %2 (μy %5)")
            .arg(formatNumber(force.toDisplay(l.fxMax), 0), f,
                 formatNumber(l.fxMax / chosenLoad, 3), formatNumber(force.toDisplay(l.fyMax), 0),
                 formatNumber(l.fyMax / chosenLoad, 3));
    };
    QString info = tr("<p><b>A</b> — %1 tires, %2 model:<br>%3</p>")
                       .arg(axle() == QLatin1String("front") ? tr("front") : tr("rear"), aName,
                            limitsText(limA));
    if (b && limB) {
        info += tr("<p><b>B</b> (dashed) — %1, %2 model:<br>%3</p>")
                    .arg(bName, enumDisplayName(b->model),
                         limitsText(*limB));
    }
    info += tr("<p><span style='color:%1'>━━</span> A at the chosen load &nbsp; "
               "<span style='color:%2'>━━</span> A at ×0.5, ×1.5, ×2 the load &nbsp; "
               "<span style='color:%3'>╍╍</span> B at the chosen load<br>"
               "Friction ellipse: μx Fz by μy Fz; inside it, combined slip at α = 2, 4 and 8° "
               "with κ from −1 to 1.</p>")
                .arg(seriesColour(0).name(), lighter(seriesColour(0), 90).name(QColor::HexArgb),
                     seriesColour(1).name());
    info += tr("<p style='color:gray'>At %1 kN load on %2. Lighter lines: ×0.5, ×1.5 and ×2 the "
               "load.%3</p>")
                .arg(formatNumber(chosenLoad / 1000.0, 2), m_surface->currentText().toLower(),
                     a.model == TireModelKind::Table
                         ? tr(" The table points are draggable on the force plots.")
                         : QString());
    m_info->setText(info);
    for (QCustomPlot* p : {m_fx, m_fy, m_ellipse})
        p->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace vtw

#include "ui/setups/TireModelView.h"

#include "ui/setups/CurvePointDragger.h"
#include "ui/shared/DisplayUnits.h"
#include "ui/setups/FieldEditors.h"
#include "ui/shared/PlotStyle.h"
#include "ui/shared/StoredValueSpinBox.h"
#include "core/base/Units.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/setupfile/TirFileRead.h"
#include "core/tires/SurfacePresets.h"
#include "core/tires/TireSweep.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
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
// A tyre whose peaks on the two sides of zero slip differ by more than this share is
// drawn on both sides (0.5 %: a symmetric model's sides agree to rounding).
constexpr double asymmetryShare = 0.005;
constexpr int sweepPoints = 121;
// Other loads drawn lighter, as multiples of the chosen one.
constexpr double otherLoads[] = {0.5, 1.5, 2.0};
constexpr double combinedSlipAnglesDeg[] = {2.0, 4.0, 8.0};
// The load plot's range, as multiples of the chosen load.
constexpr double loadPlotFrom = 0.1, loadPlotTo = 3.0;
constexpr int loadPlotPoints = 59;

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
      m_load(new StoredValueSpinBox(100.0, 50000.0, 0.0, tyreLoadDisplay(UnitSystem::SI), this)), m_surface(new QComboBox(this)),
      m_compare(new QComboBox(this)), m_camberLabel(new QLabel(tr("Camber:"), this)),
      m_camber(new QDoubleSpinBox(this)), m_pressureLabel(new QLabel(tr("Pressure:"), this)),
      m_pressure(new QDoubleSpinBox(this)), m_pin(new QPushButton(tr("Pin as B"), this)),
      m_info(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    m_axle->addItem(tr("Front axle"), QStringLiteral("front"));
    m_axle->addItem(tr("Rear axle"), QStringLiteral("rear"));
    m_load->setObjectName(QStringLiteral("tireLoad"));
    showLoadUnit();
    // Start at the static load of a rear wheel: a figure the user recognises.
    const Setup& s = document->setup();
    m_load->setStoredValue(s.chassis.mass * units::gravity * s.chassis.cgToFrontAxle / s.chassis.wheelbase() / 2.0);
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
    // A .tir tyre's conditions: shown for the .tir model only, the setup unchanged.
    m_camber->setRange(-15.0, 15.0);
    m_camber->setDecimals(2);
    m_camber->setSingleStep(0.5);
    m_camber->setSuffix(QStringLiteral(" °"));
    m_camber->setToolTip(tr("Camber the .tir curves are drawn at (the setup's static camber to start with; "
                            "negative: top of the wheel towards the car)"));
    m_pressure->setRange(0.0, 1000.0);
    m_pressure->setDecimals(1);
    m_pressure->setToolTip(tr("Inflation pressure the .tir curves are drawn at (MF 6.1 and 6.2 files)"));
    controls->addWidget(m_camberLabel);
    controls->addWidget(m_camber);
    controls->addWidget(m_pressureLabel);
    controls->addWidget(m_pressure);
    controls->addStretch(1);
    layout->addLayout(controls);
    // The comparison on a row of its own: the window stays usable at 1280 px wide.
    auto* comparison = new QHBoxLayout;
    comparison->addWidget(new QLabel(tr("Compare with:"), this));
    comparison->addWidget(m_compare, 1);
    comparison->addWidget(m_pin);
    layout->addLayout(comparison);

    m_fx = makePlot(this, tr("Longitudinal force"));
    m_fy = makePlot(this, tr("Lateral force"));
    m_ellipse = makePlot(this, tr("Friction ellipse and combined slip"));
    m_loadPlot = makePlot(this, tr("Peak friction and cornering stiffness against load"));
    m_loadPlot->yAxis2->setVisible(true);
    m_current = m_fx;
    auto* grid = new QGridLayout;
    grid->addWidget(m_fx, 0, 0);
    grid->addWidget(m_fy, 0, 1);
    grid->addWidget(m_ellipse, 1, 0);
    grid->addWidget(m_loadPlot, 1, 1);
    m_info->setWordWrap(true);
    m_info->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_info->setTextFormat(Qt::RichText);
    m_info->setObjectName(QStringLiteral("tireInfo"));
    grid->addWidget(m_info, 2, 0, 1, 2);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 3);
    layout->addLayout(grid, 1);

    for (QCustomPlot* p : {m_fx, m_fy, m_ellipse, m_loadPlot}) {
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
        resetTirConditions();
        refresh();
    });
    connect(m_camber, &QDoubleSpinBox::valueChanged, this, &TireModelView::refresh);
    connect(m_pressure, &QDoubleSpinBox::valueChanged, this, &TireModelView::refresh);
    connect(m_load, &QDoubleSpinBox::valueChanged, this, &TireModelView::refresh);
    connect(m_surface, &QComboBox::currentIndexChanged, this, &TireModelView::refresh);
    connect(m_compare, &QComboBox::currentIndexChanged, this, [this] {
        if (m_compare->currentData().toString() == QLatin1String("chooseFile")) {
            const QString path = QFileDialog::getOpenFileName(this, tr("Compare with a tyre property file"), {},
                                                              tr("Tyre property files (*.tir);;All files (*)"));
            if (path.isEmpty() || !compareWithTirFile(path))
                setComparison(m_file ? QStringLiteral("file") : QStringLiteral("none"));
            return;
        }
        refresh();
    });
    connect(m_pin, &QPushButton::clicked, this, &TireModelView::pinCurrent);
    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (change.kind == SetupChange::Kind::Whole ||
            change.path.startsWith(QLatin1String("tires."))) {
            if (change.path.endsWith(QLatin1String(".model")))
                rebuildComparisons();
            const QString mine = QStringLiteral("tires.%1.").arg(axle());
            if (change.kind == SetupChange::Kind::Whole || change.path == mine + QLatin1String("camber") ||
                change.path == mine + QLatin1String("pressure") || change.path.startsWith(mine + QLatin1String("tir")))
                resetTirConditions();
            refresh();
        }
    });
    rebuildComparisons();
    resetTirConditions();
    refresh();
}

void TireModelView::resetTirConditions() {
    const TireParams& p = params(axle());
    const QSignalBlocker blockCamber(m_camber), blockPressure(m_pressure);
    const ValueDisplay pressure = valueDisplay(Quantity::Pressure, m_system);
    m_camber->setValue(units::radToDeg(p.camber));
    m_pressure->setSuffix(QLatin1Char(' ') + pressure.unit.symbol);
    const double nominal = p.tir.coefficients.NOMPRES;
    m_pressure->setValue(pressure.toDisplay(p.pressure > 0.0 ? p.pressure : nominal));
    m_pressure->setEnabled(nominal > 0.0); // MF 5.2 files have no pressure terms
}

void TireModelView::setTirConditions(double camber, double pressure) {
    m_camber->setValue(units::radToDeg(camber));
    m_pressure->setValue(valueDisplay(Quantity::Pressure, m_system).toDisplay(pressure));
}

TireParams TireModelView::drawn(TireParams p) const {
    if (p.model != TireModelKind::Tir)
        return p;
    p.camber = units::degToRad(m_camber->value());
    if (m_pressure->isEnabled())
        p.pressure = valueDisplay(Quantity::Pressure, m_system).fromDisplay(m_pressure->value());
    return p;
}

bool TireModelView::compareWithTirFile(const QString& path) {
    const TirLoadResult read = readTirFile(path, InputKinds::RegularFilesOnly);
    if (!read.ok()) {
        emit message(tr("%1 cannot be compared: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(read.error)));
        return false;
    }
    TireParams p = params(axle());
    p.model = TireModelKind::Tir;
    p.tir.coefficients = *read.coefficients;
    p.tir.source = QFileInfo(path).fileName().toStdString();
    m_file = p;
    m_fileName = QFileInfo(path).fileName();
    rebuildComparisons();
    setComparison(QStringLiteral("file"));
    refresh();
    return true;
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
    m_load->setStoredValue(newtons);
}

double TireModelView::load() const {
    return m_load->storedValue();
}

QString TireModelView::shownLoad(double newtons) const {
    const ValueDisplay d = tyreLoadDisplay(m_system);
    return formatNumber(d.toDisplay(newtons), m_load->decimals()) + QLatin1Char(' ') + d.unit.symbol;
}

void TireModelView::showLoadUnit() {
    m_load->setDisplay(tyreLoadDisplay(m_system));
    m_load->setSuffix(QLatin1Char(' ') + m_load->display().unit.symbol);
    m_load->setToolTip(tr("Normal load on one tire, %1").arg(m_load->rangeText()));
}

const TireParams& TireModelView::params(const QString& axle) const {
    const Setup& s = m_document->setup();
    return axle == QLatin1String("front") ? s.frontTires : s.rearTires;
}

void TireModelView::setUnitSystem(UnitSystem system) {
    m_system = system;
    showLoadUnit();
    resetTirConditions();
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
    if (m_file)
        m_compare->addItem(tr("File: %1").arg(m_fileName), QStringLiteral("file"));
    m_compare->addItem(tr("A .tir file…"), QStringLiteral("chooseFile"));
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
    if (key == QLatin1String("file") && m_file) {
        *name = m_fileName;
        return m_file;
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

    // Both signs of slip for a tyre whose curve is not its own mirror image (a .tir
    // file with shifts), so that the caption's peaks are those of the curves drawn.
    const SweepRange halfRatios{0.0, maxSlipRatio, sweepPoints};
    const SweepRange allRatios{-maxSlipRatio, maxSlipRatio, 2 * sweepPoints - 1};
    const SweepRange halfAngles{0.0, units::degToRad(maxSlipAngleDeg), sweepPoints};
    const SweepRange allAngles{-units::degToRad(maxSlipAngleDeg), units::degToRad(maxSlipAngleDeg), 2 * sweepPoints - 1};
    const auto asymmetric = [&](const TireParams& tp, bool lateral) {
        const SweepConditions conditions{chosenLoad, grip, 10.0, 0.0};
        const Tire tire(tp);
        const SweepRange& all = lateral ? allAngles : allRatios;
        const SweepPeaks peaks = lateral ? sweepPeaks(sweepSlipAngle(tire, conditions, all), true)
                                         : sweepPeaks(sweepSlipRatio(tire, conditions, all), false);
        return peaks.asymmetric(asymmetryShare, 2.0 * (all.to - all.from) / (all.count - 1));
    };
    struct Drawn {
        FrictionLimits limits;
        SweepPeaks fx, fy; ///< of the curves drawn at the chosen load
    };

    const auto drawTire = [&](const TireParams& tp, const QColor& colour, Qt::PenStyle style,
                              const QString& tag, bool withOtherLoads, const SweepRange& ratios,
                              const SweepRange& angles) {
        const Tire tire(tp);
        Drawn drawn;
        QList<double> loads{chosenLoad};
        if (withOtherLoads) {
            for (double m : otherLoads)
                loads << chosenLoad * m;
        }
        for (int li = 0; li < loads.size(); ++li) {
            const double fz = loads[li];
            const SweepConditions conditions{fz, grip, 10.0, 0.0};
            const QColor c = li == 0 ? colour : lighter(colour, 90);
            const QString name = li == 0 ? tr("%1 at %2").arg(tag, shownLoad(fz))
                                 : li == 1 ? tr("%1, other loads (×0.5, 1.5, 2)").arg(tag)
                                           : QString();
            QVector<double> xs, ys;
            const std::vector<TireSweepRow> fxRows = sweepSlipRatio(tire, conditions, ratios);
            for (const TireSweepRow& r : fxRows) {
                xs << r.slipRatio;
                ys << force.toDisplay(r.fx);
            }
            addLine(m_fx, xs, ys, QPen(c, 1, style), name);
            xs.clear();
            ys.clear();
            const std::vector<TireSweepRow> fyRows = sweepSlipAngle(tire, conditions, angles);
            for (const TireSweepRow& r : fyRows) {
                xs << r.slipAngle * degPerRad;
                ys << force.toDisplay(-r.fy); // Fy opposes the slip angle
            }
            addLine(m_fy, xs, ys, QPen(c, 1, style), name);
            if (li == 0) {
                drawn.fx = sweepPeaks(fxRows, false);
                drawn.fy = sweepPeaks(fyRows, true);
            }
        }
        // Friction ellipse at the chosen load and combined-slip curves inside it.
        const FrictionLimits lim = tire.limits(chosenLoad, grip);
        drawn.limits = lim;
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
        return drawn;
    };

    const TireParams a = drawn(params(axle()));
    const QString aName = enumDisplayName(a.model);
    QString bName;
    std::optional<TireParams> b = comparisonParams(&bName);
    if (b)
        b = drawn(*b);
    const bool fxBothSides = asymmetric(a, false) || (b && asymmetric(*b, false));
    const bool fyBothSides = asymmetric(a, true) || (b && asymmetric(*b, true));
    const SweepRange& ratios = fxBothSides ? allRatios : halfRatios;
    const SweepRange& angles = fyBothSides ? allAngles : halfAngles;
    const Drawn drawnA = drawTire(a, seriesColour(0), Qt::SolidLine, QStringLiteral("A"), true, ratios, angles);
    const FrictionLimits limA = drawnA.limits;
    std::optional<Drawn> drawnB;
    std::optional<FrictionLimits> limB;
    if (b) {
        drawnB = drawTire(*b, seriesColour(1), Qt::DashLine, QStringLiteral("B"), false, ratios, angles);
        limB = drawnB->limits;
    }
    const bool tir = a.model == TireModelKind::Tir || (b && b->model == TireModelKind::Tir);
    for (QWidget* w : std::initializer_list<QWidget*>{m_camberLabel, m_camber, m_pressureLabel, m_pressure})
        w->setVisible(tir);
    drawLoadDependence(a, b, grip, chosenLoad);

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
    m_fx->xAxis->setRange(ratios.from, ratios.to);
    m_fy->xAxis->setRange(angles.from * degPerRad, angles.to * degPerRad);
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
            p->yAxis->setRange(std::min(0.0, r.lower * 1.12), r.upper * 1.12);
    }
    double extent = std::max(limA.fxMax, limA.fyMax);
    if (limB)
        extent = std::max({extent, limB->fxMax, limB->fyMax});
    extent = force.toDisplay(extent) * 1.15;
    m_ellipseExtent = extent;
    fitEllipseAxes();

    // The peaks of the curves as drawn, each side that is drawn; μ is the larger |F| / Fz.
    const auto peakText = [&](const SweepPeaks& peaks, const QString& forceName, const QString& muName,
                              bool lateral) {
        const QString slipUnit = lateral ? valueDisplay(Quantity::Angle, m_system).unit.symbol : QString();
        const auto side = [&](const SweepSidePeak& p) {
            const QString slip = lateral ? formatNumber(p.slip * degPerRad, 1) + QLatin1Char(' ') + slipUnit
                                         : tr("κ %1").arg(formatNumber(p.slip, 2));
            return tr("%1 %2 at %3").arg(formatNumber(force.toDisplay(p.force), 0), f, slip);
        };
        QStringList sides;
        double largest = 0.0;
        for (const std::optional<SweepSidePeak>& p : {peaks.positive, peaks.negative}) {
            if (p) {
                sides << side(*p);
                largest = std::max(largest, std::abs(p->force));
            }
        }
        return tr("peak %1 %2 (%3 %4)")
            .arg(forceName, sides.join(QStringLiteral(", ")), muName, formatNumber(largest / chosenLoad, 3));
    };
    const auto limitsText = [&](const Drawn& d) {
        return peakText(d.fx, tr("Fx"), tr("μx"), false) + QStringLiteral(", ") +
               peakText(d.fy, tr("−Fy"), tr("μy"), true);
    };
    QString info = tr("<b>A</b> — %1 tires, %2 model: %3")
                       .arg(axle() == QLatin1String("front") ? tr("front") : tr("rear"), aName,
                            limitsText(drawnA));
    if (drawnB)
        info += tr("<br><b>B</b> (dashed) — %1, %2 model: %3").arg(bName, enumDisplayName(b->model), limitsText(*drawnB));
    info += tr("<br><span style='color:gray'>At %1 load on %2; lighter lines ×0.5, ×1.5 and ×2 the load. "
               "Friction ellipse: μx Fz by μy Fz, with combined slip at α = 2, 4 and 8° for κ from −1 to 1.%3%4"
               "</span>")
                .arg(shownLoad(chosenLoad), m_surface->currentText().toLower(),
                     tir ? tr(" The .tir curves at %1° camber%2.")
                               .arg(formatNumber(m_camber->value(), 2),
                                    m_pressure->isEnabled()
                                        ? tr(" and %1 %2").arg(formatNumber(m_pressure->value(), 1),
                                                               valueDisplay(Quantity::Pressure, m_system).unit.symbol)
                                        : QString())
                         : QString(),
                     a.model == TireModelKind::Table ? tr(" The table points are draggable on the force plots.")
                                                     : QString());
    m_info->setText(info);
    for (QCustomPlot* p : {m_fx, m_fy, m_ellipse, m_loadPlot})
        p->replot(QCustomPlot::rpQueuedReplot);
}

void TireModelView::drawLoadDependence(const TireParams& a, const std::optional<TireParams>& b, double grip,
                                       double chosenLoad) {
    m_loadPlot->clearGraphs();
    m_loadPlot->clearItems();
    const ValueDisplay force = tyreLoadDisplay(m_system);
    const ValueDisplay stiffness = valueDisplay(Quantity::ForcePerAngle, m_system);
    const SweepRange loads{chosenLoad * loadPlotFrom, chosenLoad * loadPlotTo, loadPlotPoints};
    const QColor muX = seriesColour(0), muY = seriesColour(2), cornering = seriesColour(3);
    const auto draw = [&](const TireParams& tp, Qt::PenStyle style, const QString& tag) {
        QVector<double> x, px, py, c;
        for (const LoadSweepRow& r : sweepLoad(Tire(tp), {0.0, grip, 10.0, 0.0}, loads)) {
            x << force.toDisplay(r.normalLoad);
            px << r.peakMuX;
            py << r.peakMuY;
            c << stiffness.toDisplay(r.corneringStiffness);
        }
        const auto add = [&](QCPAxis* valueAxis, const QVector<double>& ys, const QColor& colour, const QString& name) {
            QCPGraph* g = m_loadPlot->addGraph(m_loadPlot->xAxis, valueAxis);
            g->setData(x, ys, true);
            g->setPen(QPen(colour, 1, style));
            g->setName(QStringLiteral("%1 %2").arg(tag, name));
            g->setSelectable(QCP::stNone);
        };
        add(m_loadPlot->yAxis, px, muX, tr("peak μx"));
        add(m_loadPlot->yAxis, py, muY, tr("peak μy"));
        add(m_loadPlot->yAxis2, c, cornering, tr("cornering stiffness"));
    };
    draw(a, Qt::SolidLine, QStringLiteral("A"));
    if (b)
        draw(*b, Qt::DashLine, QStringLiteral("B"));
    // The chosen load, where the other plots are drawn.
    auto* marker = new QCPItemStraightLine(m_loadPlot);
    const double x0 = force.toDisplay(chosenLoad);
    marker->point1->setCoords(x0, 0.0);
    marker->point2->setCoords(x0, 1.0);
    marker->setPen(QPen(Qt::gray, 1, Qt::DotLine));
    m_loadPlot->xAxis->setLabel(axisTitle(tr("Load Fz"), force.unit.symbol));
    m_loadPlot->yAxis->setLabel(tr("Peak friction μ"));
    m_loadPlot->yAxis2->setLabel(axisTitle(tr("Cornering stiffness Cα"), stiffness.unit.symbol));
    m_loadPlot->yAxis->setLabelColor(muX);
    m_loadPlot->yAxis2->setLabelColor(cornering);
    m_loadPlot->xAxis->setRange(force.toDisplay(loads.from), force.toDisplay(loads.to));
    m_loadPlot->yAxis->rescale();
    m_loadPlot->yAxis2->rescale();
    QCPRange mu = m_loadPlot->yAxis->range();
    m_loadPlot->yAxis->setRange(0.0, std::max(mu.upper * 1.15, 0.1));
    QCPRange cr = m_loadPlot->yAxis2->range();
    m_loadPlot->yAxis2->setRange(std::min(0.0, cr.lower), std::max(cr.upper * 1.15, 1.0));
    m_loadPlot->legend->setVisible(true);
    m_loadPlot->legend->setFont(QFont(m_loadPlot->font().family(), 7));
    m_loadPlot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
}

} // namespace vtw

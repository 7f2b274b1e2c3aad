#include "ui/setups/TorqueCurvePanel.h"

#include "ui/setups/CurveEditor.h"
#include "ui/shared/DisplayUnits.h"
#include "core/powertrain/Engine.h"
#include "ui/shared/PlotStyle.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QVBoxLayout>

namespace vtw {

namespace {
const QString torquePath = QStringLiteral("engine.torqueCurve_rpm_Nm");

QCPItemStraightLine* verticalLine(QCustomPlot* plot) {
    auto* line = new QCPItemStraightLine(plot);
    line->setPen(QPen(QColor(0x88, 0x88, 0x88), 1, Qt::DashLine));
    line->setSelectable(false);
    return line;
}

QCPItemText* lineLabel(QCustomPlot* plot) {
    auto* label = new QCPItemText(plot);
    label->setColor(QColor(0x66, 0x66, 0x66));
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    label->setSelectable(false);
    return label;
}
} // namespace

TorqueCurvePanel::TorqueCurvePanel(SetupDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_editor(new CurveEditor(document, torquePath, this)),
      m_peaks(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    m_peaks->setObjectName(QStringLiteral("peaks"));
    m_peaks->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* hint = new QLabel(tr("Drag a point to move it (Shift: along one axis) · double-click to add · right-click or "
                               "Delete to remove · wheel to zoom"),
                            this);
    hint->setStyleSheet(QStringLiteral("color: palette(dark);"));
    layout->addWidget(m_peaks);
    layout->addWidget(m_editor, 1);
    layout->addWidget(hint);

    QCustomPlot* plot = m_editor->plot();
    m_editor->dragger()->graph()->setName(tr("Torque"));
    m_power = plot->addGraph(plot->xAxis, plot->yAxis2);
    m_power->setPen(QPen(seriesColour(1), 1));
    m_power->setSelectable(QCP::stNone);
    plot->yAxis2->setVisible(true);
    m_idle = verticalLine(plot);
    m_redline = verticalLine(plot);
    m_idleLabel = lineLabel(plot);
    m_redlineLabel = lineLabel(plot);
    for (QCPItemText* t : {m_idleLabel, m_redlineLabel}) {
        t->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    m_idleLabel->setText(tr("idle"));
    m_redlineLabel->setText(tr("redline"));
    // Labels beside their lines, inside the plot: idle to the right, redline to the left.
    m_idleLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_redlineLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_idleLabel->setPadding(QMargins(4, 0, 4, 0));
    m_redlineLabel->setPadding(QMargins(4, 0, 4, 0));
    // The power graph sits below the points in the legend and the drawing order.
    plot->legend->setVisible(true);

    connect(m_editor, &CurveEditor::curveRefreshed, this, &TorqueCurvePanel::updateDerived);
    connect(m_editor, &CurveEditor::message, this, &TorqueCurvePanel::message);
    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (change.affects(QStringLiteral("engine.idle_rpm")) ||
            change.affects(QStringLiteral("engine.redline_rpm")))
            updateDerived();
    });
    updateDerived();
}

void TorqueCurvePanel::setUnitSystem(UnitSystem system) {
    m_system = system;
    m_editor->setUnitSystem(system);
    updateDerived();
}

QString TorqueCurvePanel::peaksText() const {
    return m_peaks->text();
}

void TorqueCurvePanel::updateDerived() {
    const EngineParams& engine = m_document->setup().engine;
    const ValueDisplay torque = valueDisplay(Quantity::Torque, m_system);
    const ValueDisplay power = powerDisplay(m_system);

    const Curve pc = powerCurve(engine);
    QVector<double> xs, ys;
    double maxPower = 0.0;
    for (const CurvePoint& p : pc.points()) {
        xs << p.x;
        ys << power.toDisplay(p.y);
        maxPower = std::max(maxPower, ys.back());
    }
    m_power->setData(xs, ys, true);
    m_power->setName(tr("Power (derived)"));
    QCustomPlot* plot = m_editor->plot();
    plot->yAxis2->setLabel(axisTitle(tr("Power"), power.unit.symbol));
    plot->yAxis2->setRange(0.0, std::max(maxPower, 1.0) * 1.1);

    const CurvePoint peakT = engine.torqueCurve.peak();
    const CurvePoint peakP = peakPower(engine);
    m_peaks->setText(tr("<b>Peak torque</b> %1 %2 at %3 rpm &nbsp;·&nbsp; <b>Peak power</b> %4 %5 "
                        "at %6 rpm")
                         .arg(formatNumber(torque.toDisplay(peakT.y), 1), torque.unit.symbol,
                              formatNumber(peakT.x, 0), formatNumber(power.toDisplay(peakP.y), 1),
                              power.unit.symbol, formatNumber(peakP.x, 0)));

    const auto place = [](QCPItemStraightLine* line, QCPItemText* label, double rpm) {
        line->point1->setCoords(rpm, 0.0);
        line->point2->setCoords(rpm, 1.0);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(rpm, 0.02);
    };
    place(m_idle, m_idleLabel, engine.idleRpm);
    place(m_redline, m_redlineLabel, engine.redlineRpm);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace vtw

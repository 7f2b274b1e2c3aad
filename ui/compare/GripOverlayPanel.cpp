#include "ui/compare/GripOverlayPanel.h"

#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "core/base/Units.h"
#include "core/analysis/TraceInterpolation.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/study/LapTarget.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace vtw {

GripOverlayPanel::GripOverlayPanel(QWidget* parent)
    : QWidget(parent), m_maneuver(new QComboBox(this)), m_view(new QComboBox(this)),
      m_wheel(new QComboBox(this)), m_plot(new QCustomPlot(this)) {
    m_maneuver->setObjectName(QStringLiteral("gripManeuver"));
    m_view->setObjectName(QStringLiteral("gripView"));
    m_wheel->setObjectName(QStringLiteral("gripWheel"));
    m_plot->setObjectName(QStringLiteral("gripPlot"));
    m_view->addItem(tr("G-G diagram"), static_cast<int>(GripView::GG));
    m_view->addItem(tr("Friction ellipse (Fx, Fy over Fz)"),
                    static_cast<int>(GripView::FrictionEllipse));
    m_wheel->addItem(tr("All wheels"), -1);
    const char* wheels[] = {"FL", "FR", "RL", "RR"};
    for (int w = 0; w < 4; ++w)
        m_wheel->addItem(QString::fromLatin1(wheels[w]), w);
    styleComparePlot(m_plot);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Maneuver:"), this));
    controls->addWidget(m_maneuver, 2);
    controls->addWidget(new QLabel(tr("View:"), this));
    controls->addWidget(m_view, 1);
    controls->addWidget(m_wheel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_plot, 1);
    for (QComboBox* box : {m_maneuver, m_view, m_wheel})
        connect(box, &QComboBox::currentIndexChanged, this, &GripOverlayPanel::replot);
    m_plot->installEventFilter(this);
    replot();
}

void GripOverlayPanel::setComparison(const ComparisonData* data) {
    m_data = data;
    const int keep = m_maneuver->currentIndex();
    {
        const QSignalBlocker block(m_maneuver);
        m_maneuver->clear();
        if (data) {
            for (const ManeuverSpec& m : data->maneuvers)
                m_maneuver->addItem(maneuverSummary(m));
        }
        // Cornering is what these views are for: prefer a maneuver with lateral load.
        int pick = keep >= 0 && keep < m_maneuver->count() ? keep : 0;
        if (keep < 0 && data) {
            for (std::size_t m = 0; m < data->maneuvers.size(); ++m) {
                const ManeuverDescription* d = findManeuverDescription(data->maneuvers[m].id);
                if (d && d->cornering) {
                    pick = static_cast<int>(m);
                    break;
                }
            }
        }
        m_maneuver->setCurrentIndex(pick);
    }
    replot();
}

void GripOverlayPanel::replot() {
    const int m = m_maneuver->currentIndex();
    // A lap knows its accelerations, not its tires' forces (lap/LapTelemetry.h): its G-G diagram only.
    const bool lap = m_data && m >= 0 && std::size_t(m) < m_data->maneuvers.size() &&
                     m_data->maneuvers[std::size_t(m)].id == lapTargetId;
    if (lap) {
        const QSignalBlocker block(m_view);
        m_view->setCurrentIndex(m_view->findData(static_cast<int>(GripView::GG)));
    }
    m_view->setEnabled(!lap);
    const auto view = static_cast<GripView>(m_view->currentData().toInt());
    m_wheel->setEnabled(view == GripView::FrictionEllipse);
    if (m_data && m_maneuver->currentIndex() >= 0)
        plotGripOverlay(m_plot, *m_data, static_cast<std::size_t>(m_maneuver->currentIndex()), view,
                        m_wheel->currentData().toInt());
    else
        m_plot->clearPlottables();
    m_cursorMarks.clear(); // plotGripOverlay removed them with the other plottables
    drawCursorMarks();
    if (m_plot->isVisible())
        equaliseGripScales(m_plot);
}

void GripOverlayPanel::setCursor(CursorAxis axis, std::optional<double> position) {
    m_cursorAxis = axis;
    m_cursorAt = position;
    for (QCPAbstractPlottable* mark : m_cursorMarks)
        m_plot->removePlottable(mark);
    m_cursorMarks.clear();
    drawCursorMarks();
    // Hovering the traces moves the cursor at mouse rate: a hidden view is drawn when shown
    // (the Show event's equaliseGripScales replots it), not on every move.
    if (m_plot->isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void GripOverlayPanel::drawCursorMarks() {
    const int m = m_maneuver->currentIndex();
    if (!m_data || m < 0 || !m_cursorAt)
        return;
    const auto view = static_cast<GripView>(m_view->currentData().toInt());
    const int wheel = m_wheel->currentData().toInt();
    const char* axis = m_cursorAxis == CursorAxis::Time ? "time" : "distance";
    const char* const wheels[] = {"FL", "FR", "RL", "RR"};
    for (std::size_t s = 0; s < m_data->setupCount(); ++s) {
        const RunResult* run = m_data->run(static_cast<std::size_t>(m), s);
        if (!run || run->telemetry.sampleCount() == 0)
            continue;
        const Telemetry& t = run->telemetry;
        // Interpolated between the samples either side; nothing outside the run.
        const auto at = [&](const std::string& channel) {
            return interpolateOnto(t.column(axis), t.column(channel), {*m_cursorAt})[0];
        };
        std::vector<std::pair<double, double>> points; // (x, y) as plotGripOverlay draws them
        if (view == GripView::GG) {
            points.emplace_back(at("ay") / units::gravity, at("ax") / units::gravity);
        } else {
            for (int w = 0; w < 4; ++w) {
                if (wheel >= 0 && wheel != w)
                    continue;
                const std::string suffix = std::string("_") + wheels[w];
                const double load = at("load" + suffix);
                if (load > 1.0)
                    points.emplace_back(at("fy" + suffix) / load, at("fx" + suffix) / load);
            }
        }
        for (const auto& [x, y] : points) {
            if (!std::isfinite(x) || !std::isfinite(y))
                continue;
            auto* mark = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
            mark->setObjectName(QStringLiteral("gripCursorMark"));
            mark->setLineStyle(QCPCurve::lsNone);
            mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::black, 2.0),
                                                  setupColour(static_cast<int>(s)), 11));
            mark->addData(x, y);
            mark->removeFromLegend();
            m_cursorMarks.push_back(mark);
        }
    }
}

bool GripOverlayPanel::eventFilter(QObject* watched, QEvent* event) {
    // Equal scales depend on the plot's size: redo them once a resize has settled.
    if (watched == m_plot && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        QTimer::singleShot(0, m_plot, [plot = m_plot] { equaliseGripScales(plot); });
    return QWidget::eventFilter(watched, event);
}

} // namespace vtw

#include "ui/analysis/ReferencePanel.h"

#include "ui/analysis/ShownAxis.h"

#include "ui/analysis/CursorLines.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/analysis/ReferenceTraces.h"

#include "core/analysis/DeltaTime.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace vtw {

ReferencePanel::ReferencePanel(ReferenceRuns* runs, RunSource source, QWidget* parent)
    : QWidget(parent), m_runs(runs), m_source(std::move(source)), m_name(new QLabel(this)),
      m_pin(new QPushButton(this)), m_unpin(new QPushButton(tr("Unpin"), this)), m_delta(new QCustomPlot(this)) {
    setObjectName(QStringLiteral("referencePanel"));
    m_name->setObjectName(QStringLiteral("referenceName"));
    m_name->setWordWrap(true);
    m_name->setMinimumWidth(120);
    m_pin->setObjectName(QStringLiteral("pinReference"));
    m_unpin->setObjectName(QStringLiteral("unpinReference"));
    m_delta->setObjectName(QStringLiteral("referenceDelta"));
    m_delta->setMinimumHeight(90);
    showAxisIn(m_delta->xAxis, tr("Distance"), "m", UnitSystem::SI);
    m_delta->yAxis->setLabel(tr("\u0394t (s)"));
    m_delta->setToolTip(tr("Time behind the pinned reference at each point (positive: slower than it)"));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    for (QCPAxis* axis : {m_delta->xAxis, m_delta->yAxis}) {
        axis->setLabelFont(small);
        axis->setTickLabelFont(small);
    }
    m_delta->yAxis->ticker()->setTickCount(3);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_name, 1);
    bar->addWidget(m_pin);
    bar->addWidget(m_unpin);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_delta, 1);

    connect(m_pin, &QPushButton::clicked, this, &ReferencePanel::pinThisRun);
    connect(m_unpin, &QPushButton::clicked, this, [this] { m_runs->unpinCurrent(); });
    m_runs = nullptr;
    setRuns(runs);
}

void ReferencePanel::setRuns(ReferenceRuns* runs) {
    if (runs == m_runs)
        return;
    if (m_runs)
        disconnect(m_runs, nullptr, this, nullptr);
    m_runs = runs;
    connect(runs, &ReferenceRuns::changed, this, &ReferencePanel::refresh);
    refresh();
}

void ReferencePanel::pinThisRun() {
    std::optional<RunForReference> run = m_source ? m_source() : std::nullopt;
    if (!run) {
        emit message(tr("No run to pin yet."));
        return;
    }
    QString error;
    const QString name = run->name;
    if (!m_runs->replaceCurrent(run->name, run->source, std::move(run->table), &error))
        emit message(tr("Not pinned: %1").arg(error));
    else
        emit message(tr("%1 pinned as the reference").arg(name));
}

void ReferencePanel::refresh() {
    const PinnedRun* reference = m_runs->current();
    m_pin->setText(reference ? tr("Replace reference") : tr("Pin as reference"));
    m_pin->setToolTip(reference ? tr("Put this workspace's run in the reference's place")
                                : tr("Keep this workspace's run overlaid while you edit and re-run"));
    m_unpin->setEnabled(reference != nullptr);
    m_name->setText(reference ? tr("Reference: %1 (%2)").arg(reference->name, reference->source)
                              : tr("No reference pinned"));
    m_delta->clearGraphs();
    m_delta->clearItems();
    m_delta->setVisible(reference != nullptr);
    if (!reference)
        return;
    const std::optional<RunForReference> run = m_source ? m_source() : std::nullopt;
    if (run) {
        const DeltaTimeTrace delta = deltaTimeByDistance(run->table, reference->table);
        if (!delta.error.empty()) {
            m_name->setText(m_name->text() + QStringLiteral("\n") +
                            tr("No delta-time: %1").arg(QString::fromStdString(delta.error)));
        } else {
            QCPGraph* graph = m_delta->addGraph();
            graph->setData(QVector<double>(delta.distance.begin(), delta.distance.end()),
                           QVector<double>(delta.delta.begin(), delta.delta.end()), true);
            graph->setPen(QPen(QColor(200, 40, 40), 1.5));
            graph->setName(tr("%1 \u2212 reference").arg(run->name));
        }
    }
    auto* zero = new QCPItemStraightLine(m_delta);
    zero->point1->setCoords(0, 0);
    zero->point2->setCoords(1, 0);
    zero->setPen(QPen(referenceColour(), 1, Qt::DashLine));
    m_delta->rescaleAxes();
    m_delta->yAxis->scaleRange(1.2, m_delta->yAxis->range().center());
    replotWhenShown(m_delta);
}

void ReferencePanel::setUnitSystem(UnitSystem system) {
    showAxisIn(m_delta->xAxis, tr("Distance"), "m", system);
    m_delta->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace vtw

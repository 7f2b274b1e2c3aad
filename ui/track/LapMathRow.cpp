// The track workspace's row of math channels: the user's formulas computed over the
// lap's trace (by distance, like the other rows), in a row of their own between the
// pedals and the limit. A member of LapTracePlots kept apart from its fixed rows.

#include "ui/track/LapTracePlots.h"

#include "ui/shared/CompareStyle.h"
#include "ui/shared/PlotStyle.h"
#include "ui/mathchannels/RunMathChannels.h"

#include "core/analysis/ChannelTableCsv.h"
#include "core/lap/LapTelemetry.h"

namespace vtw {

void LapTracePlots::showMathChannels(const LapTrace* trace) {
    const std::vector<ChannelColumn> columns =
        trace ? mathColumnsOf(channelTableOf(*trace)) : std::vector<ChannelColumn>{};
    if (columns.empty()) {
        if (m_mathRow) {
            const int at = static_cast<int>(m_rows.indexOf(m_mathRow));
            removeItem(m_cursorLines.takeAt(at));
            m_rows.removeAt(at);
            plotLayout()->remove(m_mathRow);
            plotLayout()->simplify();
            m_mathRow = nullptr;
        }
        return;
    }
    if (!m_mathRow) {
        // Above the limit, the last row, which keeps the distance axis' labels.
        QCPAxisRect* limit = m_rows.back();
        int row = 0, column = 0;
        plotLayout()->indexToRowCol(plotLayout()->elements(false).indexOf(limit), row, column);
        plotLayout()->insertRow(row);
        m_mathRow = addRow(row, limit->marginGroup(QCP::msLeft));
        plotLayout()->setRowStretchFactor(row, 2.0);
        m_mathRow->axis(QCPAxis::atBottom)->setTickLabels(false);
    }
    const QVector<double> x(trace->distance.begin(), trace->distance.end());
    bool oneUnit = true;
    for (std::size_t k = 0; k < columns.size(); ++k) {
        const ChannelColumn& c = columns[k];
        const QString unit = QString::fromStdString(c.unit);
        addTrace(m_mathRow, m_mathRow->axis(QCPAxis::atLeft), x, c.values, seriesColour(static_cast<int>(k)),
                 unit.isEmpty() ? QString::fromStdString(c.name)
                                : QStringLiteral("%1 (%2)").arg(QString::fromStdString(c.name), unit));
        oneUnit = oneUnit && c.unit == columns.front().unit;
    }
    QCPAxis* y = m_mathRow->axis(QCPAxis::atLeft);
    y->setLabel(columns.size() == 1 ? axisTitleWithUnit(QString::fromStdString(columns.front().name),
                                                        QString::fromStdString(columns.front().unit))
                : oneUnit ? axisTitleWithUnit(mathChannelGroup(), QString::fromStdString(columns.front().unit))
                          : mathChannelGroup());
    y->ticker()->setTickCount(3);
    y->rescale();
    y->scaleRange(1.1);
    if (columns.size() > 1) {
        auto* legend = new QCPLegend;
        m_mathRow->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
        legend->setLayer(QStringLiteral("legend"));
        legend->setBrush(QColor(255, 255, 255, 210));
        legend->setBorderPen(QPen(QColor(0xbb, 0xbb, 0xbb)));
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        for (int i = 0; i < graphCount(); ++i) {
            if (graph(i)->keyAxis()->axisRect() == m_mathRow)
                graph(i)->addToLegend(legend);
        }
    }
}

} // namespace vtw

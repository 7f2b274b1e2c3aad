#include "ui/compare/TraceReadout.h"

#include "ui/analysis/ChannelDisplay.h"
#include "ui/shared/CompareStyle.h"
#include "ui/mathchannels/RunMathChannels.h"
#include "core/analysis/TraceInterpolation.h"

#include <QCoreApplication>

#include <cmath>

namespace vtw {

QString traceReadoutText(const ComparisonData& data, const TraceSelection& selection, double x) {
    const auto info = channelOrMathInfo(selection.channel);
    if (!info)
        return {};
    const ChannelDisplay shown = channelDisplay(info->unit, selection.units);
    const QString unit = shown.unit.isEmpty() ? QString() : QLatin1Char(' ') + shown.unit;
    QStringList values;
    for (const TraceSeries& series : traceSeries(data, selection)) {
        const double v = interpolateOnto(series.x, series.y, {x}).front();
        // Past the end of a run's trace: a dash, not its last value.
        values << QStringLiteral("%1 %2").arg(series.name, std::isfinite(v) ? formatFigure(v * shown.scale) + unit
                                                                            : formatFigure(v));
    }
    const QString where = selection.x == TraceAxis::Time
                              ? QCoreApplication::translate("vtw::TraceReadout", "%1 s").arg(x, 0, 'f', 2)
                              : QCoreApplication::translate("vtw::TraceReadout", "%1 m").arg(x, 0, 'f', 1);
    return QCoreApplication::translate("vtw::TraceReadout", "%1 at %2: %3")
        .arg(QString::fromStdString(info->label), where, values.join(QStringLiteral(", ")));
}

} // namespace vtw

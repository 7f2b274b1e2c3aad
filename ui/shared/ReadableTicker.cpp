#include "ui/shared/ReadableTicker.h"

#include <QFontMetricsF>

#include <algorithm>
#include <array>
#include <cmath>

namespace vtw {

namespace {
// Up from the default ticker's choices only: a step rounded down would pack the labels closer.
constexpr std::array<double, 5> niceMantissas = {1.0, 2.0, 2.5, 5.0, 10.0};
// A vertical axis's labels: one line each, with most of a line free between them.
constexpr double verticalLineShare = 1.8;
// A horizontal axis's labels: about this many digits ("123.45") and a gap.
constexpr int horizontalLabelDigits = 8;
} // namespace

ReadableTicker::ReadableTicker(const QCPAxis* axis, double minimumSpacingPx, bool wholeNumbers)
    : m_axis(axis), m_spacing(std::max(1.0, minimumSpacingPx)), m_wholeNumbers(wholeNumbers) {}

double ReadableTicker::spacingFor(const QCPAxis* axis) {
    const QFontMetricsF metrics(axis->tickLabelFont());
    const bool vertical = axis->orientation() == Qt::Vertical;
    return vertical ? verticalLineShare * metrics.height()
                    : horizontalLabelDigits * metrics.horizontalAdvance(QLatin1Char('0'));
}

double ReadableTicker::getTickStep(const QCPRange& range) {
    const QCPAxisRect* rect = m_axis->axisRect();
    const int length = m_axis->orientation() == Qt::Vertical ? rect->height() : rect->width();
    // Before the first layout the axis has no length: the count the ticker was given.
    const int fitting = length > 0 ? static_cast<int>(std::floor(length / m_spacing)) : tickCount();
    const double wanted = range.size() / std::max(1, fitting);
    if (!(wanted > 0.0) || !std::isfinite(wanted))
        return QCPAxisTicker::getTickStep(range);
    double magnitude = 1.0;
    const double mantissa = getMantissa(wanted, &magnitude);
    const double* nice = std::find_if(niceMantissas.begin(), niceMantissas.end(),
                                      [mantissa](double m) { return m >= mantissa - 1e-9; });
    const double step = (nice == niceMantissas.end() ? 10.0 : *nice) * magnitude;
    return m_wholeNumbers ? std::max(1.0, std::ceil(step)) : step;
}

void useReadableTicks(QCPAxis* axis, bool wholeNumbers) {
    axis->setTicker(QSharedPointer<QCPAxisTicker>(
        new ReadableTicker(axis, ReadableTicker::spacingFor(axis), wholeNumbers)));
}

} // namespace vtw

#pragma once

// Axis ticks spaced for their labels: however short the axis (a stacked plot on a small
// window), adjacent tick labels never overlap. The tick step is the smallest "nice" step
// (1, 2, 2.5 or 5 times a power of ten) that keeps at least the given number of pixels
// between ticks, measured on the axis's current length.

#include <qcustomplot.h>

namespace vtw {

class ReadableTicker : public QCPAxisTicker {
public:
    /// Not owned: the ticker is the axis's (QSharedPointer), and goes with it. With
    /// wholeNumbers the step is a whole number (gears, counts): at least 1, rounded up.
    ReadableTicker(const QCPAxis* axis, double minimumSpacingPx, bool wholeNumbers = false);

    /// The pixels wanted between ticks on an axis showing labels of this font: a vertical
    /// axis's labels need their height and room between, a horizontal one's about six digits.
    static double spacingFor(const QCPAxis* axis);

protected:
    double getTickStep(const QCPRange& range) override;

private:
    const QCPAxis* m_axis;
    double m_spacing;
    bool m_wholeNumbers;
};

/// Gives the axis a ReadableTicker spaced for its tick label font (spacingFor).
void useReadableTicks(QCPAxis* axis, bool wholeNumbers = false);

} // namespace vtw

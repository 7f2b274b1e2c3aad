#include "ui/analysis/ShownAxis.h"

#include "ui/analysis/ChannelDisplay.h"

#include <qcustomplot.h>

namespace vtw {

namespace {

/// Ticks at round values of the shown unit, placed at their SI coordinates.
class ShownUnitTicker : public QCPAxisTicker {
public:
    explicit ShownUnitTicker(double scale) : m_scale(scale) {}

    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks, QVector<QString>* tickLabels) override {
        QCPAxisTicker::generate(QCPRange(range.lower * m_scale, range.upper * m_scale), locale, formatChar,
                                precision, ticks, subTicks, tickLabels);
        for (double& t : ticks)
            t /= m_scale;
        if (subTicks) {
            for (double& t : *subTicks)
                t /= m_scale;
        }
    }

    double scale() const { return m_scale; }

private:
    double m_scale;
};

} // namespace

void showAxisIn(QCPAxis* axis, const QString& label, const std::string& siUnit, UnitSystem system) {
    axis->setLabel(channelTitle(label, channelDisplay(siUnit, system).unit));
    showAxisTicksIn(axis, siUnit, system);
}

void showAxisTicksIn(QCPAxis* axis, const std::string& siUnit, UnitSystem system) {
    const ChannelDisplay shown = channelDisplay(siUnit, system);
    const auto* current = dynamic_cast<const ShownUnitTicker*>(axis->ticker().data());
    const double currentScale = current ? current->scale() : 1.0;
    if (currentScale == shown.scale)
        return; // keep the ticker (and any settings made on it)
    QSharedPointer<QCPAxisTicker> ticker(shown.scale == 1.0 ? new QCPAxisTicker : new ShownUnitTicker(shown.scale));
    // The old ticker's settings carry over (a plot that asked for fewer ticks keeps them).
    ticker->setTickCount(axis->ticker()->tickCount());
    ticker->setTickStepStrategy(axis->ticker()->tickStepStrategy());
    axis->setTicker(ticker);
}

} // namespace vtw

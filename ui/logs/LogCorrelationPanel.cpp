#include "ui/logs/LogCorrelationPanel.h"

#include "core/base/Units.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <numbers>

namespace vtw {

ShownLogUnit shownLogUnit(const std::string& channel, const std::string& siUnit, UnitSystem units) {
    // The track workspace's units (ui/track/LapChannels): speeds as people read them,
    // accelerations in g, pedals in per cent, angles in degrees.
    struct Shown {
        const char* si;
        const char* unit;
        double scale;
    };
    static const Shown shown[] = {
        {"m/s", "km/h", units::kmhPerMps},
        {"m/s^2", "m/s^2", 1.0}, // metricDisplayUnit shows accelerations in g
        {"1", "%", 100.0},
        {"rad", "deg", 180.0 / std::numbers::pi},
        {"rad/s", "deg/s", 180.0 / std::numbers::pi},
    };
    if (channel == "gear")
        return {1.0, QString()};
    for (const Shown& s : shown) {
        if (siUnit == s.si) {
            const DisplayUnit display = metricDisplayUnit(QString::fromLatin1(s.unit), units);
            return {s.scale * display.scale, display.symbol};
        }
    }
    return {1.0, QString::fromStdString(siUnit)};
}

LogCorrelationPanel::LogCorrelationPanel(QWidget* parent)
    : QWidget(parent), m_heading(new QLabel), m_table(new QTableWidget), m_remove(new QPushButton(tr("Remove log"))),
      m_align(new QComboBox), m_offset(new QDoubleSpinBox), m_findOffset(new QPushButton(tr("Find offset"))) {
    setObjectName(QStringLiteral("logCorrelation"));
    m_heading->setObjectName(QStringLiteral("logCorrelationHeading"));
    m_heading->setWordWrap(true);
    m_table->setObjectName(QStringLiteral("logCorrelationTable"));
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels({tr("Channel"), tr("RMS"), tr("Max |diff|"), tr("Where")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setToolTip(tr("Log minus simulation on the lap's samples by distance; choose a row to put the "
                           "cursor where the channel differs most."));
    m_remove->setObjectName(QStringLiteral("logRemove"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_heading, 1);
    bar->addWidget(m_remove);
    m_align->setObjectName(QStringLiteral("logAlign"));
    m_align->addItem(tr("By distance"));
    m_align->addItem(tr("By time"));
    m_offset->setObjectName(QStringLiteral("logTimeOffset"));
    // A lap is minutes long; a log that started its clock an hour before the lap is
    // trimmed to the lap at import (LogLaps), so a quarter of an hour covers any start.
    m_offset->setRange(-900.0, 900.0);
    m_offset->setDecimals(3);
    m_offset->setSingleStep(0.05);
    m_offset->setSuffix(QStringLiteral(" s"));
    m_offset->setToolTip(tr("Added to the log's time; drag with the mouse wheel or the arrows"));
    m_offset->setEnabled(false);
    m_findOffset->setObjectName(QStringLiteral("logFindOffset"));
    m_findOffset->setToolTip(tr("The offset at which the log's speed matches the lap's best (least RMS)"));
    m_findOffset->setEnabled(false);
    auto* alignRow = new QHBoxLayout;
    alignRow->addWidget(new QLabel(tr("Line up:")));
    alignRow->addWidget(m_align);
    alignRow->addWidget(m_offset);
    alignRow->addWidget(m_findOffset);
    alignRow->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(alignRow);
    layout->addWidget(m_table, 1);
    connect(m_align, &QComboBox::currentIndexChanged, this, [this] {
        m_offset->setEnabled(alignedByTime());
        m_findOffset->setEnabled(alignedByTime());
        emit alignmentChanged();
    });
    connect(m_offset, &QDoubleSpinBox::valueChanged, this, &LogCorrelationPanel::alignmentChanged);
    connect(m_findOffset, &QPushButton::clicked, this, &LogCorrelationPanel::findOffsetRequested);
    connect(m_table, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row >= 0 && row < int(m_at.size()) && std::isfinite(m_at[std::size_t(row)]))
            emit positionChosen(m_at[std::size_t(row)]);
    });
    connect(m_remove, &QPushButton::clicked, this, &LogCorrelationPanel::removeRequested);
    setCorrelation(QString(), nullptr, UnitSystem::SI, tr("Import a log (File > Import logged data) to lay it over the lap."));
}

bool LogCorrelationPanel::alignedByTime() const {
    return m_align->currentIndex() == 1;
}

double LogCorrelationPanel::timeOffset() const {
    return m_offset->value();
}

void LogCorrelationPanel::setTimeOffset(double seconds) {
    m_offset->setValue(seconds);
}

void LogCorrelationPanel::setCorrelation(const QString& name, const RunCorrelation* correlation, UnitSystem units,
                                         const QString& message) {
    const QSignalBlocker block(m_table);
    m_table->clearContents();
    m_at.clear();
    m_remove->setEnabled(!name.isEmpty());
    if (!correlation) {
        m_heading->setText(name.isEmpty() ? message : QStringLiteral("<b>%1</b>: %2").arg(name.toHtmlEscaped(), message));
        m_table->setRowCount(0);
        return;
    }
    // The differences are always placed along the lap's distance; what says how the log
    // was lined up is the alignment chosen above the table.
    const QString lineUp = alignedByTime() ? tr("time, the log's clock %1 s").arg(timeOffset(), 0, 'f', 3)
                                           : tr("distance");
    m_heading->setText(tr("<b>%1</b> against the simulated lap, lined up by %2").arg(name.toHtmlEscaped(), lineUp));
    m_table->setRowCount(int(correlation->channels.size()));
    const auto number = [](double v, const QString& unit) {
        if (!std::isfinite(v))
            return QStringLiteral("\u2013");
        return unit.isEmpty() ? QString::number(v, 'g', 3) : QStringLiteral("%1 %2").arg(v, 0, 'g', 3).arg(unit);
    };
    int row = 0;
    for (const ChannelCorrelation& c : correlation->channels) {
        const ShownLogUnit shown = shownLogUnit(c.name, c.unit, units);
        m_table->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(c.name)));
        m_table->setItem(row, 1, new QTableWidgetItem(number(c.rms * shown.scale, shown.unit)));
        m_table->setItem(row, 2, new QTableWidgetItem(number(c.maxAbs * shown.scale, shown.unit)));
        // Where the largest difference is means nothing when there is none.
        const double at = c.maxAbs > 0.0 ? c.at : std::nan("");
        m_table->setItem(row, 3, new QTableWidgetItem(number(at, QString::fromStdString(correlation->axisUnit))));
        for (int column = 1; column < 4; ++column)
            m_table->item(row, column)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_at.push_back(at);
        ++row;
    }
}

} // namespace vtw

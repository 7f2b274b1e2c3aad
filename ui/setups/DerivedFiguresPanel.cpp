#include "ui/setups/DerivedFiguresPanel.h"

#include "ui/shared/DisplayUnits.h"
#include "core/vehicle/Targets.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace vtw {

namespace {
QString rowTitle(const std::string& key) {
    if (key == "t_0_60_mph_s")
        return QObject::tr("0–60 mph");
    if (key == "quarter_mile_trap_kmh")
        return QObject::tr("Quarter-mile trap speed");
    if (key == "t_0_100_kmh_s")
        return QObject::tr("0–100 km/h");
    if (key == "quarter_mile_s")
        return QObject::tr("Quarter mile");
    if (key == "top_speed_kmh")
        return QObject::tr("Top speed");
    if (key == "braking_100_0_kmh_m")
        return QObject::tr("100–0 km/h distance");
    if (key == "wheel_lock_front_s")
        return QObject::tr("  front wheels locked");
    if (key == "wheel_lock_rear_s")
        return QObject::tr("  rear wheels locked");
    if (key == "max_lateral")
        return QObject::tr("Max lateral accel.");
    if (key == "understeer_gradient")
        return QObject::tr("Understeer gradient");
    return QString::fromStdString(key);
}

// Deviations beyond this are marked: the library's calibration aims within it.
constexpr double markedDeviation = 0.10;

// The target of a figure: by the metric's key once the run named it, else by
// the request's key or stem (the skidpad's keys carry a prefix and a unit).
const PublishedFigure* targetOf(const Setup& setup, const std::string& requestKey,
                                const DerivedFigure* figure) {
    if (figure && !figure->metric.key.empty())
        return findTarget(setup, figure->metric.key);
    if (const PublishedFigure* exact = findTarget(setup, requestKey))
        return exact;
    for (const PublishedFigure& t : setup.targets) {
        if (t.metricKey.find(requestKey) != std::string::npos)
            return &t;
    }
    return nullptr;
}
} // namespace

DerivedFiguresPanel::DerivedFiguresPanel(QWidget* parent)
    : QWidget(parent), m_gears(new QTableWidget(this)), m_status(new QLabel(this)) {
    qRegisterMetaType<DerivedFigures>();
    auto* layout = new QVBoxLayout(this);
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(8);
    const auto requests = derivedFigureRequests();
    // Headings: the simulated figure, then the published one and the deviation from it.
    const auto heading = [this](const QString& text, const QString& tip) {
        auto* label = new QLabel(text, this);
        label->setStyleSheet(QStringLiteral("color: palette(dark);"));
        label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        label->setToolTip(tip);
        return label;
    };
    grid->addWidget(heading(tr("simulated"), tr("From the core's maneuvers")), 0, 1);
    grid->addWidget(heading(tr("published"), tr("The setup's published figure (General page)")),
                    0, 3);
    grid->addWidget(heading(tr("Δ"), tr("(simulated − published) / published")), 0, 4);
    for (int i = 0; i < int(requests.size()); ++i) {
        auto* title = new QLabel(rowTitle(requests[std::size_t(i)].metricKey), this);
        auto* value = new QLabel(QStringLiteral("…"), this);
        auto* unit = new QLabel(this);
        value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        value->setObjectName(QString::fromStdString(requests[std::size_t(i)].metricKey));
        QFont bold = value->font();
        bold.setBold(true);
        value->setFont(bold);
        value->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("00000.00")));
        auto* published = new QLabel(this);
        auto* deviation = new QLabel(this);
        published->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        deviation->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        published->setObjectName(value->objectName() + QStringLiteral("_published"));
        deviation->setObjectName(value->objectName() + QStringLiteral("_deviation"));
        grid->addWidget(title, i + 1, 0);
        grid->addWidget(value, i + 1, 1);
        grid->addWidget(unit, i + 1, 2);
        grid->addWidget(published, i + 1, 3);
        grid->addWidget(deviation, i + 1, 4);
        m_values << value;
        m_units << unit;
        m_published << published;
        m_deviations << deviation;
    }
    grid->setColumnStretch(0, 1);
    layout->addLayout(grid);

    auto* gearTitle = new QLabel(tr("<b>Top speed per gear</b>"), this);
    layout->addSpacing(6);
    layout->addWidget(gearTitle);
    m_gears->setColumnCount(3);
    m_gears->verticalHeader()->hide();
    m_gears->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_gears->setSelectionMode(QAbstractItemView::NoSelection);
    m_gears->setFocusPolicy(Qt::NoFocus);
    m_gears->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_gears->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_gears->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_gears->setToolTip(tr("Each gear's top speed: the redline or the balance of full-throttle "
                           "drive force with drag and rolling resistance, whichever is lower"));
    layout->addWidget(m_gears, 1);
    m_status->setStyleSheet(QStringLiteral("color: palette(dark);"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(&m_computer, &DerivedFiguresComputer::started, this, [this] { setStale(true); });
    connect(&m_computer, &DerivedFiguresComputer::finished, this, &DerivedFiguresPanel::show);
    render();
}

void DerivedFiguresPanel::setDocument(SetupDocument* document) {
    if (m_document == document)
        return;
    disconnect(m_connection);
    m_document = document;
    m_hasFigures = false;
    if (document) {
        m_connection =
            connect(document, &SetupDocument::changed, this, &DerivedFiguresPanel::requestUpdate);
        requestUpdate();
    }
    render();
}

void DerivedFiguresPanel::setUnitSystem(UnitSystem system) {
    m_system = system;
    render();
}

void DerivedFiguresPanel::requestUpdate() {
    if (!m_document)
        return;
    m_clock.start();
    m_computer.request(m_document->setup());
}

void DerivedFiguresPanel::setStale(bool stale) {
    m_upToDate = !stale;
    for (QLabel* v : m_values)
        v->setEnabled(!stale);
    m_gears->setEnabled(!stale);
    if (stale)
        m_status->setText(tr("Updating…"));
}

void DerivedFiguresPanel::show(const DerivedFigures& figures) {
    m_figures = figures;
    m_hasFigures = true;
    setStale(false);
    render();
    m_status->setText(tr("Updated %1 ms after the last edit · simulated by the core's maneuvers")
                          .arg(m_clock.isValid() ? m_clock.elapsed() : 0));
    emit figuresShown();
}

QString DerivedFiguresPanel::valueText(const std::string& metricKey) const {
    const auto requests = derivedFigureRequests();
    for (int i = 0; i < int(requests.size()); ++i) {
        if (requests[std::size_t(i)].metricKey == metricKey)
            return m_values[i]->text();
    }
    return {};
}

QString DerivedFiguresPanel::publishedText(const std::string& metricKey) const {
    const auto requests = derivedFigureRequests();
    for (int i = 0; i < int(requests.size()); ++i) {
        if (requests[std::size_t(i)].metricKey == metricKey)
            return m_published[i]->text();
    }
    return {};
}

QString DerivedFiguresPanel::deviationText(const std::string& metricKey) const {
    const auto requests = derivedFigureRequests();
    for (int i = 0; i < int(requests.size()); ++i) {
        if (requests[std::size_t(i)].metricKey == metricKey)
            return m_deviations[i]->text();
    }
    return {};
}

void DerivedFiguresPanel::renderTarget(int row, const DerivedFigure* f) {
    QLabel* published = m_published[row];
    QLabel* deviation = m_deviations[row];
    const std::string& key = derivedFigureRequests()[std::size_t(row)].metricKey;
    const PublishedFigure* t =
        m_document ? targetOf(m_document->setup(), key, f && f->available ? f : nullptr) : nullptr;
    if (!t) {
        published->clear();
        deviation->clear();
        published->setToolTip({});
        deviation->setToolTip({});
        return;
    }
    const TargetMetric* meta = findTargetMetric(t->metricKey);
    const QString unit = meta ? QString::fromStdString(meta->unit) : QString();
    const ShownMetric shown = showMetric(t->value, unit, m_system);
    published->setText(formatNumber(shown.value, std::abs(shown.value) >= 100.0 ? 1 : 2));
    published->setToolTip(tr("Published: %1 %2\nSource: %3")
                              .arg(QLocale().toString(t->value, 'g', 10), unit,
                                   QString::fromStdString(t->source)));
    const double d = f && f->ok ? targetDeviation(f->metric.value, t->value) : std::nan("");
    if (!std::isfinite(d)) {
        deviation->setText(QStringLiteral("—"));
        deviation->setToolTip(tr("No simulated figure to compare"));
        deviation->setStyleSheet({});
        return;
    }
    deviation->setText(formatSignedPercent(d));
    const bool far = std::abs(d) > markedDeviation;
    deviation->setStyleSheet(far ? QStringLiteral("color: #b35900; font-weight: bold;") : QString());
    deviation->setToolTip(
        far ? tr("More than %1 % from the published figure").arg(100.0 * markedDeviation)
            : tr("Within %1 % of the published figure").arg(100.0 * markedDeviation));
}

void DerivedFiguresPanel::render() {
    const auto requests = derivedFigureRequests();
    for (int i = 0; i < int(requests.size()); ++i) {
        QLabel* value = m_values[i];
        QLabel* unit = m_units[i];
        const DerivedFigure* f =
            m_hasFigures ? m_figures.find(requests[std::size_t(i)].metricKey) : nullptr;
        renderTarget(i, f);
        if (!f) {
            value->setText(m_document ? QStringLiteral("…") : QStringLiteral("—"));
            unit->clear();
            continue;
        }
        // An invalid figure stays readable but greyed and struck out, the reason in the tooltip.
        const bool invalid = f->ok && !f->metric.valid;
        QFont font = value->font();
        font.setStrikeOut(invalid);
        value->setFont(font);
        value->setEnabled(!invalid);
        value->setProperty("invalid", invalid);
        if (!f->ok) {
            value->setText(QStringLiteral("—"));
            unit->clear();
            value->setToolTip(QString::fromStdString(f->error));
            continue;
        }
        const ShownMetric shown =
            showMetric(f->metric.value, QString::fromStdString(f->metric.unit), m_system);
        value->setText(formatNumber(shown.value, std::abs(shown.value) >= 100.0 ? 1 : 2));
        value->setToolTip(invalid ? tr("%1\nInvalid: %2")
                                        .arg(QString::fromStdString(f->metric.label),
                                             QString::fromStdString(f->metric.invalidReason))
                                  : QString::fromStdString(f->metric.label));
        unit->setText(shown.unit);
    }

    const ValueDisplay speed = valueDisplay(Quantity::Speed, m_system);
    m_gears->setHorizontalHeaderLabels({tr("Gear (ratio)"), tr("Top speed"), tr("Limited by")});
    const auto& gears = m_hasFigures ? m_figures.gears : std::vector<GearTopSpeed>{};
    m_gears->setRowCount(int(gears.size()));
    for (int i = 0; i < int(gears.size()); ++i) {
        const GearTopSpeed& g = gears[std::size_t(i)];
        const QString limit = g.limit == GearSpeedLimit::Redline ? tr("redline")
                              : g.limit == GearSpeedLimit::Drag  ? tr("drag")
                                                                 : tr("can't hold speed");
        const QString cells[] = {
            QStringLiteral("%1 (%2)").arg(g.gear).arg(formatNumber(g.ratio, 2)),
            g.limit == GearSpeedLimit::Unreachable ? QStringLiteral("—")
                                                   : formatNumber(speed.toDisplay(g.topSpeed), 1) +
                                                         QLatin1Char(' ') + speed.unit.symbol,
            limit};
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setTextAlignment((c == 1 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
            m_gears->setItem(i, c, item);
        }
    }
}

} // namespace vtw

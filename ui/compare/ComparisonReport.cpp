#include "ui/compare/ComparisonReport.h"

#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "ui/compare/FieldDisplayText.h"
#include "ui/compare/GripOverlayPlot.h"

#include "core/setupfile/ProgramVersion.h"
#include "core/lap/LapTelemetry.h"
#include "core/setupfile/AtomicFile.h"
#include "core/study/LapTarget.h"

#include <QBuffer>
#include <QPageSize>
#include <QPdfWriter>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

constexpr double contentWidth = ComparisonReport::pageWidth - 2 * ComparisonReport::margin;
constexpr double cellPadding = 4.0;

QFont reportFont(double points, bool bold = false) {
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// A table column: its header, width and alignment; cells are drawn by the caller.
struct Column {
    QString header;
    double width = 0.0;
    Qt::Alignment align = Qt::AlignLeft;
};

// Widths: the first column as wide as its longest text needs (within limits),
// the unit column a fixed narrow slot, the rest share what is left equally.
std::vector<Column> layoutColumns(const QStringList& headers, double firstWidth, double unitWidth) {
    std::vector<Column> columns;
    const double first = std::clamp(firstWidth, 0.25 * contentWidth, 0.55 * contentWidth);
    const int rest = headers.size() - 2;
    const double each = rest > 0 ? (contentWidth - first - unitWidth) / rest : 0.0;
    for (int c = 0; c < headers.size(); ++c) {
        const double w = c == 0 ? first : c == 1 ? unitWidth : each;
        columns.push_back({headers[c], w, c <= 1 ? Qt::AlignLeft : Qt::AlignRight});
    }
    return columns;
}

// The width the longest of these texts needs in the table font, padding included.
double widestText(QCPPainter& p, const QStringList& texts) {
    p.setFont(reportFont(7.5));
    double widest = 0.0;
    for (const QString& t : texts)
        widest = std::max(widest, p.fontMetrics().horizontalAdvance(t) + 2 * cellPadding + 2.0);
    return widest;
}

// Channels that only say something when the car turns.
bool isLateralChannel(const std::string& name) {
    static const char* const lateral[] = {"ay",       "yaw_rate", "sideslip",    "vy",
                                          "y",        "heading",  "steer_input", "steer_angle",
                                          "steer_FL", "steer_FR"};
    for (const char* l : lateral) {
        if (name == l)
            return true;
    }
    return name.rfind("slip_angle_", 0) == 0 || name.rfind("fy_", 0) == 0;
}

void drawHeaderRow(QCPPainter& p, const std::vector<Column>& columns, double y) {
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0xe8, 0xec, 0xf1));
    p.drawRect(
        QRectF(ComparisonReport::margin, y, contentWidth, ComparisonReport::tableHeaderHeight));
    p.setPen(QColor(0x20, 0x20, 0x20));
    p.setFont(reportFont(7.5, true));
    double x = ComparisonReport::margin;
    for (const Column& c : columns) {
        const QRectF cell(x + cellPadding, y + 2, c.width - 2 * cellPadding,
                          ComparisonReport::tableHeaderHeight - 4);
        p.drawText(cell, static_cast<int>(c.align | Qt::AlignVCenter) | Qt::TextWordWrap, c.header);
        x += c.width;
    }
}

void drawCell(QCPPainter& p, const QRectF& cell, const QString& text, Qt::Alignment align,
              const QColor& colour = QColor(0x20, 0x20, 0x20)) {
    const QRectF inner = cell.adjusted(cellPadding, 0, -cellPadding, 0);
    p.setPen(colour);
    p.drawText(inner, static_cast<int>(align | Qt::AlignVCenter),
               p.fontMetrics().elidedText(text, Qt::ElideRight, static_cast<int>(inner.width())));
}

void drawRowRule(QCPPainter& p, double y) {
    p.setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0.6));
    p.drawLine(QPointF(ComparisonReport::margin, y),
               QPointF(ComparisonReport::margin + contentWidth, y));
}

// "setup: metric: reason" for every invalid figure, in table order.
QStringList invalidMetricNotes(const ComparisonData& data) {
    QStringList notes;
    for (const MetricComparison& m : data.metrics) {
        for (std::size_t s = 0; s < m.values.size(); ++s) {
            if (std::isfinite(m.values[s]) && !m.valid(s))
                notes << QStringLiteral("%1, %2: %3")
                             .arg(data.names.value(static_cast<int>(s)), QString::fromStdString(m.metric.label),
                                  QString::fromStdString(m.invalidReasons[s]));
        }
    }
    return notes;
}

QString metricName(const MetricComparison& m) {
    return QStringLiteral("%1: %2").arg(maneuverTitle(m.maneuverId),
                                        QString::fromStdString(m.metric.label));
}

int pagesFor(int rows) {
    const int per = ComparisonReport::tableRowsPerPage();
    return std::max(1, (rows + per - 1) / per);
}

} // namespace

ComparisonReport::ComparisonReport(const ComparisonData& data, ReportOptions options)
    : m_data(data), m_options(std::move(options)) {
    plan();
}

int ComparisonReport::tableRowsPerPage() {
    const double room =
        pageHeight - 2 * margin - sectionTitleHeight - tableHeaderHeight - footerHeight;
    return static_cast<int>(std::floor(room / rowHeight));
}

void ComparisonReport::plan() {
    m_plots.clear();
    for (std::size_t m = 0; m < m_data.maneuvers.size(); ++m) {
        // A straight-line run has nothing to show sideways: flat lines and a
        // G-G diagram that is a vertical stroke would only pad the report.
        const bool straight = isStraightLine(m);
        // A lap fills only some channels (lap/LapTelemetry.h); the others would be flat at zero.
        const bool lap = m_data.maneuvers[m].id == lapTargetId;
        for (const std::string& channel : m_options.channels) {
            if (lap && !lapFillsChannel(channel))
                continue;
            if (!straight || !isLateralChannel(channel))
                m_plots.push_back({m, channel});
        }
        if (m_options.gripOverlay && !straight)
            m_plots.push_back({m, {}});
    }
    m_pages = {{Section::Title, 0, 0}};
    const int per = tableRowsPerPage();
    auto addTable = [&](Section section, int rows) {
        for (int page = 0; page < pagesFor(rows); ++page)
            m_pages.push_back({section, page * per, std::min(per, rows - page * per)});
    };
    addTable(Section::Parameters, static_cast<int>(m_data.differences.size()));
    addTable(Section::Metrics, static_cast<int>(m_data.metrics.size()));
    const int plots = static_cast<int>(m_plots.size());
    for (int first = 0; first < plots; first += plotsPerPage)
        m_pages.push_back({Section::Plots, first, std::min(plotsPerPage, plots - first)});
}

bool ComparisonReport::isStraightLine(std::size_t maneuver) const {
    for (std::size_t s = 0; s < m_data.setupCount(); ++s) {
        const RunResult* run = m_data.run(maneuver, s);
        if (!run || run->telemetry.sampleCount() == 0)
            continue;
        for (double ay : run->telemetry.column("ay")) {
            if (std::fabs(ay) > straightLineLateralLimit)
                return false;
        }
    }
    return true;
}

int ComparisonReport::firstPageOf(Section section) const {
    for (std::size_t k = 0; k < m_pages.size(); ++k) {
        if (m_pages[k].section == section)
            return static_cast<int>(k) + 1;
    }
    return 0;
}

QString ComparisonReport::creator() {
    return QStringLiteral("Vehicle Tuning Workbench %1").arg(QLatin1String(programVersion));
}

bool ComparisonReport::writePdf(const QString& path, QString* error) const {
    // Drawn in memory, then saved by the one checked writer: a full disk is an
    // error and an older report stays intact.
    QByteArray pdf;
    QBuffer buffer(&pdf);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    // 96 per inch: the unit QCustomPlot lays out in, so plots drawn as vectors
    // keep their proportions and fonts; the PDF is resolution-free anyway.
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(m_options.title);
    writer.setCreator(creator());
    QCPPainter painter;
    if (!painter.begin(&writer)) {
        if (error)
            *error = QStringLiteral("cannot write %1").arg(path);
        return false;
    }
    painter.setMode(QCPPainter::pmVectorized);
    painter.setRenderHint(QPainter::Antialiasing);
    for (std::size_t k = 0; k < m_pages.size(); ++k) {
        if (k > 0)
            writer.newPage();
        const Page& page = m_pages[k];
        switch (page.section) {
        case Section::Title:
            drawTitlePage(painter);
            break;
        case Section::Parameters:
            drawParameterPage(painter, page);
            break;
        case Section::Metrics:
            drawMetricsPage(painter, page);
            break;
        case Section::Plots:
            drawPlotPage(painter, page);
            break;
        }
        drawFooter(painter, static_cast<int>(k) + 1);
    }
    if (!painter.end()) {
        if (error)
            *error = QStringLiteral("cannot finish %1").arg(path);
        return false;
    }
    const SaveResult saved = writeFileAtomically(path, pdf);
    if (!saved.ok && error)
        *error = saved.error;
    return saved.ok;
}

void ComparisonReport::drawSectionTitle(QCPPainter& p, const QString& title) const {
    p.setFont(reportFont(14, true));
    p.setPen(QColor(0x10, 0x10, 0x10));
    p.drawText(QRectF(margin, margin, contentWidth, sectionTitleHeight - 10),
               Qt::AlignLeft | Qt::AlignVCenter, title);
}

void ComparisonReport::drawFooter(QCPPainter& p, int pageNumber) const {
    p.setFont(reportFont(7.5));
    p.setPen(QColor(0x70, 0x70, 0x70));
    const QRectF band(margin, pageHeight - margin - footerHeight + 8, contentWidth,
                      footerHeight - 8);
    p.drawText(
        band, Qt::AlignLeft | Qt::AlignVCenter,
        QStringLiteral("%1 \u2013 %2")
            .arg(m_options.title, m_data.finishedAt.toString(QStringLiteral("yyyy-MM-dd HH:mm"))));
    p.drawText(band, Qt::AlignRight | Qt::AlignVCenter,
               QStringLiteral("Page %1 of %2").arg(pageNumber).arg(m_pages.size()));
}

void ComparisonReport::drawTitlePage(QCPPainter& p) const {
    double y = margin + 40;
    p.setPen(QColor(0x10, 0x10, 0x10));
    p.setFont(reportFont(24, true));
    p.drawText(QRectF(margin, y, contentWidth, 44), Qt::AlignLeft | Qt::AlignVCenter,
               m_options.title);
    y += 48;
    p.setFont(reportFont(10));
    p.setPen(QColor(0x50, 0x50, 0x50));
    p.drawText(QRectF(margin, y, contentWidth, 20), Qt::AlignLeft | Qt::AlignVCenter,
               QStringLiteral("%1 \u2013 %2")
                   .arg(creator(), m_data.finishedAt.toString(QStringLiteral("d MMMM yyyy, HH:mm"))));
    y += 48;

    auto heading = [&](const QString& text) {
        p.setFont(reportFont(12, true));
        p.setPen(QColor(0x10, 0x10, 0x10));
        p.drawText(QRectF(margin, y, contentWidth, 22), Qt::AlignLeft | Qt::AlignVCenter, text);
        y += 28;
    };
    auto line = [&](const QString& text, const QColor& swatch = QColor()) {
        p.setFont(reportFont(10));
        double x = margin + 8;
        if (swatch.isValid()) {
            p.setPen(Qt::NoPen);
            p.setBrush(swatch);
            p.drawRect(QRectF(x, y + 5, 18, 9));
            x += 26;
        }
        p.setPen(QColor(0x20, 0x20, 0x20));
        const QRectF r(x, y, margin + contentWidth - x, 19);
        p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                   p.fontMetrics().elidedText(text, Qt::ElideRight, static_cast<int>(r.width())));
        y += 20;
    };

    heading(QStringLiteral("Setups"));
    for (std::size_t s = 0; s < m_data.setupCount(); ++s) {
        QString text = m_data.names.value(static_cast<int>(s));
        if (s == m_data.baseline)
            text += QStringLiteral("  (baseline)");
        line(text, setupColour(static_cast<int>(s)));
    }
    y += 16;
    heading(QStringLiteral("Maneuvers"));
    for (std::size_t m = 0; m < m_data.maneuvers.size(); ++m) {
        QString text = maneuverSummary(m_data.maneuvers[m]);
        int failed = 0;
        for (std::size_t s = 0; s < m_data.setupCount(); ++s) {
            const RunResult* r = m_data.run(m, s);
            failed += r && !r->ok ? 1 : 0;
        }
        if (failed)
            text += QStringLiteral("  \u2013 %1 run(s) failed").arg(failed);
        line(text);
    }
    y += 16;
    heading(QStringLiteral("Contents"));
    line(QStringLiteral("Parameters that differ (%1) \u2026 page %2")
             .arg(m_data.differences.size())
             .arg(firstPageOf(Section::Parameters)));
    line(QStringLiteral("Metrics against the baseline (%1) \u2026 page %2")
             .arg(m_data.metrics.size())
             .arg(firstPageOf(Section::Metrics)));
    if (!m_plots.empty())
        line(QStringLiteral("Overlay plots (%1) \u2026 page %2")
                 .arg(m_plots.size())
                 .arg(firstPageOf(Section::Plots)));
    y += 16;
    p.setFont(reportFont(8.5));
    p.setPen(QColor(0x50, 0x50, 0x50));
    p.drawText(QRectF(margin, y, contentWidth, 80), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               QStringLiteral("Differences are each setup minus the baseline. Green marks a figure "
                              "better than the baseline by the metric's sense (a lower time, a "
                              "higher lateral acceleration), red a worse one; the arrow shows "
                              "which way the figure moved. Metrics and parameters are in %1 display units.")
                   .arg(m_options.units == UnitSystem::SI ? QStringLiteral("SI")
                                                          : QStringLiteral("imperial")));
    const QStringList invalid = invalidMetricNotes(m_data);
    if (!invalid.isEmpty()) {
        // The table has no room for reasons: they are listed here, a few at most.
        constexpr int maxNotes = 8;
        y += 84; // below the paragraph's box
        p.setFont(reportFont(8.5, true));
        p.drawText(QRectF(margin, y, contentWidth, 16), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("Invalid figures (grey, struck out, marked *): the run left the range "
                                  "the metric is defined for, so they are no difference"));
        y += 18;
        p.setFont(reportFont(8));
        for (int i = 0; i < std::min<int>(maxNotes, invalid.size()); ++i) {
            const QRectF r(margin + 8, y, contentWidth - 8, 14);
            p.drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                       p.fontMetrics().elidedText(invalid[i], Qt::ElideRight, static_cast<int>(r.width())));
            y += 14;
        }
        if (invalid.size() > maxNotes)
            p.drawText(QRectF(margin + 8, y, contentWidth - 8, 14), Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("and %1 more (see the window's metrics table)").arg(invalid.size() - maxNotes));
    }
}

void ComparisonReport::drawParameterPage(QCPPainter& p, const Page& page) const {
    drawSectionTitle(p, page.first == 0 ? QStringLiteral("Parameters that differ")
                                        : QStringLiteral("Parameters that differ (continued)"));
    QStringList headers{QStringLiteral("Parameter"), QStringLiteral("Unit")};
    for (std::size_t s = 0; s < m_data.setupCount(); ++s)
        headers << m_data.names.value(static_cast<int>(s));
    // Named as the forms name them ("Chassis: Mass"), not by their file paths.
    QStringList names;
    for (const ParameterDifference& d : m_data.differences)
        names << fieldDisplayName(*d.field);
    const std::vector<Column> columns = layoutColumns(headers, widestText(p, names), 56);
    double y = margin + sectionTitleHeight;
    drawHeaderRow(p, columns, y);
    y += tableHeaderHeight;
    if (m_data.differences.empty()) {
        p.setFont(reportFont(9));
        drawCell(p, QRectF(margin, y, contentWidth, rowHeight * 2),
                 QStringLiteral("No parameter differs."), Qt::AlignLeft);
        return;
    }
    for (int r = page.first; r < page.first + page.count; ++r) {
        const ParameterDifference& d = m_data.differences[static_cast<std::size_t>(r)];
        const FieldMeta& f = *d.field;
        double x = margin;
        p.setFont(reportFont(7.5));
        drawCell(p, QRectF(x, y, columns[0].width, rowHeight), names.value(r), Qt::AlignLeft);
        x += columns[0].width;
        drawCell(p, QRectF(x, y, columns[1].width, rowHeight), fieldDisplayUnit(f, m_options.units),
                 Qt::AlignLeft, QColor(0x60, 0x60, 0x60));
        x += columns[1].width;
        for (std::size_t s = 0; s < m_data.setupCount(); ++s) {
            const Qt::Alignment align = f.kind == FieldKind::Enum || f.kind == FieldKind::Curve
                                            ? Qt::AlignLeft
                                            : Qt::AlignRight;
            drawCell(p, QRectF(x, y, columns[2 + s].width, rowHeight),
                     fieldDisplayValue(f, m_data.setups[s], m_options.units), align);
            x += columns[2 + s].width;
        }
        y += rowHeight;
        drawRowRule(p, y);
    }
}

void ComparisonReport::drawMetricsPage(QCPPainter& p, const Page& page) const {
    drawSectionTitle(p, page.first == 0
                            ? QStringLiteral("Metrics against the baseline")
                            : QStringLiteral("Metrics against the baseline (continued)"));
    const int setups = static_cast<int>(m_data.setupCount());
    const int base = static_cast<int>(m_data.baseline);
    QStringList headers{QStringLiteral("Metric"), QStringLiteral("Unit")};
    for (int s = 0; s < setups; ++s)
        headers << (s == base ? QStringLiteral("%1 (baseline)").arg(m_data.names.value(s))
                              : m_data.names.value(s));
    for (int s = 0; s < setups; ++s) {
        if (s != base)
            headers << QStringLiteral("\u0394 %1").arg(m_data.names.value(s));
    }
    QStringList names;
    for (const MetricComparison& m : m_data.metrics)
        names << metricName(m);
    const std::vector<Column> columns = layoutColumns(headers, widestText(p, names), 44);
    double y = margin + sectionTitleHeight;
    drawHeaderRow(p, columns, y);
    y += tableHeaderHeight;
    if (m_data.metrics.empty()) {
        p.setFont(reportFont(9));
        drawCell(p, QRectF(margin, y, contentWidth, rowHeight * 2), QStringLiteral("No metrics."),
                 Qt::AlignLeft);
        return;
    }
    for (int r = page.first; r < page.first + page.count; ++r) {
        const MetricComparison& m = m_data.metrics[static_cast<std::size_t>(r)];
        const DisplayedMetric shown = displayedMetric(m, m_options.units); // as the window's table
        double x = margin;
        p.setFont(reportFont(7.5));
        drawCell(p, QRectF(x, y, columns[0].width, rowHeight), metricName(m), Qt::AlignLeft);
        x += columns[0].width;
        drawCell(p, QRectF(x, y, columns[1].width, rowHeight), shown.unit, Qt::AlignLeft,
                 QColor(0x60, 0x60, 0x60));
        x += columns[1].width;
        for (int s = 0; s < setups; ++s) {
            const double value = shown.values[static_cast<std::size_t>(s)];
            if (std::isfinite(value) && !m.valid(static_cast<std::size_t>(s))) {
                // Invalid: grey and struck out, marked for the note on the title page.
                QFont struck = reportFont(7.5);
                struck.setStrikeOut(true);
                p.setFont(struck);
                drawCell(p, QRectF(x, y, columns[2 + s].width, rowHeight),
                         formatFigure(value) + QStringLiteral(" *"), Qt::AlignRight, QColor(0x90, 0x90, 0x90));
                p.setFont(reportFont(7.5));
            } else {
                drawCell(p, QRectF(x, y, columns[2 + s].width, rowHeight), formatFigure(value),
                         Qt::AlignRight);
            }
            x += columns[2 + s].width;
        }
        int c = 2 + setups;
        for (int s = 0; s < setups; ++s) {
            if (s == base)
                continue;
            const double delta = shown.deltas[static_cast<std::size_t>(s)];
            const int verdict = m.verdicts[static_cast<std::size_t>(s)];
            const QRectF cell(x, y, columns[c].width, rowHeight);
            if (verdict != 0) {
                p.setPen(Qt::NoPen);
                p.setBrush(verdict > 0 ? betterTint() : worseTint());
                p.drawRect(cell.adjusted(1, 1, -1, -1));
            }
            const QString arrow = !std::isfinite(delta) || delta == 0.0 ? QString()
                                  : delta > 0.0                         ? QStringLiteral(" \u25b2")
                                                                        : QStringLiteral(" \u25bc");
            drawCell(p, cell, formatDelta(delta) + arrow, Qt::AlignRight,
                     verdict > 0   ? betterColour()
                     : verdict < 0 ? worseColour()
                                   : QColor(0x20, 0x20, 0x20));
            x += columns[c].width;
            ++c;
        }
        y += rowHeight;
        drawRowRule(p, y);
    }
}

void ComparisonReport::drawPlotPage(QCPPainter& p, const Page& page) const {
    drawSectionTitle(p, QStringLiteral("Overlay plots"));
    const double top = margin + sectionTitleHeight;
    const double slot =
        (pageHeight - 2 * margin - sectionTitleHeight - footerHeight) / plotsPerPage;
    const int w = static_cast<int>(contentWidth);
    const int h = static_cast<int>(slot - 30);
    for (int k = 0; k < page.count; ++k) {
        const PlotSpec& spec = m_plots[static_cast<std::size_t>(page.first + k)];
        const double y = top + k * slot;
        p.setFont(reportFont(10, true));
        p.setPen(QColor(0x10, 0x10, 0x10));
        const QString what =
            spec.channel.empty() ? QStringLiteral("G-G diagram") : channelLabel(spec.channel);
        p.drawText(QRectF(margin, y, contentWidth, 22), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("%1 \u2013 %2")
                       .arg(maneuverSummary(m_data.maneuvers[spec.maneuver]), what));
        // An off-screen plot laid out at the slot's size, drawn as vectors.
        QCustomPlot plot;
        plot.setFont(reportFont(8));
        plot.xAxis->setLabelFont(reportFont(8));
        plot.yAxis->setLabelFont(reportFont(8));
        plot.xAxis->setTickLabelFont(reportFont(7.5));
        plot.yAxis->setTickLabelFont(reportFont(7.5));
        styleComparePlot(&plot);
        plot.legend->setFont(reportFont(7.5));
        placeLegendAbove(&plot);
        plot.setGeometry(0, 0, w, h);
        plot.setViewport(QRect(0, 0, w, h));
        if (spec.channel.empty()) {
            plotGripOverlay(&plot, m_data, spec.maneuver, GripView::GG);
            equaliseGripScales(&plot);
        } else {
            TraceSelection selection;
            selection.maneuver = spec.maneuver;
            selection.channel = spec.channel;
            // A lap is a function of distance, whatever the report's axis for the maneuvers.
            selection.x = m_data.maneuvers[spec.maneuver].id == lapTargetId ? TraceAxis::Distance : m_options.x;
            selection.units = m_options.units;
            plotTraceOverlay(&plot, m_data, selection);
        }
        p.save();
        p.translate(margin, y + 26);
        plot.toPainter(&p, w, h);
        p.restore();
    }
}

} // namespace vtw

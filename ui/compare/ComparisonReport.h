#pragma once

// The PDF report of a comparison: a title page (setups, maneuvers, date,
// contents), the parameter diff, the metrics table with deltas, then the
// overlay plots two to a page. The layout is planned before anything is drawn
// (fixed row heights on an A4 page in 1/96 inch units), so the page count is
// known up front and a table never breaks a row across pages.

#include "ui/compare/TraceOverlayPlot.h"
#include "core/setupfile/SetupMetadata.h"

#include <QRectF>
#include <QString>

#include <string>
#include <vector>

class QCPPainter;

namespace vtw {

struct ComparisonData;

struct ReportOptions {
    UnitSystem units = UnitSystem::SI;
    /// Traces per maneuver; lateral ones are left out for straight-line runs.
    std::vector<std::string> channels = {"speed", "ax", "ay", "yaw_rate"};
    TraceAxis x = TraceAxis::Time;
    bool gripOverlay = true; ///< a G-G overlay per cornering maneuver after its traces
    QString title = QStringLiteral("Setup comparison");
};

class ComparisonReport {
public:
    /// Page geometry in 1/96 inch (the writer's resolution), A4 portrait.
    static constexpr double pageWidth = 794.0, pageHeight = 1123.0, margin = 54.0;
    static constexpr double sectionTitleHeight = 40.0, tableHeaderHeight = 32.0, rowHeight = 17.0;
    static constexpr double footerHeight = 24.0;
    static constexpr int plotsPerPage = 2;
    /// A maneuver whose runs never exceed this lateral acceleration (m/s^2) is
    /// a straight-line one: its report leaves out lateral traces and the G-G plot.
    static constexpr double straightLineLateralLimit = 0.5;

    ComparisonReport(const ComparisonData& data, ReportOptions options = {});

    /// Table rows that fit on one page under the section title and the header.
    static int tableRowsPerPage();
    /// The program and its version, "Vehicle Tuning Workbench 0.1.0" (ProgramVersion.h):
    /// the PDF's Creator and the title page's byline.
    static QString creator();
    int pageCount() const { return static_cast<int>(m_pages.size()); }
    int plotCount() const { return static_cast<int>(m_plots.size()); }

    /// Writes the PDF; false with a reason if the file cannot be written.
    bool writePdf(const QString& path, QString* error = nullptr) const;

private:
    enum class Section { Title, Parameters, Metrics, Plots };
    struct Page {
        Section section;
        int first = 0; ///< first row or plot on the page
        int count = 0;
    };
    struct PlotSpec {
        std::size_t maneuver = 0;
        std::string channel; ///< empty: the G-G overlay
    };

    void plan();
    bool isStraightLine(std::size_t maneuver) const;
    void drawTitlePage(QCPPainter& p) const;
    void drawParameterPage(QCPPainter& p, const Page& page) const;
    void drawMetricsPage(QCPPainter& p, const Page& page) const;
    void drawPlotPage(QCPPainter& p, const Page& page) const;
    void drawSectionTitle(QCPPainter& p, const QString& title) const;
    void drawFooter(QCPPainter& p, int pageNumber) const;
    int firstPageOf(Section section) const;

    const ComparisonData& m_data;
    ReportOptions m_options;
    std::vector<PlotSpec> m_plots;
    std::vector<Page> m_pages;
};

} // namespace vtw

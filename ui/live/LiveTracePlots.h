#pragma once

#include "ui/live/LiveMathChannels.h"
#include "ui/analysis/ReferenceTraces.h"
#include "ui/live/TraceDecimator.h"
#include "core/setupfile/SetupMetadata.h"
#include "ui/shared/ExportableView.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QCPAxisRect;
class QCPRange;
class QCPGraph;
class QCPLegend;
class QCustomPlot;
class QLabel;
class QMouseEvent;
class QScrollArea;
class QTreeWidget;
class QTreeWidgetItem;

namespace vtw {

class CursorLines;
class LiveHistory;
class WorkspaceCursor;

/// Stacked live plots of telemetry channels over a shared time axis.
///
/// Channels are picked from the core's catalogue (grouped as it groups them);
/// channels shown in the same unit share one plot, so each y axis has one unit
/// in its title. The time window scrolls with the run (10-60 s) or shows the
/// whole run. "Inspect" stops the scrolling and lets the user zoom and pan. The
/// Live workspace's cursor (workspaceCursor()) follows the mouse over the plots and
/// a read-out lists every channel's value at that time: the last sample at or
/// before it, and nothing for a time outside the run. Each plot keeps a readable
/// height (more plots than fit scroll) and as many ticks as its size holds.
///
/// Fed by a LiveHistory (plain data, so tests can fill it with synthetic
/// samples). refresh() decimates each visible trace to about two points per
/// pixel column (min/max preserving) and asks for one queued replot.
class LiveTracePlots : public QWidget, public ExportableView {
    Q_OBJECT
public:
    /// The height of a row's traces (pixels) below which its values stop being readable:
    /// more rows than the page holds at this height scroll instead of shrinking.
    static constexpr int minimumRowHeight = 110;

    explicit LiveTracePlots(QWidget* parent = nullptr);

    /// Not owned; must outlive this widget or be replaced.
    void setHistory(const LiveHistory* history);

    /// Channel names (catalogue keys) in display order.
    void setSelectedChannels(const QStringList& names);
    QStringList selectedChannels() const;

    /// Seconds of the scrolling window; 0 shows the whole run.
    void setWindowSeconds(double seconds);
    double windowSeconds() const { return m_windowSeconds; }
    /// Units of the axis titles, read-out and picker (speeds in km/h or mph, ...).
    void setUnitSystem(UnitSystem system);
    UnitSystem unitSystem() const { return m_units; }

    void setInspecting(bool inspecting);
    bool isInspecting() const { return m_inspecting; }

    /// Rebuild the traces from the history and queue one replot.
    void refresh();

    /// Put the cursor at time t (what a mouse move does) and update the read-out.
    void showCursorAt(double t);
    QString cursorReadout() const;
    /// The Live workspace's cursor, on time.
    WorkspaceCursor* workspaceCursor() const { return m_cursor; }
    CursorLines* cursorLines() const { return m_cursorLines; }
    /// The traces shown, by channel name, for drawing a reference run behind them.
    std::vector<ReferenceTarget> referenceTargets() const;

    QCustomPlot* plot() const { return m_plot; }
    /// Holds the plot: it scrolls when the rows at their minimum height do not fit.
    QScrollArea* plotScroll() const { return m_plotScroll; }
    /// The user's math channels over the recorded history, as the traces plot them.
    const LiveMathChannels& mathChannels() const { return m_math; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    /// The graph of a selected channel (by its position in selectedChannels()).
    QCPGraph* graph(int selectedIndex) const;
    QCPAxisRect* rowRect(int row) const;

    /// PNG or PDF by the file's suffix.
    bool exportTo(const QString& path, QString* error = nullptr);
    QWidget* imageSource() const override;
    bool exportPdf(const QString& path, QString* error) override { return exportTo(path, error); }

protected:
    /// Outside Inspect the mouse wheel over the plots scrolls them (the plot would take it).
    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void selectionChanged();
    /// The plots were made again (channels or units changed): overlays must be redrawn.
    void rowsRebuilt();

private:
    struct Trace {
        std::size_t channel = 0;
        double scale = 1.0;
        QCPGraph* graph = nullptr;
    };
    struct Row {
        QCPAxisRect* rect = nullptr;
        QCPLegend* legend = nullptr; ///< shown when the row holds more than one trace
        std::vector<Trace> traces;
    };

    void buildPicker();
    /// The picker's math channels, after the store changed: listed anew, the gone unselected.
    void rebuildMathPicker();
    /// A picker entry's title ("Speed (km/h)") and tooltip (the title, then the detail:
    /// the channel's key or a math channel's formula).
    void labelPickerItem(QTreeWidgetItem* item, const ChannelInfo& info, const QString& detail) const;
    /// A channel by index: the catalogue's, then the math channels (LiveMathChannels).
    ChannelInfo channelInfoAt(std::size_t channel) const;
    std::span<const double> archiveOf(std::size_t channel) const;
    std::span<const double> recentOf(std::size_t channel) const;
    /// The times of archiveOf and recentOf: a math channel's are those it was computed at.
    std::span<const double> archiveTimeOf(std::size_t channel) const;
    std::span<const double> recentTimeOf(std::size_t channel) const;
    void rebuildRows();
    void onPickerChanged(QTreeWidgetItem* item);
    void syncTimeAxes(const QCPRange& range);
    /// The plot's minimum height: every row's traces at least minimumRowHeight tall.
    void fitPlotHeight();
    /// Share of a row's height its legend takes (0 without one), kept free above the traces.
    static double legendHeadroom(const Row& row);
    void updateReadout();

    QTreeWidget* m_picker = nullptr;
    QComboBox* m_windowCombo = nullptr;
    QCheckBox* m_inspectBox = nullptr;
    QLabel* m_readout = nullptr;
    QCustomPlot* m_plot = nullptr;
    QScrollArea* m_plotScroll = nullptr;
    const LiveHistory* m_history = nullptr;
    std::vector<std::size_t> m_selected; ///< catalogue indices, then math channels'
    LiveMathChannels m_math;
    std::vector<Row> m_rows;
    std::vector<TracePoint> m_points; ///< scratch for decimation
    double m_windowSeconds = 20.0;
    UnitSystem m_units = UnitSystem::SI;
    bool m_inspecting = false;
    bool m_syncing = false;
    bool m_updatingPicker = false;
    WorkspaceCursor* m_cursor = nullptr;
    CursorLines* m_cursorLines = nullptr;
};

} // namespace vtw

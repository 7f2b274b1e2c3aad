#pragma once

// Overlaid traces of one channel for every setup of a maneuver, or for every
// maneuver of one setup (a dynamic lap over the quasi-steady lap of the same
// track), with the choice of x (time or distance; a lap's always by distance) and
// an optional delta plot underneath that follows the main plot's x range. More
// channels ("Add channel") stack further plots under the first, sharing its x axis;
// with a cursor, a read-out under each plot gives every run's value there.

#include "ui/compare/TraceOverlayPlot.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QCPRange;
class QCustomPlot;
class QLabel;
class QPushButton;
class QVBoxLayout;

namespace vtw {

class WorkspaceCursor;

class TraceOverlayPanel : public QWidget {
    Q_OBJECT
public:
    explicit TraceOverlayPanel(QWidget* parent = nullptr);

    void setComparison(const ComparisonData* data);
    TraceSelection selection() const;
    void setSelection(const TraceSelection& selection);
    void setDeltaVisible(bool on);
    /// The units the channel's values are drawn in (the window's choice).
    void setUnitSystem(UnitSystem system);

    QCustomPlot* tracePlot() const { return m_plot; }
    QCustomPlot* deltaPlot() const { return m_delta; }
    QComboBox* channelChoice() const { return m_channel; }
    QComboBox* axisChoice() const { return m_axis; }
    QComboBox* maneuverChoice() const { return m_maneuver; }
    /// What is overlaid: the setups of the chosen maneuver (item 0), or the maneuvers
    /// of one setup (item 1 + the setup's index).
    QComboBox* overlayChoice() const { return m_overlay; }
    QCheckBox* deltaToggle() const { return m_showDelta; }
    /// What the delta plot shows: the channel's difference, or (against distance) the
    /// time difference, the racer's delta-time: > 0 where the setup is behind.
    QComboBox* deltaChoice() const { return m_deltaOf; }

    /// The cursor the plots follow and their read-outs report at (not owned).
    void setCursor(WorkspaceCursor* cursor);
    /// Every channel shown, the first plot's first; one plot each.
    QStringList channels() const;
    /// Channels for the plots under the first (catalogue or math channel names).
    void setExtraChannels(const QStringList& names);
    /// A plot of another channel under the others (speed, or the next unshown channel).
    void addChannelPlot(const QString& channel = QString());
    /// The overlay's plots, the first's first (the delta plot apart).
    std::vector<QCustomPlot*> channelPlots() const;
    /// The read-out under plot i of channelPlots(): every run's value at the cursor.
    QLabel* readout(int plot) const;
    QPushButton* addChannelButton() const { return m_addChannel; }

signals:
    /// A channel added, removed or changed on any plot.
    void channelsChanged();

private:
    struct ExtraPlot {
        QWidget* pane = nullptr;
        QComboBox* channel = nullptr;
        QCustomPlot* plot = nullptr;
        QLabel* readout = nullptr;
    };
    void removeChannelPlot(QWidget* pane);
    /// Every plot's x range to this one (they share the x axis).
    void shareXRange(const QCPRange& range);
    void updateReadouts();
    void replot();
    /// Fits the axis and channel choices to the maneuver shown (a lap's are fewer).
    void followManeuver();

    const ComparisonData* m_data = nullptr;
    UnitSystem m_units = UnitSystem::SI;
    QComboBox* m_overlay;
    QComboBox* m_maneuver;
    QComboBox* m_channel;
    QComboBox* m_axis;
    QCheckBox* m_showDelta;
    QComboBox* m_deltaOf;
    QCustomPlot* m_plot;
    QCustomPlot* m_delta;
    QLabel* m_readout;
    QPushButton* m_addChannel;
    QVBoxLayout* m_stack; ///< the first plot, then the extra ones
    std::vector<ExtraPlot> m_extras;
    WorkspaceCursor* m_cursor = nullptr;
    bool m_sharingX = false;
};

} // namespace vtw

#pragma once

// Overlaid traces of one channel for every setup of a maneuver, or for every
// maneuver of one setup (a dynamic lap over the quasi-steady lap of the same
// track), with the choice of x (time or distance; a lap's always by distance) and
// an optional delta plot underneath that follows the main plot's x range.

#include "TraceOverlayPlot.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QCustomPlot;

namespace vtw {

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

private:
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
};

} // namespace vtw

#pragma once

// A logged lap in the track workspace: laid over the lap's traces by distance (a dashed
// line beside each simulated one) and set against the lap in a correlation table. It
// follows the lap shown: a lap run again is compared again.

#include "ui/track/LapRun.h"
#include "ui/logs/LoggedRun.h"
#include "core/analysis/RunCorrelation.h"
#include "core/setupfile/SetupMetadata.h"

#include <QObject>

#include <optional>

namespace vtw {

class LapTracePlots;
class LogCorrelationPanel;

class TrackLogView : public QObject {
    Q_OBJECT
public:
    TrackLogView(LapTracePlots* traces, QObject* parent = nullptr);

    /// The table, for the workspace to place (it is not parented until placed).
    LogCorrelationPanel* panel() const { return m_panel; }

    /// Sets (or, with nullopt, removes) the logged lap and shows it over the lap shown.
    void setLoggedRun(std::optional<LoggedRun> run);
    const LoggedRun* loggedRun() const { return m_log ? &*m_log : nullptr; }
    /// The log against the lap shown, when both are there and share the distance axis.
    const std::optional<RunCorrelation>& correlation() const { return m_correlation; }

    /// The workspace showed a lap (its traces drawn afresh): lay the log over it again.
    void lapShown(const LapRun* run, UnitSystem units);
    /// Sets the panel's time offset to the one at which the log's speed best matches the
    /// lap's (core findTimeOffset); false, leaving it, when none overlaps enough.
    bool findTimeOffset();

signals:
    /// A row of the table was chosen: the distance where its channel differs most, m.
    void distanceChosen(double distance);

private:
    void redraw();
    /// The log's channels (on the lap's samples) drawn at the lap's distances.
    void overlay(const ChannelColumn& distance, const ChannelTable& aligned, UnitSystem units);

    LapTracePlots* m_traces;
    LogCorrelationPanel* m_panel;
    std::optional<LoggedRun> m_log;
    std::optional<RunCorrelation> m_correlation;
    const LapRun* m_run = nullptr;
    UnitSystem m_units = UnitSystem::SI;
};

} // namespace vtw

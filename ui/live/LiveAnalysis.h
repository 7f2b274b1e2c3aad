#pragma once

// The Live workspace's cursor tools and reference run, kept out of the page: the A/B
// table of the shown channels, the reference panel (pin the live run, its delta-time by
// distance) and the pinned run drawn behind the traces by time.

#include "ui/analysis/AbDeltaTable.h"
#include "ui/analysis/ReferencePanel.h"

#include <QObject>

#include <functional>

namespace vtw {

class LiveHistory;
class LiveTracePlots;
class ReferenceRuns;

/// Every catalogue channel of the history, archive then recent, as a table.
ChannelTable channelTableOf(const LiveHistory& history);

/// A/B rows of the live history: time, distance and the channels shown, each the sample
/// at or before the marker (what the read-out lists), none outside the run; in the
/// traces' units.
std::vector<AbRow> liveAbRows(const LiveHistory& history, const LiveTracePlots& traces, double a, double b);

class LiveAnalysis : public QObject {
    Q_OBJECT
public:
    /// `runName` names the live run for pinning ("Corvette C5 - step steer").
    LiveAnalysis(LiveTracePlots* traces, const LiveHistory* history, std::function<QString()> runName,
                 QObject* parent = nullptr);

    AbDeltaTable* abTable() const { return m_ab; }
    ReferencePanel* referencePanel() const { return m_reference; }
    void setReferenceRuns(ReferenceRuns* runs);
    ReferenceRuns* referenceRuns() const { return m_reference->runs(); }

    /// A run ended or began: the delta-time and A/B values are read again.
    void runChanged();

private:
    void drawReference();

    LiveTracePlots* m_traces;
    const LiveHistory* m_history;
    AbDeltaTable* m_ab;
    ReferencePanel* m_reference;
};

} // namespace vtw

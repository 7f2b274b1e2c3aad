#pragma once

// A workspace's strip for reference runs: which run is pinned, one button to pin the
// workspace's run (or to put it in the current reference's place), one to unpin, and
// the delta-time by distance of the workspace's run against the reference.

#include "core/analysis/ChannelTable.h"

#include <QString>
#include "core/setupfile/SetupMetadata.h"

#include <QWidget>

#include <functional>
#include <optional>

class QCustomPlot;
class QLabel;
class QPushButton;

namespace vtw {

class ReferenceRuns;

/// A workspace's run as it would be pinned.
struct RunForReference {
    QString name;
    QString source;
    ChannelTable table;
};

class ReferencePanel : public QWidget {
    Q_OBJECT
public:
    using RunSource = std::function<std::optional<RunForReference>()>;

    ReferencePanel(ReferenceRuns* runs, RunSource source, QWidget* parent = nullptr);

    /// The workspace's run changed: the delta-time is taken again.
    void refresh();
    /// Follows another store (the window's, shared by every workspace).
    void setRuns(ReferenceRuns* runs);
    ReferenceRuns* runs() const { return m_runs; }

    QPushButton* pinButton() const { return m_pin; }
    QPushButton* unpinButton() const { return m_unpin; }
    QLabel* nameLabel() const { return m_name; }
    QCustomPlot* deltaPlot() const { return m_delta; }
    /// The delta plot's distance in m or ft (its coordinates stay metres).
    void setUnitSystem(UnitSystem system);

signals:
    /// What pinning said (done, or why not), for a status line.
    void message(const QString& text);

private:
    void pinThisRun();

    ReferenceRuns* m_runs;
    RunSource m_source;
    QLabel* m_name;
    QPushButton* m_pin;
    QPushButton* m_unpin;
    QCustomPlot* m_delta;
};

} // namespace vtw

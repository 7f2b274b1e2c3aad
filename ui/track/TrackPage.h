#pragma once

// The Track workspace: a lap of the current setup round a track. The track and how to
// drive it are chosen on the left (TrackChooser); the lap runs off the GUI thread and
// shows as a map coloured by a channel, traces by distance, the G-G-V envelope with the
// lap's points, the raw and smoothed curvature, and a table of the lap and sector times.
// One cursor runs through them all: pressing in the traces moves the marker on the map,
// clicking the map moves the traces' cursor. A changed setup or choice runs the lap again.

#include "ui/track/LapRun.h"
#include "ui/logs/LoggedRun.h"
#include "core/vehicle/Setup.h"
#include "core/setupfile/SetupMetadata.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QSplitter;
class QTabWidget;
class QTimer;
class QToolButton;

namespace vtw {

class BackgroundStudy;
class CurvaturePlot;
class LapGGVPlot;
class LapTracePlots;
class SectorTable;
class ReferenceRuns;
class TrackChooser;
class TrackLogView;
class TrackCursorTools;
class TrackMapPlot;

class TrackPage : public QWidget {
    Q_OBJECT
public:
    explicit TrackPage(QWidget* parent = nullptr);
    ~TrackPage() override;

    /// The setup the lap is driven with, and its name for messages. A lap already shown
    /// is run again with it (after a short pause, so a drag in an editor runs it once).
    void setSetup(const Setup& setup, const QString& name);
    void setUnitSystem(UnitSystem units);
    UnitSystem unitSystem() const { return m_units; }
    /// The name of the setup the lap is driven with.
    QString setupName() const { return m_setupName; }
    /// The window's pinned runs (the page keeps its own until given these).
    void setReferenceRuns(ReferenceRuns* runs);
    /// The workspace cursor with its A/B markers, and the reference run.
    TrackCursorTools* cursorTools() const { return m_tools; }

    /// Reads a track file: a track is added to the list and driven; a file that is none
    /// is refused with its reasons in the message, the list and the lap shown kept.
    bool openTrackFile(const QString& path);
    /// Runs the chosen lap in the background; false while one runs (it runs again after).
    bool runLap();
    bool isRunning() const;
    /// The lap shown (nullptr before the first), with its error when it failed.
    const LapRun* lastRun() const { return m_run.get(); }

    void setCursorDistance(double distance);
    double cursorDistance() const { return m_cursor; }
    /// The channel the map's line is coloured by (a lapChannels() key).
    void setMapChannel(const QString& key);

    /// Writes the lap's traces as CSV (LapTraceCsv); false with `error` without a lap.
    bool exportTracesCsv(const QString& path, QString* error = nullptr) const;
    /// A logged lap laid over the lap's traces by distance, with its correlation table
    /// (the "Logged lap" tab); nullopt removes it.
    void setLoggedRun(std::optional<LoggedRun> run);
    const LoggedRun* loggedRun() const;
    TrackLogView* logView() const { return m_logView; }

    /// Every view at once (map, G-G-V or curvature, traces), as the window's export takes it.
    QWidget* viewsArea() const;

    TrackChooser* chooser() const { return m_chooser; }
    TrackMapPlot* map() const { return m_map; }
    LapTracePlots* traces() const { return m_traces; }
    LapGGVPlot* ggv() const { return m_ggv; }
    CurvaturePlot* curvature() const { return m_curvature; }
    SectorTable* sectors() const { return m_sectors; }
    QLabel* message() const { return m_message; }
    QLabel* cursorReadout() const { return m_readout; }
    QComboBox* mapChannel() const { return m_channel; }
    QTabWidget* sideViews() const { return m_sideViews; }

signals:
    void lapFinished();
    void statusMessage(const QString& text);

private:
    void lapDone();
    void showRun();
    void showMessage(const QString& text, bool error);
    void updateReadout();
    void chooseExport(QWidget* view, const QString& suggestedName);
    void chooseTracesExport();
    void scheduleRerun();

    TrackChooser* m_chooser;
    TrackMapPlot* m_map;
    LapTracePlots* m_traces;
    LapGGVPlot* m_ggv;
    CurvaturePlot* m_curvature;
    SectorTable* m_sectors;
    QLabel* m_message;
    QLabel* m_readout;
    QComboBox* m_channel;
    QTabWidget* m_sideViews;
    QSplitter* m_views;
    QToolButton* m_export;
    QTimer* m_rerun;
    BackgroundStudy* m_study;
    TrackLogView* m_logView;
    TrackCursorTools* m_tools = nullptr;

    std::optional<Setup> m_setup;
    QString m_setupName;
    UnitSystem m_units = UnitSystem::SI;
    std::shared_ptr<LapRun> m_pending; ///< filled by the running lap
    std::shared_ptr<const LapRun> m_run;
    bool m_runAgain = false;
    double m_cursor = 0.0;
};

} // namespace vtw

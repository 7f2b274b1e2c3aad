#pragma once

// What lap to drive: a track of the library or a track file, the line (race line or
// centre line) and the start (flying or standing). A track file is read when it is
// opened, so a file that is no track is refused there with its reasons and the list
// stays as it was.

#include "ui/track/LapRun.h"

#include <QWidget>

class QComboBox;
class QListWidget;
class QPushButton;

namespace vtw {

class TrackChooser : public QWidget {
    Q_OBJECT
public:
    explicit TrackChooser(QWidget* parent = nullptr);

    LapRequest request() const;
    /// Picks a library track by key ("monza"); false if there is none.
    bool selectTrack(const QString& key);
    /// Reads a track file and, when it is a track, adds it to the list and picks it.
    /// Otherwise returns its reasons and leaves the list alone.
    QStringList addTrackFile(const QString& path);

    QListWidget* list() const { return m_list; }
    QComboBox* lineChoice() const { return m_line; }
    QComboBox* startChoice() const { return m_start; }
    QPushButton* runButton() const { return m_run; }

signals:
    /// The track, line or start changed.
    void requestChanged();
    void runRequested();
    /// The user picked a track file to open (TrackPage::openTrackFile reads it).
    void fileChosen(const QString& path);

private:
    void chooseFile();

    QListWidget* m_list;
    QComboBox* m_line;
    QComboBox* m_start;
    QPushButton* m_open;
    QPushButton* m_run;
};

} // namespace vtw

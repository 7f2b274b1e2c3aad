#pragma once

// The library of tracks: the six circuits of the TUM racetrack-database shipped in
// resources/tracks/ (":/tracks/<Name>.csv" and "<Name>_raceline.csv"; LGPL-3.0, from
// OpenStreetMap data, © OpenStreetMap contributors), and simple tracks made from
// their geometry (core/track/TestTracks.h). A program that loads the shipped ones
// links vtw_resources and calls Q_INIT_RESOURCE(resources) once.

#include "core/trackfiles/TrackCsv.h"

#include <QList>
#include <QString>

namespace vtw {

struct LibraryTrack {
    QString key;          ///< what --track and -p track= take: "monza", "circle"
    QString name;         ///< "Monza"
    QString source;       ///< where the track comes from
    QString resourcePath; ///< ":/tracks/Monza.csv"; empty for a track made from its geometry
    QString raceLinePath; ///< ":/tracks/Monza_raceline.csv"; empty without a race line
};

/// Every library track: the shipped circuits by key, then the made ones.
QList<LibraryTrack> libraryTracks();

/// A library track by its entry.
TrackReadResult loadLibraryTrack(const LibraryTrack& entry);

/// A track file, with the race line of "<stem>_raceline.csv" beside it when there is
/// one (as the library's files are laid out). Errors of the race line name its file.
TrackReadResult loadTrackFile(const QString& path);

/// A track by library key or file path: a file that exists is read, else the
/// library track of that key; an unknown key's error lists the library.
TrackReadResult loadTrack(const QString& nameOrPath);

} // namespace vtw

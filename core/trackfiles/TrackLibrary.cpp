#include "core/trackfiles/TrackLibrary.h"

#include "core/setupfile/BoundedRead.h"
#include "core/track/TestTracks.h"

#include <QDir>
#include <QFileInfo>

namespace vtw {

namespace {

const QString circuitSource =
    QStringLiteral("TUM racetrack-database (LGPL-3.0), from OpenStreetMap data, © OpenStreetMap contributors");
const QString raceLineSuffix = QStringLiteral("_raceline");

// The tracks made from their geometry: a circle, the skidpad maneuver's circle
// (its default radius) and an oval of two straights and two half circles.
struct MadeTrack {
    const char* key;
    const char* name;
    const char* source;
    Track (*make)();
};
const MadeTrack madeTracks[] = {
    {"circle", "Circle", "a circle of 100 m radius", [] { return circleTrack(100.0); }},
    {"skidpad", "Skidpad", "a circle of 40 m radius (the skidpad maneuver's)", [] {
         Track t = circleTrack(40.0);
         t.name = "Skidpad";
         return t;
     }},
    {"oval", "Oval", "two 400 m straights joined by half circles of 60 m radius",
     [] { return ovalTrack(400.0, 60.0); }},
};

TrackReadResult readFile(const QString& path, const std::string& name) {
    const BoundedReadResult read = readFileBounded(path, maxTrackFileBytes);
    if (!read.data) {
        TrackReadResult r;
        r.errors.append(read.error);
        return r;
    }
    return readTrackCsv(*read.data, name);
}

} // namespace

QList<LibraryTrack> libraryTracks() {
    QList<LibraryTrack> tracks;
    const QDir dir(QStringLiteral(":/tracks"));
    for (const QString& file : dir.entryList({"*.csv"}, QDir::Files, QDir::Name)) {
        const QString stem = QFileInfo(file).completeBaseName();
        if (stem.endsWith(raceLineSuffix))
            continue;
        const QString raceLine = dir.filePath(stem + raceLineSuffix + QStringLiteral(".csv"));
        tracks.append({stem.toLower(), stem, circuitSource, dir.filePath(file),
                       QFileInfo::exists(raceLine) ? raceLine : QString()});
    }
    for (const MadeTrack& made : madeTracks)
        tracks.append({QString::fromLatin1(made.key), QString::fromLatin1(made.name),
                       QString::fromLatin1(made.source), {}, {}});
    return tracks;
}

TrackReadResult loadLibraryTrack(const LibraryTrack& entry) {
    if (!entry.resourcePath.isEmpty())
        return loadTrackFile(entry.resourcePath);
    for (const MadeTrack& made : madeTracks) {
        if (entry.key == QLatin1String(made.key)) {
            TrackReadResult r;
            r.track = made.make();
            return r;
        }
    }
    TrackReadResult r;
    r.errors.append(QStringLiteral("no library track '%1'").arg(entry.key));
    return r;
}

TrackReadResult loadTrackFile(const QString& path) {
    const QFileInfo info(path);
    TrackReadResult r = readFile(path, info.completeBaseName().toStdString());
    if (!r.ok() || r.format == TrackFileFormat::Curvature)
        return r;
    const QString raceLinePath =
        info.dir().filePath(info.completeBaseName() + raceLineSuffix + QStringLiteral(".csv"));
    if (info.completeBaseName().endsWith(raceLineSuffix) || !QFileInfo::exists(raceLinePath))
        return r;
    TrackReadResult raceLine = readFile(raceLinePath, {});
    if (raceLine.ok() && raceLine.format == TrackFileFormat::Curvature)
        raceLine.errors.append(QStringLiteral("a race line is a line of points (x_m,y_m), not curvature"));
    if (!raceLine.errors.isEmpty()) {
        TrackReadResult failed;
        for (const QString& e : raceLine.errors)
            failed.errors.append(QStringLiteral("%1: %2").arg(raceLinePath, e));
        return failed;
    }
    r.track->raceLine = std::move(raceLine.track->centreLine);
    return r;
}

TrackReadResult loadTrack(const QString& nameOrPath) {
    if (QFileInfo(nameOrPath).isFile() || nameOrPath.contains(QLatin1Char('/')))
        return loadTrackFile(nameOrPath);
    QStringList keys;
    for (const LibraryTrack& entry : libraryTracks()) {
        if (entry.key == nameOrPath.toLower())
            return loadLibraryTrack(entry);
        keys.append(entry.key);
    }
    TrackReadResult r;
    r.errors.append(QStringLiteral("no track file or library track '%1' (library: %2)")
                        .arg(nameOrPath, keys.join(QStringLiteral(", "))));
    return r;
}

} // namespace vtw

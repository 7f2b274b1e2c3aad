#include "ui/compare/LapTargetText.h"

#include "core/study/LapTarget.h"
#include "core/trackfiles/TrackLibrary.h"

#include <QCoreApplication>

namespace vtw {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("vtw::LapTargetText", text);
}
} // namespace

QString lapTargetTitle() {
    return tr("Lap of a track");
}

QString lapTargetDescription() {
    return tr("A lap in quasi-steady state: the car's performance envelope driven round a track's "
              "line. Lap and sector times, top and lowest speed; traces by distance.");
}

ManeuverSpec defaultLapSpec() {
    const QList<LibraryTrack> tracks = libraryTracks();
    return {lapTargetId, {}, {{"track", tracks.isEmpty() ? std::string() : tracks.first().key.toStdString()}}};
}

QString lapTargetSummary(const ManeuverSpec& spec) {
    const auto lap = lapSpecFrom(spec, nullptr);
    if (!lap)
        return lapTargetTitle();
    QStringList parts{trackDisplayName(lap->track)};
    if (lap->line == LineChoice::CentreLine)
        parts << tr("centre line");
    if (lap->standingStart)
        parts << tr("standing start");
    return QStringLiteral("%1 (%2)").arg(lapTargetTitle(), parts.join(QStringLiteral(", ")));
}

} // namespace vtw

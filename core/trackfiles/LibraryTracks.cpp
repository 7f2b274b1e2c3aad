#include "core/trackfiles/LibraryTracks.h"

#include "core/maneuvers/TrackProvider.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QString>
#include <QStringList>

namespace vtw {

void useLibraryTracks() {
    setTrackProvider([](const std::string& nameOrPath, LineChoice line, double step) {
        PreparedTrackResult prepared = prepareTrackCached(QString::fromStdString(nameOrPath), line, step);
        if (!prepared.prepared)
            return ProvidedTrack{nullptr, prepared.errors.join(QStringLiteral("; ")).toStdString()};
        return ProvidedTrack{std::move(prepared.prepared), {}};
    });
}

} // namespace vtw

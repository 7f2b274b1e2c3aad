#include "core/trackfiles/TrackPreparation.h"

#include "core/trackfiles/TrackLibrary.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>

#include <mutex>
#include <utility>
#include <vector>

namespace vtw {

PreparedTrackResult prepareTrack(const QString& nameOrPath, LineChoice line, double step) {
    TrackReadResult loaded = loadTrack(nameOrPath);
    if (!loaded.ok())
        return {nullptr, loaded.errors};
    return {prepareTrack(std::move(*loaded.track), line, step), {}};
}

namespace {

// What tells a track file, and the race line beside it, from its earlier self.
QString fileStamp(const QString& path) {
    const QFileInfo info(path);
    if (!info.isFile())
        return {};
    const QFileInfo raceLine(info.dir().filePath(info.completeBaseName() + QStringLiteral("_raceline.csv")));
    auto stamp = [](const QFileInfo& file) {
        return file.isFile() ? QStringLiteral("%1@%2").arg(file.size()).arg(file.lastModified().toMSecsSinceEpoch())
                             : QString();
    };
    return stamp(info) + QLatin1Char('|') + stamp(raceLine);
}

constexpr std::size_t cachedTracks = 8;

} // namespace

PreparedTrackResult prepareTrackCached(const QString& nameOrPath, LineChoice line, double step) {
    static std::mutex mutex;
    static std::vector<std::pair<QString, std::shared_ptr<const PreparedTrack>>> cache;
    const QString key = QStringLiteral("%1|%2|%3|%4")
                            .arg(nameOrPath, QString::fromStdString(lineChoiceName(line)))
                            .arg(step, 0, 'g', 17)
                            .arg(fileStamp(nameOrPath));
    {
        const std::lock_guard<std::mutex> lock(mutex);
        for (const auto& [cachedKey, prepared] : cache) {
            if (cachedKey == key)
                return {prepared, {}};
        }
    }
    PreparedTrackResult result = prepareTrack(nameOrPath, line, step);
    if (result.prepared) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (cache.size() >= cachedTracks)
            cache.erase(cache.begin());
        cache.emplace_back(key, result.prepared);
    }
    return result;
}

} // namespace vtw

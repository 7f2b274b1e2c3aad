#include "core/maneuvers/TrackProvider.h"

#include <mutex>
#include <utility>

namespace vtw {

namespace {

std::mutex providerMutex;

// Shared so that a lap being made keeps its provider while another is installed.
std::shared_ptr<const TrackProvider>& installedProvider() {
    static std::shared_ptr<const TrackProvider> provider;
    return provider;
}

} // namespace

void setTrackProvider(TrackProvider provider) {
    auto shared = provider ? std::make_shared<const TrackProvider>(std::move(provider)) : nullptr;
    const std::lock_guard<std::mutex> lock(providerMutex);
    installedProvider() = std::move(shared);
}

ProvidedTrack provideTrack(const std::string& nameOrPath, LineChoice line, double step) {
    std::shared_ptr<const TrackProvider> provider;
    {
        const std::lock_guard<std::mutex> lock(providerMutex);
        provider = installedProvider();
    }
    if (!provider)
        return {nullptr, "no track source is installed to read " + nameOrPath};
    ProvidedTrack provided = (*provider)(nameOrPath, line, step);
    if (!provided.track && provided.error.empty())
        provided.error = "track " + nameOrPath + " could not be prepared";
    return provided;
}

} // namespace vtw

#include "ui/WindowSettings.h"

#include <QSettings>

namespace vtw {

namespace {

const QString geometryKey = QStringLiteral("window/geometry");
const QString dockStateKey = QStringLiteral("window/state");
const QString unitsKey = QStringLiteral("units");
const QString liveSplittersKey = QStringLiteral("live/splitters");
const QString compareSplittersKey = QStringLiteral("compare/splitters");
const QString trackSplittersKey = QStringLiteral("track/splitters");
const QString liveChannelsKey = QStringLiteral("live/channels");

const QString imperialName = QStringLiteral("imperial");
const QString siName = QStringLiteral("si");

} // namespace

WindowSettings WindowSettings::read(const QSettings& settings) {
    WindowSettings s;
    s.geometry = settings.value(geometryKey).toByteArray();
    if (settings.contains(dockStateKey))
        s.dockState = settings.value(dockStateKey).toByteArray();
    // Anything but "imperial" is SI, the units of a first start.
    s.unitSystem = settings.value(unitsKey).toString() == imperialName ? UnitSystem::Imperial : UnitSystem::SI;
    s.liveSplitters = settings.value(liveSplittersKey).toList();
    s.compareSplitters = settings.value(compareSplittersKey).toList();
    s.trackSplitters = settings.value(trackSplittersKey).toList();
    s.liveChannels = settings.value(liveChannelsKey).toStringList();
    return s;
}

void WindowSettings::write(QSettings& settings) const {
    settings.setValue(geometryKey, geometry);
    if (dockState)
        settings.setValue(dockStateKey, *dockState);
    settings.setValue(unitsKey, unitSystem == UnitSystem::Imperial ? imperialName : siName);
    settings.setValue(liveSplittersKey, liveSplitters);
    settings.setValue(compareSplittersKey, compareSplitters);
    settings.setValue(trackSplittersKey, trackSplitters);
    settings.setValue(liveChannelsKey, liveChannels);
}

} // namespace vtw

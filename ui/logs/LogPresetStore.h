#pragma once

// The column mappings the user saved, remembered between sessions (QSettings), beside
// the built-in ones (core/logs/LogPresets).

#include "core/logs/LogMapping.h"

#include <QList>

namespace vtw {

/// Every preset: the built-in ones first, then the user's by name.
QList<LogMapping> logPresets();
/// The user's saved presets.
QList<LogMapping> savedLogPresets();
/// Saves a preset under its name (mapping.preset), replacing one of that name. The
/// built-in presets' names are taken: false for one of those or an empty name.
bool saveLogPreset(const LogMapping& mapping);
/// Forgets the user's preset of that name.
void removeLogPreset(const QString& name);
/// Whether a name is a built-in preset's.
bool isBuiltInLogPreset(const QString& name);

} // namespace vtw

#include "ui/logs/LogPresetStore.h"

#include "core/logs/LogPresets.h"

#include <QSettings>

#include <algorithm>

namespace vtw {

namespace {

// One key per preset, the mapping's JSON as the value: the file format, so a preset and
// a saved mapping file are one thing.
const QString group = QStringLiteral("logs/presets");

} // namespace

bool isBuiltInLogPreset(const QString& name) {
    const auto& builtIn = builtInLogPresets();
    return std::any_of(builtIn.begin(), builtIn.end(),
                       [&](const BuiltInLogPreset& p) { return p.mapping.preset == name; });
}

QList<LogMapping> savedLogPresets() {
    QSettings settings;
    settings.beginGroup(group);
    QList<LogMapping> out;
    for (const QString& key : settings.childKeys()) {
        // A preset that no longer reads (edited by hand, from a newer version) is skipped.
        const LogMappingReadResult read = logMappingFromJson(settings.value(key).toByteArray());
        if (read.mapping && !isBuiltInLogPreset(read.mapping->preset))
            out.append(*read.mapping);
    }
    std::sort(out.begin(), out.end(),
              [](const LogMapping& a, const LogMapping& b) { return a.preset.localeAwareCompare(b.preset) < 0; });
    return out;
}

QList<LogMapping> logPresets() {
    QList<LogMapping> out;
    for (const BuiltInLogPreset& p : builtInLogPresets())
        out.append(p.mapping);
    out.append(savedLogPresets());
    return out;
}

bool saveLogPreset(const LogMapping& mapping) {
    if (mapping.preset.trimmed().isEmpty() || isBuiltInLogPreset(mapping.preset))
        return false;
    QSettings settings;
    settings.beginGroup(group);
    // Keys are the names percent-encoded: a '/' in a name would make a settings group.
    settings.setValue(QString::fromLatin1(mapping.preset.toUtf8().toPercentEncoding()), logMappingToJson(mapping));
    return true;
}

void removeLogPreset(const QString& name) {
    QSettings settings;
    settings.beginGroup(group);
    settings.remove(QString::fromLatin1(name.toUtf8().toPercentEncoding()));
}

} // namespace vtw

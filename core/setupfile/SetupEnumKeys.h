#pragma once

// The Setup enums' keys as Qt strings, for the setup files, their field metadata and
// validation. Files name enum values by these keys, never by their numeric value, so
// reordering an enum cannot change what an existing file means. The keys themselves
// are in each option set's table (SetupOptions.h, tires/TireModels.h).

#include "core/vehicle/SetupOptions.h"
#include "core/tires/TireModels.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string_view>

namespace vtw {

/// A name out of an option table as a QString.
inline QString optionText(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

/// One name of every value of an enum, in enumerator order.
template <typename Enum> QStringList optionTexts(std::string_view OptionName<Enum>::*name) {
    QStringList out;
    for (const OptionName<Enum>& entry : options<Enum>())
        out << optionText(entry.*name);
    return out;
}

/// The keys of one enum, in enumerator order (index i is the key of value i).
template <typename Enum> const QStringList& enumKeys() {
    static const QStringList keys = optionTexts<Enum>(&OptionName<Enum>::key);
    return keys;
}

/// The display names of one enum, in enumerator order.
template <typename Enum> const QStringList& enumDisplayNames() {
    static const QStringList names = optionTexts<Enum>(&OptionName<Enum>::displayName);
    return names;
}

/// The key of a value; empty for a number that is no value of the enum.
template <typename Enum> QString enumKey(Enum value) {
    const auto* entry = findOption(value);
    return entry ? optionText(entry->key) : QString();
}

/// The display name of a value; empty for a number that is no value of the enum.
template <typename Enum> QString enumDisplayName(Enum value) {
    const auto* entry = findOption(value);
    return entry ? optionText(entry->displayName) : QString();
}

template <typename Enum> std::optional<Enum> enumFromKey(const QString& key) {
    const auto* entry = optionByKey<Enum>(key.toStdString());
    if (!entry)
        return std::nullopt;
    return entry->value;
}

/// The file key of a tire model ("magicFormula", "calspan", ...).
inline QString tireModelKey(TireModelKind kind) {
    return enumKey(kind);
}

} // namespace vtw

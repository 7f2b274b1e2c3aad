#pragma once

// String keys of the Setup enums. Files and the CLI name enum values by these
// keys, never by their numeric value, so reordering an enum cannot change what
// an existing file means.

#include "Setup.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace vtw {

/// The keys of one enum, in enumerator order (index i is the key of value i).
template <typename Enum> const QStringList& enumKeys();

template <> const QStringList& enumKeys<TireModelKind>();
template <> const QStringList& enumKeys<CombinedSlipMethod>();
template <> const QStringList& enumKeys<RollingResistanceModel>();
template <> const QStringList& enumKeys<DrivelineLayout>();
template <> const QStringList& enumKeys<DifferentialType>();
template <> const QStringList& enumKeys<ShiftMode>();
template <> const QStringList& enumKeys<Integrator>();

template <typename Enum> QString enumKey(Enum value) {
    return enumKeys<Enum>().value(static_cast<int>(value));
}

template <typename Enum> std::optional<Enum> enumFromKey(const QString& key) {
    const qsizetype index = enumKeys<Enum>().indexOf(key);
    if (index < 0)
        return std::nullopt;
    return static_cast<Enum>(index);
}

/// The file key of a tire model ("magicFormula", "calspan", ...).
inline QString tireModelKey(TireModelKind kind) {
    return enumKey(kind);
}

} // namespace vtw

#pragma once

// Reading and writing single keys of a car data folder's ini files, for the
// entries of the mapping table (AcMapping.h).

#include "core/gamefiles/AcCarData.h"
#include "core/gamefiles/AcFiles.h"

#include <optional>

namespace vtw::ac {

/// "car.ini [BASIC] TOTALMASS": how reports and errors name keys.
QString keyName(const QString& file, const QString& section, const QString& keys);

/// A number an entry needs: nullopt when the file or the key is absent (the entry
/// then keeps the default car's value), or when it is not a number (and an error
/// naming the key).
std::optional<double> number(Files& files, const QString& file, const QString& section, const QString& key,
                             QStringList& errors);

/// Writes a number in its shortest exact form, adding the key or section if needed; a
/// key that already reads as this number is left as it is spelled.
void setNumber(Files& files, const QString& file, const QString& section, const QString& key, double value);

/// Reports keys an entry found no value for.
void missing(AcMappingReport& report, const QString& what);

} // namespace vtw::ac

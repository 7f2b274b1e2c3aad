#pragma once

// Which parameters differ between setups, driven by the field metadata so a
// new field is compared without touching this file.

#include "core/vehicle/Setup.h"
#include "core/setupfile/SetupMetadata.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace vtw {

/// One parameter that is not the same in every setup compared.
struct ParameterDifference {
    const FieldMeta* field = nullptr; ///< the metadata entry (path, label, unit, kind)
    QStringList values;               ///< the value in each setup, as text in its stored unit
};

/// The parameters that differ between the setups (two or more), in file order.
/// Name and notes are not parameters and are not compared.
std::vector<ParameterDifference> diffSetups(const std::vector<Setup>& setups);

/// A field's value in a setup, as text in its stored unit ("1500", "rwd",
/// "[2.66, 1.78]", "9 points, peak 475 at 4400").
QString fieldValueText(const FieldMeta& field, const Setup& setup);

/// Whether a field holds the same value in two setups.
bool fieldEqual(const FieldMeta& field, const Setup& a, const Setup& b);

/// Copy one field's value from `source` into `target`.
void copyField(const FieldMeta& field, const Setup& source, Setup& target);

} // namespace vtw

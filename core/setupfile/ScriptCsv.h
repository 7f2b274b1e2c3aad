#pragma once

// Scripted maneuvers as CSV: columns time_s, throttle, brake, steer, gear
// (any order, header required, other columns refused so a typo is noticed).

#include "ScriptRows.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace vtw {

inline constexpr int maxScriptRows = 1'000'000;

struct ScriptReadResult {
    std::vector<ScriptRow> rows; ///< empty when errors is not
    QStringList errors;          ///< "line 7, throttle: must be within 0..1", all of them
    bool ok() const { return errors.isEmpty(); }
};

/// Reads and validates a script: time >= 0 and strictly increasing, throttle and
/// brake 0..1, steer -1..1, gear an integer from -1 to 16, at least one row.
ScriptReadResult readScriptCsv(const QByteArray& bytes);
/// Writes rows with the header time_s,throttle,brake,steer,gear.
QByteArray writeScriptCsv(const std::vector<ScriptRow>& rows);

} // namespace vtw

#pragma once

// Scripted maneuvers as CSV: columns time_s, throttle, brake, steer, gear
// (any order, header required, other columns refused so a typo is noticed).

#include "core/base/ScriptRows.h"

#include <QByteArray>
#include <QStringList>

#include <vector>

namespace vtw {

inline constexpr int maxScriptRows = 1'000'000;
/// The longest a script may last, s: an hour of driving is more than any test
/// session scripts, and a time in the wrong unit (ms, a typo's 1e9) is refused
/// at load rather than simulated for days.
inline constexpr double maxScriptDuration = 3600.0;

struct ScriptReadResult {
    std::vector<ScriptRow> rows; ///< empty when errors is not
    QStringList errors; ///< "line 7, throttle: must be within 0..1": all, or the first 100 and a note
    bool ok() const { return errors.isEmpty(); }
};

/// Reads and validates a script: time 0..maxScriptDuration and strictly increasing,
/// throttle and brake 0..1, steer -1..1, gear an integer from -1 (reverse) to
/// forwardGears (the gearbox the script will drive: Setup::gearbox.gearCount()), at
/// least one row. A gear the box does not have would leave the car in a gear of ratio
/// zero, coasting without a word.
ScriptReadResult readScriptCsv(const QByteArray& bytes, int forwardGears);
/// Writes rows with the header time_s,throttle,brake,steer,gear.
QByteArray writeScriptCsv(const std::vector<ScriptRow>& rows);

} // namespace vtw

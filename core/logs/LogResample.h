#pragma once

// A log on one common rate: loggers sample channels at their own rates and write rows
// whenever any of them changes, while the analysis wants evenly spaced samples.

#include "core/analysis/ChannelTable.h"

#include <QString>

#include <optional>

namespace vtw {

/// The fastest rate a log is resampled to, Hz.
inline constexpr double maxResampleRate = 1000.0;

struct ResampleResult {
    std::optional<ChannelTable> table;
    QString error;
};

/// The log at `rateHz` from its first time to its last: each channel interpolated
/// linearly between the samples either side, the gear held at the sample before (a gear
/// is never between two). Needs a "time" channel; refuses a rate outside (0,
/// maxResampleRate] and a result of more than maxLogRows samples.
ResampleResult resampleLog(const ChannelTable& log, double rateHz);

} // namespace vtw

#pragma once

// Math channels as JSON, for the settings, a session and `vtw-cli run --math FILE`:
//   {"fileType": "vtw-math-channels", "version": 1,
//    "channels": [{"name": "ax_g", "unit": "g", "formula": "ax / 9.80665"}, ...]}
// The reader is bounded like every reader of the program: the file's size, its JSON
// nesting and value count are checked before it is parsed, and each entry's fields.

#include "core/mathchannels/MathChannel.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace vtw {

inline constexpr const char* mathChannelsFileType = "vtw-math-channels";
inline constexpr int mathChannelsFileVersion = 1;
inline constexpr qint64 maxMathChannelsFileBytes = 1024 * 1024;
inline constexpr std::size_t maxMathChannels = 500;
inline constexpr std::size_t maxMathChannelUnitLength = 32;

struct MathChannelsReadResult {
    std::vector<MathChannel> channels;
    QStringList errors; ///< empty when the file was read; channels are empty otherwise
    bool ok() const { return errors.isEmpty(); }
};

/// Reads the JSON form. Names must be valid (mathChannelNameProblem) and distinct;
/// formulas are kept as written (their errors are reported where they are computed,
/// against the data's channels).
MathChannelsReadResult readMathChannelsJson(const QByteArray& bytes);
/// Reads a file through the bounded reader.
MathChannelsReadResult readMathChannelsFile(const QString& path);

QByteArray mathChannelsJson(const std::vector<MathChannel>& channels);

} // namespace vtw

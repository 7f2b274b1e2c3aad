#pragma once

// Reads a tyre property file (.tir) from disk through the one bounded reader and
// loads it (core/tires/TirLoad.h).

#include "core/setupfile/BoundedRead.h"
#include "core/tires/TirLoad.h"

#include <QString>

namespace vtw {

/// A .tir larger than this is refused before it is parsed: real files are 10 to 60 KiB.
inline constexpr qint64 maxTirFileBytes = 1024 * 1024;

/// The file at path, loaded. A file that cannot be read (missing, too large, a folder)
/// gives an error naming the path; a file that is not a valid .tir gives the loader's
/// error ("line N: ...").
TirLoadResult readTirFile(const QString& path, InputKinds kinds = InputKinds::FilesAndStreams);

} // namespace vtw

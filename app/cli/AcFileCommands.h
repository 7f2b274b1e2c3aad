#pragma once

#include "core/vehicle/Setup.h"
#include "core/setupfile/SetupJson.h"

#include <QString>

namespace vtw::cli {

/// `import --ac FOLDER -o NEW.json`: an Assetto Corsa car data folder read into a new
/// setup file; the mapping report goes to stdout. Returns the exit code.
int importAcCommand(const QString& folder, const QString& output);

/// `export --ac FOLDER [--in-place]`: the setup written into a car data folder; the
/// mapping report, the files written and the backups go to stdout.
int exportAcCommand(const Setup& setup, const QString& folder, bool inPlace);

} // namespace vtw::cli

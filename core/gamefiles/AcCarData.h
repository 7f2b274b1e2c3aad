#pragma once

// Assetto Corsa's unpacked car data (the ini files and lut tables of a car's
// data/ folder) read into a setup, and a setup written into such a folder
// (docs/physics.md 15: which key maps to which field, and how).

#include "core/vehicle/Setup.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace vtw {

/// What a read or a write did with each key: mapped one to one (at most a unit
/// change), approximated (and how), or left without an equivalent.
struct AcMappingReport {
    QStringList exact;
    QStringList approximated;
    QStringList unmapped;
    QString text() const; ///< the three lists under headings, for a dialog or a terminal
};

struct AcImportResult {
    std::optional<Setup> setup; ///< set exactly when errors is empty
    AcMappingReport report;
    QStringList errors; ///< "drivetrain.ini line 12: GEAR_2 is not a number", ...
};

/// Reads the car data folder `folder` (car.ini, engine.ini and the power curve it
/// names, drivetrain.ini, suspensions.ini, brakes.ini, tyres.ini, and aero.ini with
/// its tables when present). Fields the files do not give keep the default car's
/// values. A folder holding only a packed data.acd is refused with a message saying
/// it must be unpacked first. The setup is validated like any other.
AcImportResult importAcFolder(const QString& folder);

enum class AcExportMode {
    NewFolder, ///< write the mapped keys into a folder that has no car data yet
    InPlace    ///< update an existing car data folder's mapped keys, back up each changed file
};

struct AcExportResult {
    bool ok = false;
    QStringList errors;
    AcMappingReport report;
    QStringList writtenFiles; ///< file names inside the folder
    QStringList backups;      ///< copies of the files as they were, before an in-place write
};

/// Writes `setup` into `folder`. In place, every key and file the mapping does not
/// cover stays byte for byte, a file whose mapped values are unchanged is not
/// rewritten, and each changed file is first copied to `<name>.<time>.bak`.
AcExportResult exportAcFolder(const Setup& setup, const QString& folder, AcExportMode mode);

/// The convention of the power curve written and read, for the export dialog and
/// the README: engine torque at the crankshaft, N m, without boost.
QString acPowerCurveConvention();

} // namespace vtw

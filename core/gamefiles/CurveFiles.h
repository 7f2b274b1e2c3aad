#pragma once

// The file formats a curve is exported to and imported from, chosen by name or by
// a file's extension, for the CLI and the window alike: CSV, the `x|y` lookup
// tables racing games read (Assetto Corsa's .lut), and, for the engine's torque
// curve, rFactor 2's engine lines and BeamNG's jbeam torque table.

#include "core/vehicle/Setup.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/SetupMetadata.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace vtw {

enum class CurveFileFormat {
    Csv,      ///< two columns with a header naming axes and units
    Lut,      ///< `x|y` per line (.lut, .txt)
    RFactor2, ///< `RPMTorque=(rpm, coast torque, full torque)` lines of an engine file
    BeamNG    ///< a jbeam "torque" table of ["rpm", "torque"] rows
};

/// The format named `name` (csv, lut, rf2, beamng), or nullopt.
std::optional<CurveFileFormat> curveFormatNamed(const QString& name);
/// The format a file's extension implies: .lut/.txt lookup table, .jbeam BeamNG,
/// .ini rFactor 2, anything else CSV.
CurveFileFormat curveFormatOfPath(const QString& path);
/// Whether the format can be read back (CSV and lookup tables).
bool curveFormatReadable(CurveFileFormat format);
/// Whether the format holds only an engine's torque curve (rFactor 2, BeamNG).
bool curveFormatIsEngineOnly(CurveFileFormat format);

/// The curve of `field` in `setup` written in `format`. The engine formats need the
/// torque curve (the field engine.torqueCurve_rpm_Nm): rFactor 2's lines carry the
/// coast torque, -engineBraking * rpm, beside it; nullopt for another curve.
std::optional<QByteArray> writeCurveFile(CurveFileFormat format, const FieldMeta& field, const Setup& setup);

/// Reads a curve for `field` in a readable format, with the field's rules.
CurveImportResult readCurveFile(CurveFileFormat format, const QByteArray& bytes, const FieldMeta& field);

/// "label [unit]", or the label alone for a dimensionless axis.
QString curveAxisHeader(const QString& label, const QString& unit);

} // namespace vtw

#pragma once

// The setup file format: self-describing JSON ("fileType": "vehicle-setup",
// "version", "name", "notes", optional "targets", then one object per section;
// a saved file also names its writer, "generator"). Keys and units
// come from the metadata table (SetupMetadata.h). Loading never half-applies:
// it returns either a complete, valid Setup or the list of every problem.

#include "core/vehicle/Setup.h"
#include "core/setupfile/AtomicFile.h"
#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/SetupValidation.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace vtw {

inline constexpr int setupFileVersion = 1;
inline constexpr const char* setupFileType = "vehicle-setup";
/// Larger inputs are refused before parsing (bounded time and memory).
inline constexpr qint64 maxSetupFileBytes = 16 * 1024 * 1024;
/// The most JSON values (the root, every array entry and object member) a setup file
/// may hold, and the deepest it may nest: checked on the bytes before parsing, as a
/// parsed value costs a hundred bytes and more. The format's own fields are a few
/// hundred values and a torque curve of at most 10000 points (30000 values).
inline constexpr qint64 maxSetupJsonValues = 250'000;
inline constexpr int maxSetupJsonDepth = 64;

/// A key the program does not know, kept so that a re-save writes it back.
struct UnknownKey {
    QStringList path; ///< object keys from the root, e.g. {"chassis", "ballast_kg"}
    QJsonValue value;
    friend bool operator==(const UnknownKey&, const UnknownKey&) = default;
};
using UnknownKeys = QList<UnknownKey>;

struct SetupLoadResult {
    std::optional<Setup> setup; ///< set exactly when errors is empty
    UnknownKeys unknownKeys;    ///< pass back to writeSetup() to keep them
    QStringList warnings;       ///< e.g. missing keys filled with defaults, unknown keys kept
    SetupIssues errors;         ///< every problem, each with its field path
    int fileVersion = 0;        ///< the version the file declared (before migration)
    bool ok() const { return setup.has_value(); }
    /// The errors as "path: reason" lines.
    QStringList errorStrings() const;
};

/// Parses and validates a setup file's bytes.
SetupLoadResult loadSetup(const QByteArray& bytes);
/// Reads a file (refusing one above maxSetupFileBytes before reading it) and loads it.
/// `kinds`: whether a pipe or a device is read too (BoundedRead.h).
SetupLoadResult loadSetupFile(const QString& path, InputKinds kinds = InputKinds::FilesAndStreams);

/// The file's JSON object; unknown keys are written back where they were found.
QJsonObject setupToJson(const Setup& setup, const UnknownKeys& unknownKeys = {});
/// The file's bytes (indented UTF-8 JSON, doubles in shortest exact form; an
/// unknown key's array or object compact on one line, so its size stays bounded).
/// "fileType" and "version" come first, the other keys in order: a reader that looks
/// at the start of a file (the desktop's MIME detection, the first 16 KiB) finds them
/// whatever the curves hold. A setup whose indented text would pass maxSetupFileBytes
/// is written compact, all on one line, so that a setup that was read can be saved
/// and read again.
QByteArray writeSetup(const Setup& setup, const UnknownKeys& unknownKeys = {});
/// Why bytes of a setup cannot be written: more than maxSetupFileBytes, which the
/// loader refuses to open. Empty when they can.
QString setupSizeProblem(const QByteArray& bytes);
/// Who wrote a saved file, its "generator": this program and its version,
/// "vehicle-workbench 0.1.0" (ProgramVersion.h). A loader reads any string there.
QString setupGenerator();
/// A saved file's bytes: writeSetup()'s with "generator" added. writeSetup()'s bytes
/// stay the setup alone, the same whichever version writes them: the library cars
/// hold them, and a sweep's identity hashes them (study/SweepIdentity.h).
QByteArray savedSetupBytes(const Setup& setup, const UnknownKeys& unknownKeys = {});
/// Writes savedSetupBytes() atomically (QSaveFile): the old file stays intact on failure,
/// and on bytes setupSizeProblem() refuses, which are not written.
SaveResult saveSetupFile(const QString& path, const Setup& setup,
                         const UnknownKeys& unknownKeys = {});

/// One migration step per version: {v, f} turns a version-v object into v+1.
using MigrationSteps = QList<QPair<int, std::function<void(QJsonObject&)>>>;

/// Applies steps from fromVersion up to toVersion in order and sets "version".
/// Returns false with a reason if a step is missing (the object may then be
/// partly migrated: callers migrate a copy).
bool migrateJson(QJsonObject& root, int fromVersion, int toVersion, const MigrationSteps& steps,
                 QString* error);

/// Brings a file object of an older version up to setupFileVersion with the
/// format's own steps. Returns false with a reason if no migration path exists.
bool migrateSetupJson(QJsonObject& root, int fromVersion, QString* error);

} // namespace vtw

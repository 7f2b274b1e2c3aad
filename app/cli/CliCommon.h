#pragma once

#include "core/vehicle/Setup.h"
#include "core/vehicle/SetupOptions.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/setupfile/SetupJson.h"
#include "core/tires/TireModels.h"

#include <QCommandLineParser>
#include <QStringList>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtw::cli {

/// Exit codes shared by every command.
enum ExitCode { Ok = 0, Failed = 1, UsageError = 2 };

/// Parse a subcommand's arguments. Returns true to go on; false when the
/// command is over (bad arguments: error printed, exitCode = UsageError; or
/// --help: help printed, exitCode = Ok).
bool parseOrHelp(QCommandLineParser& parser, const QStringList& arguments, int& exitCode);

/// Print a message on stderr, prefixed with the program name.
void printError(const QString& message);

/// Write text to stdout exactly (no translation).
void printOut(const std::string& text);

/// The setup named on the command line: a setup file's path, or empty for the
/// built-in default car. On failure prints every problem and returns nothing.
/// A command that writes the setup back passes unknownKeys, so keys this
/// program does not know survive the re-save as they do in the window.
std::optional<Setup> loadSetupArgument(const QString& path, UnknownKeys* unknownKeys = nullptr);

/// Write text to a file, atomically through the one checked writer, or to
/// stdout when path is "-"; prints an error on failure.
bool writeTextFile(const QString& path, const std::string& text);
/// The same for text in pieces, written in order.
bool writeTextFile(const QString& path, const std::vector<std::string_view>& pieces);

/// Write a setup as a saved file (savedSetupBytes) like writeTextFile, unless it is
/// larger than a setup file may be (setupSizeProblem): then nothing is written and the
/// reason is printed, as the program would refuse to read it.
bool writeSetupFile(const QString& path, const Setup& setup, const UnknownKeys& unknownKeys);

/// Parse "key=value" pairs (maneuver parameters); prints an error on a bad pair. With
/// `words`, a value that is no number (a lap's track=monza) goes there instead.
bool parseKeyValues(const QStringList& pairs, std::map<std::string, double>& out,
                    std::map<std::string, std::string>* words = nullptr);

/// A surface for --surface: a preset key of tires/SurfacePresets.h or a grip scale in
/// (0, 10]. Prints the error and returns false otherwise.
bool parseSurface(const QString& text, double& gripScale);
/// The surface presets' keys, joined: "dry, wet, ...".
QString surfaceNames();

/// The command-line names of an option set, in its order: "linear, table, magic-formula, ...".
template <typename Enum> QString optionCliNames() {
    return optionTexts<Enum>(&OptionName<Enum>::cliName).join(QStringLiteral(", "));
}

/// The value of an option set an argument names (its CLI name, its file key or its former
/// CLI name, OptionSet.h). Otherwise prints "COMMAND: unknown WHAT 'TEXT' (known: ...)" and
/// returns nothing.
template <typename Enum>
std::optional<Enum> parseOptionArgument(const char* command, const char* what, const QString& text) {
    if (const auto* entry = optionByCliName<Enum>(text.toStdString()))
        return entry->value;
    printError(QStringLiteral("%1: unknown %2 '%3' (known: %4)")
                   .arg(QLatin1String(command), QLatin1String(what), text, optionCliNames<Enum>()));
    return std::nullopt;
}

/// The ids -m takes, for the help: "acceleration, top-speed, ..., lap".
QString maneuverIdList();

/// A CSV cell: quoted when it holds a comma, quote or newline.
QString csvCellText(const QString& text);

} // namespace vtw::cli

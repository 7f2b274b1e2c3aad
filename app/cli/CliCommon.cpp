#include "CliCommon.h"

#include "core/tires/SurfacePresets.h"

#include "core/maneuvers/ManeuverFactory.h"
#include "core/study/LapTarget.h"

#include "core/setupfile/AtomicFile.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/SetupJson.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>

namespace vtw::cli {

bool parseOrHelp(QCommandLineParser& parser, const QStringList& arguments, int& exitCode) {
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        exitCode = UsageError;
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // QCommandLineParser names the program as it was started, without the command
        // the line needs: "Usage: vtw-cli validate [options] FILE...".
        QString help = parser.helpText();
        static const QRegularExpression program(QStringLiteral("^Usage: [^ \n]+"));
        help.replace(program, QStringLiteral("Usage: vtw-cli %1").arg(arguments.value(0)));
        printOut(help.toStdString());
        exitCode = Ok;
        return false;
    }
    return true;
}

void printError(const QString& message) {
    std::fprintf(stderr, "vtw-cli: %s\n", qPrintable(message));
}

void printOut(const std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
}

bool writeTextFile(const QString& path, const std::string& text) {
    return writeTextFile(path, std::vector<std::string_view>{text});
}

bool writeTextFile(const QString& path, const std::vector<std::string_view>& pieces) {
    if (path == QLatin1String("-")) {
        // Checked like a file: a closed pipe or a full disk behind stdout is an error.
        errno = 0;
        bool ok = true;
        for (const std::string_view piece : pieces)
            ok = ok && std::fwrite(piece.data(), 1, piece.size(), stdout) == piece.size();
        ok = ok && std::fflush(stdout) == 0 && !std::ferror(stdout);
        if (!ok)
            printError(QStringLiteral("cannot write to standard output: %1")
                           .arg(QString::fromLocal8Bit(std::strerror(errno))));
        return ok;
    }
    const SaveResult saved = writeFileAtomically(path, pieces);
    if (!saved.ok)
        printError(saved.error);
    return saved.ok;
}

bool writeSetupFile(const QString& path, const Setup& setup, const UnknownKeys& unknownKeys) {
    const QByteArray bytes = savedSetupBytes(setup, unknownKeys);
    const QString problem = setupSizeProblem(bytes);
    if (!problem.isEmpty()) {
        printError(QStringLiteral("cannot write %1: %2")
                       .arg(path == QLatin1String("-") ? QStringLiteral("to standard output") : path, problem));
        return false;
    }
    return writeTextFile(path, bytes.toStdString());
}

bool parseKeyValues(const QStringList& pairs, std::map<std::string, double>& out,
                    std::map<std::string, std::string>* words) {
    for (const QString& pair : pairs) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        bool ok = false;
        const double value = eq > 0 ? pair.mid(eq + 1).toDouble(&ok) : 0.0;
        if (eq > 0 && !ok && words && eq + 1 < pair.size()) {
            (*words)[pair.left(eq).toStdString()] = pair.mid(eq + 1).toStdString();
            continue;
        }
        if (eq <= 0 || !ok) {
            printError(QStringLiteral("bad parameter '%1': expected key=number").arg(pair));
            return false;
        }
        out[pair.left(eq).toStdString()] = value;
    }
    return true;
}

} // namespace vtw::cli

namespace vtw::cli {

std::optional<Setup> loadSetupArgument(const QString& argument, UnknownKeys* unknownKeys) {
    if (argument.isEmpty())
        return defaultLibraryCar();
    // A library car by its file's base name ("lotus_elise_s2") when no such file exists.
    QString path = argument;
    if (!QFileInfo::exists(path)) {
        const QString resource = QStringLiteral(":/cars/%1.json").arg(argument);
        if (QFileInfo::exists(resource))
            path = resource;
    }
    const SetupLoadResult loaded = loadSetupFile(path);
    if (!loaded.ok()) {
        printError(QStringLiteral("cannot use setup %1:").arg(argument));
        for (const QString& line : loaded.errorStrings())
            std::fprintf(stderr, "  %s\n", qPrintable(line));
        return std::nullopt;
    }
    for (const QString& warning : loaded.warnings)
        printError(QStringLiteral("warning: %1: %2").arg(argument, warning));
    if (unknownKeys)
        *unknownKeys = loaded.unknownKeys;
    return loaded.setup;
}

} // namespace vtw::cli

namespace vtw::cli {

QString csvCellText(const QString& text) { return csvCell(text); }

QString surfaceNames() {
    QStringList keys;
    for (const SurfacePreset& preset : surfacePresets)
        keys << optionText(preset.key);
    return keys.join(QStringLiteral(", "));
}

bool parseSurface(const QString& text, double& gripScale) {
    for (const SurfacePreset& preset : surfacePresets) {
        if (text == optionText(preset.key)) {
            gripScale = preset.gripScale;
            return true;
        }
    }
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (ok && value > 0.0 && value <= 10.0) {
        gripScale = value;
        return true;
    }
    printError(QStringLiteral("unknown surface '%1': use %2, or a grip scale in (0, 10]").arg(text, surfaceNames()));
    return false;
}

QString maneuverIdList() {
    QStringList ids;
    for (const ManeuverDescription& d : maneuverCatalogue())
        ids << QString::fromStdString(d.id);
    ids << QLatin1String(lapTargetId);
    return ids.join(QStringLiteral(", "));
}

} // namespace vtw::cli

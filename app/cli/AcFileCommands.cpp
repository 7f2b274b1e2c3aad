#include "AcFileCommands.h"

#include "CliCommon.h"
#include "Commands.h"

#include "core/gamefiles/AcCarData.h"

#include <cstdio>

namespace vtw::cli {

namespace {

void printErrors(const QString& heading, const QStringList& errors) {
    printError(heading);
    for (const QString& e : errors)
        std::fprintf(stderr, "  %s\n", qPrintable(e));
}

} // namespace

int importAcCommand(const QString& folder, const QString& output) {
    const AcImportResult imported = importAcFolder(folder);
    if (!imported.setup) {
        printErrors(QStringLiteral("cannot import %1:").arg(folder), imported.errors);
        return Failed;
    }
    if (!writeSetupFile(output, *imported.setup, {}))
        return Failed;
    printOut(imported.report.text().toStdString());
    return Ok;
}

int exportAcCommand(const Setup& setup, const QString& folder, bool inPlace) {
    const AcExportResult exported =
        exportAcFolder(setup, folder, inPlace ? AcExportMode::InPlace : AcExportMode::NewFolder);
    if (!exported.ok) {
        printErrors(QStringLiteral("cannot export to %1:").arg(folder), exported.errors);
        return Failed;
    }
    QString out = QStringLiteral("Power curve convention: %1\n").arg(acPowerCurveConvention());
    out += QStringLiteral("Written (%1): %2\n")
               .arg(exported.writtenFiles.size())
               .arg(exported.writtenFiles.isEmpty() ? QStringLiteral("nothing changed")
                                                    : exported.writtenFiles.join(QStringLiteral(", ")));
    if (!exported.backups.isEmpty())
        out += QStringLiteral("Backups: %1\n").arg(exported.backups.join(QStringLiteral(", ")));
    out += exported.report.text();
    printOut(out.toStdString());
    return Ok;
}

} // namespace vtw::cli

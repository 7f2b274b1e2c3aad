// libFuzzer entry point for Assetto Corsa car data (docs/physics.md 15). The input's
// NUL-separated pieces become the files of a data folder; reading it must give either
// a valid setup or errors, in bounded time and memory, without undefined behaviour.
// Two more oracles: the ini text gives back every byte it read, and writing the setup
// it read back into the same folder in place changes nothing.

#include "FuzzSupport.h"

#include "core/gamefiles/AcCarData.h"
#include "core/gamefiles/IniText.h"
#include "core/setupfile/SetupValidation.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace {

const char* const fileNames[] = {"car.ini",   "engine.ini", "power.lut", "drivetrain.ini", "suspensions.ini",
                                 "brakes.ini", "tyres.ini",  "aero.ini",  "wing.lut"};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace vtw;
    const QList<QByteArray> pieces = fuzz::piecesOf(fuzz::bytesOf(data, size), int(std::size(fileNames)));
    QTemporaryDir folder;
    if (!folder.isValid())
        return 0;
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        fuzz::require(IniText::parse(pieces[i]).bytes() == pieces[i], "an unchanged ini gives back its bytes");
        QFile file(QDir(folder.path()).filePath(QString::fromLatin1(fileNames[i])));
        if (!file.open(QIODevice::WriteOnly) || file.write(pieces[i]) != pieces[i].size())
            return 0;
    }
    const AcImportResult imported = importAcFolder(folder.path());
    fuzz::require(imported.setup.has_value() == imported.errors.isEmpty(), "a setup exactly when no errors");
    if (!imported.setup)
        return 0;
    fuzz::require(validateSetup(*imported.setup).isEmpty(), "an imported setup is valid");
    const AcExportResult unchanged = exportAcFolder(*imported.setup, folder.path(), AcExportMode::InPlace);
    fuzz::require(unchanged.ok && unchanged.writtenFiles.isEmpty(), "writing back what was read changes nothing");
    return 0;
}

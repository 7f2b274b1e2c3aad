#include "core/setupfile/CarLibrary.h"

#include <QDir>

#include <algorithm>

namespace vtw {

QList<LibraryCar> libraryCars() {
    QList<LibraryCar> cars;
    const QDir dir(QStringLiteral(":/cars"));
    for (const QString& file : dir.entryList({"*.json"}, QDir::Files, QDir::Name)) {
        const QString path = dir.filePath(file);
        const SetupLoadResult loaded = loadSetupFile(path);
        if (loaded.ok())
            cars.append({QString::fromStdString(loaded.setup->name), path});
    }
    std::sort(cars.begin(), cars.end(),
              [](const LibraryCar& a, const LibraryCar& b) { return a.name < b.name; });
    return cars;
}

SetupLoadResult loadLibraryCar(const QString& resourcePath) {
    return loadSetupFile(resourcePath);
}

Setup defaultLibraryCar() {
    const SetupLoadResult loaded = loadLibraryCar(QString::fromLatin1(defaultLibraryCarPath));
    return loaded.ok() ? *loaded.setup : defaultSetup();
}

} // namespace vtw

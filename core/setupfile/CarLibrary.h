#pragma once

// The library of cars shipped in resources/cars/ (":/cars/<name>.json").
// The resources live in the vtw_resources library: a program that lists or
// loads them links it and calls Q_INIT_RESOURCE(resources) once (outside any
// namespace), since a static library's resources are not registered otherwise.

#include "core/setupfile/SetupJson.h"

#include <QList>
#include <QString>

namespace vtw {

struct LibraryCar {
    QString name;         ///< the setup's "name"
    QString resourcePath; ///< ":/cars/<file>.json"
};

/// Every car in the library, sorted by name. Files that fail to load are
/// left out (the library test checks that none does).
QList<LibraryCar> libraryCars();

/// Loads one library car by its resource path.
SetupLoadResult loadLibraryCar(const QString& resourcePath);

/// The library car the window and the CLI start with: the Corvette C5
/// calibrated to its published figures.
inline constexpr const char* defaultLibraryCarPath = ":/cars/corvette_c5.json";

/// That car. If the resources are not registered (a program that did not link
/// vtw_resources), the built-in defaultSetup() instead, which the physics tests use.
Setup defaultLibraryCar();

} // namespace vtw

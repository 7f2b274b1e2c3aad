#include "TirFileCommands.h"

#include "CliCommon.h"

#include "core/chassis/LoadTransfer.h"
#include "core/setupfile/TirFileRead.h"
#include "core/tires/TirImport.h"
#include "core/tires/TirExport.h"
#include "core/tires/TirWrite.h"

#include <QFileInfo>

#include <cmath>
#include <cstdio>

namespace vtw::cli {

int importTir(Setup& setup, const QString& path, const QString& axle, bool useUnloadedRadius) {
    const bool front = axle == QLatin1String("front") || axle == QLatin1String("both");
    const bool rear = axle == QLatin1String("rear") || axle == QLatin1String("both");
    if (!front && !rear) {
        printError(QStringLiteral("import: --axle must be front, rear or both, not '%1'").arg(axle));
        return UsageError;
    }
    const TirLoadResult read = readTirFile(path);
    if (!read.ok()) {
        printError(QStringLiteral("cannot import %1: %2").arg(path, QString::fromStdString(read.error)));
        return Failed;
    }
    for (const std::string& w : read.warnings)
        std::fprintf(stderr, "%s: warning: %s\n", qPrintable(path), w.c_str());
    const std::string source = QFileInfo(path).fileName().toStdString();
    if (front)
        setup.frontTires = tiresWithTir(setup.frontTires, *read.coefficients, source, useUnloadedRadius);
    if (rear)
        setup.rearTires = tiresWithTir(setup.rearTires, *read.coefficients, source, useUnloadedRadius);
    return Ok;
}

std::optional<QByteArray> tirExportText(const Setup& setup, const QString& setupName, const QString& axle,
                                        const QString& nominalLoad) {
    const bool front = axle.isEmpty() || axle == QLatin1String("front");
    if (!front && axle != QLatin1String("rear")) {
        printError(QStringLiteral("export: --axle must be front or rear (one axle per .tir file), not '%1'").arg(axle));
        return std::nullopt;
    }
    double load = staticWheelLoad(setup.chassis, front);
    if (!nominalLoad.isEmpty()) {
        bool ok = false;
        load = nominalLoad.toDouble(&ok);
        if (!ok || !std::isfinite(load) || load <= 0.0) {
            printError(QStringLiteral("export: --nominal-load must be a positive number of newtons, not '%1'")
                           .arg(nominalLoad));
            return std::nullopt;
        }
    }
    const TireParams& tires = front ? setup.frontTires : setup.rearTires;
    const TirExportResult r = tirForTire(tires, load);
    if (!r.ok) {
        printError(QStringLiteral("export: %1 tyre: %2").arg(front ? "front" : "rear", QString::fromStdString(r.error)));
        return std::nullopt;
    }
    const std::string title = (front ? "Front" : "Rear") + std::string(" tyre of ") + setupName.toStdString();
    return QByteArray::fromStdString(tirFileText(r.coefficients, {title, r.method}));
}

} // namespace vtw::cli

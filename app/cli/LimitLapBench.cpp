#include "LimitLapBench.h"

#include "CliCommon.h"

#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/setupfile/CarLibrary.h"
#include "core/trackfiles/TrackLibrary.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace vtw::cli {

namespace {

struct LimitLapFigures {
    bool ok = false;
    double seconds = 0.0;    ///< wall time of the run, learning included
    double lapTime = std::nan("");
    double quasiSteady = std::nan("");
    int lapsDriven = 0;
    std::string problem;     ///< why there is no lap time
};

LimitLapFigures driveLimitLap(const Setup& car, const std::string& track) {
    LimitLapFigures f;
    std::string error;
    const auto maneuver = makeManeuver("dynamic-lap", {}, &error, {{"track", track}, {"driver", "limit"}});
    if (!maneuver) {
        f.problem = error;
        return f;
    }
    const auto start = std::chrono::steady_clock::now();
    const RunResult run = runManeuver(car, *maneuver);
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!run.ok) {
        f.problem = run.error;
        return f;
    }
    f.ok = true;
    if (const Metric* m = findMetric(run.metrics, "lap_time_s"); m && m->usable())
        f.lapTime = m->value;
    else if (m)
        f.problem = m->invalidReason;
    if (const Metric* m = findMetric(run.metrics, "quasi_steady_lap_time_s"); m && m->usable())
        f.quasiSteady = m->value;
    if (const Metric* m = findMetric(run.metrics, "laps_driven"); m && m->reached)
        f.lapsDriven = static_cast<int>(m->value);
    return f;
}

} // namespace

bool benchLimitLapSpa(std::string& out) {
    const LimitLapFigures f = driveLimitLap(defaultLibraryCar(), "spa");
    if (!f.ok) {
        printError(QString::fromStdString("bench: limit lap: " + f.problem));
        return false;
    }
    char line[512];
    std::snprintf(line, sizeof line,
                  "limit_lap_spa_s %.3f (the library's default car, learning included; %d laps driven; lap time "
                  "%.3f s, %.4f of the quasi-steady lap's %.3f s; one run)\n",
                  f.seconds, f.lapsDriven, f.lapTime, f.lapTime / f.quasiSteady, f.quasiSteady);
    out += line;
    return true;
}

bool benchEveryLimitLap() {
    printOut("car\ttrack\tlimit_lap_s\tquasi_steady_lap_s\tratio\tlaps_driven\tseconds\n");
    for (const LibraryCar& entry : libraryCars()) {
        const SetupLoadResult car = loadLibraryCar(entry.resourcePath);
        if (!car.ok()) {
            printError(QStringLiteral("bench: library car %1 does not load").arg(entry.resourcePath));
            return false;
        }
        for (const LibraryTrack& track : libraryTracks()) {
            if (track.resourcePath.isEmpty())
                continue;
            const LimitLapFigures f = driveLimitLap(*car.setup, track.key.toStdString());
            if (!f.ok) {
                printError(QString::fromStdString("bench: limit lap: " + f.problem));
                return false;
            }
            char line[512];
            std::snprintf(line, sizeof line, "%s\t%s\t%.3f\t%.3f\t%.4f\t%d\t%.2f%s%s\n", qPrintable(entry.name),
                          qPrintable(track.key), f.lapTime, f.quasiSteady, f.lapTime / f.quasiSteady, f.lapsDriven,
                          f.seconds, f.problem.empty() ? "" : "\t", f.problem.c_str());
            printOut(line);
        }
    }
    return true;
}

} // namespace vtw::cli

#include "CliCommon.h"
#include "Commands.h"

#include "Simulator.h"
#include "StepBenchmark.h"
#include "lap/LapSimulation.h"
#include "setupfile/SetupMetadata.h"
#include "study/Sweep.h"
#include "track/PreparedTrack.h"
#include "setupfile/SetupEnumKeys.h"
#include "Units.h"

#include <QCommandLineParser>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

namespace vtw::cli {

namespace {

struct TireChoice {
    const char* key;
    TireModelKind kind;
};
constexpr TireChoice tireChoices[] = {
    {"linear", TireModelKind::Linear},       {"table", TireModelKind::Table},
    {"magic-formula", TireModelKind::MagicFormula}, {"pacejka94", TireModelKind::Pacejka94},
    {"brush", TireModelKind::Brush},         {"calspan", TireModelKind::Calspan},
    {"slip-speed", TireModelKind::SlipSpeed},
};

struct IntegratorChoice {
    const char* key;
    Integrator integrator;
};
constexpr IntegratorChoice integratorChoices[] = {
    {"euler", Integrator::ExplicitEuler},
    {"semi-implicit", Integrator::SemiImplicitEuler},
    {"rk4", Integrator::RungeKutta4},
};

// Wall time of f in ms, the best of `runs`.
template <class F> double bestMs(int runs, F&& f) {
    double best = 1e300;
    for (int run = 0; run < runs; ++run) {
        const auto start = std::chrono::steady_clock::now();
        f();
        best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

// The lap figures: one lap of Spa's race line (6.9 km) at 1 m stations with the car's
// envelope built first, as every lap of a new setup is; and a sweep of 200 final
// drives on Monza's race line on every core, as `vtw-cli sweep -m lap` runs it.
bool benchLaps(const Setup& setup, int runs, std::string& out) {
    const PreparedTrackResult spa = prepareTrack(QStringLiteral("spa"), LineChoice::RaceLine, 1.0);
    if (!spa.prepared) {
        printError(QStringLiteral("bench: the library track spa does not load: %1").arg(spa.errors.join("; ")));
        return false;
    }
    LapResult lap;
    const int lapRuns = std::min(runs, 20), sweepRuns = std::min(runs, 3);
    const double lapMs = bestMs(lapRuns, [&] {
        lap = simulateLap(PerformanceEnvelope(setup), spa.prepared->path, spa.prepared->sectorStarts);
    });
    if (!lap.ok) {
        printError(QString::fromStdString("bench: " + lap.error));
        return false;
    }
    const double envelopeMs = bestMs(lapRuns, [&] { const PerformanceEnvelope envelope(setup); });
    SweepRequest sweep;
    sweep.base = setup;
    sweep.first = {findField(QStringLiteral("gearbox.finalDrive")), 2.5, 4.5, 200};
    sweep.maneuver = {"lap", {}, {{"track", "monza"}}};
    const QString problem = sweepRequestProblem(sweep);
    if (!problem.isEmpty()) {
        printError(QStringLiteral("bench: %1").arg(problem));
        return false;
    }
    std::vector<SweepPoint> points;
    const double sweepMs = bestMs(sweepRuns, [&] { points = runSweep(sweep); });
    const auto failed = std::count_if(points.begin(), points.end(), [](const SweepPoint& p) { return !p.ok; });
    char line[512];
    std::snprintf(line, sizeof line,
                  "lap_spa_ms %.2f (%zu stations, envelope %.2f ms of it; lap time %.3f s; best of %d)\n"
                  "sweep_monza_200_final_drive_s %.3f (%u threads, %td of 200 laps failed; best of %d)\n",
                  lapMs, spa.prepared->path.stations(), envelopeMs, lap.lapTime, lapRuns, sweepMs / 1e3,
                  std::max(1u, std::thread::hardware_concurrency()), failed, sweepRuns);
    out += line;
    return true;
}

} // namespace

int benchCommand(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Time the step loop: the default car, half throttle and sinusoidal steering, fixed steps. "
        "Prints nanoseconds per step and steps per second (best of several runs). Then the lap: "
        "one lap of Spa at 1 m stations, the car's envelope included (best of 20 or --runs), and a "
        "200-point final-drive sweep of Monza laps on every core (best of 3 or --runs)."));
    parser.addHelpOption();
    const QCommandLineOption tireOpt(QStringLiteral("tire"),
                                     QStringLiteral("Tire model on all wheels: linear, table, "
                                                    "magic-formula, pacejka94, brush, calspan, slip-speed."),
                                     QStringLiteral("model"), QStringLiteral("magic-formula"));
    const QCommandLineOption integratorOpt(QStringLiteral("integrator"),
                                           QStringLiteral("euler, semi-implicit or rk4."),
                                           QStringLiteral("name"), QStringLiteral("semi-implicit"));
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"), QStringLiteral("Simulated seconds per run."),
                                        QStringLiteral("s"), QStringLiteral("10"));
    // 40 runs of 10 s take well under a second. On the shared build machine the first
    // few milliseconds after start-up run up to a third slower, and with 7 runs the best
    // often still fell among them.
    const QCommandLineOption runsOpt(QStringLiteral("runs"), QStringLiteral("Timed runs (best is reported)."),
                                     QStringLiteral("n"), QStringLiteral("40"));
    const QCommandLineOption combinedOpt(
        QStringLiteral("combined-slip"),
        QStringLiteral("How the tires combine slips: normalisedSlip or frictionEllipse (default: "
                       "the default car's)."),
        QStringLiteral("rule"));
    parser.addOptions({tireOpt, integratorOpt, combinedOpt, secondsOpt, runsOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;

    Setup setup = defaultSetup();
    const std::string tireKey = parser.value(tireOpt).toStdString();
    const auto tire = std::find_if(std::begin(tireChoices), std::end(tireChoices),
                                   [&](const TireChoice& c) { return tireKey == c.key; });
    if (tire == std::end(tireChoices)) {
        printError(QStringLiteral("bench: unknown tire model '%1'").arg(parser.value(tireOpt)));
        return UsageError;
    }
    setup.frontTires.model = setup.rearTires.model = tire->kind;
    const std::string integratorKey = parser.value(integratorOpt).toStdString();
    const auto integ = std::find_if(std::begin(integratorChoices), std::end(integratorChoices),
                                    [&](const IntegratorChoice& c) { return integratorKey == c.key; });
    if (integ == std::end(integratorChoices)) {
        printError(QStringLiteral("bench: unknown integrator '%1'").arg(parser.value(integratorOpt)));
        return UsageError;
    }
    setup.simulation.integrator = integ->integrator;
    if (parser.isSet(combinedOpt)) {
        const auto rule = enumFromKey<CombinedSlipMethod>(parser.value(combinedOpt));
        if (!rule) {
            printError(QStringLiteral("bench: unknown combined-slip rule '%1' (%2)")
                           .arg(parser.value(combinedOpt), enumKeys<CombinedSlipMethod>().join(", ")));
            return UsageError;
        }
        setup.frontTires.combinedSlip = setup.rearTires.combinedSlip = *rule;
    }
    bool ok1 = false, ok2 = false;
    const double seconds = parser.value(secondsOpt).toDouble(&ok1);
    const int runs = parser.value(runsOpt).toInt(&ok2);
    if (!ok1 || !ok2 || seconds <= 0.0 || seconds > 3600.0 || runs < 1 || runs > 1000) {
        printError(QStringLiteral("bench: --seconds must be in (0, 3600] and --runs in [1, 1000]"));
        return UsageError;
    }

    // Inputs are computed before timing so only the step itself is measured.
    const double dt = setup.simulation.timeStep;
    const auto steps = static_cast<std::size_t>(std::llround(seconds / dt));
    const std::vector<DriverInputs> inputs = stepBenchmarkInputs(steps, dt);

    double best = 1e300;
    double finalSpeed = 0.0;
    for (int run = 0; run < runs; ++run) {
        Simulator sim(setup);
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < steps; ++i) {
            if (!sim.step(inputs[i])) {
                printError(QString::fromStdString(sim.error()));
                return Failed;
            }
        }
        const auto stop = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(stop - start).count());
        finalSpeed = std::hypot(sim.state().body.vx, sim.state().body.vy);
    }
    const double nsPerStep = best / static_cast<double>(steps);
    char line[512];
    std::snprintf(line, sizeof line,
                  "tire %s, %s, integrator %s, %zu steps of %.3g ms (best of %d runs)\n"
                  "ns_per_step %.1f\nsteps_per_second %.0f\nfinal_speed_kmh %.2f\n",
                  tire->key, qPrintable(enumKey(setup.frontTires.combinedSlip)), integ->key, steps, dt * 1e3, runs, nsPerStep, 1e9 / nsPerStep,
                  units::mpsToKmh(finalSpeed));
    std::string out = line;
    if (!benchLaps(setup, runs, out))
        return Failed;
    printOut(out);
    return Ok;
}

} // namespace vtw::cli

#include "CliCommon.h"
#include "Commands.h"
#include "LimitLapBench.h"
#include "TirFileCommands.h"

#include "core/sim/Simulator.h"
#include "core/sim/StepBenchmark.h"
#include "core/lap/LapSimulation.h"
#include "core/maneuvers/DynamicLap.h"
#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/study/Sweep.h"
#include "core/trackfiles/TrackPreparation.h"
#include "core/base/Units.h"

#include <QCommandLineParser>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

namespace vtw::cli {

namespace {

struct Timing {
    double nsPerStep = 0.0;  ///< best of the runs
    double finalSpeed = 0.0; ///< m/s, of the last run
    bool ok = true;
};

// The step loop timed `runs` times on the same inputs; the best run counts.
Timing timeSteps(const Setup& setup, const std::vector<DriverInputs>& inputs, int runs) {
    Timing t;
    double best = 1e300;
    for (int run = 0; run < runs; ++run) {
        Simulator sim(setup);
        const auto start = std::chrono::steady_clock::now();
        for (const DriverInputs& in : inputs) {
            if (!sim.step(in)) {
                printError(QString::fromStdString(sim.error()));
                t.ok = false;
                return t;
            }
        }
        const auto stop = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::nano>(stop - start).count());
        t.finalSpeed = std::hypot(sim.state().body.vx, sim.state().body.vy);
    }
    t.nsPerStep = best / static_cast<double>(inputs.size());
    return t;
}

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
    // The dynamic lap of Spa: the maneuver with its defaults, through the maneuver
    // session as every run takes it (the quasi-steady lap for its speeds included).
    const int dynamicRuns = std::min(runs, 3);
    RunResult dynamic;
    std::string error;
    const double dynamicMs = bestMs(dynamicRuns, [&] {
        const auto maneuver = makeManeuver("dynamic-lap", {}, &error, {{"track", "spa"}});
        if (maneuver)
            dynamic = runManeuver(setup, *maneuver);
    });
    if (!error.empty() || !dynamic.ok) {
        printError(QString::fromStdString("bench: dynamic lap: " + (error.empty() ? dynamic.error : error)));
        return false;
    }
    const Metric* dynamicTime = findMetric(dynamic.metrics, "lap_time_s");
    char line[768];
    std::snprintf(line, sizeof line,
                  "lap_spa_ms %.2f (%zu stations, envelope %.2f ms of it; lap time %.3f s; best of %d)\n"
                  "sweep_monza_200_final_drive_s %.3f (%u threads, %td of 200 laps failed; best of %d)\n"
                  "dynamic_lap_spa_s %.3f (%ld steps of %g ms, %d substeps each; lap time %.3f s, pace %.2f; "
                  "best of %d)\n",
                  lapMs, spa.prepared->path.stations(), envelopeMs, lap.lapTime, lapRuns, sweepMs / 1e3,
                  std::max(1u, std::thread::hardware_concurrency()), failed, sweepRuns, dynamicMs / 1e3,
                  dynamic.steps, setup.simulation.timeStep * 1e3, setup.simulation.substeps,
                  dynamicTime && dynamicTime->reached ? dynamicTime->value : std::nan(""), LineDriverSettings{}.pace,
                  dynamicRuns);
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
        "200-point final-drive sweep of Monza laps on every core (best of 3 or --runs), and the "
        "dynamic lap of Spa at the default pace on one core (best of 3 or --runs), and the limit lap "
        "of Spa with the library's default car, learning included (one run). --limit-laps instead "
        "drives the limit lap of every library car on every library track."));
    parser.addHelpOption();
    const QCommandLineOption tireOpt(QStringLiteral("tire"),
                                     QStringLiteral("Tire model on all wheels: %1.").arg(optionCliNames<TireModelKind>()),
                                     QStringLiteral("model"), optionText(tireModel(TireModelKind::MagicFormula).cliName));
    const QCommandLineOption integratorOpt(
        QStringLiteral("integrator"), QStringLiteral("%1.").arg(optionCliNames<Integrator>()), QStringLiteral("name"),
        optionText(findOption(Integrator::SemiImplicitEuler)->cliName));
    const QCommandLineOption secondsOpt(QStringLiteral("seconds"), QStringLiteral("Simulated seconds per run."),
                                        QStringLiteral("s"), QStringLiteral("10"));
    // 40 runs of 10 s take well under a second. On the shared build machine the first
    // few milliseconds after start-up run up to a third slower, and with 7 runs the best
    // often still fell among them.
    const QCommandLineOption runsOpt(QStringLiteral("runs"), QStringLiteral("Timed runs (best is reported)."),
                                     QStringLiteral("n"), QStringLiteral("40"));
    const QCommandLineOption combinedOpt(
        QStringLiteral("combined-slip"),
        QStringLiteral("How the tires combine slips: %1 (default: the default car's).")
            .arg(optionCliNames<CombinedSlipMethod>()),
        QStringLiteral("rule"));
    const QCommandLineOption tirFileOpt(
        QStringLiteral("tir-file"),
        QStringLiteral("With --tire tir: the tyre property file on all wheels (default: the model's default "
                       "coefficients). The simplified magic formula is timed in the same run for comparison."),
        QStringLiteral("file"));
    const QCommandLineOption suspensionOpt(
        QStringLiteral("suspension"),
        QStringLiteral("Suspension model: %1 (docs/physics.md 16).").arg(optionCliNames<SuspensionModel>()),
        QStringLiteral("model"), optionText(findOption(SuspensionModel::Rigid)->cliName));
    const QCommandLineOption limitLapsOpt(
        QStringLiteral("limit-laps"),
        QStringLiteral("Only the limit lap of every library car on every library track against its quasi-steady "
                       "lap, one tab-separated line each (minutes)."));
    parser.addOptions({tireOpt, integratorOpt, combinedOpt, secondsOpt, runsOpt, tirFileOpt, suspensionOpt, limitLapsOpt});
    int code = Ok;
    if (!parseOrHelp(parser, arguments, code))
        return code;
    if (parser.isSet(limitLapsOpt))
        return benchEveryLimitLap() ? Ok : Failed;

    Setup setup = defaultSetup();
    const auto tire = parseOptionArgument<TireModelKind>("bench", "tire model", parser.value(tireOpt));
    const auto integrator = parseOptionArgument<Integrator>("bench", "integrator", parser.value(integratorOpt));
    const auto suspension =
        parseOptionArgument<SuspensionModel>("bench", "suspension model", parser.value(suspensionOpt));
    if (!tire || !integrator || !suspension)
        return UsageError;
    setup.frontTires.model = setup.rearTires.model = *tire;
    setup.simulation.integrator = *integrator;
    setup.suspension.model = *suspension;
    if (parser.isSet(combinedOpt)) {
        const auto rule =
            parseOptionArgument<CombinedSlipMethod>("bench", "combined-slip rule", parser.value(combinedOpt));
        if (!rule)
            return UsageError;
        setup.frontTires.combinedSlip = setup.rearTires.combinedSlip = *rule;
    }
    if (parser.isSet(tirFileOpt)) {
        if (*tire != TireModelKind::Tir) {
            printError(QStringLiteral("bench: --tir-file needs --tire tir"));
            return UsageError;
        }
        if (importTir(setup, parser.value(tirFileOpt), QStringLiteral("both"), false) != Ok)
            return Failed;
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

    const Timing timing = timeSteps(setup, inputs, runs);
    if (!timing.ok)
        return Failed;
    const double nsPerStep = timing.nsPerStep;
    char line[512];
    std::snprintf(line, sizeof line,
                  "tire %s, %s, integrator %s, suspension %s, %zu steps of %.3g ms (best of %d runs)\n"
                  "ns_per_step %.1f\nsteps_per_second %.0f\nfinal_speed_kmh %.2f\n",
                  qPrintable(optionText(tireModel(*tire).cliName)),
                  qPrintable(optionText(findOption(setup.frontTires.combinedSlip)->cliName)),
                  qPrintable(optionText(findOption(*integrator)->cliName)),
                  qPrintable(optionText(findOption(*suspension)->cliName)), steps, dt * 1e3, runs, nsPerStep, 1e9 / nsPerStep,
                  units::mpsToKmh(timing.finalSpeed));
    printOut(line);
    if (*tire == TireModelKind::Tir) {
        // The same car on the simplified magic formula, timed in this run: the ratio is the
        // figure to compare across machines (docs/physics.md 12; the README's benchmarks).
        Setup reference = setup;
        reference.frontTires.model = reference.rearTires.model = TireModelKind::MagicFormula;
        const Timing mf = timeSteps(reference, inputs, runs);
        if (!mf.ok)
            return Failed;
        std::snprintf(line, sizeof line, "tir_file %s\nns_per_step_magic_formula %.1f\ntir_over_magic_formula %.2f\n",
                      qPrintable(QString::fromStdString(setup.frontTires.tir.source)), mf.nsPerStep,
                      nsPerStep / mf.nsPerStep);
        printOut(line);
    }
    std::string laps;
    if (!benchLaps(setup, runs, laps) || !benchLimitLapSpa(laps))
        return Failed;
    printOut(laps);
    return Ok;
}

} // namespace vtw::cli

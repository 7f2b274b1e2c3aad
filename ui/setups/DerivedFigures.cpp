#include "ui/setups/DerivedFigures.h"

#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"

#include <QtConcurrent/QtConcurrentRun>

namespace vtw {

namespace {

bool inCatalogue(const std::string& id) {
    for (const ManeuverDescription& d : maneuverCatalogue()) {
        if (d.id == id)
            return true;
    }
    return false;
}

} // namespace

const DerivedFigure* DerivedFigures::find(const std::string& metricKey) const {
    for (const DerivedFigure& f : figures) {
        if (f.metricKey == metricKey)
            return &f;
    }
    return nullptr;
}

std::vector<DerivedFigure> derivedFigureRequests() {
    std::vector<DerivedFigure> out;
    const auto add = [&](const std::string& maneuver, const std::string& key) {
        DerivedFigure f;
        f.maneuver = maneuver;
        f.metricKey = key;
        f.available = inCatalogue(maneuver);
        out.push_back(f);
    };
    add("acceleration", "t_0_60_mph_s");
    add("acceleration", "t_0_100_kmh_s");
    add("acceleration", "quarter_mile_s");
    add("acceleration", "quarter_mile_trap_kmh");
    add("top-speed", "top_speed_kmh");
    add("braking", "braking_100_0_kmh_m");
    // A stop longer than expected often comes from a locked axle: say how long each was.
    add("braking", "wheel_lock_front_s");
    add("braking", "wheel_lock_rear_s");
    // Cornering metrics: their keys carry a maneuver prefix and a unit, so match the stem.
    add("skidpad", "max_lateral");
    add("skidpad", "understeer_gradient");
    return out;
}

DerivedFigures computeDerivedFigures(const Setup& setup, const std::atomic<bool>* cancel) {
    DerivedFigures out;
    out.figures = derivedFigureRequests();
    out.gears = gearTopSpeeds(setup);
    // One run per maneuver, shared by its figures.
    std::string lastManeuver;
    RunResult run;
    std::string makeError;
    for (DerivedFigure& f : out.figures) {
        if (cancel && cancel->load()) {
            out.cancelled = true;
            return out;
        }
        if (!f.available) {
            f.error = "the core has no '" + f.maneuver + "' maneuver yet";
            continue;
        }
        if (f.maneuver != lastManeuver) {
            lastManeuver = f.maneuver;
            makeError.clear();
            auto maneuver = makeManeuver(f.maneuver, {}, &makeError);
            if (maneuver) {
                RunOptions options;
                options.cancel = cancel;
                run = runManeuver(setup, *maneuver, options);
            } else {
                run = RunResult();
                run.ok = false;
            }
        }
        if (run.cancelled) {
            out.cancelled = true;
            return out;
        }
        if (!makeError.empty() || !run.ok) {
            f.error = makeError.empty() ? run.error : makeError;
            continue;
        }
        const Metric* m = findMetric(run.metrics, f.metricKey);
        for (std::size_t i = 0; !m && i < run.metrics.size(); ++i) {
            if (run.metrics[i].key.find(f.metricKey) != std::string::npos)
                m = &run.metrics[i];
        }
        if (!m) {
            f.available = false;
            f.error = "the '" + f.maneuver + "' maneuver reports no '" + f.metricKey + "' metric";
            continue;
        }
        f.metric = *m;
        f.ok = m->reached;
        if (!f.ok) // the run's reason, when and why it ended before the figure
            f.error = m->invalidReason.empty() ? std::string("not reached in the run") : m->invalidReason;
    }
    return out;
}

DerivedFiguresComputer::DerivedFiguresComputer(QObject* parent) : QObject(parent) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &DerivedFiguresComputer::launch);
}

DerivedFiguresComputer::~DerivedFiguresComputer() {
    // A job still running holds its own setup copy and cancel flag; stop it
    // and wait so it cannot outlive the objects it reports to.
    if (m_cancel)
        m_cancel->store(true);
    if (m_watcher)
        m_watcher->waitForFinished();
}

bool DerivedFiguresComputer::isBusy() const {
    return m_debounce.isActive() || (m_watcher && m_watcher->isRunning());
}

void DerivedFiguresComputer::request(const Setup& setup) {
    m_pending = setup;
    if (m_cancel)
        m_cancel->store(true); // the running job is stale now
    m_debounce.start();
    emit started();
}

void DerivedFiguresComputer::launch() {
    const int generation = ++m_generation;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto* watcher = new QFutureWatcher<DerivedFigures>(this);
    m_watcher = watcher;
    connect(watcher, &QFutureWatcher<DerivedFigures>::finished, this, [this, watcher, generation] {
        const DerivedFigures result = watcher->result();
        if (m_watcher == watcher)
            m_watcher = nullptr;
        watcher->deleteLater();
        if (generation == m_generation && !result.cancelled)
            emit finished(result);
    });
    // The job owns copies of the setup and of the cancel flag's pointer.
    watcher->setFuture(QtConcurrent::run([setup = m_pending, cancel = m_cancel] {
        return computeDerivedFigures(setup, cancel.get());
    }));
}

} // namespace vtw

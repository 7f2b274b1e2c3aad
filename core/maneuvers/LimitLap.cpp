#include "core/maneuvers/LimitLap.h"

#include "core/maneuvers/ManeuverSession.h"
#include "core/maneuvers/ModelDisagreement.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace vtw {

LimitLap::LimitLap(std::shared_ptr<const Track> track, std::shared_ptr<const TrackPath> path,
                   std::vector<double> sectorStarts, const LineDriverSettings& driver,
                   const LimitLapSettings& settings)
    : m_track(std::move(track)), m_path(std::move(path)), m_sectorStarts(std::move(sectorStarts)),
      m_driver(driver), m_settings(settings) {}

std::unique_ptr<DynamicLap> LimitLap::makeLap(const std::vector<double>& shares) const {
    auto lap = std::make_unique<DynamicLap>(m_track, m_path, m_sectorStarts, m_driver);
    lap->setSpeedShares(shares);
    return lap;
}

void LimitLap::learn(const Setup& setup) const {
    const std::size_t stations = m_path->stations();
    // The learned shares are of the car's envelope, per station (LapOptions::gripShares);
    // each lap aims for the quasi-steady lap of the envelope so shared out, which brakes
    // for a corner whose share fell as the car brakes, rather than where the full
    // envelope would.
    const PerformanceEnvelope envelope(setup);
    const LapResult full = simulateLap(envelope, *m_path, m_sectorStarts);
    if (!full.ok || full.trace.speed.size() != stations) {
        m_final = makeLap({}); // the lap ends at once, saying why
        return;
    }
    const auto planFor = [&](const std::vector<double>& grip) {
        LapOptions options;
        options.gripShares = grip;
        options.speedCaps.resize(stations);
        for (std::size_t i = 0; i < stations; ++i)
            options.speedCaps[i] = grip[i] * full.trace.speed[i];
        const LapResult plan = simulateLap(envelope, *m_path, m_sectorStarts, options);
        std::vector<double> shares(stations, m_settings.minShare);
        if (plan.ok)
            for (std::size_t i = 0; i < stations; ++i)
                shares[i] = plan.trace.speed[i] / full.trace.speed[i];
        return shares;
    };
    std::vector<double> grip(stations, m_settings.startShare);
    std::vector<double> bestShares = planFor(grip);
    Bounds bounds{std::vector<double>(stations, m_settings.minShare),
                  std::vector<double>(stations, m_settings.maxShare + m_settings.raise)};
    double best = std::numeric_limits<double>::infinity();
    std::vector<double> bestSoFar; // after each lap
    for (int lap = 0; lap < m_settings.maxLaps; ++lap) {
        const std::vector<double> shares = planFor(grip);
        const std::unique_ptr<DynamicLap> attempt = makeLap(shares);
        attempt->setDrivesOnAfterVerdict(true);
        RunOptions options;
        options.cancel = m_hooks.cancel;
        ManeuverSession session(setup, attempt.get(), options);
        session.runToEnd();
        if (session.state() == SessionState::Cancelled)
            break; // the run is being stopped: it drives the best lap so far, if only briefly
        ++m_lapsDriven;
        const std::optional<double> time = attempt->lapTime();
        m_lapTimes.push_back(time.value_or(std::numeric_limits<double>::quiet_NaN()));
        if (time && *time < best) {
            best = *time;
            bestShares = shares;
        }
        if (time)
            bestSoFar.push_back(best);
        reportProgress(best);
        // Settled: the best lap has not improved by more than settleShare over the last
        // laps with a time (a lap that ended early is a lesson, not a verdict).
        const int n = static_cast<int>(bestSoFar.size());
        if (n >= m_settings.minLaps && n > m_settings.settleLaps && std::isfinite(best)) {
            const double before = bestSoFar[static_cast<std::size_t>(n - 1 - m_settings.settleLaps)];
            if (std::isfinite(before) && before - best < m_settings.settleShare * best)
                break;
        }
        grip = nextShares(grip, bounds, *attempt, full.trace.speed);
    }
    m_final = makeLap(bestShares);
}

void LimitLap::reportProgress(double best) const {
    if (!m_hooks.progress)
        return;
    char text[160];
    if (std::isfinite(best))
        std::snprintf(text, sizeof text, "learning the limit: %d of at most %d laps, best %.3f s", m_lapsDriven,
                      m_settings.maxLaps, best);
    else
        std::snprintf(text, sizeof text, "learning the limit: %d of at most %d laps, none with a time yet",
                      m_lapsDriven, m_settings.maxLaps);
    m_hooks.progress(text);
}

bool LimitLap::strained(const DynamicLap::StationStrain& s) const {
    return s.sideslip > m_settings.strainSideslip || s.lateral > m_settings.strainLateral ||
           s.rearSlide > m_settings.strainSlide || s.frontSlide > m_settings.strainSlide ||
           s.swinging > m_settings.strainSwinging;
}

std::vector<double> LimitLap::nextShares(const std::vector<double>& shares, Bounds& bounds,
                                         const DynamicLap& lap, const std::vector<double>& full) const {
    const TrackPath& path = *m_path;
    const std::size_t n = shares.size();
    const std::vector<DynamicLap::StationStrain>& strain = lap.strain();
    const double length = path.length;
    // Where the lap was driven (a lap that ended early drove up to where it ended; the
    // rest of it taught nothing) and where the car was strained.
    const std::optional<double> endedAt = lap.endedAt();
    const double drivenTo = lap.lapTime() ? length : lap.drivenTo();
    std::vector<char> blamed(n, 0);
    const auto blameBefore = [&](double at, double distance) {
        // Every station within blameDistance before `at`, round the closed line:
        // from the station at `at` backwards.
        const double from = std::clamp(at, 0.0, length);
        std::size_t i = static_cast<std::size_t>(
            std::upper_bound(path.distance.begin(), path.distance.end(), from) - path.distance.begin());
        i = i == 0 ? n - 1 : i - 1;
        for (std::size_t walked = 0; walked < n; ++walked) {
            const double behind = std::remainder(from - path.distance[i], length);
            if (behind < 0.0 || behind > distance)
                break;
            blamed[i] = 1;
            i = i == 0 ? n - 1 : i - 1;
        }
    };
    for (std::size_t i = 0; i < n && i < strain.size(); ++i) {
        const DynamicLap::StationStrain& s = strain[i];
        if (strained(s))
            blameBefore(path.distance[i], m_settings.blameDistance);
    }
    if (!lap.lapTime() && endedAt) // the run-up's end is the lap's
        blameBefore(*endedAt < 0.0 ? length + *endedAt : *endedAt, m_settings.endBlameDistance);
    // Each station's share is bracketed: calm at `calm`, strained at `strained`. A
    // strained station's next share is halfway down its bracket, a calm one's halfway
    // up it (or a raise above, while nothing above has strained it): a bisection per
    // station, which settles on the limit instead of hunting about it.
    std::vector<double> next(n);
    for (std::size_t i = 0; i < n; ++i) {
        double& calm = bounds.calm[i];
        double& strained = bounds.strained[i];
        if (blamed[i]) {
            // The share the plan drove (at most the station's own: a speed reached from
            // upstream may be below its cap), so that the next one binds.
            strained = std::min({strained, shares[i], lap.targetSpeeds()[i] / full[i]});
            // Calm once at or just below where it now strains (the car came to it
            // differently then): that bound no longer holds; back off a raise below.
            if (strained - calm <= m_settings.smallestRaise)
                calm = std::max(m_settings.minShare, strained - m_settings.raise);
        } else if (path.distance[i] <= drivenTo) {
            calm = std::max(calm, shares[i]);
        }
        const double open = strained - calm;
        double share = shares[i];
        if (blamed[i] || path.distance[i] <= drivenTo)
            share = strained > m_settings.maxShare ? calm + m_settings.raise : calm + 0.5 * open;
        next[i] = std::clamp(share, m_settings.minShare, m_settings.maxShare);
    }
    // A moving average over the smoothing window, round the closed line: the profile
    // changes no faster than the car can follow.
    const double step = length / double(n);
    const int half = std::max(1, static_cast<int>(std::lround(0.5 * m_settings.smoothing / step)));
    std::vector<double> smooth(n);
    double sum = 0.0;
    const auto at = [&](long k) { return next[static_cast<std::size_t>(((k % long(n)) + long(n)) % long(n))]; };
    for (long k = -half; k <= half; ++k)
        sum += at(k);
    for (std::size_t i = 0; i < n; ++i) {
        smooth[i] = sum / double(2 * half + 1);
        sum += at(long(i) + half + 1) - at(long(i) - half);
    }
    return smooth;
}

InitialConditions LimitLap::initialConditions(const Setup& setup) const {
    if (!m_final)
        learn(setup);
    return m_final->initialConditions(setup);
}

DriverInputs LimitLap::control(const Simulator& sim) {
    if (!m_final)
        learn(sim.setup());
    return m_final->control(sim);
}

void LimitLap::observe(const StepSample& sample) {
    m_final->observe(sample);
}

bool LimitLap::finished() const {
    return m_final && m_final->finished();
}

double LimitLap::timeLimit() const {
    if (m_final)
        return m_final->timeLimit();
    // Before the setup is known: the lap at a crawl (DynamicLap's).
    return std::max(60.0, (1.0 + DynamicLap::maxRunUpShare) * m_path->length / DynamicLap::slowestMeanSpeed);
}

MetricList LimitLap::metrics() const {
    // Before the run: the lap's metrics, none reached, so that a table or a sweep made
    // from them has every column the run will fill.
    MetricList out = m_final ? m_final->metrics() : makeLap({})->metrics();
    // A limit lap well below the quasi-steady one: that figure is no upper bound here.
    const Metric* lap = findMetric(out, "lap_time_s");
    const LapResult* quasiSteady = m_final ? m_final->quasiSteadyLap() : nullptr;
    if (lap && lap->usable() && quasiSteady && quasiSteady->ok) {
        std::vector<double> shares = m_final->targetSpeeds();
        for (std::size_t i = 0; i < shares.size() && i < quasiSteady->trace.speed.size(); ++i)
            shares[i] /= quasiSteady->trace.speed[i];
        const std::string why = modelDisagreement(lap->value, quasiSteady->lapTime, quasiSteady->trace.distance, shares);
        for (Metric& m : out) {
            if (m.key == "quasi_steady_lap_time_s" && !why.empty())
                invalidate(m, why);
        }
    }
    out.push_back(makeMetric("laps_driven", "Laps driven to learn the limit", "", MetricSense::Neutral,
                             m_lapsDriven > 0, double(m_lapsDriven)));
    return out;
}

} // namespace vtw

#include "core/maneuvers/DynamicLap.h"

#include "core/base/Units.h"
#include "core/tires/TireModel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

DynamicLap::DynamicLap(std::shared_ptr<const Track> track, std::shared_ptr<const TrackPath> path,
                       std::vector<double> sectorStarts, const LineDriverSettings& settings)
    : m_track(std::move(track)), m_path(std::move(path)), m_sectorStarts(std::move(sectorStarts)),
      m_settings(settings), m_driver(*m_path, settings), m_limits(*m_track) {
    if (m_sectorStarts.empty())
        m_sectorStarts.push_back(0.0);
}

double DynamicLap::timeLimit() const {
    if (m_reference && m_reference->lap.ok) {
        const double share = m_shares.empty() ? m_settings.pace : m_slowestShare;
        return runUpTime + slowLapFactor * m_reference->lap.lapTime / share + timeLimitMargin;
    }
    // Before the setup is known: the lap at a crawl.
    return std::max(60.0, (1.0 + maxRunUpShare) * m_path->length / slowestMeanSpeed);
}

const DynamicLap::Reference& DynamicLap::reference(const Setup& setup) const {
    if (!m_reference) {
        auto made = std::make_shared<Reference>(Reference{PerformanceEnvelope(setup), {}});
        made->lap = simulateLap(made->envelope, *m_path, m_sectorStarts);
        m_reference = std::move(made);
    }
    return *m_reference;
}

double DynamicLap::runUpDistance(const Setup& setup) const {
    const Reference& ref = reference(setup);
    const double speed = ref.lap.ok ? shareAt(ref.lap.trace.speed.size() - 1) * ref.lap.trace.speed.back() : 0.0;
    return std::min(runUpTime * speed, maxRunUpShare * m_path->length);
}

Setup DynamicLap::adaptSetup(const Setup& setup) const {
    reference(setup);
    return setup;
}

InitialConditions DynamicLap::initialConditions(const Setup& setup) const {
    const Reference& ref = reference(setup);
    const TrackPath& path = *m_path;
    InitialConditions ic;
    if (path.stations() < 3)
        return ic;
    // On the line a run-up before the start, along it, at the pace's share of the
    // quasi-steady lap's speed there and turning as the line does: the lap is a
    // flying one, timed from the start line, which the car crosses settled.
    const double start = path.length - runUpDistance(setup);
    std::size_t i = path.stations() - 2;
    while (i > 0 && path.distance[i] > start)
        --i;
    const double speed = ref.lap.ok ? shareAt(i) * ref.lap.trace.speed[i] : 0.0;
    ic = cruisingStart(setup, speed);
    ic.x = path.x[i];
    ic.y = path.y[i];
    ic.heading = std::atan2(path.y[i + 1] - path.y[i], path.x[i + 1] - path.x[i]);
    ic.yawRate = speed * path.curvature[i];
    ic.steerAngle = setup.chassis.wheelbase() * path.curvature[i];
    return ic;
}

void DynamicLap::setSpeedShares(std::vector<double> shares) {
    m_shares = std::move(shares);
    m_slowestShare = m_shares.empty() ? m_settings.pace : *std::min_element(m_shares.begin(), m_shares.end());
}

double DynamicLap::shareAt(std::size_t station) const {
    return station < m_shares.size() ? m_shares[station] : m_settings.pace;
}

std::vector<double> profileAccelerations(const std::vector<double>& distance, const std::vector<double>& speed,
                                         double length) {
    // v dv/ds over each step to the next station (the last one's to the first, round
    // the closed line): constant acceleration between stations.
    const std::size_t n = speed.size();
    std::vector<double> accel(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t next = i + 1 < n ? i + 1 : 0;
        const double ds = i + 1 < n ? distance[next] - distance[i] : length - distance[i];
        if (ds > 0.0)
            accel[i] = (speed[next] * speed[next] - speed[i] * speed[i]) / (2.0 * ds);
    }
    return accel;
}

std::vector<double> sectorTimesOf(const std::vector<double>& distance, const std::vector<double>& speed,
                                  double length, const std::vector<double>& sectorStarts) {
    // The time over each step at its mean speed, summed into the sector it starts in.
    std::vector<double> times(sectorStarts.size(), 0.0);
    std::size_t sector = 0;
    const std::size_t n = speed.size();
    for (std::size_t i = 0; i < n; ++i) {
        while (sector + 1 < sectorStarts.size() && distance[i] >= sectorStarts[sector + 1])
            ++sector;
        const std::size_t next = i + 1 < n ? i + 1 : 0;
        const double ds = i + 1 < n ? distance[next] - distance[i] : length - distance[i];
        const double mean = 0.5 * (speed[i] + speed[next]);
        if (ds > 0.0 && mean > 0.0)
            times[sector] += ds / mean;
    }
    return times;
}

DriverInputs DynamicLap::control(const Simulator& sim) {
    if (!m_targetsSet) {
        const Setup& setup = sim.setup();
        const Reference& ref = reference(setup);
        m_halfTrack = 0.5 * std::max(setup.chassis.trackFront, setup.chassis.trackRear);
        m_frontLever = setup.chassis.cgToFrontAxle;
        m_rearLever = setup.chassis.cgToRearAxle;
        m_frontPeakSlip = sim.tire(0).peakSlipAngle();
        m_rearPeakSlip = sim.tire(2).peakSlipAngle();
        if (!ref.lap.ok) {
            end("no quasi-steady lap to take the speeds from: " + ref.lap.error);
            return {};
        }
        std::vector<double> speed = ref.lap.trace.speed, accel = ref.lap.trace.ax;
        LapPlan plan;
        plan.sectorStarts = m_sectorStarts;
        plan.pace = m_settings.pace;
        if (m_shares.size() == speed.size()) {
            // A share per station: the accelerations are the new profile's own.
            for (std::size_t i = 0; i < speed.size(); ++i)
                speed[i] *= m_shares[i];
            accel = profileAccelerations(m_path->distance, speed, m_path->length);
            plan.sectorTimes = sectorTimesOf(m_path->distance, speed, m_path->length, m_sectorStarts);
        } else {
            // The pace scales every speed; the accelerations between them go with its square.
            for (double& v : speed)
                v *= m_settings.pace;
            for (double& a : accel)
                a *= m_settings.pace * m_settings.pace;
            for (const SectorTime& sector : ref.lap.sectors)
                plan.sectorTimes.push_back(sector.time / m_settings.pace);
        }
        plan.speed = speed;
        m_strain.assign(speed.size(), StationStrain{});
        m_judge.setPlan(std::move(plan));
        m_judge.setRearAxleDistance(setup.chassis.cgToRearAxle);
        m_driver.setTargets(std::move(speed), std::move(accel), &ref.envelope);
        m_targetsSet = true;
    }
    return m_driver.control(sim);
}

void DynamicLap::end(const std::string& reason) {
    m_ended = true;
    m_reason = reason;
    if (m_located)
        m_endedAt = m_progress;
}

void DynamicLap::judged(const std::string& reason) {
    if (!m_drivesOn) {
        end(reason);
        return;
    }
    // A learning lap: the first verdict makes it no lap, and the car drives on.
    if (m_reason.empty()) {
        m_reason = reason;
        m_endedAt = m_progress;
    }
}

double DynamicLap::drivenTo() const {
    return m_located ? std::clamp(m_progress, 0.0, m_path->length) : 0.0;
}

void DynamicLap::observe(const StepSample& s) {
    if (m_ended)
        return;
    const double length = m_path->length;
    const LineFoot foot = m_driver.locate(s.body.x, s.body.y);
    if (!m_located) {
        m_located = true;
        m_progress = foot.along > 0.5 * length ? foot.along - length : foot.along;
        m_lastTime = s.time;
        m_lastProgress = m_progress;
    } else {
        m_progress += std::remainder(foot.along - m_lastAlong, length);
    }
    m_lastAlong = foot.along;

    // Sector starts and the finish passed since the last sample, at the time the
    // progress crossed them (linear between the samples).
    while (m_crossings.size() < m_sectorStarts.size() && m_progress >= m_sectorStarts[m_crossings.size()])
        m_crossings.push_back(crossingTime(m_lastTime, m_lastProgress, s.time, m_progress,
                                           m_sectorStarts[m_crossings.size()]));
    if (m_progress >= length && !m_crossings.empty()) {
        const double finish = crossingTime(m_lastTime, m_lastProgress, s.time, m_progress, length);
        const std::size_t last = m_crossings.size() - 1;
        const std::string slow = m_judge.sectorTime(last, finish - m_crossings[last]);
        if (!slow.empty())
            judged(slow + " at the finish");
        if (m_reason.empty())
            m_lapTime = finish - m_crossings.front();
        m_ended = true;
        return;
    }
    m_lastTime = s.time;
    m_lastProgress = m_progress;

    const double speed = s.speed();
    const bool onLap = !m_crossings.empty(); // past the start line: the run-up is not judged
    if (onLap) {
        m_maxLateral = std::max(m_maxLateral, std::abs(foot.lateral));
        m_sumLateral2 += foot.lateral * foot.lateral;
        ++m_samples;
        m_topSpeed = std::max(m_topSpeed, speed);
    }

    // Where and when, for the reason a lap ends with.
    auto where = [&] {
        char text[160];
        if (onLap)
            std::snprintf(text, sizeof text, "at %.0f m of the lap (t = %.2f s)", m_progress, s.time);
        else
            std::snprintf(text, sizeof text, "%.0f m before the start line (t = %.2f s)", -m_progress, s.time);
        return std::string(text);
    };
    if (m_limits.available()) {
        // The car's outer wheels against the nearer edge: all four are off once its
        // centre is half its track beyond the edge.
        const TrackPosition p = m_limits.locate(s.body.x, s.body.y);
        if (onLap)
            m_minEdgeMargin = std::min(m_minEdgeMargin, p.margin - m_halfTrack);
        if (p.margin < -m_halfTrack) {
            m_offTrackAt = m_progress;
            m_offTrackTime = s.time;
            end("left the track " + where() + " on the " + (p.beyondLeft ? "left" : "right"));
            return;
        }
    }
    // Spun: sliding sideways past spinSideslip, or going backwards (a compare, not an
    // angle, on every step).
    if (s.body.vx <= 0.0 || std::abs(s.body.vy) > std::tan(spinSideslip) * s.body.vx) {
        end("spun " + where());
        return;
    }
    if (s.time > 1.0 && speed < stoppedSpeed) {
        end("stopped " + where());
        return;
    }
    if (onLap && m_targetsSet) {
        const std::size_t station = std::min(foot.chord, m_path->stations() - 1);
        StationStrain& strain = m_strain[station];
        strain.sideslip = std::max(strain.sideslip, std::abs(std::atan2(s.body.vy, s.body.vx)));
        // Each axle's slip angle (from its lateral velocity, vy + r b at the front and
        // vy - r c at the rear, less the steer), against the angle where its tyres' force
        // peaks: past it, that end slides.
        const double frontSlip =
            std::atan2(s.body.vy + s.body.yawRate * m_frontLever, s.body.vx) - s.steerAngle;
        const double rearSlip = std::atan2(s.body.vy - s.body.yawRate * m_rearLever, s.body.vx);
        strain.frontSlide = std::max(strain.frontSlide, std::abs(frontSlip) / m_frontPeakSlip);
        strain.rearSlide = std::max(strain.rearSlide, std::abs(rearSlip) / m_rearPeakSlip);
        strain.lateral = std::max(strain.lateral, std::abs(foot.lateral));
        std::string verdict = m_judge.watch(s, station, m_path->curvature[station]);
        strain.swinging = std::max(strain.swinging, m_judge.swingingFor(s.time));
        const std::size_t sector = m_crossings.size() - 1;
        if (verdict.empty())
            verdict = m_judge.sectorTime(sector, s.time - m_crossings[sector]);
        if (!verdict.empty() && m_reason.empty())
            judged(verdict + " " + where());
    }
}

MetricList DynamicLap::metrics() const {
    using S = MetricSense;
    MetricList out;
    const bool lapped = m_lapTime.has_value();
    Metric lap = makeMetric("lap_time_s", "Lap time", "s", S::LowerIsBetter, lapped, lapped ? *m_lapTime : 0.0);
    if (!m_reason.empty())
        invalidate(lap, m_reason);
    out.push_back(lap);
    // Each sector from its start's crossing to the next one's, the last to the finish
    // (the crossings count from the run's start, the lap time from the start line).
    for (std::size_t k = 0; k < m_sectorStarts.size(); ++k) {
        const bool last = k + 1 == m_sectorStarts.size();
        const bool done = last ? lapped : k + 1 < m_crossings.size();
        const double end = !done ? 0.0 : last ? m_crossings.front() + *m_lapTime : m_crossings[k + 1];
        out.push_back(makeMetric("sector_" + std::to_string(k + 1) + "_s", "Sector " + std::to_string(k + 1), "s",
                                 S::LowerIsBetter, done, done ? end - m_crossings[k] : 0.0));
    }
    const bool measured = m_samples > 0;
    out.push_back(makeMetric("max_lateral_error_m", "Largest distance from the line", "m", S::LowerIsBetter,
                             measured, m_maxLateral));
    out.push_back(makeMetric("rms_lateral_error_m", "RMS distance from the line", "m", S::LowerIsBetter, measured,
                             measured ? std::sqrt(m_sumLateral2 / double(m_samples)) : 0.0));
    out.push_back(makeMetric("min_edge_margin_m", "Least margin of the outer wheels to the track's edge", "m",
                             S::HigherIsBetter, measured && m_limits.available(), m_minEdgeMargin));
    out.push_back(makeMetric("off_track_distance_m", "Where the car left the track", "m", S::Neutral,
                             m_offTrackAt.has_value(), m_offTrackAt.value_or(0.0)));
    out.push_back(makeMetric("off_track_time_s", "When the car left the track", "s", S::Neutral,
                             m_offTrackTime.has_value(), m_offTrackTime.value_or(0.0)));
    out.push_back(makeMetric("lap_top_speed_kmh", "Top speed on the lap", "km/h", S::Neutral, measured,
                             units::mpsToKmh(m_topSpeed)));
    out.push_back(makeMetric("lap_avg_speed_kmh", "Average speed", "km/h", S::HigherIsBetter, lapped,
                             lapped ? units::mpsToKmh(m_path->length / *m_lapTime) : 0.0));
    // Figures that are null because what they measure never happened say so.
    for (Metric& m : out) {
        if (m.reached)
            continue;
        if (m.key == "min_edge_margin_m" && measured && !m_limits.available())
            invalidate(m, "not reached: the track file gives no widths");
        else if ((m.key == "off_track_distance_m" || m.key == "off_track_time_s") && measured)
            invalidate(m, "not reached: the car never left the track");
    }
    const bool referenced = m_reference && m_reference->lap.ok;
    out.push_back(makeMetric("quasi_steady_lap_time_s", "Quasi-steady lap time (pace 1)", "s", S::LowerIsBetter,
                             referenced, referenced ? m_reference->lap.lapTime : 0.0));
    return out;
}

} // namespace vtw

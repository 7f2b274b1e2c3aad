#include "core/lap/LapSimulation.h"

#include "core/powertrain/Engine.h"
#include "core/powertrain/GearSpeeds.h"
#include "core/powertrain/Gearbox.h"
#include "core/base/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace vtw {

namespace {

// A point within 1 % of the top speed, the engine limiting, is at its top speed.
constexpr double topSpeedBand = 0.99;
// A flying lap repeats its passes round the loop until the speed it starts with is
// the speed it finishes with; on any track with a corner the second round meets the
// first within the first corner. A track without one (a circle larger than the car
// ever fills) approaches its top speed over several rounds; four are enough to
// bring the start within a thousandth of the finish for the library cars.
constexpr int maxRounds = 4;
// Speeds within this (m/s) of the last round's count as equal: the load transfer is
// solved to 1e-7 m/s^2, which moves a speed by far less.
constexpr double sameSpeed = 1e-6;

bool sameState(const GearboxState& a, const GearboxState& b) {
    return a.gear == b.gear && std::abs(a.shiftTimeLeft - b.shiftTimeLeft) <= 1e-9;
}

std::string stopMessage(double distance, bool atStart) {
    char text[200];
    if (atStart)
        std::snprintf(text, sizeof text,
                      "the car cannot pull away from the start: its drive force does not overcome "
                      "the resistance");
    else
        std::snprintf(text, sizeof text,
                      "the car comes to a stop %.0f m into the lap: its drive force does not overcome "
                      "the resistance",
                      distance);
    return text;
}

// The speed profile of one lap: the forward pass (as fast as the car accelerates,
// no faster than the corners allow), the backward pass (no faster than it can brake
// for what comes), and the trace read off the profile.
class LapSolver {
public:
    LapSolver(const PerformanceEnvelope& envelope, const TrackPath& path, const LapOptions& options)
        : m_env(envelope), m_path(path), m_options(options), m_box(envelope.setup().gearbox),
          m_radius(drivenWheelRadius(envelope.setup())), m_steps(path.stations() - 1) {}

    LapResult run() {
        LapResult result;
        result.length = m_path.length;
        const std::size_t n = m_steps + 1;
        m_apex.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            m_apex[i] = std::min(m_env.apexSpeed(m_path.curvature[i]) * share(i), speedCap(i));
        m_forward.assign(n, 0.0);
        m_state.assign(n, GearboxState{});
        m_driveLimit.assign(n, LapLimit::Grip);
        m_brakeLimit.assign(n, LapLimit::Grip);
        m_braked.assign(n, 0);
        if (!forwardPass(result.error) || !backwardPass(result.error) || !trace(result))
            return result;
        result.ok = true;
        return result;
    }

private:
    double ds(std::size_t i) const { return m_path.distance[i + 1] - m_path.distance[i]; }

    double share(std::size_t i) const {
        return i < m_options.gripShares.size() ? m_options.gripShares[i] : 1.0;
    }
    double speedCap(std::size_t i) const {
        return i < m_options.speedCaps.size() ? m_options.speedCaps[i] : std::numeric_limits<double>::infinity();
    }
    /// The share of the tyres' accelerations usable at station i: s^2, at most 1.
    double gripScale(std::size_t i) const { return std::min(1.0, share(i) * share(i)); }

    /// The envelope's acceleration limit at a station whose grip is scaled by g: the
    /// lateral demand is read against the full envelope as v^2 kappa / g, and what the
    /// tyres limit comes back times g (the engine's and the brakes' limits stay).
    static AccelerationLimit scaled(AccelerationLimit a, double g) {
        if (a.limit == LapLimit::Grip)
            a.accel *= g;
        return a;
    }

    double engineRpm(double speed, int gear) const {
        return engineRpmFromWheelSpeed(speed / m_radius, gearRatio(m_box, gear), m_box.finalDrive);
    }

    // The gearbox over one step, as the simulator's: automatic on its shift lines,
    // a manual box in the strongest gear (the driver's best choice).
    void shift(GearboxState& state, double speed, double dt) const {
        const GearRequest request{m_box.shiftMode == ShiftMode::Manual ? m_env.strongestGear(speed) : 1};
        updateGearbox(m_box, state, request, engineRpm(speed, state.gear), dt);
    }

    // One forward step from station i: the speed at i + 1 and the gearbox there.
    bool forwardStep(std::size_t i, GearboxState& state, double& next) {
        const double v = m_forward[i];
        const double drive = state.shifting() ? 0.0 : m_env.engineForce(v, state.gear);
        const double g = gripScale(i);
        const AccelerationLimit a =
            scaled(m_env.maxAcceleration(v, v * v * m_path.curvature[i] / g, drive, m_driveGuess), g);
        m_driveLimit[i] = a.limit;
        const double v2 = v * v + 2.0 * a.accel * ds(i);
        if (!(v2 > 0.0))
            return false;
        next = std::min(std::sqrt(v2), m_apex[i + 1]);
        shift(state, next, 2.0 * ds(i) / (v + next));
        return true;
    }

    bool forwardPass(std::string& error) {
        const bool flying = !m_options.standingStart;
        GearboxState state;
        if (flying) {
            m_forward[0] = std::min(m_apex[0], m_env.topSpeed());
            state.gear = gearForSpeed(m_box, m_forward[0], m_radius);
        } else {
            state.gear = 1;
        }
        m_state[0] = state;
        for (std::size_t i = 0; i < m_steps; ++i) {
            double next = 0.0;
            if (!forwardStep(i, state, next)) {
                error = stopMessage(m_path.distance[i], i == 0 && !flying);
                return false;
            }
            m_forward[i + 1] = next;
            m_state[i + 1] = state;
        }
        if (!flying)
            return true;
        // The lap starts as it finishes: round again from the finish until nothing changes.
        for (int round = 1; round < maxRounds; ++round) {
            const double start = std::min(m_forward[m_steps], m_apex[0]);
            if (std::abs(start - m_forward[0]) <= sameSpeed && sameState(state, m_state[0]))
                return true;
            m_forward[0] = start;
            m_state[0] = state;
            bool settled = false;
            for (std::size_t i = 0; i < m_steps && !settled; ++i) {
                double next = 0.0;
                if (!forwardStep(i, state, next)) {
                    error = stopMessage(m_path.distance[i], false);
                    return false;
                }
                settled = std::abs(next - m_forward[i + 1]) <= sameSpeed && sameState(state, m_state[i + 1]);
                m_forward[i + 1] = next;
                m_state[i + 1] = state;
            }
            if (settled)
                return true;
        }
        return true;
    }

    // Station i no faster than the car brakes from i + 1 to its speed there. Braking
    // only ever reaches back above the next speed, so where the speed already
    // rises or holds there is nothing to ask.
    bool brakeStep(std::size_t i) {
        const double v = m_speed[i + 1];
        if (v >= m_speed[i])
            return false;
        const double g = gripScale(i + 1);
        const AccelerationLimit a =
            scaled(m_env.maxDeceleration(v, v * v * m_path.curvature[i + 1] / g, m_brakeGuess), g);
        const double reachable = std::sqrt(v * v - 2.0 * a.accel * ds(i));
        if (!(reachable < m_speed[i]))
            return false;
        m_speed[i] = reachable;
        m_braked[i] = 1;
        m_brakeLimit[i] = a.limit;
        return true;
    }

    bool backwardPass(std::string&) {
        m_speed = m_forward;
        const bool flying = !m_options.standingStart;
        if (flying)
            m_speed[m_steps] = m_speed[0];
        for (std::size_t i = m_steps; i-- > 0;)
            brakeStep(i);
        // A flying lap's finish is its start: braking for the first corner reaches
        // back over the finish line. Round again while it lowers anything.
        for (int round = 1; flying && round < maxRounds && m_speed[m_steps] > m_speed[0]; ++round) {
            m_speed[m_steps] = m_speed[0];
            for (std::size_t i = m_steps; i-- > 0;) {
                if (!brakeStep(i))
                    break;
            }
        }
        if (flying)
            m_speed[m_steps] = m_speed[0];
        return true;
    }

    LapLimit limitAt(std::size_t i, double speed) const {
        if (m_braked[i])
            return m_brakeLimit[i];
        if (speed >= m_apex[i] * (1.0 - 1e-9))
            return LapLimit::Grip; // cornering at the tires' limit
        const LapLimit drive = m_driveLimit[i];
        if (drive == LapLimit::Power && speed >= topSpeedBand * m_env.topSpeed())
            return LapLimit::TopSpeed;
        return drive;
    }

    bool trace(LapResult& result) {
        const std::size_t n = m_steps + 1;
        const Setup& setup = m_env.setup();
        LapTrace& t = result.trace;
        t.distance = m_path.distance;
        t.x = m_path.x;
        t.y = m_path.y;
        t.curvature = m_path.curvature;
        t.speed = m_speed;
        t.time.assign(n, 0.0);
        t.gear.assign(n, 1);
        t.rpm.assign(n, 0.0);
        t.ax.assign(n, 0.0);
        t.ay.assign(n, 0.0);
        t.throttle.assign(n, 0.0);
        t.brake.assign(n, 0.0);
        t.limit.assign(n, LapLimit::Grip);
        // The gearbox runs again along the final speeds, from the state the lap started in.
        GearboxState state = m_state[0];
        double time = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            const double v = m_speed[i];
            t.time[i] = time;
            t.gear[i] = state.gear;
            t.rpm[i] = std::max(engineRpm(v, state.gear), setup.engine.idleRpm);
            t.ay[i] = v * v * m_path.curvature[i];
            if (i == m_steps)
                break;
            const double next = m_speed[i + 1];
            const double dt = 2.0 * ds(i) / (v + next);
            if (!std::isfinite(dt)) {
                result.error = stopMessage(m_path.distance[i], i == 0);
                return false;
            }
            t.ax[i] = (next * next - v * v) / (2.0 * ds(i));
            // The force the engine (when positive) or the brakes (negative) give beyond
            // the resistance, the wheels' spin included.
            const double force = m_env.torqueMass() * t.ax[i] + m_env.resistance(v);
            if (force >= 0.0) {
                const double drive = state.shifting() ? 0.0 : m_env.engineForce(v, state.gear);
                t.throttle[i] = drive > 0.0 ? std::min(1.0, force / drive) : 0.0;
            } else if (m_env.brakeTorqueForce() > 0.0) {
                t.brake[i] = std::min(1.0, -force / m_env.brakeTorqueForce());
            }
            t.limit[i] = limitAt(i, v);
            time += dt;
            shift(state, next, dt);
        }
        // The finish: a flying lap goes on as it started, a standing one as it ended.
        const std::size_t like = m_options.standingStart ? m_steps - 1 : 0;
        t.ax[m_steps] = t.ax[like];
        t.throttle[m_steps] = t.throttle[like];
        t.brake[m_steps] = t.brake[like];
        t.limit[m_steps] = t.limit[like];

        result.lapTime = time;
        result.topSpeed = *std::max_element(m_speed.begin(), m_speed.end());
        result.minSpeed = *std::min_element(m_speed.begin() + (m_options.standingStart ? 1 : 0), m_speed.end());
        return true;
    }

    const PerformanceEnvelope& m_env;
    const TrackPath& m_path;
    const LapOptions& m_options;
    const GearboxParams& m_box;
    double m_radius;
    std::size_t m_steps;
    std::vector<double> m_apex, m_forward, m_speed;
    std::vector<GearboxState> m_state;
    std::vector<LapLimit> m_driveLimit, m_brakeLimit;
    std::vector<char> m_braked;
    TransferGuess m_driveGuess, m_brakeGuess;
};

} // namespace

double timeAtDistance(const LapTrace& t, double s) {
    if (t.distance.size() < 2)
        return 0.0;
    s = std::max(s, 0.0);
    const auto after = std::upper_bound(t.distance.begin(), t.distance.end(), s);
    if (after == t.distance.end())
        return t.time.back();
    const std::size_t j = after == t.distance.begin() ? 0 : std::size_t(after - t.distance.begin()) - 1;
    const double step = t.distance[j + 1] - t.distance[j];
    const double along = s - t.distance[j];
    const double v0 = t.speed[j];
    const double v = std::sqrt(std::max(0.0, v0 * v0 + along / step * (t.speed[j + 1] * t.speed[j + 1] - v0 * v0)));
    return v0 + v > 0.0 ? t.time[j] + 2.0 * along / (v0 + v) : t.time[j];
}

LapResult simulateLap(const PerformanceEnvelope& envelope, const TrackPath& path,
                      const std::vector<double>& sectorStarts, const LapOptions& options) {
    if (path.stations() < 2 || !(path.length > 0.0)) {
        LapResult empty;
        empty.error = "the line has no length to drive";
        return empty;
    }
    LapResult result = LapSolver(envelope, path, options).run();
    if (!result.ok)
        return result;
    std::vector<double> starts;
    for (double s : sectorStarts) {
        if (s >= 0.0 && s < path.length)
            starts.push_back(s);
    }
    if (starts.empty() || starts.front() > 0.0)
        starts.insert(starts.begin(), 0.0);
    for (std::size_t k = 0; k < starts.size(); ++k) {
        SectorTime sector;
        sector.start = starts[k];
        sector.end = k + 1 < starts.size() ? starts[k + 1] : path.length;
        sector.time = timeAtDistance(result.trace, sector.end) - timeAtDistance(result.trace, sector.start);
        result.sectors.push_back(sector);
    }
    return result;
}

MetricList lapMetrics(const LapResult& lap, std::size_t sectorCount) {
    using S = MetricSense;
    const bool ok = lap.ok;
    MetricList out;
    out.push_back(makeMetric("lap_time_s", "Lap time", "s", S::LowerIsBetter, ok, lap.lapTime));
    for (std::size_t k = 0; k < sectorCount; ++k) {
        const bool has = ok && k < lap.sectors.size();
        out.push_back(makeMetric("sector_" + std::to_string(k + 1) + "_s", "Sector " + std::to_string(k + 1),
                                 "s", S::LowerIsBetter, has, has ? lap.sectors[k].time : 0.0));
    }
    out.push_back(makeMetric("lap_top_speed_kmh", "Top speed on the lap", "km/h", S::Neutral, ok,
                             units::mpsToKmh(lap.topSpeed)));
    out.push_back(makeMetric("lap_min_speed_kmh", "Lowest speed on the lap", "km/h", S::Neutral, ok,
                             units::mpsToKmh(lap.minSpeed)));
    out.push_back(makeMetric("lap_avg_speed_kmh", "Average speed", "km/h", S::HigherIsBetter,
                             ok && lap.lapTime > 0.0, ok && lap.lapTime > 0.0 ? units::mpsToKmh(lap.length / lap.lapTime) : 0.0));
    return out;
}

} // namespace vtw

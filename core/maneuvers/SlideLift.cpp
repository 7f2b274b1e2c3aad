#include "core/maneuvers/SlideLift.h"

#include "core/sim/Simulator.h"
#include "core/tires/TireModel.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

constexpr double maxSlipAngle = 1.4; // rad, about 80 deg: the scan's end
constexpr int scanSteps = 280;       // 0.005 rad apart
constexpr double scanContactSpeed = 10.0; // m/s, for the slip-speed model

} // namespace

SlideLift::SlideLift(const Tire& rearTire, double maxLoad, double staticLoad) : m_staticLoad(staticLoad) {
    m_loadStep = std::max(1.0, maxLoad) / loadIntervals;
    for (int i = 0; i <= loadIntervals; ++i) {
        // The load's curve on a grid: its peak, then the first slip reaching the share
        // of it. An unloaded tyre (the first entry) takes the next load's angles.
        TireInput in;
        in.normalLoad = std::max(1.0, i * m_loadStep);
        in.contactSpeed = scanContactSpeed;
        std::vector<double> force(scanSteps + 1, 0.0);
        int peak = 0;
        for (int k = 1; k <= scanSteps; ++k) {
            in.slipAngle = maxSlipAngle * k / scanSteps;
            force[k] = std::abs(rearTire.evaluate(in).fy);
            if (force[k] > force[peak])
                peak = k;
        }
        int onset = peak;
        while (onset > 1 && force[onset - 1] >= saturationShare * force[peak])
            --onset;
        const double onsetSlip = maxSlipAngle * onset / scanSteps;
        m_onset.push_back(onsetSlip);
        m_full.push_back(std::max(maxSlipAngle * peak / scanSteps, fullLiftSpan * onsetSlip));
    }
}

double SlideLift::interpolate(const std::vector<double>& table, double load) const {
    const double at = std::clamp(load / m_loadStep, 0.0, double(loadIntervals));
    const int i = std::min(static_cast<int>(at), loadIntervals - 1);
    const double t = at - i;
    return table[static_cast<std::size_t>(i)] * (1.0 - t) + table[static_cast<std::size_t>(i + 1)] * t;
}

double SlideLift::onsetSlip(double load) const { return interpolate(m_onset, load); }
double SlideLift::fullLiftSlip(double load) const { return interpolate(m_full, load); }

double SlideLift::lift(const Simulator& sim) const {
    // The rear axle's slip angle from the lateral velocity there, vy - r c.
    const BodyState& b = sim.state().body;
    const double rearSlip =
        std::atan2(std::abs(b.vy - b.yawRate * sim.setup().chassis.cgToRearAxle), std::abs(b.vx));
    const StepSample& last = sim.lastSample();
    const double wheels = std::max(last.load[2], last.load[3]);
    const double load = wheels > 0.0 ? wheels : m_staticLoad;
    const double onset = onsetSlip(load), full = fullLiftSlip(load);
    return full > onset ? std::clamp((rearSlip - onset) / (full - onset), 0.0, 1.0) : 0.0;
}

} // namespace vtw

#include "core/maneuvers/LapJudge.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

void LapJudge::Swing::add(double value, double weight) {
    mean += weight * (value - mean);
    meanSquare += weight * (value * value - meanSquare);
}

double LapJudge::Swing::deviation() const {
    return std::sqrt(std::max(0.0, meanSquare - mean * mean));
}

void LapJudge::setPlan(LapPlan plan) {
    m_plan = std::move(plan);
}

std::string LapJudge::watch(const StepSample& sample, std::size_t station, double curvature) {
    const double speed = sample.speed();
    const double dt = m_started ? sample.time - m_lastTime : 0.0;
    m_started = true;
    m_lastTime = sample.time;
    const double weight = std::clamp(dt / swingTimeConstant, 0.0, 1.0);
    // The yaw rate the line asks for at this speed, against the one the car has: a car
    // following its line keeps them together through every corner and chicane, so
    // what swings is the car, not the track.
    m_yawError.add(sample.body.yawRate - speed * curvature, weight);
    // The slide is the rear axle's: its slip angle, from the lateral velocity there
    // (vy - r c). The car's own sideslip also swings with a tight chicane's curvature,
    // c kappa, with nothing sliding.
    m_sideslip.add(std::atan2(sample.body.vy - sample.body.yawRate * m_rearAxleDistance,
                              std::max(sample.body.vx, 1e-6)),
                   weight);

    // Through a chicane the line's own yaw rate swings from one lock to the other and the
    // car's follows it a moment late, its rear hardly sliding: the yaw error swings at
    // any speed, and the longer the slower. A weave is a limit cycle of slides and
    // catches: the rear's slip angle swings with the yaw rate.
    const double yawSwing = m_yawError.deviation(), slipSwing = m_sideslip.deviation();
    const bool yawWeave = yawSwing > weaveYawRate && slipSwing > slidingSideslip;
    char text[256];
    if (yawWeave || slipSwing > weaveSideslip) {
        if (m_weavingSince < 0.0) {
            m_weavingSince = sample.time;
            m_largestYawSwing = m_largestSideslipSwing = 0.0;
        }
        m_largestYawSwing = std::max(m_largestYawSwing, yawSwing);
        m_largestSideslipSwing = std::max(m_largestSideslipSwing, slipSwing);
        if (sample.time - m_weavingSince > weaveTime) {
            std::snprintf(text, sizeof text,
                          "weaved about its line for %.1f s (yaw rate swinging by %.1f deg/s about the line's, "
                          "the rear's slip angle by %.1f deg; a lap allows %.0f deg/s with the slip angle "
                          "swinging by %.0f deg, and %.0f deg, for %.0f s)",
                          sample.time - m_weavingSince, units::radToDeg(m_largestYawSwing),
                          units::radToDeg(m_largestSideslipSwing), units::radToDeg(weaveYawRate),
                          units::radToDeg(slidingSideslip), units::radToDeg(weaveSideslip), weaveTime);
            return text;
        }
    } else {
        m_weavingSince = -1.0;
    }

    const double planned = station < m_plan.speed.size() ? m_plan.speed[station] : 0.0;
    if (speed < crawlShare * planned) {
        if (m_crawlingSince < 0.0)
            m_crawlingSince = sample.time;
        if (sample.time - m_crawlingSince > crawlTime) {
            std::snprintf(text, sizeof text,
                          "crawled for %.1f s at %.1f m/s in gear %d where the plan is %.1f m/s (pace %.2f; "
                          "a lap allows %.0f %% of the plan for %.0f s)",
                          sample.time - m_crawlingSince, speed, sample.gear, planned, m_plan.pace,
                          100.0 * crawlShare, crawlTime);
            return text;
        }
    } else {
        m_crawlingSince = -1.0;
    }
    return {};
}

std::string LapJudge::sectorTime(std::size_t sector, double seconds) const {
    if (sector >= m_plan.sectorTimes.size())
        return {};
    const double planned = m_plan.sectorTimes[sector];
    if (!(planned > 0.0) || seconds <= slowSectorFactor * planned)
        return {};
    char text[200];
    std::snprintf(text, sizeof text, "sector %zu took over %.1f s, more than %.2f times its plan of %.1f s at pace %.2f",
                  sector + 1, seconds, slowSectorFactor, planned, m_plan.pace);
    return text;
}

} // namespace vtw

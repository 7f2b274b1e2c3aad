#include "core/maneuvers/ModelDisagreement.h"

#include <algorithm>
#include <cstdio>

namespace vtw {

std::string modelDisagreement(double limitLap, double quasiSteadyLap, const std::vector<double>& distance,
                              const std::vector<double>& shares) {
    if (!(quasiSteadyLap > 0.0) || !(limitLap < disagreementShare * quasiSteadyLap))
        return {};
    // The longest stretch driven above the quasi-steady speeds, and its highest share.
    std::size_t bestFrom = 0, bestTo = 0, from = 0;
    double bestPeak = 0.0, peak = 0.0;
    const std::size_t n = std::min(distance.size(), shares.size());
    for (std::size_t i = 0; i <= n; ++i) {
        const bool above = i < n && shares[i] > 1.0;
        if (above) {
            if (i == 0 || !(shares[i - 1] > 1.0))
                from = i, peak = 0.0;
            peak = std::max(peak, shares[i]);
        } else if (i > 0 && shares[i - 1] > 1.0 && distance[i - 1] - distance[from] >= distance[bestTo] - distance[bestFrom]) {
            bestFrom = from, bestTo = i - 1, bestPeak = peak;
        }
    }
    char text[512];
    const int written = std::snprintf(
        text, sizeof text,
        "the limit lap is %.1f %% faster: the quasi-steady lap is no upper bound for this car, the two models "
        "disagree about it (the quasi-steady envelope has each axle carry its share of the lateral force on the "
        "friction ellipse of its pure-slip peaks, docs/physics.md 13.5)",
        100.0 * (1.0 - limitLap / quasiSteadyLap));
    std::string out(text, static_cast<std::size_t>(std::max(0, written)));
    if (bestPeak > 1.0) {
        std::snprintf(text, sizeof text, "; the car held up to %.2f times its speeds from %.0f to %.0f m", bestPeak,
                      distance[bestFrom], distance[bestTo]);
        out += text;
    }
    return out;
}

} // namespace vtw

#include "core/track/TrackPath.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// The Gaussian is cut where its weight falls below 3e-4 of its peak.
constexpr double kernelReach = 4.0; // sigmas

// The points as curvature samples on a lap that repeats every `length` metres: each
// with its distance, raw curvature and the share of the line it stands for (half the
// spacing on either side), and their images one lap before and after, so that a
// window around any station near the start or finish sees the points across it.
struct Samples {
    std::vector<double> s, k, w;
};

Samples periodicSamples(const TrackLine& line) {
    const std::size_t n = line.size();
    std::vector<double> share(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double before = i > 0 ? line.distance[i] - line.distance[i - 1]
                                    : (line.fromCurvature ? 0.0 : line.length - line.distance[n - 1]);
        const double after = i + 1 < n ? line.distance[i + 1] - line.distance[i]
                                        : (line.fromCurvature ? 0.0 : line.length - line.distance[i]);
        share[i] = 0.5 * (before + after);
    }
    Samples out;
    for (const double offset : {-line.length, 0.0, line.length}) {
        for (std::size_t i = 0; i < n; ++i) {
            out.s.push_back(line.distance[i] + offset);
            out.k.push_back(line.curvature[i]);
            out.w.push_back(share[i]);
        }
    }
    return out;
}

// The raw curvature between the points either side of s, linearly (across the
// closing chord for a line of points).
double rawAt(const TrackLine& line, double s) {
    const std::size_t n = line.size();
    const auto after = std::upper_bound(line.distance.begin(), line.distance.end(), s);
    const std::size_t k = after == line.distance.begin() ? 0 : std::size_t(after - line.distance.begin()) - 1;
    if (k + 1 >= n && line.fromCurvature)
        return line.curvature[k];
    const std::size_t next = (k + 1) % n;
    const double end = k + 1 < n ? line.distance[k + 1] : line.length;
    const double span = end - line.distance[k];
    const double t = span > 0.0 ? std::clamp((s - line.distance[k]) / span, 0.0, 1.0) : 0.0;
    return line.curvature[k] + t * (line.curvature[next] - line.curvature[k]);
}

} // namespace

double defaultSmoothing(const TrackLine& line) {
    std::vector<double> spacing;
    for (std::size_t i = 0; i + 1 < line.size(); ++i)
        spacing.push_back(line.distance[i + 1] - line.distance[i]);
    if (spacing.empty())
        return 0.0;
    std::nth_element(spacing.begin(), spacing.begin() + spacing.size() / 2, spacing.end());
    return spacing[spacing.size() / 2];
}

TrackPath samplePath(const TrackLine& line, const PathOptions& options) {
    TrackPath path;
    path.length = line.length;
    if (line.size() < 2 || !(line.length > 0.0))
        return path;
    const double step = std::clamp(options.step, minPathStep, maxPathStep);
    // A kernel wider than an eighth of the lap would blur corners into each other
    // and reach round to its own other side.
    path.smoothing = std::min(options.smoothing < 0.0 ? defaultSmoothing(line) : options.smoothing,
                              line.length / (2.0 * kernelReach));
    const auto stations = std::size_t(std::ceil(line.length / step - 1e-9)) + 1;
    path.distance.resize(stations);
    path.x.resize(stations);
    path.y.resize(stations);
    path.rawCurvature.resize(stations);
    path.curvature.resize(stations);

    const Samples samples = periodicSamples(line);
    const double sigma = path.smoothing;
    const double reach = kernelReach * sigma;
    std::size_t lo = 0, hi = 0;
    for (std::size_t j = 0; j < stations; ++j) {
        const double s = j + 1 < stations ? double(j) * step : line.length;
        path.distance[j] = s;
        const LinePoint p = pointAt(line, s);
        path.x[j] = p.x;
        path.y[j] = p.y;
        const double raw = rawAt(line, s);
        path.rawCurvature[j] = raw;
        // Smoothed: the raw curvatures' mean weighted by the length each stands for
        // and a Gaussian in the distance from the station (docs/physics.md 13.1).
        while (lo < samples.s.size() && samples.s[lo] < s - reach)
            ++lo;
        hi = std::max(hi, lo);
        while (hi < samples.s.size() && samples.s[hi] <= s + reach)
            ++hi;
        double sum = 0.0, weight = 0.0;
        if (sigma > 0.0) {
            for (std::size_t i = lo; i < hi; ++i) {
                const double d = (samples.s[i] - s) / sigma;
                const double w = samples.w[i] * std::exp(-0.5 * d * d);
                sum += w * samples.k[i];
                weight += w;
            }
        }
        // Without smoothing, or a kernel narrower than the gap between two points,
        // the raw curvature stands.
        path.curvature[j] = weight > 0.0 ? sum / weight : raw;
    }
    return path;
}

} // namespace vtw

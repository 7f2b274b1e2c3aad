#include "core/track/Track.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vtw {

namespace {

// How far round the lap, as a share of its length, a point of the centre line is
// looked for on the race line: the two lines run side by side, and a track that
// passes close to itself elsewhere (a crossover, a hairpin's other leg) must not
// catch the projection.
constexpr double projectionWindow = 0.15;

// Distance along `line` of its point nearest to (px, py), among the chords that
// start within the window around `share` of its length.
double projectOnto(const TrackLine& line, double px, double py, double share) {
    const std::size_t n = line.size();
    double best = std::numeric_limits<double>::infinity(), bestDistance = share * line.length;
    for (std::size_t k = 0; k < n; ++k) {
        double apart = std::abs(line.distance[k] / line.length - share);
        apart = std::min(apart, 1.0 - apart);
        if (apart > projectionWindow)
            continue;
        const std::size_t next = (k + 1) % n;
        const double ex = line.x[next] - line.x[k], ey = line.y[next] - line.y[k];
        const double chord2 = ex * ex + ey * ey;
        const double t =
            chord2 > 0.0 ? std::clamp(((px - line.x[k]) * ex + (py - line.y[k]) * ey) / chord2, 0.0, 1.0) : 0.0;
        const double d = std::hypot(line.x[k] + t * ex - px, line.y[k] + t * ey - py);
        if (d < best) {
            best = d;
            bestDistance = line.distance[k] + t * std::sqrt(chord2);
        }
    }
    return bestDistance;
}

} // namespace

const TrackLine& Track::line(LineChoice choice) const {
    return lineUsed(choice) == LineChoice::RaceLine ? *raceLine : centreLine;
}

LineChoice Track::lineUsed(LineChoice choice) const {
    return choice == LineChoice::RaceLine && raceLine ? LineChoice::RaceLine : LineChoice::CentreLine;
}

std::vector<double> Track::sectorStartsOn(LineChoice choice) const {
    if (lineUsed(choice) == LineChoice::CentreLine || centreLine.length <= 0.0)
        return sectorStarts;
    std::vector<double> starts{0.0};
    for (std::size_t i = 1; i < sectorStarts.size(); ++i) {
        const LinePoint p = pointAt(centreLine, sectorStarts[i]);
        starts.push_back(projectOnto(*raceLine, p.x, p.y, sectorStarts[i] / centreLine.length));
    }
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    return starts;
}

std::vector<double> equalSectors(double length, int count) {
    std::vector<double> starts;
    for (int i = 0; i < count; ++i)
        starts.push_back(length * i / count);
    return starts;
}

std::string lineChoiceName(LineChoice choice) {
    const auto* option = findOption(choice);
    return option ? std::string(option->cliName) : std::string();
}

} // namespace vtw

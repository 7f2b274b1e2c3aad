#include "core/track/LineChecks.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>

namespace vtw {

namespace {

// The most segment pairs the crossing search tests: a real track needs a few per
// segment; a file that packs millions of segments into a few cells is refused
// (TooDense) rather than tested pair by pair.
constexpr std::int64_t maxPairTests = 20'000'000;

struct Point {
    double x, y;
};

double orientation(Point a, Point b, Point c) {
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

// c lies on the segment ab, given that the three are collinear.
bool withinBox(Point a, Point b, Point c) {
    return c.x >= std::min(a.x, b.x) && c.x <= std::max(a.x, b.x) && c.y >= std::min(a.y, b.y) &&
           c.y <= std::max(a.y, b.y);
}

// Segments pq and rs cross or touch; where is a point they share.
bool segmentsMeet(Point p, Point q, Point r, Point s, Point& where) {
    const double d1 = orientation(r, s, p), d2 = orientation(r, s, q);
    const double d3 = orientation(p, q, r), d4 = orientation(p, q, s);
    if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
        const double t = d1 / (d1 - d2);
        where = {p.x + t * (q.x - p.x), p.y + t * (q.y - p.y)};
        return true;
    }
    const std::tuple<double, Point, Point, Point> touches[] = {
        {d1, r, s, p}, {d2, r, s, q}, {d3, p, q, r}, {d4, p, q, s}};
    for (const auto& [d, a, b, c] : touches) {
        if (d == 0.0 && withinBox(a, b, c)) {
            where = c;
            return true;
        }
    }
    return false;
}

struct CellEntry {
    std::int64_t cx, cy;
    std::uint32_t segment;
    bool operator<(const CellEntry& o) const {
        return std::tie(cx, cy, segment) < std::tie(o.cx, o.cy, o.segment);
    }
    bool operator==(const CellEntry& o) const = default;
};

// Segments that share no grid cell cannot meet. Each segment is cut into pieces no
// longer than a cell, and each piece enters the (at most four) cells of its box.
// The cell is at least the median spacing and at least a quarter of the mean
// spacing, so the entries number at most about 20 per point.
std::optional<LineProblem> findCrossing(const std::vector<Point>& p, const std::vector<double>& chord,
                                        double cell) {
    const std::size_t n = p.size();
    double minX = p[0].x, minY = p[0].y;
    for (const Point& q : p) {
        minX = std::min(minX, q.x);
        minY = std::min(minY, q.y);
    }
    auto cellOf = [&](double v, double origin) { return std::int64_t(std::floor((v - origin) / cell)); };
    std::vector<CellEntry> entries;
    entries.reserve(n * 6);
    for (std::size_t k = 0; k < n; ++k) {
        const Point a = p[k], b = p[(k + 1) % n];
        const auto pieces = std::max<std::int64_t>(1, std::int64_t(std::ceil(chord[k] / cell)));
        for (std::int64_t m = 0; m < pieces; ++m) {
            const double t0 = double(m) / double(pieces), t1 = double(m + 1) / double(pieces);
            const double x0 = a.x + t0 * (b.x - a.x), x1 = a.x + t1 * (b.x - a.x);
            const double y0 = a.y + t0 * (b.y - a.y), y1 = a.y + t1 * (b.y - a.y);
            for (std::int64_t cx = cellOf(std::min(x0, x1), minX); cx <= cellOf(std::max(x0, x1), minX); ++cx)
                for (std::int64_t cy = cellOf(std::min(y0, y1), minY); cy <= cellOf(std::max(y0, y1), minY);
                     ++cy)
                    entries.push_back({cx, cy, std::uint32_t(k)});
        }
    }
    std::sort(entries.begin(), entries.end());
    entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
    std::int64_t tests = 0;
    for (std::size_t begin = 0; begin < entries.size();) {
        std::size_t end = begin + 1;
        while (end < entries.size() && entries[end].cx == entries[begin].cx &&
               entries[end].cy == entries[begin].cy)
            ++end;
        for (std::size_t i = begin; i < end; ++i) {
            for (std::size_t j = i + 1; j < end; ++j) {
                const std::size_t a = entries[i].segment, b = entries[j].segment;
                // Neighbours share a point by construction; their fold is FoldsBack's.
                if (b == a + 1 || (a == 0 && b == n - 1))
                    continue;
                if (++tests > maxPairTests)
                    return LineProblem{LineProblem::Kind::TooDense, a, b, 0.0, 0.0, p[a].x, p[a].y};
                Point where{};
                if (segmentsMeet(p[a], p[(a + 1) % n], p[b], p[(b + 1) % n], where))
                    return LineProblem{LineProblem::Kind::Crosses, a, b, 0.0, 0.0, where.x, where.y};
            }
        }
        begin = end;
    }
    return std::nullopt;
}

} // namespace

std::optional<LineProblem> checkClosedLine(const std::vector<double>& x, const std::vector<double>& y) {
    using Kind = LineProblem::Kind;
    const std::size_t n = x.size();
    if (n < 3)
        return LineProblem{Kind::TooFewPoints, 0, 0, double(n)};
    if (n > maxTrackPoints)
        return LineProblem{Kind::TooManyPoints, 0, 0, double(n)};
    // Relative to the first point: the differences keep their digits far from the origin.
    std::vector<Point> p(n);
    for (std::size_t k = 0; k < n; ++k)
        p[k] = {x[k] - x[0], y[k] - y[0]};
    std::vector<double> chord(n);
    double length = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        const Point a = p[k], b = p[(k + 1) % n];
        chord[k] = std::hypot(b.x - a.x, b.y - a.y);
        length += chord[k];
        if (k + 1 < n && chord[k] < minPointSpacing)
            return LineProblem{Kind::TooClose, k, k + 1, chord[k]};
    }
    if (length > maxTrackLength)
        return LineProblem{Kind::TooLong, 0, 0, length};
    std::vector<double> spacing(chord.begin(), chord.end() - 1);
    std::nth_element(spacing.begin(), spacing.begin() + spacing.size() / 2, spacing.end());
    const double median = spacing[spacing.size() / 2];
    if (chord[n - 1] > maxClosingGapFactor * median)
        return LineProblem{Kind::Open, n - 1, 0, chord[n - 1], median};
    if (chord[n - 1] < minPointSpacing)
        return LineProblem{Kind::TooClose, n - 1, 0, chord[n - 1]};
    for (std::size_t k = 0; k < n; ++k) {
        const Point a = p[(k + n - 1) % n], b = p[k], c = p[(k + 1) % n];
        const double ux = b.x - a.x, uy = b.y - a.y, vx = c.x - b.x, vy = c.y - b.y;
        const double cross = ux * vy - uy * vx, dot = ux * vx + uy * vy;
        if (dot < 0.0 && std::abs(cross) <= 1e-12 * std::hypot(ux, uy) * std::hypot(vx, vy))
            return LineProblem{Kind::FoldsBack, k, k, 0.0, 0.0, x[k], y[k]};
    }
    const double cell = std::max(median, length / (4.0 * double(n)));
    if (auto crossing = findCrossing(p, chord, cell)) {
        crossing->atX += x[0];
        crossing->atY += y[0];
        return crossing;
    }
    return std::nullopt;
}

} // namespace vtw

#include "core/tires/MagicFormulaFit.h"

#include "core/lanes/MagicFormulaTire.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

namespace vtw {

namespace {

using Params = std::array<double, 4>; // B, C, D, E

constexpr double maxC = 2.0;
constexpr double maxE = 1.0;
constexpr double minPositive = 1e-6;

MagicFormulaCoefficients toCoefficients(const Params& p) {
    return {p[0], p[1], p[2], p[3]};
}

void clampToLimits(Params& p) {
    p[0] = std::clamp(p[0], minPositive, 1000.0);
    p[1] = std::clamp(p[1], minPositive, maxC);
    p[2] = std::clamp(p[2], minPositive, 10.0);
    p[3] = std::clamp(p[3], -100.0, maxE);
}

double sumSquares(const Params& p, const std::vector<CurvePoint>& pts) {
    const MagicFormulaCoefficients k = toCoefficients(p);
    double sum = 0.0;
    for (const CurvePoint& q : pts) {
        const double r = q.y - magicFormulaCurveValue(k, q.x);
        sum += r * r;
    }
    return sum;
}

// Solves the 4x4 system A x = b by Gaussian elimination with partial pivoting;
// false if singular.
bool solve4(std::array<std::array<double, 4>, 4> a, std::array<double, 4> b,
            std::array<double, 4>& x) {
    for (int col = 0; col < 4; ++col) {
        int pivot = col;
        for (int r = col + 1; r < 4; ++r) {
            if (std::fabs(a[r][col]) > std::fabs(a[pivot][col]))
                pivot = r;
        }
        if (!(std::fabs(a[pivot][col]) > 1e-300))
            return false;
        std::swap(a[col], a[pivot]);
        std::swap(b[col], b[pivot]);
        for (int r = col + 1; r < 4; ++r) {
            const double f = a[r][col] / a[col][col];
            for (int c = col; c < 4; ++c)
                a[r][c] -= f * a[col][c];
            b[r] -= f * b[col];
        }
    }
    for (int r = 3; r >= 0; --r) {
        double s = b[r];
        for (int c = r + 1; c < 4; ++c)
            s -= a[r][c] * x[c];
        x[r] = s / a[r][r];
    }
    return true;
}

struct Run {
    Params params;
    double cost;
    int iterations;
};

Run levenbergMarquardt(Params p, const std::vector<CurvePoint>& pts) {
    clampToLimits(p);
    double cost = sumSquares(p, pts);
    double lambda = 1e-3;
    int iter = 0;
    constexpr int maxIterations = 200;
    for (; iter < maxIterations; ++iter) {
        // Jacobian of the model by central differences, J^T J and J^T r.
        std::array<std::array<double, 4>, 4> jtj{};
        std::array<double, 4> jtr{};
        for (const CurvePoint& q : pts) {
            std::array<double, 4> grad{};
            for (int j = 0; j < 4; ++j) {
                const double h = 1e-6 * std::max(1.0, std::fabs(p[j]));
                Params up = p, down = p;
                up[j] += h;
                down[j] -= h;
                grad[j] = (magicFormulaCurveValue(toCoefficients(up), q.x) -
                           magicFormulaCurveValue(toCoefficients(down), q.x)) /
                          (2.0 * h);
            }
            const double r = q.y - magicFormulaCurveValue(toCoefficients(p), q.x);
            for (int a = 0; a < 4; ++a) {
                jtr[a] += grad[a] * r;
                for (int b = 0; b < 4; ++b)
                    jtj[a][b] += grad[a] * grad[b];
            }
        }
        bool improved = false;
        while (lambda < 1e12) {
            auto damped = jtj;
            for (int d = 0; d < 4; ++d)
                damped[d][d] += lambda * std::max(jtj[d][d], 1e-12);
            std::array<double, 4> delta{};
            if (!solve4(damped, jtr, delta)) {
                lambda *= 10.0;
                continue;
            }
            Params trial = p;
            for (int j = 0; j < 4; ++j)
                trial[j] += delta[j];
            clampToLimits(trial);
            const double trialCost = sumSquares(trial, pts);
            if (std::isfinite(trialCost) && trialCost < cost) {
                const double gain = cost - trialCost;
                p = trial;
                cost = trialCost;
                lambda = std::max(lambda * 0.3, 1e-12);
                improved = true;
                if (gain < 1e-14 * std::max(cost, 1e-30))
                    return {p, cost, iter + 1};
                break;
            }
            lambda *= 10.0;
        }
        if (!improved || cost < 1e-24)
            break;
    }
    return {p, cost, iter};
}

} // namespace

double magicFormulaCurveValue(const MagicFormulaCoefficients& k, double x) {
    return k.D * magicFormulaShape(k.B, k.C, k.E, x);
}

MagicFormulaFitResult fitMagicFormula(const Curve& table) {
    MagicFormulaFitResult result;
    std::vector<CurvePoint> pts;
    for (const CurvePoint& q : table.points()) {
        if (q.x >= 0.0 && std::isfinite(q.x) && std::isfinite(q.y))
            pts.push_back(q);
    }
    const auto positive =
        std::count_if(pts.begin(), pts.end(), [](const CurvePoint& q) { return q.x > 0.0; });
    if (positive < 4) {
        result.error = "needs at least four points with slip > 0";
        return result;
    }
    const auto peakIt = std::max_element(pts.begin(), pts.end(),
                                         [](const auto& a, const auto& b) { return a.y < b.y; });
    if (!(peakIt->y > 0.0)) {
        result.error = "needs a point with a positive force";
        return result;
    }
    // Seeds: D from the peak, the slope BCD from the first point past zero slip.
    const double peak = peakIt->y;
    const auto first = std::find_if(pts.begin(), pts.end(), [](const auto& q) { return q.x > 0; });
    const double slope = std::max(first->y / first->x, 1e-3);

    Run best{{}, std::numeric_limits<double>::infinity(), 0};
    for (double c : {1.1, 1.4, 1.7, 1.95}) {
        for (double e : {-2.0, -0.5, 0.0, 0.5, 0.9}) {
            const Params seed{slope / (c * peak), c, peak, e};
            const Run run = levenbergMarquardt(seed, pts);
            if (run.cost < best.cost)
                best = run;
        }
    }
    result.ok = std::isfinite(best.cost);
    if (!result.ok) {
        result.error = "the fit did not converge";
        return result;
    }
    result.coefficients = toCoefficients(best.params);
    result.iterations = best.iterations;
    for (const CurvePoint& q : pts) {
        const double r = std::fabs(q.y - magicFormulaCurveValue(result.coefficients, q.x));
        result.maxAbsResidual = std::max(result.maxAbsResidual, r);
    }
    result.rmsResidual = std::sqrt(best.cost / double(pts.size()));
    return result;
}

} // namespace vtw

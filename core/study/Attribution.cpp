#include "core/study/Attribution.h"

#include "core/study/ParallelFor.h"
#include "core/study/SetupDiff.h"
#include "core/study/StudyTarget.h"
#include "core/setupfile/SetupValidation.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <set>

namespace vtw {

namespace {

// A subset of the parts, as bits: bit i set = part i applied from the tuned setup
// (taken from the baseline otherwise).
using PartMask = std::uint64_t;
// One bit fewer than the mask holds: the mask of all parts is (1 << n) - 1, and a shift
// by the mask's full width is undefined.
constexpr std::size_t maxParts = 63;

QString sectionOf(const FieldMeta& field) {
    const QStringList keys = field.keys();
    // tires.front.x -> "tires.front"; chassis.mass -> "chassis"
    if (keys.size() > 2 && keys.first() == QLatin1String("tires"))
        return keys[0] + QLatin1Char('.') + keys[1];
    return keys.first();
}

std::vector<Contribution> partsOf(const std::vector<ParameterDifference>& diff,
                                  AttributionGrouping grouping) {
    std::vector<Contribution> parts;
    if (grouping == AttributionGrouping::PerParameter) {
        for (const ParameterDifference& d : diff)
            parts.push_back({d.field->path, {d.field}, 0.0, {}});
        return parts;
    }
    std::map<QString, std::size_t> index;
    for (const ParameterDifference& d : diff) {
        const QString section = sectionOf(*d.field);
        auto [it, inserted] = index.try_emplace(section, parts.size());
        if (inserted)
            parts.push_back({section, {}, 0.0, {}});
        parts[it->second].fields.push_back(d.field);
    }
    return parts;
}

Setup variantOf(const Setup& baseline, const Setup& tuned, const std::vector<Contribution>& parts,
                PartMask applied) {
    Setup variant = baseline;
    for (std::size_t p = 0; p < parts.size(); ++p)
        if (applied & (PartMask(1) << p))
            for (const FieldMeta* f : parts[p].fields)
                copyField(*f, tuned, variant);
    return variant;
}

QString firstProblem(const Setup& setup) {
    const SetupIssues issues = validateSetup(setup);
    return issues.isEmpty() ? QString() : issueForPeople(issues.front());
}

QString partLabel(const Contribution& part) {
    QStringList labels;
    for (const FieldMeta* f : part.fields)
        labels << f->label;
    return labels.join(QStringLiteral(" + "));
}

// Applying one part alone to the baseline, or reverting it alone from the tuned setup,
// can give a setup that cannot be simulated (an upshift above a lowered redline, say):
// such a part is joined with the first other part that makes both variants valid, so
// that the two always move together. Returns false with the reason when no join helps.
// What is wrong with applying part p alone to the baseline, or else with reverting it
// alone from the tuned setup; empty when both can be simulated.
QString problemMovingAlone(const Setup& baseline, const Setup& tuned,
                           const std::vector<Contribution>& parts, std::size_t p) {
    const PartMask all = (PartMask(1) << parts.size()) - 1;
    const PartMask bit = PartMask(1) << p;
    const QString applied = firstProblem(variantOf(baseline, tuned, parts, bit));
    return applied.isEmpty() ? firstProblem(variantOf(baseline, tuned, parts, all & ~bit)) : applied;
}

// Parts i and j as one part (kept at the lower index).
std::vector<Contribution> joined(std::vector<Contribution> parts, std::size_t i, std::size_t j) {
    const std::size_t keep = std::min(i, j), drop = std::max(i, j);
    parts[keep].fields.insert(parts[keep].fields.end(), parts[drop].fields.begin(),
                              parts[drop].fields.end());
    parts[keep].name += QStringLiteral(" + ") + parts[drop].name;
    if (!parts[drop].joinedBecause.isEmpty())
        parts[keep].joinedBecause += (parts[keep].joinedBecause.isEmpty() ? QString() : QStringLiteral("; ")) +
                                     parts[drop].joinedBecause;
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(drop));
    return parts;
}

// Applying one part alone to the baseline, or reverting it alone from the tuned setup,
// can give a setup that cannot be simulated (an upshift above a lowered redline, say):
// such a part is joined with the first other part that makes the joined part movable
// alone, so that the two always move together. False, with the reason, when no join helps.
bool joinPartsThatCannotMoveAlone(const Setup& baseline, const Setup& tuned,
                                  std::vector<Contribution>& parts, std::string& error) {
    for (std::size_t i = 0; i < parts.size();) {
        const QString problem = problemMovingAlone(baseline, tuned, parts, i);
        if (problem.isEmpty()) {
            ++i;
            continue;
        }
        bool done = false;
        for (std::size_t j = 0; j < parts.size() && !done; ++j) {
            if (j == i)
                continue;
            std::vector<Contribution> trial = joined(parts, i, j);
            const std::size_t at = std::min(i, j);
            if (!problemMovingAlone(baseline, tuned, trial, at).isEmpty())
                continue;
            const QString reason = QStringLiteral("changing %1 alone gives an invalid setup (%2)")
                                       .arg(partLabel(parts[i]), problem);
            QString& because = trial[at].joinedBecause;
            because += (because.isEmpty() ? QString() : QStringLiteral("; ")) + reason;
            parts = std::move(trial);
            done = true;
        }
        if (!done) {
            error = QStringLiteral("changing %1 alone gives an invalid setup (%2), and joining it "
                                   "with another change does not help")
                        .arg(partLabel(parts[i]), problem)
                        .toStdString();
            return false;
        }
        i = 0; // the parts changed: look again from the start
    }
    return true;
}

// The orders the shares are averaged over: every order (as every subset) when there are
// few parts, else pairs of a seeded random order and its reverse (each pair sees every
// part once early and once late) until the run budget is spent.
std::vector<std::vector<std::size_t>> sampledOrders(std::size_t parts) {
    std::mt19937_64 random(20261126u);
    std::vector<std::size_t> order(parts);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::vector<std::vector<std::size_t>> orders;
    const std::size_t pairs = std::max<std::size_t>(1, sampledAttributionRunBudget / (2 * parts));
    for (std::size_t k = 0; k < pairs; ++k) {
        std::shuffle(order.begin(), order.end(), random);
        orders.push_back(order);
        orders.emplace_back(order.rbegin(), order.rend());
    }
    return orders;
}

std::string describeVariant(const std::vector<Contribution>& parts, PartMask applied) {
    if (applied == 0)
        return "the baseline";
    const PartMask all = (PartMask(1) << parts.size()) - 1;
    if (applied == all)
        return "the tuned setup";
    QStringList names;
    for (std::size_t p = 0; p < parts.size(); ++p)
        if (applied & (PartMask(1) << p))
            names << partLabel(parts[p]);
    return ("the baseline with only " + names.join(QStringLiteral(", ")) + " changed").toStdString();
}

} // namespace

Attribution attributeChange(const Setup& baseline, const Setup& tuned, const ManeuverSpec& maneuver,
                            const std::string& metricKey, AttributionGrouping grouping,
                            unsigned threads, const std::atomic<bool>* cancel) {
    Attribution out;
    const std::unique_ptr<StudyTarget> target = StudyTarget::make(maneuver, &out.error);
    if (!target)
        return out;
    out.parts = partsOf(diffSetups({baseline, tuned}), grouping);
    if (out.parts.size() > maxParts) {
        out.error = std::to_string(out.parts.size()) + " parts differ; group them by section "
                    "(at most " + std::to_string(maxParts) + " parts)";
        return out;
    }
    if (!joinPartsThatCannotMoveAlone(baseline, tuned, out.parts, out.error))
        return out;
    const std::size_t n = out.parts.size();
    const PartMask all = n == 0 ? 0 : (PartMask(1) << n) - 1;

    // The subsets to run: all of them, or those along the sampled orders.
    std::vector<std::vector<std::size_t>> orders;
    std::set<PartMask> needed{0, all};
    out.exact = n <= maxExactAttributionParts;
    if (out.exact) {
        for (PartMask m = 0; m <= all && n > 0; ++m)
            needed.insert(m);
    } else {
        orders = sampledOrders(n);
        for (const auto& order : orders) {
            PartMask m = 0;
            for (std::size_t p : order)
                needed.insert(m |= PartMask(1) << p);
        }
    }
    const std::vector<PartMask> masks(needed.begin(), needed.end());
    std::vector<double> values(masks.size(), std::nan(""));
    std::vector<std::string> errors(masks.size());
    parallelFor(
        masks.size(),
        [&](std::size_t j) {
            const Setup variant = variantOf(baseline, tuned, out.parts, masks[j]);
            const QString problem = firstProblem(variant);
            if (!problem.isEmpty()) {
                errors[j] = describeVariant(out.parts, masks[j]) + " is not a valid setup: " +
                            problem.toStdString();
                return;
            }
            RunOptions options;
            options.cancel = cancel;
            const RunResult r = target->run(variant, options);
            const Metric* m = r.ok ? findMetric(r.metrics, metricKey) : nullptr;
            if (!r.ok)
                errors[j] = describeVariant(out.parts, masks[j]) + " failed to run: " + r.error;
            else if (!m)
                errors[j] = "maneuver '" + maneuver.id + "' has no such metric";
            else if (!m->reached)
                errors[j] = m->label + " was not reached by " + describeVariant(out.parts, masks[j]) +
                            (m->invalidReason.empty() ? "" : " (" + m->invalidReason + ")");
            else if (!m->valid)
                errors[j] = m->label + " is invalid for " + describeVariant(out.parts, masks[j]) +
                            ": " + m->invalidReason;
            else
                values[j] = m->value;
        },
        threads);
    out.runs = masks.size();
    for (const std::string& e : errors) {
        if (!e.empty()) {
            out.error = e;
            return out;
        }
    }
    std::map<PartMask, double> value;
    for (std::size_t j = 0; j < masks.size(); ++j)
        value[masks[j]] = values[j];
    out.baselineValue = value[0];
    out.tunedValue = value[all];
    out.total = out.tunedValue - out.baselineValue;

    if (out.exact) {
        // Shapley weight of a subset S without part p: |S|! (n - |S| - 1)! / n!
        std::vector<double> factorial(n + 1, 1.0);
        for (std::size_t k = 1; k <= n; ++k)
            factorial[k] = factorial[k - 1] * static_cast<double>(k);
        for (std::size_t p = 0; p < n; ++p) {
            const PartMask bit = PartMask(1) << p;
            double share = 0.0;
            for (PartMask s = 0; s <= all; ++s) {
                if (s & bit)
                    continue;
                const std::size_t size = static_cast<std::size_t>(std::popcount(s));
                share += factorial[size] * factorial[n - size - 1] / factorial[n] *
                         (value[s | bit] - value[s]);
            }
            out.parts[p].contribution = share;
        }
        out.ordersAveraged = static_cast<std::size_t>(factorial[n]);
    } else {
        for (const auto& order : orders) {
            PartMask m = 0;
            for (std::size_t p : order) {
                const double before = value[m];
                m |= PartMask(1) << p;
                out.parts[p].contribution += (value[m] - before) / static_cast<double>(orders.size());
            }
        }
        out.ordersAveraged = orders.size();
    }
    out.ok = true;
    return out;
}

} // namespace vtw

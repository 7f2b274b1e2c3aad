#include "core/mathchannels/MathChannels.h"

#include "core/analysis/ChannelTable.h"
#include "core/mathchannels/MathFormula.h"

#include <algorithm>
#include <functional>

namespace vtw {

namespace {

// The order to compute the channels in, and what stops the others.
class MathChannelPlan {
public:
    MathChannelPlan(const std::vector<std::string>& recorded, const std::vector<MathChannel>& channels);

    std::vector<MathFormula> formulas;
    std::vector<std::size_t> order; ///< channels that can be computed, each after what it reads
    std::vector<MathChannelProblem> problems;
    /// The math channels each one reads, and where its formula names them.
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> reads;

    bool failed(std::size_t c) const { return m_failed[c]; }
    void fail(std::size_t c, FormulaError error, bool inFormula = true) {
        if (m_failed[c])
            return;
        m_failed[c] = true;
        problems.push_back({c, m_channels[c].name, std::move(error), inFormula});
    }

private:
    void visit(std::size_t c);

    const std::vector<MathChannel>& m_channels;
    std::vector<bool> m_failed;
    std::vector<int> m_state; // 0 not seen, 1 on the path being followed, 2 done
    std::vector<std::size_t> m_path;
};

MathChannelPlan::MathChannelPlan(const std::vector<std::string>& recorded, const std::vector<MathChannel>& channels)
    : reads(channels.size()), m_channels(channels), m_failed(channels.size(), false), m_state(channels.size(), 0) {
    const auto isRecorded = [&](const std::string& name) {
        return std::find(recorded.begin(), recorded.end(), name) != recorded.end();
    };
    // The first channel of a name is the one formulas read.
    std::vector<std::pair<std::string, std::size_t>> byName;
    for (std::size_t c = 0; c < channels.size(); ++c) {
        const std::string& name = channels[c].name;
        formulas.push_back(MathFormula::parse(channels[c].formula));
        if (const std::string problem = mathChannelNameProblem(name); !problem.empty())
            fail(c, {0, problem}, false);
        else if (isRecorded(name))
            fail(c, {0, quoted(name) + " is already a channel of the data; choose another name"}, false);
        else if (std::any_of(byName.begin(), byName.end(), [&](const auto& n) { return n.first == name; }))
            fail(c, {0, "another math channel is already named " + quoted(name)}, false);
        else
            byName.emplace_back(name, c);
    }
    for (std::size_t c = 0; c < channels.size(); ++c) {
        if (!formulas[c].ok()) {
            fail(c, *formulas[c].error());
            continue;
        }
        for (const FormulaNameUse& use : formulas[c].names()) {
            if (isRecorded(use.name))
                continue;
            const auto math = std::find_if(byName.begin(), byName.end(),
                                           [&](const auto& n) { return n.first == use.name; });
            if (math == byName.end()) {
                fail(c, {use.position, "no channel named " + quoted(use.name)});
                break;
            }
            reads[c].emplace_back(math->second, use.position);
        }
    }
    for (std::size_t c = 0; c < channels.size(); ++c) {
        if (m_state[c] == 0)
            visit(c);
    }
}

void MathChannelPlan::visit(std::size_t c) {
    m_state[c] = 1;
    m_path.push_back(c);
    for (const auto& [other, position] : reads[c]) {
        if (m_state[other] == 1) {
            // A cycle: every channel on it from `other` to c; each is told the whole loop.
            const auto from = std::find(m_path.begin(), m_path.end(), other);
            std::string loop;
            for (auto it = from; it != m_path.end(); ++it)
                loop += m_channels[*it].name + " -> ";
            loop += m_channels[other].name;
            for (auto it = from; it != m_path.end(); ++it) {
                const std::size_t member = *it;
                const std::size_t next = it + 1 == m_path.end() ? other : *(it + 1);
                const auto use = std::find_if(reads[member].begin(), reads[member].end(),
                                              [&](const auto& r) { return r.first == next; });
                fail(member, {use->second, "the channels read each other in a loop: " + loop});
            }
            continue;
        }
        if (m_state[other] == 0)
            visit(other);
        if (failed(other))
            fail(c, {position, quoted(m_channels[other].name) + " has an error, so this cannot be computed"});
    }
    m_path.pop_back();
    m_state[c] = 2;
    if (!failed(c))
        order.push_back(c);
}

std::vector<std::string> namesOf(const ChannelTable& table) {
    std::vector<std::string> names;
    for (const ChannelColumn& column : table.columns())
        names.push_back(column.name);
    return names;
}

void sortByChannel(std::vector<MathChannelProblem>& problems) {
    std::sort(problems.begin(), problems.end(),
              [](const MathChannelProblem& a, const MathChannelProblem& b) { return a.channel < b.channel; });
}

} // namespace

std::vector<MathChannelProblem> checkMathChannels(const std::vector<std::string>& recorded,
                                                  const std::vector<MathChannel>& channels) {
    MathChannelPlan plan(recorded, channels);
    sortByChannel(plan.problems);
    return plan.problems;
}

std::vector<MathChannelProblem> applyMathChannels(ChannelTable& table, const std::vector<MathChannel>& channels) {
    MathChannelPlan plan(namesOf(table), channels);
    std::vector<bool> computed(channels.size(), false);
    for (std::size_t c : plan.order) {
        // A channel read by this one may have failed on the data (time going back).
        const auto missing = std::find_if(plan.reads[c].begin(), plan.reads[c].end(),
                                          [&](const auto& r) { return !computed[r.first]; });
        if (missing != plan.reads[c].end()) {
            plan.fail(c, {missing->second, quoted(channels[missing->first].name) +
                                               " has an error, so this cannot be computed"});
            continue;
        }
        FormulaError error;
        auto values = plan.formulas[c].evaluate(table, &error);
        if (!values) {
            plan.fail(c, error);
            continue;
        }
        table.add({channels[c].name, channels[c].unit, channels[c].name, std::move(*values)});
        computed[c] = true;
    }
    sortByChannel(plan.problems);
    return plan.problems;
}

std::vector<std::string> channelsReadBy(const std::vector<MathChannel>& channels) {
    std::vector<std::string> names;
    for (const MathChannel& c : channels) {
        const MathFormula formula = MathFormula::parse(c.formula);
        for (const FormulaNameUse& use : formula.names()) {
            if (std::find(names.begin(), names.end(), use.name) == names.end())
                names.push_back(use.name);
        }
    }
    return names;
}

std::string describe(const MathChannelProblem& problem) {
    std::string text = (problem.name.empty() ? std::string("(unnamed)") : problem.name) + ": " +
                       problem.error.message;
    if (problem.inFormula)
        text += " (at character " + std::to_string(problem.error.position + 1) + " of its formula)";
    return text;
}

} // namespace vtw

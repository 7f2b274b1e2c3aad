#include "core/study/SweepIdentity.h"

#include "core/study/LapTarget.h"
#include "core/study/Sweep.h"
#include "core/maneuvers/DynamicLap.h"
#include "core/setupfile/SetupJson.h"

#include <QCryptographicHash>

#include <charconv>
#include <cmath>

namespace vtw {

namespace {

constexpr std::string_view magicLine = "# vtw-cli sweep";

std::string axisText(const SweepAxis& axis) {
    return axis.field->path.toStdString() + " from=" + sweepNumberText(axis.from) +
           " to=" + sweepNumberText(axis.to) + " count=" + std::to_string(axis.count);
}

// Every parameter of the catalogue entry, defaults included, so that a sweep run
// with "-p start_kmh=100" is the same sweep as one that left it at its default.
std::string maneuverText(const ManeuverSpec& spec) {
    if (spec.id == lapTargetId)
        return lapIdentityText(spec);
    std::string text = spec.id;
    for (const ManeuverDescription& d : maneuverCatalogue()) {
        if (d.id != spec.id)
            continue;
        for (const ManeuverParameter& p : d.parameters) {
            const auto given = spec.options.find(p.key);
            const double value = given != spec.options.end() ? given->second : p.defaultValue;
            text += " " + p.key + "=" + sweepNumberText(value);
        }
        for (const ManeuverWord& w : d.words) {
            const auto given = spec.textOptions.find(w.key);
            text += " " + w.key + "=" + (given != spec.textOptions.end() ? given->second : w.defaultValue);
        }
        // A maneuver on a track: the track as driven (its limits too), so that shards
        // agree on its files.
        if (const auto maneuver = makeManeuver(spec.id, spec.options, nullptr, spec.textOptions)) {
            if (const auto* lap = dynamic_cast<const DynamicLap*>(maneuver.get()))
                text += " track_sha256=" + trackDigest(lap->track(), true);
        }
    }
    return text;
}

bool parseInt(std::string_view text, int& value) {
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size();
}

bool parseFinite(std::string_view text, double& value) {
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size() && std::isfinite(value);
}

// "PATH from=X to=Y count=N", as axisText writes it.
bool parseAxis(SweepIdentity::Axis& axis) {
    const std::string_view text = axis.text;
    const std::size_t from = text.find(" from="), to = text.find(" to="), count = text.rfind(" count=");
    return from != std::string_view::npos && to != std::string_view::npos && count != std::string_view::npos &&
           from < to && to < count && parseFinite(text.substr(from + 6, to - from - 6), axis.from) &&
           parseFinite(text.substr(to + 4, count - to - 4), axis.to) && parseInt(text.substr(count + 7), axis.count) &&
           axis.count >= 2 && axis.count <= maxSweepAxisPoints;
}

bool parseShard(std::string_view text, int& index, int& count) {
    const std::size_t slash = text.find('/');
    return slash != std::string_view::npos && parseInt(text.substr(0, slash), index) &&
           parseInt(text.substr(slash + 1), count) && count >= 1 && index >= 0 && index < count;
}

std::string shortHash(const std::string& setup) { return setup.substr(0, 7 + 12); } // "sha256=" + 12

} // namespace

std::int64_t SweepIdentity::points() const {
    std::int64_t total = 1;
    for (const Axis& axis : axes)
        total *= axis.count;
    return total;
}

double SweepIdentity::Axis::valueAt(int i) const { return SweepAxis{nullptr, from, to, count}.valueAt(i); }

int SweepIdentity::secondCount() const { return axes.size() > 1 ? axes[1].count : 1; }

std::int64_t SweepIdentity::shardPoints() const {
    const std::int64_t total = points();
    return shardIndex < total ? (total - shardIndex + shardCount - 1) / shardCount : 0;
}

SweepIdentity sweepIdentity(const SweepRequest& r) {
    SweepIdentity identity;
    identity.setup = "sha256=" + QCryptographicHash::hash(writeSetup(r.base), QCryptographicHash::Sha256)
                                     .toHex()
                                     .toStdString();
    identity.maneuver = maneuverText(r.maneuver);
    identity.axes.push_back({axisText(r.first), r.first.count, r.first.from, r.first.to});
    if (r.second)
        identity.axes.push_back({axisText(*r.second), r.second->count, r.second->from, r.second->to});
    identity.shardIndex = r.shardIndex;
    identity.shardCount = r.shardCount;
    return identity;
}

std::string sweepIdentityLines(const SweepIdentity& identity) {
    std::string out = std::string(magicLine) + "\n# setup " + identity.setup + "\n# maneuver " +
                      identity.maneuver + "\n";
    for (const SweepIdentity::Axis& axis : identity.axes)
        out += "# axis " + axis.text + "\n";
    return out + "# shard " + std::to_string(identity.shardIndex) + "/" +
           std::to_string(identity.shardCount) + "\n";
}

bool parseSweepIdentity(std::string_view text, SweepIdentity& identity, std::size_t& consumed,
                        std::string& error) {
    identity = {};
    std::size_t at = 0;
    // The next line without its newline; false at the end of the text or at a line
    // without a newline (a header cut short).
    auto nextLine = [&](std::string_view& line) {
        const std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos)
            return false;
        line = text.substr(at, end - at);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        at = end + 1;
        return true;
    };
    auto field = [](std::string_view line, std::string_view prefix, std::string& value) {
        if (line.substr(0, prefix.size()) != prefix || line.size() == prefix.size())
            return false;
        value = std::string(line.substr(prefix.size()));
        return true;
    };
    std::string_view line;
    if (!nextLine(line) || line != magicLine) {
        error = "no sweep identity at its top (a '# vtw-cli sweep' line and the sweep's setup, "
                "maneuver, axes and shard): not a sweep table, or one written before sweeps stated "
                "them";
        return false;
    }
    if (!nextLine(line) || !field(line, "# setup sha256=", identity.setup)) {
        error = "its identity has no '# setup sha256=' line";
        return false;
    }
    identity.setup = "sha256=" + identity.setup;
    if (!nextLine(line) || !field(line, "# maneuver ", identity.maneuver)) {
        error = "its identity has no '# maneuver' line";
        return false;
    }
    std::string shard;
    while (nextLine(line)) {
        SweepIdentity::Axis axis;
        if (field(line, "# axis ", axis.text)) {
            if (identity.axes.size() == 2 || !parseAxis(axis)) {
                error = "its identity has a bad axis line: " + std::string(line);
                return false;
            }
            identity.axes.push_back(axis);
            continue;
        }
        if (field(line, "# shard ", shard))
            break;
        error = "its identity has an unexpected line: " + std::string(line.substr(0, 80));
        return false;
    }
    if (identity.axes.empty() || shard.empty()) {
        error = "its identity has no '# axis' or no '# shard' line";
        return false;
    }
    if (!parseShard(shard, identity.shardIndex, identity.shardCount)) {
        error = "its identity has a bad shard: " + shard;
        return false;
    }
    if (identity.points() > maxSweepPoints) {
        error = "its axes hold more than the " + std::to_string(maxSweepPoints) + " points a sweep may have";
        return false;
    }
    consumed = at;
    return true;
}

std::string sweepDifference(const SweepIdentity& a, const std::string& aName, const SweepIdentity& b,
                            const std::string& bName) {
    auto differs = [&](const char* what, const std::string& x, const std::string& y) {
        return std::string(what) + " (" + aName + ": " + x + "; " + bName + ": " + y + ")";
    };
    auto axesText = [](const SweepIdentity& identity) {
        std::string text;
        for (const SweepIdentity::Axis& axis : identity.axes)
            text += (text.empty() ? "" : ", ") + axis.text;
        return text;
    };
    auto shardText = [](const SweepIdentity& identity) {
        return std::to_string(identity.shardIndex) + "/" + std::to_string(identity.shardCount);
    };
    if (a.setup != b.setup)
        return differs("the setup differs", shortHash(a.setup) + "...", shortHash(b.setup) + "...");
    if (a.maneuver != b.maneuver)
        return differs("the maneuver differs", a.maneuver, b.maneuver);
    if (axesText(a) != axesText(b))
        return differs("the axes differ", axesText(a), axesText(b));
    if (a.shardCount != b.shardCount)
        return differs("the shard count differs", "shard " + shardText(a), "shard " + shardText(b));
    return {};
}

} // namespace vtw

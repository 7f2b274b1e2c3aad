#pragma once

#include "core/maneuvers/Maneuver.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace vtw {

/// What kind of number a maneuver parameter takes: editors show a yes/no as a check
/// box and a count without decimals, and makeManeuver refuses fractions of either.
enum class ParameterKind {
    Number,     ///< any value in its range
    WholeNumber,///< a count or an index (a gear, cycles)
    YesNo,      ///< 1 for yes, 0 for no
    Choice      ///< the index of one of the parameter's named choices
};

/// A maneuver's named numeric parameter with its default and unit.
struct ManeuverParameter {
    std::string key;   ///< e.g. "speed_kmh"
    std::string label; ///< without the unit, e.g. "Speed"
    /// The unit the value is given in, e.g. "km/h", "m", "m/s^2" ("" for a count or a
    /// share); a window shows it in the chosen unit system (DisplayUnits).
    std::string unit;
    double defaultValue = 0.0;
    double min = 0.0, max = 0.0;
    ParameterKind kind = ParameterKind::Number;
    std::vector<std::string> choices{}; ///< Choice: what the values 0, 1, ... mean
};

/// A maneuver's parameter that takes a word (a track's name), with its default.
struct ManeuverWord {
    std::string key;   ///< e.g. "track"
    std::string label;
    std::string defaultValue;
};

/// What the catalogue knows about a maneuver without making one.
struct ManeuverDescription {
    std::string id;          ///< the maneuver's id() and its name on the command line
    std::string title;       ///< its name in the window
    std::string description;
    std::vector<ManeuverParameter> parameters;
    bool cornering = false;  ///< the car turns under lateral load: what the grip views are for
    std::vector<ManeuverWord> words{}; ///< parameters that take words, beside the numbers
};

/// Parameter values by key; missing keys take their defaults.
using ManeuverOptions = std::map<std::string, double>;
/// Word parameters by key; missing keys take their defaults.
using ManeuverWords = std::map<std::string, std::string>;

/// A Choice parameter's values as the command line takes them: "0 (as the setup), 1 (off), ...".
std::string choiceList(const ManeuverParameter& p);

/// Every maneuver the core offers, in display order.
const std::vector<ManeuverDescription>& maneuverCatalogue();

/// The catalogue's entry of an id, or nullptr.
const ManeuverDescription* findManeuverDescription(const std::string& id);

/// A fresh maneuver by id, or nullptr with `error` set (unknown id, unknown
/// parameter, value out of range, a word it cannot use: a track that does not load).
std::unique_ptr<Maneuver> makeManeuver(const std::string& id, const ManeuverOptions& options,
                                       std::string* error, const ManeuverWords& words = {});

} // namespace vtw

#pragma once

// A math channel: a channel computed from a run's other channels by a formula the user
// writes ("ax / 9.80665", "derivative(speed)"), in a unit the user gives. The formula
// is evaluated by muParser over whole columns; the functions that need a whole trace
// (derivative, integral, moving average) are applied to series first (see
// MathFormula.h).

#include <cstddef>
#include <string>
#include <string_view>

namespace vtw {

struct MathChannel {
    std::string name;    ///< [A-Za-z_][A-Za-z0-9_]*, how formulas and pickers name it
    std::string unit;    ///< free text, shown beside the values ("g", "N", "m/s^2")
    std::string formula; ///< e.g. "moving_average(ax, 0.2 s) / 9.80665"

    friend bool operator==(const MathChannel&, const MathChannel&) = default;
};

/// What is wrong with a formula and where: `position` is a character offset (from 0)
/// into the formula as the user wrote it, so a view can put a marker under it.
struct FormulaError {
    std::size_t position = 0;
    std::string message;
};

/// Longest name and formula accepted (a formula's cost grows with its length).
inline constexpr std::size_t maxMathChannelNameLength = 64;
inline constexpr std::size_t maxFormulaLength = 2000;

/// The characters of names in formulas: ASCII letters, digits and '_' (never by locale).
constexpr bool isFormulaNameStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
constexpr bool isFormulaNameChar(char c) { return isFormulaNameStart(c) || (c >= '0' && c <= '9'); }

/// 'text', in single quotes, as messages name channels and tokens.
std::string quoted(std::string_view text);

/// Empty when `name` can name a math channel; else why not ("'2x' must start with a
/// letter or '_'", "'sin' is a function"). Whether a run already has a channel of
/// that name is checked where the run is known (applyMathChannels).
std::string mathChannelNameProblem(std::string_view name);

} // namespace vtw

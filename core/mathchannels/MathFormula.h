#pragma once

// A math channel's formula, read once and evaluated over whole tables.
//
// muParser parses and evaluates the pointwise part ("ax / 9.80665", "if(c, a, b)",
// "c ? a : b", sin, sqrt, ...), with each channel bound to its column and the
// expression evaluated in bulk. derivative(expr), integral(expr) and
// moving_average(expr, window) need the whole trace, which a pointwise parser cannot
// give, so reading a formula cuts their calls out: each argument becomes an
// expression of its own (nested calls the same way), evaluated first into a series
// that the outer expression sees as a hidden variable. Every error's position is
// mapped back through that cutting to the formula as the user wrote it.

#include "core/mathchannels/MathChannel.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtw {

class ChannelTable;

/// A channel name a formula reads, and where it is first named (offset in the formula).
struct FormulaNameUse {
    std::string name;
    std::size_t position = 0;
};

class MathFormula {
public:
    /// Reads a formula: its brackets, the whole-trace calls and muParser's syntax.
    /// Whether the names it reads exist is not known here (see names()).
    static MathFormula parse(std::string_view formula);

    MathFormula(MathFormula&&) noexcept;
    MathFormula& operator=(MathFormula&&) noexcept;
    ~MathFormula();

    bool ok() const { return !m_error.has_value(); }
    const std::optional<FormulaError>& error() const { return m_error; }
    /// Every channel the formula reads, in order of first appearance.
    const std::vector<FormulaNameUse>& names() const { return m_names; }
    /// Where the first whole-trace function is called, if any: those need the
    /// table's time channel.
    std::optional<std::size_t> traceFunctionPosition() const { return m_traceFunctionAt; }

    /// The formula's value at every sample of `table`, whose channels must include
    /// names(). On failure (a missing channel, time that goes back) nullopt and
    /// *error says why and where.
    std::optional<std::vector<double>> evaluate(const ChannelTable& table, FormulaError* error) const;

    struct Node;

private:
    MathFormula();
    std::unique_ptr<Node> m_root;
    std::optional<FormulaError> m_error;
    std::vector<FormulaNameUse> m_names;
    std::optional<std::size_t> m_traceFunctionAt;
};

/// The functions evaluated over a whole trace, as a formula names them.
inline constexpr std::string_view formulaDerivative = "derivative";
inline constexpr std::string_view formulaIntegral = "integral";
inline constexpr std::string_view formulaMovingAverage = "moving_average";

/// True for the names a formula reserves for functions and constants (muParser's
/// "sin", "_pi", "if", and the whole-trace functions), which no channel may take.
bool isFormulaReservedName(std::string_view name);

} // namespace vtw

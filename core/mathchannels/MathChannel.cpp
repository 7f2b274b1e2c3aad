#include "core/mathchannels/MathChannel.h"

#include "core/mathchannels/MathFormula.h"

namespace vtw {

std::string quoted(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '\'';
    out.append(text);
    out += '\'';
    return out;
}

std::string mathChannelNameProblem(std::string_view name) {
    const std::string quotedName = quoted(name.substr(0, maxMathChannelNameLength));
    if (name.empty())
        return "a math channel needs a name";
    if (name.size() > maxMathChannelNameLength)
        return "the name " + quotedName + "... is longer than " +
               std::to_string(maxMathChannelNameLength) + " characters";
    if (!isFormulaNameStart(name.front()))
        return "the name " + quotedName + " must start with a letter or '_'";
    for (char c : name) {
        if (!isFormulaNameChar(c))
            return "the name " + quotedName + " may hold only letters, digits and '_'";
    }
    if (isFormulaReservedName(name))
        return quotedName + " names a function or constant of formulas";
    return {};
}

} // namespace vtw

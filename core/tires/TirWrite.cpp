#include "core/tires/TirWrite.h"

#include <map>
#include <vector>

namespace vtw {

namespace {

// One line of the file, its `=` at a fixed column like the files tools write.
std::string keyLine(const std::string& key, const std::string& value) {
    std::string line = key;
    if (line.size() < 24)
        line.append(24 - line.size(), ' ');
    return line + " = " + value + "\n";
}

// Text on one line without quotes, safe inside a quoted value or a comment.
std::string oneLine(const std::string& text) {
    std::string clean;
    for (char ch : text)
        if (ch != '\'' && ch != '"' && ch != '\n' && ch != '\r')
            clean += ch;
    return clean;
}

std::string quoted(const std::string& text) { return "'" + oneLine(text) + "'"; }

// FITTYP as read (5, 6 and 21 all mean MF 5.x), or the one that names the version.
int fittypOf(const TirCoefficients& c) {
    if (c.fittyp != 0)
        return c.fittyp;
    switch (c.version) {
    case TirVersion::Mf5: return 6;
    case TirVersion::Mf61: return 61;
    case TirVersion::Mf62: return 62;
    }
    return 6;
}

// Whether the weighting coefficients are there: without them the reader combines by
// the friction ellipse anyway, so FE_METHOD is only needed when they are.
bool hasWeightingCoefficients(const TirCoefficients& c) {
    return (c.RBX1 != 0.0 || c.RCX1 != 0.0) && (c.RBY1 != 0.0 || c.RCY1 != 0.0);
}

} // namespace

std::string tirFileText(const TirCoefficients& c, const TirWriteHeader& header) {
    std::string out;
    out += "[MDI_HEADER]\n";
    out += keyLine("FILE_TYPE", "'tir'");
    out += keyLine("FILE_VERSION", "3.0");
    out += keyLine("FILE_FORMAT", "'ASCII'");
    if (!header.title.empty())
        out += "$ " + oneLine(header.title) + "\n";
    if (!header.source.empty())
        out += "$ source: " + oneLine(header.source) + "\n";
    out += "[UNITS]\n";
    out += keyLine("LENGTH", "'meter'");
    out += keyLine("FORCE", "'newton'");
    out += keyLine("ANGLE", "'radians'");
    out += keyLine("MASS", "'kg'");
    out += keyLine("TIME", "'second'");
    out += keyLine("PRESSURE", "'pascal'");
    out += "[MODEL]\n";
    // Both kept as read, so that a file goes back out as it came in; a file that had
    // neither gets the FITTYP of its version.
    if (!c.propertyFileFormat.empty())
        out += keyLine("PROPERTY_FILE_FORMAT", quoted(c.propertyFileFormat));
    if (c.fittyp != 0 || c.propertyFileFormat.empty())
        out += keyLine("FITTYP", std::to_string(fittypOf(c)));
    if (c.side == TyreSide::Left)
        out += keyLine("TYRESIDE", "'LEFT'");
    else if (c.side == TyreSide::Right)
        out += keyLine("TYRESIDE", "'RIGHT'");
    if (c.frictionEllipse && hasWeightingCoefficients(c))
        out += keyLine("FE_METHOD", "'YES'");

    // The table's coefficients grouped by section, sections in the table's order. A
    // range of zero (absent when read) and a pressure of an MF 5.x file are left out.
    std::vector<std::string> order;
    std::map<std::string, std::string> text;
    for (const TirCoefficientInfo& info : tirCoefficientTable()) {
        const double v = c.*info.member;
        const bool informative = info.use == TirCoefficientInfo::Informative;
        if (informative ? v == 0.0 : !tirCoefficientUsedBy(info.use, c.version))
            continue;
        const std::string section = info.section;
        if (!text.count(section))
            order.push_back(section);
        text[section] += keyLine(info.name, tirNumberText(v));
    }
    for (const std::string& section : order) {
        if (section != "MODEL")
            out += "[" + section + "]\n";
        out += text[section];
    }
    return out;
}

} // namespace vtw

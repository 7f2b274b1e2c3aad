#include "core/tires/TirCoefficients.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace vtw {

namespace {

using C = TirCoefficients;
using Info = TirCoefficientInfo;
constexpr auto None = TirDimension::None;
constexpr auto All = Info::AllVersions;
constexpr auto Mf5 = Info::Mf5Only;
constexpr auto Mf6 = Info::Mf6Only;
constexpr auto Informative = Info::Informative;

constexpr const char* model = "MODEL";
constexpr const char* scaling = "SCALING_COEFFICIENTS";
constexpr const char* longitudinal = "LONGITUDINAL_COEFFICIENTS";
constexpr const char* lateral = "LATERAL_COEFFICIENTS";
constexpr const char* aligning = "ALIGNING_COEFFICIENTS";

std::vector<Info> makeTable() {
    return {
        {"VXLOW", model, &C::VXLOW, TirDimension::Speed, All},
        {"LONGVL", model, &C::LONGVL, TirDimension::Speed, All},
        {"UNLOADED_RADIUS", "DIMENSION", &C::UNLOADED_RADIUS, TirDimension::Length, All},
        {"FNOMIN", "VERTICAL", &C::FNOMIN, TirDimension::Force, All},
        {"NOMPRES", "OPERATING_CONDITIONS", &C::NOMPRES, TirDimension::Pressure, Mf6},
        {"INFLPRES", "OPERATING_CONDITIONS", &C::INFLPRES, TirDimension::Pressure, Informative},
        {"FZMIN", "VERTICAL_FORCE_RANGE", &C::FZMIN, TirDimension::Force, Informative},
        {"FZMAX", "VERTICAL_FORCE_RANGE", &C::FZMAX, TirDimension::Force, Informative},
        {"KPUMIN", "LONG_SLIP_RANGE", &C::KPUMIN, None, Informative},
        {"KPUMAX", "LONG_SLIP_RANGE", &C::KPUMAX, None, Informative},
        {"ALPMIN", "SLIP_ANGLE_RANGE", &C::ALPMIN, TirDimension::Angle, Informative},
        {"ALPMAX", "SLIP_ANGLE_RANGE", &C::ALPMAX, TirDimension::Angle, Informative},
        {"CAMMIN", "INCLINATION_ANGLE_RANGE", &C::CAMMIN, TirDimension::Angle, Informative},
        {"CAMMAX", "INCLINATION_ANGLE_RANGE", &C::CAMMAX, TirDimension::Angle, Informative},
        {"PRESMIN", "INFLATION_PRESSURE_RANGE", &C::PRESMIN, TirDimension::Pressure, Informative},
        {"PRESMAX", "INFLATION_PRESSURE_RANGE", &C::PRESMAX, TirDimension::Pressure, Informative},

        {"LFZO", scaling, &C::LFZO, None, All},     {"LCX", scaling, &C::LCX, None, All},
        {"LMUX", scaling, &C::LMUX, None, All},     {"LEX", scaling, &C::LEX, None, All},
        {"LKX", scaling, &C::LKX, None, All},       {"LHX", scaling, &C::LHX, None, All},
        {"LVX", scaling, &C::LVX, None, All},       {"LGAX", scaling, &C::LGAX, None, Mf5},
        {"LCY", scaling, &C::LCY, None, All},       {"LMUY", scaling, &C::LMUY, None, All},
        {"LEY", scaling, &C::LEY, None, All},       {"LKY", scaling, &C::LKY, None, All},
        {"LKYC", scaling, &C::LKYC, None, Mf6},     {"LKZC", scaling, &C::LKZC, None, Mf6},
        {"LHY", scaling, &C::LHY, None, All},       {"LVY", scaling, &C::LVY, None, All},
        {"LGAY", scaling, &C::LGAY, None, Mf5},     {"LTR", scaling, &C::LTR, None, All},
        {"LRES", scaling, &C::LRES, None, All},     {"LGAZ", scaling, &C::LGAZ, None, Mf5},
        {"LXAL", scaling, &C::LXAL, None, All},     {"LYKA", scaling, &C::LYKA, None, All},
        {"LVYKA", scaling, &C::LVYKA, None, All},   {"LS", scaling, &C::LS, None, All},
        {"LMUV", scaling, &C::LMUV, None, Mf6},

        {"PCX1", longitudinal, &C::PCX1, None, All}, {"PDX1", longitudinal, &C::PDX1, None, All},
        {"PDX2", longitudinal, &C::PDX2, None, All}, {"PDX3", longitudinal, &C::PDX3, None, All},
        {"PEX1", longitudinal, &C::PEX1, None, All}, {"PEX2", longitudinal, &C::PEX2, None, All},
        {"PEX3", longitudinal, &C::PEX3, None, All}, {"PEX4", longitudinal, &C::PEX4, None, All},
        {"PKX1", longitudinal, &C::PKX1, None, All}, {"PKX2", longitudinal, &C::PKX2, None, All},
        {"PKX3", longitudinal, &C::PKX3, None, All}, {"PHX1", longitudinal, &C::PHX1, None, All},
        {"PHX2", longitudinal, &C::PHX2, None, All}, {"PVX1", longitudinal, &C::PVX1, None, All},
        {"PVX2", longitudinal, &C::PVX2, None, All}, {"PPX1", longitudinal, &C::PPX1, None, Mf6},
        {"PPX2", longitudinal, &C::PPX2, None, Mf6}, {"PPX3", longitudinal, &C::PPX3, None, Mf6},
        {"PPX4", longitudinal, &C::PPX4, None, Mf6}, {"RBX1", longitudinal, &C::RBX1, None, All},
        {"RBX2", longitudinal, &C::RBX2, None, All}, {"RBX3", longitudinal, &C::RBX3, None, Mf6},
        {"RCX1", longitudinal, &C::RCX1, None, All}, {"REX1", longitudinal, &C::REX1, None, All},
        {"REX2", longitudinal, &C::REX2, None, All}, {"RHX1", longitudinal, &C::RHX1, None, All},

        {"PCY1", lateral, &C::PCY1, None, All}, {"PDY1", lateral, &C::PDY1, None, All},
        {"PDY2", lateral, &C::PDY2, None, All}, {"PDY3", lateral, &C::PDY3, None, All},
        {"PEY1", lateral, &C::PEY1, None, All}, {"PEY2", lateral, &C::PEY2, None, All},
        {"PEY3", lateral, &C::PEY3, None, All}, {"PEY4", lateral, &C::PEY4, None, All},
        {"PEY5", lateral, &C::PEY5, None, Mf6}, {"PKY1", lateral, &C::PKY1, None, All},
        {"PKY2", lateral, &C::PKY2, None, All}, {"PKY3", lateral, &C::PKY3, None, All},
        {"PKY4", lateral, &C::PKY4, None, Mf6}, {"PKY5", lateral, &C::PKY5, None, Mf6},
        {"PKY6", lateral, &C::PKY6, None, Mf6}, {"PKY7", lateral, &C::PKY7, None, Mf6},
        {"PHY1", lateral, &C::PHY1, None, All}, {"PHY2", lateral, &C::PHY2, None, All},
        {"PHY3", lateral, &C::PHY3, None, Mf5}, {"PVY1", lateral, &C::PVY1, None, All},
        {"PVY2", lateral, &C::PVY2, None, All}, {"PVY3", lateral, &C::PVY3, None, All},
        {"PVY4", lateral, &C::PVY4, None, All}, {"PPY1", lateral, &C::PPY1, None, Mf6},
        {"PPY2", lateral, &C::PPY2, None, Mf6}, {"PPY3", lateral, &C::PPY3, None, Mf6},
        {"PPY4", lateral, &C::PPY4, None, Mf6}, {"PPY5", lateral, &C::PPY5, None, Mf6},
        {"RBY1", lateral, &C::RBY1, None, All}, {"RBY2", lateral, &C::RBY2, None, All},
        {"RBY3", lateral, &C::RBY3, None, All}, {"RBY4", lateral, &C::RBY4, None, Mf6},
        {"RCY1", lateral, &C::RCY1, None, All}, {"REY1", lateral, &C::REY1, None, All},
        {"REY2", lateral, &C::REY2, None, All}, {"RHY1", lateral, &C::RHY1, None, All},
        {"RHY2", lateral, &C::RHY2, None, All}, {"RVY1", lateral, &C::RVY1, None, All},
        {"RVY2", lateral, &C::RVY2, None, All}, {"RVY3", lateral, &C::RVY3, None, All},
        {"RVY4", lateral, &C::RVY4, None, All}, {"RVY5", lateral, &C::RVY5, None, All},
        {"RVY6", lateral, &C::RVY6, None, All},

        {"QBZ1", aligning, &C::QBZ1, None, All},   {"QBZ2", aligning, &C::QBZ2, None, All},
        {"QBZ3", aligning, &C::QBZ3, None, All},   {"QBZ4", aligning, &C::QBZ4, None, All},
        {"QBZ5", aligning, &C::QBZ5, None, All},   {"QBZ9", aligning, &C::QBZ9, None, All},
        {"QBZ10", aligning, &C::QBZ10, None, All}, {"QCZ1", aligning, &C::QCZ1, None, All},
        {"QDZ1", aligning, &C::QDZ1, None, All},   {"QDZ2", aligning, &C::QDZ2, None, All},
        {"QDZ3", aligning, &C::QDZ3, None, All},   {"QDZ4", aligning, &C::QDZ4, None, All},
        {"QDZ6", aligning, &C::QDZ6, None, All},   {"QDZ7", aligning, &C::QDZ7, None, All},
        {"QDZ8", aligning, &C::QDZ8, None, All},   {"QDZ9", aligning, &C::QDZ9, None, All},
        {"QDZ10", aligning, &C::QDZ10, None, Mf6}, {"QDZ11", aligning, &C::QDZ11, None, Mf6},
        {"QEZ1", aligning, &C::QEZ1, None, All},   {"QEZ2", aligning, &C::QEZ2, None, All},
        {"QEZ3", aligning, &C::QEZ3, None, All},   {"QEZ4", aligning, &C::QEZ4, None, All},
        {"QEZ5", aligning, &C::QEZ5, None, All},   {"QHZ1", aligning, &C::QHZ1, None, All},
        {"QHZ2", aligning, &C::QHZ2, None, All},   {"QHZ3", aligning, &C::QHZ3, None, All},
        {"QHZ4", aligning, &C::QHZ4, None, All},   {"PPZ1", aligning, &C::PPZ1, None, Mf6},
        {"PPZ2", aligning, &C::PPZ2, None, Mf6},   {"SSZ1", aligning, &C::SSZ1, None, All},
        {"SSZ2", aligning, &C::SSZ2, None, All},   {"SSZ3", aligning, &C::SSZ3, None, All},
        {"SSZ4", aligning, &C::SSZ4, None, All},
    };
}

std::string at(const TirEntry& e) {
    return "line " + std::to_string(e.line) + ": ";
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z')
            c = char(c - 'a' + 'A');
    return out;
}

struct VersionResult {
    bool ok = false;
    TirVersion version = TirVersion::Mf5;
    int fittyp = 0;
    std::string error;
};

// FITTYP names the version; without it, PROPERTY_FILE_FORMAT 'PAC2002' or 'MF_05' means MF 5.x.
VersionResult detectVersion(const TirFile& file) {
    VersionResult r;
    if (const TirEntry* e = file.findPreferring(model, "FITTYP")) {
        if (!e->value.isNumber) {
            r.error = at(*e) + "FITTYP = " + tirValueText(e->value) + " is not a number";
            return r;
        }
        const double v = e->value.number;
        r.fittyp = (v == std::floor(v) && std::fabs(v) < 1e6) ? int(v) : -1;
        switch (r.fittyp) {
        case 5:
        case 6:
        case 21:
            r.version = TirVersion::Mf5;
            break;
        case 61:
            r.version = TirVersion::Mf61;
            break;
        case 62:
            r.version = TirVersion::Mf62;
            break;
        default:
            r.error = at(*e) + "FITTYP = " + e->value.text +
                      " is not a Magic Formula version this program reads (5, 6 or 21: MF 5.x; 61: MF 6.1; "
                      "62: MF 6.2)";
            return r;
        }
        r.ok = true;
        return r;
    }
    if (const TirEntry* e = file.findPreferring(model, "PROPERTY_FILE_FORMAT")) {
        const std::string format = upper(e->value.text);
        if (format == "PAC2002" || format == "MF_05") {
            r.version = TirVersion::Mf5;
            r.ok = true;
            return r;
        }
        r.error = at(*e) + "PROPERTY_FILE_FORMAT = " + tirValueText(e->value) +
                  " without FITTYP: not a Magic Formula file this program reads ('PAC2002' or 'MF_05', or "
                  "FITTYP 5, 6, 21, 61, 62)";
        return r;
    }
    const TirSectionHeader* section = file.findSection(model);
    r.error = (section ? "line " + std::to_string(section->line) + ": [MODEL] has" : std::string("no [MODEL]:")) +
              " neither FITTYP nor PROPERTY_FILE_FORMAT, so the Magic Formula version is unknown";
    return r;
}

TyreSide sideFromText(const std::string& text) {
    const std::string s = upper(text);
    if (s == "LEFT" || s == "L")
        return TyreSide::Left;
    if (s == "RIGHT" || s == "R")
        return TyreSide::Right;
    return TyreSide::Unknown;
}

// A list of names as one warning line, each name once.
void warnNames(std::vector<std::string>& warnings, const std::string& lead, const std::vector<std::string>& names) {
    if (names.empty())
        return;
    std::string text = lead;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? " " : ", ") + names[i];
    warnings.push_back(text);
}

} // namespace

std::string_view tirVersionName(TirVersion version) {
    switch (version) {
    case TirVersion::Mf5:
        return "MF 5.x";
    case TirVersion::Mf61:
        return "MF 6.1";
    case TirVersion::Mf62:
        return "MF 6.2";
    }
    return "?";
}

std::string tirNumberText(double v) {
    char buffer[32];
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
        if (std::strtod(buffer, nullptr) == v)
            break;
    }
    return buffer;
}

bool tirCoefficientUsedBy(TirCoefficientInfo::Use use, TirVersion version) {
    switch (use) {
    case TirCoefficientInfo::AllVersions: return true;
    case TirCoefficientInfo::Mf5Only: return version == TirVersion::Mf5;
    case TirCoefficientInfo::Mf6Only: return version != TirVersion::Mf5;
    case TirCoefficientInfo::Informative: return false;
    }
    return false;
}

const std::vector<TirCoefficientInfo>& tirCoefficientTable() {
    static const std::vector<TirCoefficientInfo> table = makeTable();
    return table;
}

TirCoefficientsResult tirCoefficientsFromFile(const TirFile& file) {
    TirCoefficientsResult r;
    TirCoefficients& c = r.coefficients;
    const TirCoefficients neutral;

    if (const TirEntry* e = file.find("MDI_HEADER", "FILE_TYPE")) {
        if (upper(e->value.text) != "TIR") {
            r.error = at(*e) + "FILE_TYPE = " + tirValueText(e->value) + ": not a tyre property file ('tir')";
            return r;
        }
    }
    const VersionResult version = detectVersion(file);
    if (!version.ok) {
        r.error = version.error;
        return r;
    }
    c.version = version.version;
    c.fittyp = version.fittyp;
    if (const TirEntry* e = file.findPreferring(model, "PROPERTY_FILE_FORMAT"))
        c.propertyFileFormat = e->value.text;
    if (const TirEntry* e = file.findPreferring(model, "TYRESIDE")) {
        c.side = sideFromText(e->value.text);
        const std::string s = upper(e->value.text);
        if (c.side == TyreSide::Unknown && s != "UNKNOWN" && s != "SYMMETRIC")
            r.warnings.push_back(at(*e) + "TYRESIDE = " + tirValueText(e->value) +
                                 " is none of LEFT, RIGHT, UNKNOWN, SYMMETRIC: the tyre is never mirrored");
    }

    const TirUnitsResult units = tirUnitsFromFile(file);
    if (!units.ok) {
        r.error = units.error;
        return r;
    }
    r.warnings.insert(r.warnings.end(), units.warnings.begin(), units.warnings.end());

    std::vector<std::string> missingZero, missingOne, missingOther, ignored;
    for (const TirCoefficientInfo& info : tirCoefficientTable()) {
        const bool used = tirCoefficientUsedBy(info.use, c.version);
        const TirEntry* e = file.findPreferring(info.section, info.name);
        if (!e) {
            if (!used)
                continue;
            const double d = neutral.*info.member;
            if (std::string_view(info.name) == "FNOMIN" || std::string_view(info.name) == "UNLOADED_RADIUS") {
                const TirSectionHeader* section = file.findSection(info.section);
                r.error = (section ? "line " + std::to_string(section->line) + ": [" + info.section + "] has no " +
                                         info.name
                                   : std::string(info.name) + " is missing (no [" + info.section + "] section)") +
                          (std::string_view(info.name) == "FNOMIN"
                               ? ": the nominal load FNOMIN is needed"
                               : ": the unloaded radius UNLOADED_RADIUS is needed");
                return r;
            }
            if (info.dimension != TirDimension::None && d != 0.0)
                missingOther.push_back(std::string(info.name) + " = " + tirNumberText(d) +
                                       (info.dimension == TirDimension::Speed ? " m/s" : ""));
            else if (d == 0.0)
                missingZero.push_back(info.name);
            else if (d == 1.0)
                missingOne.push_back(info.name);
            else
                missingOther.push_back(std::string(info.name) + " = " + tirNumberText(d));
            continue;
        }
        if (!e->value.isNumber) {
            r.error = at(*e) + info.name + " = " + tirValueText(e->value) + " is not a number";
            return r;
        }
        const double v = e->value.number * units.factors.of(info.dimension);
        if (!std::isfinite(v)) {
            r.error = at(*e) + info.name + " = " + e->value.text + " is out of range in SI units";
            return r;
        }
        if (info.use != Info::Informative && !used && v != neutral.*info.member) {
            ignored.push_back(std::string(info.name) + " (line " + std::to_string(e->line) + ")");
            continue;
        }
        c.*info.member = v;
    }
    warnNames(r.warnings, "missing, taken as 0:", missingZero);
    warnNames(r.warnings, "missing, taken as 1:", missingOne);
    warnNames(r.warnings, "missing, taken as", missingOther);
    warnNames(r.warnings,
              std::string("not part of ") + std::string(tirVersionName(c.version)) + ", ignored:", ignored);

    // The definitions divide by these (docs/physics.md 12.3).
    struct Positive {
        const char* name;
        double value;
        const char* what;
    };
    for (const Positive& p : {Positive{"FNOMIN", c.FNOMIN, "the nominal load"},
                              Positive{"UNLOADED_RADIUS", c.UNLOADED_RADIUS, "the unloaded radius"},
                              Positive{"LFZO", c.LFZO, "the nominal load's scale factor"}}) {
        if (!(p.value > 0.0)) {
            const TirEntry* e = file.findPreferring("", p.name);
            r.error = (e ? at(*e) : std::string()) + p.name + " = " + tirNumberText(p.value) + ": " + p.what +
                      " must be greater than 0";
            return r;
        }
    }
    if (c.VXLOW < 0.0 || c.LONGVL < 0.0) {
        const char* name = c.VXLOW < 0.0 ? "VXLOW" : "LONGVL";
        const TirEntry* e = file.findPreferring(model, name);
        r.error = (e ? at(*e) : std::string()) + name + " must not be negative";
        return r;
    }
    if (c.version != TirVersion::Mf5 && c.NOMPRES < 0.0) {
        const TirEntry* e = file.findPreferring("OPERATING_CONDITIONS", "NOMPRES");
        r.error = (e ? at(*e) : std::string()) + "NOMPRES must not be negative";
        return r;
    }
    if (c.version != TirVersion::Mf5 && c.NOMPRES == 0.0)
        r.warnings.push_back("no nominal pressure NOMPRES: the pressure terms (PPX*, PPY*, PPZ*) are not used");

    // Without a weighting function a second slip would not reduce a force at all (Fx and Fy
    // both at their pure-slip values): such files, and those asking for it, use the ellipse.
    std::vector<std::string> reasons;
    if (const TirEntry* e = file.findPreferring(model, "FE_METHOD"); e && upper(e->value.text) == "YES")
        reasons.push_back(at(*e) + "FE_METHOD = " + tirValueText(e->value));
    if (c.RBX1 == 0.0 && c.RCX1 == 0.0)
        reasons.push_back("RBX1 and RCX1 are 0");
    if (c.RBY1 == 0.0 && c.RCY1 == 0.0)
        reasons.push_back("RBY1 and RCY1 are 0");
    if (!reasons.empty()) {
        c.frictionEllipse = true;
        std::string text;
        for (const std::string& reason : reasons) {
            if (!text.empty())
                text += "; ";
            text += reason;
        }
        r.warnings.push_back(text + ": slips are combined by the friction ellipse of the pure-slip peaks, not "
                                    "the Magic Formula's weighting functions");
    }
    if (const TirEntry* e = file.findPreferring(model, "USE_MODE"); e && !(e->value.isNumber && e->value.number == 4))
        r.warnings.push_back(at(*e) + "USE_MODE = " + tirValueText(e->value) +
                             " is not followed: forces and moment are always evaluated with combined slip "
                             "(USE_MODE 4), without relaxation");
    r.ok = true;
    return r;
}

} // namespace vtw

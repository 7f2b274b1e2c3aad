// aero.ini's wings summed to the workbench's drag and downforce (docs/physics.md 15).
// Each [WING_n] makes a force 0.5 rho v^2 CHORD SPAN GAIN C(ANGLE), C read from its
// angle-of-attack table; the sums at the wings' static angles (no ride-height or
// yaw change, no dynamic controllers) give Cd*A and Cl*A, and the wings' lengthwise
// positions the downforce's front share.

#include "core/gamefiles/AcKeys.h"
#include "core/gamefiles/AcMapping.h"

#include "core/setupfile/CsvIo.h"

#include <algorithm>

namespace vtw::ac {

namespace {

struct Wing {
    QString section;
    double dragArea = 0.0; ///< CHORD SPAN CD_GAIN Cd(ANGLE), m^2
    double liftArea = 0.0; ///< CHORD SPAN CL_GAIN Cl(ANGLE), m^2, positive = downforce
    double position = 0.0; ///< m ahead of the centre of gravity (POSITION's third number)
};

// The coefficient of a wing's table at its angle.
std::optional<double> tableAt(Files& files, const QString& wing, const QString& key, double angle,
                              QStringList& errors) {
    const std::optional<QString> name = files.findIni("aero.ini")->value(wing, key);
    if (!name) {
        errors << QStringLiteral("%1 is missing").arg(keyName("aero.ini", wing, key));
        return std::nullopt;
    }
    const std::optional<QByteArray> bytes = files.table(*name, errors);
    if (!bytes)
        return std::nullopt;
    CurveRules rules;
    rules.minPoints = 1;
    const CurveImportResult table = readLookupTable(*bytes, rules, *name);
    if (!table.ok()) {
        for (const QString& problem : table.errors)
            errors << QStringLiteral("%1: %2").arg(*name, problem);
        return std::nullopt;
    }
    return table.curve->evaluate(angle);
}

std::vector<Wing> readWings(Files& files, QStringList& errors) {
    std::vector<Wing> wings;
    const IniText* aero = files.findIni("aero.ini");
    if (!aero)
        return wings;
    for (const QString& section : aero->sections()) {
        if (!section.startsWith(QLatin1String("WING_")))
            continue;
        const std::optional<double> chord = number(files, "aero.ini", section, "CHORD", errors);
        const std::optional<double> span = number(files, "aero.ini", section, "SPAN", errors);
        const double clGain = number(files, "aero.ini", section, "CL_GAIN", errors).value_or(0.0);
        const double cdGain = number(files, "aero.ini", section, "CD_GAIN", errors).value_or(0.0);
        const double angle = number(files, "aero.ini", section, "ANGLE", errors).value_or(0.0);
        if (!chord || !span) {
            errors << QStringLiteral("%1: CHORD and SPAN are needed").arg(keyName("aero.ini", section, "CHORD, SPAN"));
            continue;
        }
        Wing wing{section};
        if (const std::optional<QString> text = aero->value(section, "POSITION")) {
            const std::optional<std::vector<double>> xyz = iniNumberList(*text);
            if (xyz && xyz->size() == 3)
                wing.position = (*xyz)[2];
            else
                errors << QStringLiteral("%1: '%2' is not three numbers").arg(keyName("aero.ini", section, "POSITION"),
                                                                              *text);
        }
        const double area = *chord * *span;
        if (cdGain != 0.0)
            wing.dragArea = area * cdGain * tableAt(files, section, "LUT_AOA_CD", angle, errors).value_or(0.0);
        if (clGain != 0.0)
            wing.liftArea = area * clGain * tableAt(files, section, "LUT_AOA_CL", angle, errors).value_or(0.0);
        wings.push_back(wing);
    }
    return wings;
}

double sumOf(const std::vector<Wing>& wings, double Wing::*member) {
    double sum = 0.0;
    for (const Wing& w : wings)
        sum += w.*member;
    return sum;
}

// The front axle's share of a downforce acting `position` m ahead of the CG.
double frontShareAt(const ChassisParams& chassis, double position) {
    return (chassis.cgToRearAxle + position) / chassis.wheelbase();
}

// Scales one gain key of every wing by `factor`.
void scaleGains(Files& files, const std::vector<Wing>& wings, const QString& key, double factor) {
    QStringList ignored; // the gains were read once already
    for (const Wing& w : wings) {
        const double gain = number(files, "aero.ini", w.section, key, ignored).value_or(0.0);
        if (gain != 0.0)
            setNumber(files, "aero.ini", w.section, key, gain * factor);
    }
}

// A new aero.ini: the body's drag, and the downforce as two wings over the axles.
void writeNewWings(const Setup& setup, Files& files) {
    const QString unit = QStringLiteral("aero_unit.lut"); // a coefficient of 1 at every angle
    files.setTable(unit, QByteArrayLiteral("-180|1\n180|1\n"));
    IniText& aero = files.ini("aero.ini");
    auto wing = [&](int n, const QString& name, double span, double position, double cdGain, double clGain) {
        const QString section = QStringLiteral("WING_%1").arg(n);
        aero.setValue(section, "NAME", name);
        setNumber(files, "aero.ini", section, "CHORD", 1.0);
        setNumber(files, "aero.ini", section, "SPAN", span);
        aero.setValue(section, "POSITION", QStringLiteral("0,0,%1").arg(iniNumberText(position)));
        aero.setValue(section, "LUT_AOA_CL", unit);
        aero.setValue(section, "LUT_AOA_CD", unit);
        setNumber(files, "aero.ini", section, "CL_GAIN", clGain);
        setNumber(files, "aero.ini", section, "CD_GAIN", cdGain);
        setNumber(files, "aero.ini", section, "ANGLE", 0.0);
    };
    const AeroParams& a = setup.aero;
    wing(0, QStringLiteral("BODY"), a.frontalArea, 0.0, a.dragCoefficient, 0.0);
    if (a.downforceCoefficientArea != 0.0) {
        wing(1, QStringLiteral("FRONT_DOWNFORCE"), 1.0, setup.chassis.cgToFrontAxle, 0.0,
             a.downforceCoefficientArea * a.downforceFrontShare);
        wing(2, QStringLiteral("REAR_DOWNFORCE"), 1.0, -setup.chassis.cgToRearAxle, 0.0,
             a.downforceCoefficientArea * (1.0 - a.downforceFrontShare));
    }
}

} // namespace

MappingEntry aeroEntry() {
    const QString name = keyName("aero.ini", "WING_n", "CHORD, SPAN, POSITION, CL_GAIN, CD_GAIN, ANGLE, tables");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::vector<Wing> wings = readWings(files, errors);
        if (wings.empty())
            return missing(report, name);
        AeroParams& a = setup.aero;
        a.dragCoefficient = sumOf(wings, &Wing::dragArea) / a.frontalArea;
        a.downforceCoefficientArea = sumOf(wings, &Wing::liftArea);
        if (a.downforceCoefficientArea != 0.0) {
            double moment = 0.0;
            for (const Wing& w : wings)
                moment += w.liftArea * frontShareAt(setup.chassis, w.position);
            a.downforceFrontShare = std::clamp(moment / a.downforceCoefficientArea, 0.0, 1.0);
        }
        report.approximated << QStringLiteral("%1 -> aero.dragCoefficient, aero.downforceCoefficientArea, "
                                              "aero.downforceFrontShare: the %2 wings summed at their static "
                                              "angles (positive lift read as downforce); Cd = Cd*A / the frontal "
                                              "area kept, %3 m^2")
                                   .arg(name)
                                   .arg(wings.size())
                                   .arg(iniNumberText(a.frontalArea));
        report.unmapped << QStringLiteral("aero.ini: ride-height and yaw sensitivity, dynamic wing controllers");
    };
    e.write = [=](const Setup& setup, Files& files, AcMappingReport& report) {
        QStringList ignored;
        const std::vector<Wing> wings = files.findIni("aero.ini") ? readWings(files, ignored) : std::vector<Wing>{};
        if (wings.empty())
            return writeNewWings(setup, files);
        // In place: every wing's gains scale together, so the sums match and the
        // wings keep their proportions and positions.
        const AeroParams& a = setup.aero;
        const double drag = sumOf(wings, &Wing::dragArea), lift = sumOf(wings, &Wing::liftArea);
        const double dragArea = a.dragCoefficient * a.frontalArea;
        if (drag != 0.0)
            scaleGains(files, wings, "CD_GAIN", dragArea / drag);
        else if (dragArea != 0.0)
            report.unmapped << QStringLiteral("%1: no wing has drag to scale; Cd*A not written").arg(name);
        if (lift != 0.0)
            scaleGains(files, wings, "CL_GAIN", a.downforceCoefficientArea / lift);
        else if (a.downforceCoefficientArea != 0.0)
            report.unmapped << QStringLiteral("%1: no wing has lift to scale; Cl*A not written").arg(name);
        report.approximated << QStringLiteral("%1 <- aero: every wing's CD_GAIN and CL_GAIN scaled by one factor "
                                              "each; the front share of downforce follows the wings' positions "
                                              "and is not written")
                                   .arg(name);
    };
    e.same = [](const Setup& a, const Setup& b) {
        return a.aero.dragCoefficient * a.aero.frontalArea == b.aero.dragCoefficient * b.aero.frontalArea &&
               a.aero.downforceCoefficientArea == b.aero.downforceCoefficientArea &&
               a.aero.downforceFrontShare == b.aero.downforceFrontShare;
    };
    return e;
}

} // namespace vtw::ac

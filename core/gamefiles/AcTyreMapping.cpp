// tyres.ini's grip as the simplified magic formula (docs/physics.md 15): AC's tyre is
// a model of its own; of the workbench's models the simplified magic formula is the
// closest one that takes AC's figures directly: the peak friction of each direction
// (DX_REF, DY_REF) and the slip angle of the lateral peak (FRICTION_LIMIT_ANGLE).

#include "core/gamefiles/AcKeys.h"
#include "core/gamefiles/AcMapping.h"

#include "core/chassis/LoadTransfer.h"
#include "core/base/Units.h"
#include "core/tires/TirExport.h"

#include <cmath>
#include <numbers>

namespace vtw::ac {

namespace {

// Slip angle (rad) of the lateral peak of F = D sin(C atan(B x)), E = 0: C atan(B x) = pi/2.
double peakSlipAngle(const MagicFormulaCoefficients& k) { return std::tan(std::numbers::pi / (2.0 * k.C)) / k.B; }

bool peakInClosedForm(const MagicFormulaCoefficients& k) { return k.E == 0.0 && k.C > 1.0 && k.B > 0.0; }

struct TyrePeaks {
    double longitudinal = 0.0; ///< peak Fx / Fz
    double lateral = 0.0;      ///< peak Fy / Fz
    double lateralSlip = 0.0;  ///< rad, where the lateral peak lies
    bool exact = false;        ///< read off the magic formula's coefficients
};

TyrePeaks tyrePeaks(const TireParams& tire, double load) {
    const MagicFormulaParams& mf = tire.magicFormula;
    if (tire.model == TireModelKind::MagicFormula && peakInClosedForm(mf.lateral))
        return {mf.longitudinal.D, mf.lateral.D, peakSlipAngle(mf.lateral), true};
    const Curve longitudinal = tirExportSamples(tire, load, false);
    const Curve lateral = tirExportSamples(tire, load, true);
    return {longitudinal.maxY(), lateral.maxY(), lateral.peak().x, false};
}

} // namespace

MappingEntry tyreEntry(bool front) {
    const QString section = front ? QStringLiteral("FRONT") : QStringLiteral("REAR");
    const QString axle = front ? QStringLiteral("tires.front") : QStringLiteral("tires.rear");
    const QString name = keyName("tyres.ini", section, "DX_REF, DY_REF, FRICTION_LIMIT_ANGLE");
    auto tires = [front](auto& setup) -> auto& { return front ? setup.frontTires : setup.rearTires; };
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> dx = number(files, "tyres.ini", section, "DX_REF", errors);
        const std::optional<double> dy = number(files, "tyres.ini", section, "DY_REF", errors);
        if (!dx || !dy)
            return missing(report, name);
        TireParams& t = tires(setup);
        t.model = TireModelKind::MagicFormula;
        t.magicFormula.longitudinal.D = *dx;
        t.magicFormula.lateral.D = *dy;
        QString peak = QStringLiteral("its lateral peak where the default's is");
        if (const std::optional<double> angle = number(files, "tyres.ini", section, "FRICTION_LIMIT_ANGLE", errors);
            angle && *angle > 0.0) {
            MagicFormulaCoefficients& lateral = t.magicFormula.lateral;
            lateral.E = 0.0;
            lateral.B = std::tan(std::numbers::pi / (2.0 * lateral.C)) / units::degToRad(*angle);
            peak = QStringLiteral("its lateral peak at FRICTION_LIMIT_ANGLE (B from C and the angle, E = 0)");
        }
        report.approximated << QStringLiteral("%1 -> %2: the simplified magic formula with peak friction DX_REF "
                                              "and DY_REF, %3; the slip stiffnesses are the default's")
                                   .arg(name, axle, peak);
    };
    e.write = [=](const Setup& setup, Files& files, AcMappingReport& report) {
        const TireParams& t = tires(setup);
        const TyrePeaks peaks = tyrePeaks(t, staticWheelLoad(setup.chassis, front));
        setNumber(files, "tyres.ini", section, "DX_REF", peaks.longitudinal);
        setNumber(files, "tyres.ini", section, "DY_REF", peaks.lateral);
        setNumber(files, "tyres.ini", section, "FRICTION_LIMIT_ANGLE", units::radToDeg(peaks.lateralSlip));
        if (!peaks.exact)
            report.approximated << QStringLiteral("%1 <- %2: the peaks of its curves at the static wheel load")
                                       .arg(name, axle);
    };
    e.same = [=](const Setup& a, const Setup& b) {
        const TireParams &ta = tires(a), &tb = tires(b);
        return ta.model == tb.model && ta.magicFormula == tb.magicFormula &&
               (ta.model == TireModelKind::MagicFormula || ta == tb);
    };
    return e;
}

} // namespace vtw::ac

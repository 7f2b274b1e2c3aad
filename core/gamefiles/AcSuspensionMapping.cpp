// suspensions.ini's springs, dampers and bump stops (docs/physics.md 15). AC applies
// them to the hub's travel against the body, so its rates are wheel rates; the setup
// gives a spring and a damper where they act, on the axle's motion ratio MR
// (docs/physics.md 16.1). Each is read through the setup's MR, which stays:
// spring = SPRING_RATE / MR^2, damper = DAMP_* / MR^2, knee speed = threshold x MR.

#include "core/gamefiles/AcKeys.h"
#include "core/gamefiles/AcMapping.h"

#include <cmath>

namespace vtw::ac {

namespace {

// AC's own defaults for keys a file leaves at zero.
constexpr double acDefaultFastThreshold = 0.2;  ///< m/s of wheel travel
constexpr double acDefaultBumpStopRate = 500000.0; ///< N/m at the wheel

AxleSuspensionParams& axleOf(Setup& setup, bool front) { return front ? setup.suspension.front : setup.suspension.rear; }
const AxleSuspensionParams& axleOf(const Setup& setup, bool front) {
    return front ? setup.suspension.front : setup.suspension.rear;
}

struct AcDamper {
    double bump = 0.0, rebound = 0.0, fastBump = 0.0, fastRebound = 0.0; ///< N s/m at the wheel
    double bumpThreshold = 0.0, reboundThreshold = 0.0;                  ///< m/s at the wheel
};

} // namespace

MappingEntry springEntry(bool front) {
    const QString section = front ? QStringLiteral("FRONT") : QStringLiteral("REAR");
    const QString field = front ? QStringLiteral("suspension.front") : QStringLiteral("suspension.rear");
    const QString name = keyName("suspensions.ini", section, "SPRING_RATE, BUMP_STOP_RATE");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> spring = number(files, "suspensions.ini", section, "SPRING_RATE", errors);
        if (!spring)
            return missing(report, name);
        AxleSuspensionParams& a = axleOf(setup, front);
        const double mr2 = a.motionRatio * a.motionRatio;
        a.springRate = *spring / mr2;
        report.exact << QStringLiteral("%1 (a wheel rate) -> %2.springRate = SPRING_RATE / motion ratio^2, the "
                                       "setup's motion ratio %3 kept")
                            .arg(keyName("suspensions.ini", section, "SPRING_RATE"), field,
                                 iniNumberText(a.motionRatio));
        const double stop =
            number(files, "suspensions.ini", section, "BUMP_STOP_RATE", errors).value_or(0.0);
        a.bumpStopRate = stop > 0.0 ? stop : acDefaultBumpStopRate;
        report.exact << QStringLiteral("%1 -> %2.bumpStopRate%3")
                            .arg(keyName("suspensions.ini", section, "BUMP_STOP_RATE"), field,
                                 stop > 0.0 ? QString() : QStringLiteral(" (missing or 0: AC's 500000 N/m)"));
        const double progressive =
            number(files, "suspensions.ini", section, "PROGRESSIVE_SPRING_RATE", errors).value_or(0.0);
        if (progressive != 0.0)
            report.approximated << QStringLiteral("%1 %2: not read, the spring is linear")
                                       .arg(keyName("suspensions.ini", section, "PROGRESSIVE_SPRING_RATE"),
                                            iniNumberText(progressive));
    };
    e.write = [=](const Setup& setup, Files& files, AcMappingReport&) {
        const AxleSuspensionParams& a = axleOf(setup, front);
        setNumber(files, "suspensions.ini", section, "SPRING_RATE", a.springRate * a.motionRatio * a.motionRatio);
        setNumber(files, "suspensions.ini", section, "BUMP_STOP_RATE", a.bumpStopRate);
    };
    e.same = [=](const Setup& x, const Setup& y) {
        const AxleSuspensionParams &a = axleOf(x, front), &b = axleOf(y, front);
        return a.springRate * a.motionRatio * a.motionRatio == b.springRate * b.motionRatio * b.motionRatio &&
               a.bumpStopRate == b.bumpStopRate;
    };
    return e;
}

// AC's damper is two-stage in each direction, continuous at its threshold, as the
// setup's; the setup has one knee for both directions (the bump threshold's).
MappingEntry damperEntry(bool front) {
    const QString section = front ? QStringLiteral("FRONT") : QStringLiteral("REAR");
    const QString field = front ? QStringLiteral("suspension.front") : QStringLiteral("suspension.rear");
    const QString name =
        keyName("suspensions.ini", section,
                "DAMP_BUMP, DAMP_REBOUND, DAMP_FAST_BUMP, DAMP_FAST_REBOUND, DAMP_FAST_BUMPTHRESHOLD, "
                "DAMP_FAST_REBOUNDTHRESHOLD");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        auto key = [&](const char* k) { return number(files, "suspensions.ini", section, k, errors); };
        const std::optional<double> bump = key("DAMP_BUMP"), rebound = key("DAMP_REBOUND");
        if (!bump || !rebound)
            return missing(report, name);
        AcDamper d{*bump, *rebound, key("DAMP_FAST_BUMP").value_or(0.0), key("DAMP_FAST_REBOUND").value_or(0.0),
                   key("DAMP_FAST_BUMPTHRESHOLD").value_or(0.0), key("DAMP_FAST_REBOUNDTHRESHOLD").value_or(0.0)};
        // AC reads a zero fast rate as the slow one and a zero threshold as 0.2 m/s.
        if (d.fastBump == 0.0)
            d.fastBump = d.bump;
        if (d.fastRebound == 0.0)
            d.fastRebound = d.rebound;
        if (d.bumpThreshold <= 0.0)
            d.bumpThreshold = acDefaultFastThreshold;
        if (d.reboundThreshold <= 0.0)
            d.reboundThreshold = acDefaultFastThreshold;
        AxleSuspensionParams& a = axleOf(setup, front);
        const double mr = a.motionRatio, mr2 = mr * mr;
        a.bumpDamping = d.bump / mr2;
        a.reboundDamping = d.rebound / mr2;
        a.bumpDampingHigh = d.fastBump / mr2;
        a.reboundDampingHigh = d.fastRebound / mr2;
        const bool linear = d.fastBump == d.bump && d.fastRebound == d.rebound;
        a.kneeSpeed = linear ? 0.0 : d.bumpThreshold * mr;
        const QString line = QStringLiteral("%1 -> %2 dampers: rates / motion ratio^2, threshold x motion ratio "
                                            "(AC's are at the wheel)")
                                 .arg(name, field);
        if (linear || d.bumpThreshold == d.reboundThreshold)
            report.exact << line;
        else
            report.approximated << QStringLiteral("%1; one knee for both directions, DAMP_FAST_BUMPTHRESHOLD's "
                                                  "(DAMP_FAST_REBOUNDTHRESHOLD %2 m/s not used)")
                                       .arg(line, iniNumberText(d.reboundThreshold));
    };
    e.write = [=](const Setup& setup, Files& files, AcMappingReport&) {
        const AxleSuspensionParams& a = axleOf(setup, front);
        const double mr = a.motionRatio, mr2 = mr * mr;
        const bool linear = a.kneeSpeed <= 0.0;
        setNumber(files, "suspensions.ini", section, "DAMP_BUMP", a.bumpDamping * mr2);
        setNumber(files, "suspensions.ini", section, "DAMP_REBOUND", a.reboundDamping * mr2);
        setNumber(files, "suspensions.ini", section, "DAMP_FAST_BUMP", (linear ? a.bumpDamping : a.bumpDampingHigh) * mr2);
        setNumber(files, "suspensions.ini", section, "DAMP_FAST_REBOUND",
                  (linear ? a.reboundDamping : a.reboundDampingHigh) * mr2);
        if (!linear) {
            setNumber(files, "suspensions.ini", section, "DAMP_FAST_BUMPTHRESHOLD", a.kneeSpeed / mr);
            setNumber(files, "suspensions.ini", section, "DAMP_FAST_REBOUNDTHRESHOLD", a.kneeSpeed / mr);
        }
    };
    e.same = [=](const Setup& x, const Setup& y) {
        const AxleSuspensionParams &a = axleOf(x, front), &b = axleOf(y, front);
        return a.motionRatio == b.motionRatio && a.bumpDamping == b.bumpDamping &&
               a.reboundDamping == b.reboundDamping && a.kneeSpeed == b.kneeSpeed &&
               (a.kneeSpeed <= 0.0 ||
                (a.bumpDampingHigh == b.bumpDampingHigh && a.reboundDampingHigh == b.reboundDampingHigh));
    };
    return e;
}

} // namespace vtw::ac

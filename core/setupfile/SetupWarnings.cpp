#include "core/setupfile/SetupWarnings.h"

#include "core/chassis/Suspension.h"

namespace vtw {

namespace {

QString num(double v) {
    return QString::number(v, 'g', 6);
}

// docs/physics.md 16: the dynamic suspension's advice, per axle.
void suspensionWarnings(const Setup& s, SetupIssues& out) {
    if (s.suspension.model != SuspensionModel::Dynamic)
        return; // the rigid model reads none of these
    const SuspensionDynamics model(s);
    for (const bool front : {true, false}) {
        const AxleSuspensionParams& a = front ? s.suspension.front : s.suspension.rear;
        const QString p = front ? QStringLiteral("suspension.front.") : QStringLiteral("suspension.rear.");
        // A damper usually resists extension more than compression: with less rebound the
        // body floats after a bump and the wheel is slow to come back down.
        if (a.reboundDamping < a.bumpDamping)
            out.append({p + "reboundDamping", QString("is below bump damping (%1 N s/m): the body will float "
                                                      "after a bump")
                                                  .arg(num(a.bumpDamping))});
        if (a.kneeSpeed > 0.0 && a.reboundDampingHigh < a.bumpDampingHigh)
            out.append({p + "reboundDampingHigh",
                        QString("is below high-speed bump damping (%1 N s/m)").arg(num(a.bumpDampingHigh))});
        // Past the ride height the body would touch the road before the stop.
        if (a.bumpStopGap >= a.rideHeight)
            out.append({p + "bumpStopGap", QString("is at least the ride height (%1 m): the body reaches the "
                                                   "ground before the bump stop")
                                               .arg(num(a.rideHeight))});
        // A roll centre above the sprung CG turns the roll moment round (the body leans
        // into the turn), which no road car does.
        if (a.rollCentreHeight > model.sprungCgHeight())
            out.append({p + "rollCentreHeight", QString("is above the sprung mass's CG (%1 m): the body would "
                                                        "lean into turns")
                                                    .arg(num(model.sprungCgHeight()))});
    }
}

} // namespace

SetupIssues setupWarnings(const Setup& setup) {
    SetupIssues out;
    // Advice only for a setup that can run: its numbers are then safe to work with.
    if (!validateSetup(setup).isEmpty())
        return out;
    suspensionWarnings(setup, out);
    return out;
}

} // namespace vtw

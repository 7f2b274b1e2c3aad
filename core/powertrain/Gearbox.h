#pragma once

#include "core/vehicle/Setup.h"

#include <algorithm>
#include <cmath>

namespace vtw {

/// Gear numbering: -1 reverse, 0 neutral, 1..N forward.
inline constexpr int ReverseGear = -1;
inline constexpr int NeutralGear = 0;

/// What the driver asks of the gearbox. With an automatic box, any forward
/// request means "drive" and the box picks the gear; with a manual box the
/// request is the gear itself.
struct GearRequest {
    int gear = 1;
};

/// The gearbox's discrete state, advanced once per step.
struct GearboxState {
    int gear = NeutralGear;
    double shiftTimeLeft = 0.0; ///< s; drive torque is cut while > 0
    bool shifting() const { return shiftTimeLeft > 0.0; }
};

/// Signed ratio of a gear (negative in reverse, 0 in neutral or out of range).
/// Inline: every step asks for it.
inline double gearRatio(const GearboxParams& box, int gear) {
    if (gear == ReverseGear)
        return -box.reverseRatio;
    if (gear >= 1 && gear <= box.gearCount())
        return box.forwardRatios[static_cast<std::size_t>(gear - 1)];
    return 0.0;
}

namespace gearbox_detail {

inline void shiftTo(const GearboxParams& box, GearboxState& state, int gear) {
    if (gear == state.gear)
        return;
    state.gear = gear;
    state.shiftTimeLeft = box.shiftTime;
}

inline int clampGear(const GearboxParams& box, int gear) { return std::clamp(gear, ReverseGear, box.gearCount()); }

} // namespace gearbox_detail

/// Advance the gearbox by dt: finish a shift in progress, apply the driver's
/// request, and shift automatically on the rpm thresholds. `wheelRpm` is the
/// engine speed the driven wheels impose in the current gear. Inline: every step
/// calls it, and the call cost more than its few compares.
inline void updateGearbox(const GearboxParams& box, GearboxState& state, const GearRequest& request,
                          double wheelRpm, double dt) {
    using namespace gearbox_detail;
    if (state.shiftTimeLeft > 0.0)
        state.shiftTimeLeft = std::max(0.0, state.shiftTimeLeft - dt);

    if (box.shiftMode == ShiftMode::Manual) {
        if (!state.shifting())
            shiftTo(box, state, clampGear(box, request.gear));
        return;
    }

    // Automatic: neutral and reverse are taken as asked; any forward request is "drive".
    if (request.gear <= NeutralGear) {
        shiftTo(box, state, clampGear(box, request.gear));
        return;
    }
    if (state.gear <= NeutralGear) {
        shiftTo(box, state, 1);
        return;
    }
    if (state.shifting())
        return; // no new decision until the last shift is through: this is the hysteresis
    const double rpm = std::abs(wheelRpm);
    if (rpm > box.upshiftRpm && state.gear < box.gearCount()) {
        // Not if the next gear would land below the downshift line (wheelspin
        // can push rpm over the line at walking pace): that would hunt.
        const double higherRpm = rpm * gearRatio(box, state.gear + 1) / gearRatio(box, state.gear);
        if (higherRpm > box.downshiftRpm)
            shiftTo(box, state, state.gear + 1);
    } else if (rpm < box.downshiftRpm && state.gear > 1) {
        // Only if the lower gear would not land above the upshift line at once.
        const double lowerRpm = rpm * gearRatio(box, state.gear - 1) / gearRatio(box, state.gear);
        if (lowerRpm < box.upshiftRpm)
            shiftTo(box, state, state.gear - 1);
    }
}

/// The forward gear an automatic box would cruise in at a road speed (for runs
/// that start moving): the highest gear whose rpm stays 10 % above the
/// downshift line and below the upshift line; first gear if none does.
int gearForSpeed(const GearboxParams& box, double speed, double wheelRadius);

} // namespace vtw

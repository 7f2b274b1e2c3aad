#pragma once

#include "Setup.h"

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

/// Advance the gearbox by dt: finish a shift in progress, apply the driver's
/// request, and shift automatically on the rpm thresholds. `wheelRpm` is the
/// engine speed the driven wheels impose in the current gear.
void updateGearbox(const GearboxParams& box, GearboxState& state, const GearRequest& request,
                   double wheelRpm, double dt);

/// The forward gear an automatic box would cruise in at a road speed (for runs
/// that start moving): the highest gear whose rpm stays 10 % above the
/// downshift line and below the upshift line; first gear if none does.
int gearForSpeed(const GearboxParams& box, double speed, double wheelRadius);

} // namespace vtw

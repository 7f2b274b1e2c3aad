#include "Gearbox.h"

#include "Engine.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

void shiftTo(const GearboxParams& box, GearboxState& state, int gear) {
    if (gear == state.gear)
        return;
    state.gear = gear;
    state.shiftTimeLeft = box.shiftTime;
}

int clampGear(const GearboxParams& box, int gear) { return std::clamp(gear, ReverseGear, box.gearCount()); }

} // namespace

void updateGearbox(const GearboxParams& box, GearboxState& state, const GearRequest& request,
                   double wheelRpm, double dt) {
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

int gearForSpeed(const GearboxParams& box, double speed, double wheelRadius) {
    // Cruising choice: the highest gear that keeps the engine clear of the
    // downshift line (so the box does not shift down at once).
    const double omega = std::abs(speed) / wheelRadius;
    constexpr double margin = 1.1;
    int chosen = 1;
    for (int g = 1; g <= box.gearCount(); ++g) {
        const double rpm = engineRpmFromWheelSpeed(omega, gearRatio(box, g), box.finalDrive);
        if (rpm >= box.downshiftRpm * margin && rpm < box.upshiftRpm)
            chosen = g;
    }
    return chosen;
}

} // namespace vtw

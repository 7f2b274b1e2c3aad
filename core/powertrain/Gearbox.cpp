#include "core/powertrain/Gearbox.h"

#include "core/powertrain/Engine.h"

#include <cmath>

namespace vtw {

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

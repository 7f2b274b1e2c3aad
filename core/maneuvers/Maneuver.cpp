#include "core/maneuvers/Maneuver.h"

#include "core/powertrain/Gearbox.h"

namespace vtw {

InitialConditions Maneuver::initialConditions(const Setup&) const { return {}; }

namespace {
void applyAidChoice(AidChoice choice, AidSwitch& aid) {
    if (choice != AidChoice::AsSetup)
        aid = choice == AidChoice::On ? AidSwitch::On : AidSwitch::Off;
}
} // namespace

Setup Maneuver::runSetup(const Setup& setup) const {
    Setup s = adaptSetup(setup);
    applyAidChoice(m_abs, s.aids.abs);
    applyAidChoice(m_tractionControl, s.aids.tractionControl);
    return s;
}

InitialConditions cruisingStart(const Setup& setup, double speed) {
    const double drivenRadius = setup.driveline.layout == DrivelineLayout::FrontWheelDrive
                                    ? setup.frontTires.radius
                                    : setup.rearTires.radius;
    InitialConditions ic;
    ic.speed = speed;
    ic.gear = gearForSpeed(setup.gearbox, speed, drivenRadius);
    return ic;
}

} // namespace vtw

#include "core/vehicle/Setup.h"

namespace vtw {

TireParams defaultFrontTire() {
    TireParams t;
    t.radius = 0.33;
    t.wheelInertia = 4.1;
    return t;
}

TireParams defaultRearTire() {
    TireParams t;
    t.radius = 0.34;
    t.wheelInertia = 4.1;
    return t;
}

Setup defaultSetup() {
    Setup s;
    s.notes = "Chevrolet Corvette C5 (LS1), from Marco Monster's Car Physics for Games (2003): mass with "
              "driver, gear ratios, final drive, Cd and frontal area, the LS1 torque anchors. "
              "Guesses: transmission efficiency 0.7 (Monster's guess), CG height 0.5 m, yaw inertia, "
              "roll-stiffness split, brake torque and bias, engine braking, torque curve between "
              "the anchors. Track 1.575 m from the public C5 specification.";
    return s;
}

} // namespace vtw

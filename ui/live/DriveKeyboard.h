#pragma once

#include "core/sim/VehicleState.h"

namespace vtw {

/// Turns on/off keys into smooth driver inputs: a key held ramps its input up
/// at a limited rate and a key released ramps it back (a real pedal or wheel
/// cannot jump, and a step of full throttle or lock would only spin the car).
/// Arrows or WASD: throttle, brake, steer; E / Q or Page Up / Page Down: gear
/// up / down; Space: handbrake.
class DriveKeyboard {
public:
    struct Rates { ///< per second, in input units (0..1, steer -1..1)
        double throttleUp = 2.0, throttleDown = 4.0;
        double brakeUp = 3.0, brakeDown = 5.0;
        double steer = 1.2, steerReturn = 2.5;
        double handbrake = 6.0;
    };

    DriveKeyboard() = default;
    explicit DriveKeyboard(Rates rates) : m_rates(rates) {}

    /// Returns true if the key is a driving key (the caller then accepts the event).
    bool keyPress(int key);
    bool keyRelease(int key);
    /// All keys up (focus lost).
    void releaseAll();

    /// Advance the ramps by dt seconds and return the inputs.
    const DriverInputs& update(double dt);
    const DriverInputs& inputs() const { return m_inputs; }

    /// Manual boxes shift through 1..topGear; any box goes down to neutral and reverse.
    void setTopGear(int gear) { m_topGear = gear > 0 ? gear : 1; }
    int requestedGear() const { return m_inputs.gear.gear; }

private:
    bool setKey(int key, bool down);

    Rates m_rates;
    DriverInputs m_inputs;
    bool m_throttle = false, m_brake = false, m_left = false, m_right = false, m_handbrake = false;
    int m_topGear = 6;
};

} // namespace vtw

#include "ui/live/DriveKeyboard.h"

#include <Qt>

#include <algorithm>

namespace vtw {

namespace {

double approach(double value, double target, double upRate, double downRate, double dt) {
    // Moving away from zero uses upRate, back towards zero downRate.
    const bool away = std::abs(target) > std::abs(value) && target * value >= 0.0;
    const double rate = away ? upRate : downRate;
    if (value < target)
        return std::min(target, value + rate * dt);
    return std::max(target, value - rate * dt);
}

} // namespace

bool DriveKeyboard::setKey(int key, bool down) {
    switch (key) {
    case Qt::Key_Up:
    case Qt::Key_W:
        m_throttle = down;
        return true;
    case Qt::Key_Down:
    case Qt::Key_S:
        m_brake = down;
        return true;
    case Qt::Key_Left:
    case Qt::Key_A:
        m_left = down;
        return true;
    case Qt::Key_Right:
    case Qt::Key_D:
        m_right = down;
        return true;
    case Qt::Key_Space:
        m_handbrake = down;
        return true;
    default:
        return false;
    }
}

bool DriveKeyboard::keyPress(int key) {
    if (key == Qt::Key_E || key == Qt::Key_PageUp) {
        m_inputs.gear.gear = std::min(m_topGear, m_inputs.gear.gear + 1);
        return true;
    }
    if (key == Qt::Key_Q || key == Qt::Key_PageDown) {
        m_inputs.gear.gear = std::max(-1, m_inputs.gear.gear - 1);
        return true;
    }
    return setKey(key, true);
}

bool DriveKeyboard::keyRelease(int key) {
    if (key == Qt::Key_E || key == Qt::Key_PageUp || key == Qt::Key_Q || key == Qt::Key_PageDown)
        return true;
    return setKey(key, false);
}

void DriveKeyboard::releaseAll() {
    m_throttle = m_brake = m_left = m_right = m_handbrake = false;
}

const DriverInputs& DriveKeyboard::update(double dt) {
    dt = std::clamp(dt, 0.0, 0.1);
    const Rates& r = m_rates;
    m_inputs.throttle =
        approach(m_inputs.throttle, m_throttle ? 1.0 : 0.0, r.throttleUp, r.throttleDown, dt);
    m_inputs.brake = approach(m_inputs.brake, m_brake ? 1.0 : 0.0, r.brakeUp, r.brakeDown, dt);
    const double steerTarget = (m_left ? 1.0 : 0.0) - (m_right ? 1.0 : 0.0);
    m_inputs.steer = approach(m_inputs.steer, steerTarget, r.steer, r.steerReturn, dt);
    m_inputs.handbrake =
        approach(m_inputs.handbrake, m_handbrake ? 1.0 : 0.0, r.handbrake, r.handbrake, dt);
    return m_inputs;
}

} // namespace vtw

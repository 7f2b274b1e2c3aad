#include "Telemetry.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace vtw {

namespace {

template <int W> double load(const StepSample& s) { return s.load[W]; }
template <int W> double slipRatio(const StepSample& s) { return s.forces.slipRatio[W]; }
template <int W> double slipAngle(const StepSample& s) { return s.forces.slipAngle[W]; }
template <int W> double fx(const StepSample& s) { return s.forces.fx[W]; }
template <int W> double fy(const StepSample& s) { return s.forces.fy[W]; }
template <int W> double spin(const StepSample& s) { return s.body.wheelSpin[W]; }
template <int W> double usage(const StepSample& s) {
    // |F| / (mu Fz): how much of the friction circle the tire uses (can pass 1
    // for models whose peak factor exceeds the surface mu).
    const double limit = s.surfaceMu[W] * s.load[W];
    if (limit <= 0.0)
        return 0.0;
    const double f = std::sqrt(s.forces.fx[W] * s.forces.fx[W] + s.forces.fy[W] * s.forces.fy[W]);
    return f / limit;
}

void addWheelChannels(std::vector<ChannelInfo>& out, const char* base, const char* unit,
                      const char* label, const char* group,
                      double (*const readers[WheelCount])(const StepSample&)) {
    static const char* wheels[WheelCount] = {"FL", "FR", "RL", "RR"};
    for (int i = 0; i < WheelCount; ++i) {
        out.push_back({std::string(base) + "_" + wheels[i], unit,
                       std::string(label) + " " + wheels[i], group, readers[i]});
    }
}

std::vector<ChannelInfo> buildCatalogue() {
    std::vector<ChannelInfo> c;
    c.push_back({"time", "s", "Time", "Motion", [](const StepSample& s) { return s.time; }});
    c.push_back({"x", "m", "Position x", "Motion", [](const StepSample& s) { return s.body.x; }});
    c.push_back({"y", "m", "Position y", "Motion", [](const StepSample& s) { return s.body.y; }});
    c.push_back({"distance", "m", "Distance", "Motion", [](const StepSample& s) { return s.distance; }});
    c.push_back({"speed", "m/s", "Speed", "Motion", [](const StepSample& s) { return s.speed(); }});
    c.push_back({"vx", "m/s", "Velocity x (car)", "Motion", [](const StepSample& s) { return s.body.vx; }});
    c.push_back({"vy", "m/s", "Velocity y (car)", "Motion", [](const StepSample& s) { return s.body.vy; }});
    c.push_back({"ax", "m/s^2", "Longitudinal acceleration", "Motion",
                 [](const StepSample& s) { return s.forces.longitudinalAccel; }});
    c.push_back({"ay", "m/s^2", "Lateral acceleration", "Motion",
                 [](const StepSample& s) { return s.forces.lateralAccel; }});
    c.push_back({"heading", "rad", "Heading", "Motion", [](const StepSample& s) { return s.body.heading; }});
    c.push_back({"yaw_rate", "rad/s", "Yaw rate", "Motion", [](const StepSample& s) { return s.body.yawRate; }});
    c.push_back({"sideslip", "rad", "Sideslip angle", "Motion", [](const StepSample& s) { return s.sideslip(); }});
    c.push_back({"throttle", "1", "Throttle", "Driver", [](const StepSample& s) { return s.inputs.throttle; }});
    c.push_back({"brake", "1", "Brake", "Driver", [](const StepSample& s) { return s.inputs.brake; }});
    c.push_back({"steer_input", "1", "Steer input", "Driver", [](const StepSample& s) { return s.inputs.steer; }});
    c.push_back({"steer_angle", "rad", "Steer angle", "Driver", [](const StepSample& s) { return s.steerAngle; }});
    c.push_back({"steer_FL", "rad", "Steer angle FL", "Driver", [](const StepSample& s) { return s.steerLeft(); }});
    c.push_back({"steer_FR", "rad", "Steer angle FR", "Driver", [](const StepSample& s) { return s.steerRight(); }});
    c.push_back({"gear", "1", "Gear", "Engine", [](const StepSample& s) { return double(s.gear); }});
    c.push_back({"rpm", "rpm", "Engine speed", "Engine", [](const StepSample& s) { return s.forces.engineRpm; }});
    c.push_back({"engine_torque", "N m", "Engine torque", "Engine",
                 [](const StepSample& s) { return s.forces.engineTorque; }});
    c.push_back({"drag", "N", "Drag force", "Forces", [](const StepSample& s) { return s.forces.dragForce; }});
    c.push_back({"rolling_resistance", "N", "Rolling resistance", "Forces",
                 [](const StepSample& s) { return s.forces.rollingResistanceForce; }});

    static double (*const loads[])(const StepSample&) = {load<0>, load<1>, load<2>, load<3>};
    static double (*const kappas[])(const StepSample&) = {slipRatio<0>, slipRatio<1>, slipRatio<2>, slipRatio<3>};
    static double (*const alphas[])(const StepSample&) = {slipAngle<0>, slipAngle<1>, slipAngle<2>, slipAngle<3>};
    static double (*const fxs[])(const StepSample&) = {fx<0>, fx<1>, fx<2>, fx<3>};
    static double (*const fys[])(const StepSample&) = {fy<0>, fy<1>, fy<2>, fy<3>};
    static double (*const spins[])(const StepSample&) = {spin<0>, spin<1>, spin<2>, spin<3>};
    static double (*const usages[])(const StepSample&) = {usage<0>, usage<1>, usage<2>, usage<3>};
    addWheelChannels(c, "load", "N", "Load", "Wheels: load", loads);
    addWheelChannels(c, "slip_ratio", "1", "Slip ratio", "Wheels: slip ratio", kappas);
    addWheelChannels(c, "slip_angle", "rad", "Slip angle", "Wheels: slip angle", alphas);
    addWheelChannels(c, "fx", "N", "Fx", "Wheels: Fx", fxs);
    addWheelChannels(c, "fy", "N", "Fy", "Wheels: Fy", fys);
    addWheelChannels(c, "spin", "rad/s", "Wheel spin", "Wheels: spin", spins);
    addWheelChannels(c, "usage", "1", "Friction usage", "Wheels: friction usage", usages);
    return c;
}

} // namespace

const std::vector<ChannelInfo>& channelCatalogue() {
    static const std::vector<ChannelInfo> catalogue = buildCatalogue();
    return catalogue;
}

int channelIndex(const std::string& name) {
    const auto& cat = channelCatalogue();
    for (std::size_t i = 0; i < cat.size(); ++i) {
        if (cat[i].name == name)
            return static_cast<int>(i);
    }
    return -1;
}

double telemetryCsvBytesEstimate(double samples) {
    return samples * double(channelCatalogue().size()) * telemetryCsvBytesPerValue;
}

Telemetry::Telemetry(int decimation)
    : m_decimation(decimation < 1 ? 1 : decimation), m_columns(channelCatalogue().size()) {}

void Telemetry::record(const StepSample& sample) {
    const auto& cat = channelCatalogue();
    for (std::size_t i = 0; i < cat.size(); ++i)
        m_columns[i].push_back(cat[i].read(sample));
}

void Telemetry::reserve(std::size_t samples) {
    for (auto& column : m_columns)
        column.reserve(samples);
}

void Telemetry::clear() {
    for (auto& column : m_columns)
        column.clear();
}

const std::vector<double>& Telemetry::column(const std::string& name) const {
    const int index = channelIndex(name);
    if (index < 0)
        throw std::out_of_range("no telemetry channel named " + name);
    return m_columns[static_cast<std::size_t>(index)];
}

const ChannelInfo& Telemetry::info(std::size_t channel) const { return channelCatalogue()[channel]; }

std::string Telemetry::toCsv() const {
    std::string out;
    const auto& cat = channelCatalogue();
    for (std::size_t i = 0; i < cat.size(); ++i) {
        if (i)
            out += ',';
        out += cat[i].name + " [" + cat[i].unit + "]";
    }
    out += '\n';
    char buffer[32];
    for (std::size_t row = 0; row < sampleCount(); ++row) {
        for (std::size_t i = 0; i < m_columns.size(); ++i) {
            if (i)
                out += ',';
            const auto result = std::to_chars(buffer, buffer + sizeof buffer, m_columns[i][row]);
            out.append(buffer, result.ptr);
        }
        out += '\n';
    }
    return out;
}

} // namespace vtw

#include "core/sim/Telemetry.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string_view>

namespace vtw {

namespace {

template <int W> double load(const StepSample& s) { return s.load[W]; }
template <int W> double slipRatio(const StepSample& s) { return s.forces.slipRatio[W]; }
template <int W> double slipAngle(const StepSample& s) { return s.forces.slipAngle[W]; }
template <int W> double fx(const StepSample& s) { return s.forces.fx[W]; }
template <int W> double fy(const StepSample& s) { return s.forces.fy[W]; }
template <int W> double usage(const StepSample& s) {
    // |F| / (mu Fz): how much of the friction circle the tire uses (can pass 1
    // for models whose peak factor exceeds the surface mu).
    const double limit = s.surfaceMu[W] * s.load[W];
    if (limit <= 0.0)
        return 0.0;
    const double f = std::sqrt(s.forces.fx[W] * s.forces.fx[W] + s.forces.fy[W] * s.forces.fy[W]);
    return f / limit;
}
// A state's channel reads its field of the sample's body (bodyStateFields).
template <std::size_t I> double stateValue(const StepSample& s) { return s.body.*stateField<I>.member; }
template <std::size_t I, std::size_t W> double stateWheelValue(const StepSample& s) {
    return (s.body.*stateField<I>.member)[W];
}

using Reader = double (*)(const StepSample&);

void addWheelChannels(std::vector<ChannelInfo>& out, const char* base, const char* unit,
                      const char* label, const char* group, const Reader (&readers)[WheelCount]) {
    static const char* wheels[WheelCount] = {"FL", "FR", "RL", "RR"};
    for (int i = 0; i < WheelCount; ++i) {
        out.push_back({std::string(base) + "_" + wheels[i], unit,
                       std::string(label) + " " + wheels[i], group, readers[i]});
    }
}

/// Channels worked out from a sample rather than read from the state, listed after the
/// state channel they follow in the catalogue: its order is the telemetry CSV's column
/// order, which stays put when a state is added (a new state's channel comes last).
struct DerivedChannels {
    const char* after; ///< a state channel's name (StateChannel::name)
    std::vector<ChannelInfo> channels;
};

std::vector<DerivedChannels> derivedChannels() {
    std::vector<ChannelInfo> afterYawRate = {
        {"sideslip", "rad", "Sideslip angle", "Motion", [](const StepSample& s) { return s.sideslip(); }},
        {"throttle", "1", "Throttle", "Driver", [](const StepSample& s) { return s.inputs.throttle; }},
        {"brake", "1", "Brake", "Driver", [](const StepSample& s) { return s.inputs.brake; }},
        {"steer_input", "1", "Steer input", "Driver", [](const StepSample& s) { return s.inputs.steer; }},
        {"steer_angle", "rad", "Steer angle", "Driver", [](const StepSample& s) { return s.steerAngle; }},
        {"steer_FL", "rad", "Steer angle FL", "Driver", [](const StepSample& s) { return s.steerLeft(); }},
        {"steer_FR", "rad", "Steer angle FR", "Driver", [](const StepSample& s) { return s.steerRight(); }},
        {"gear", "1", "Gear", "Engine", [](const StepSample& s) { return double(s.gear); }},
        {"rpm", "rpm", "Engine speed", "Engine", [](const StepSample& s) { return s.forces.engineRpm; }},
        {"engine_torque", "N m", "Engine torque", "Engine",
         [](const StepSample& s) { return s.forces.engineTorque; }},
        {"drag", "N", "Drag force", "Forces", [](const StepSample& s) { return s.forces.dragForce; }},
        {"rolling_resistance", "N", "Rolling resistance", "Forces",
         [](const StepSample& s) { return s.forces.rollingResistanceForce; }},
    };
    addWheelChannels(afterYawRate, "load", "N", "Load", "Wheels: load", {load<0>, load<1>, load<2>, load<3>});
    addWheelChannels(afterYawRate, "slip_ratio", "1", "Slip ratio", "Wheels: slip ratio",
                     {slipRatio<0>, slipRatio<1>, slipRatio<2>, slipRatio<3>});
    addWheelChannels(afterYawRate, "slip_angle", "rad", "Slip angle", "Wheels: slip angle",
                     {slipAngle<0>, slipAngle<1>, slipAngle<2>, slipAngle<3>});
    addWheelChannels(afterYawRate, "fx", "N", "Fx", "Wheels: Fx", {fx<0>, fx<1>, fx<2>, fx<3>});
    addWheelChannels(afterYawRate, "fy", "N", "Fy", "Wheels: Fy", {fy<0>, fy<1>, fy<2>, fy<3>});
    std::vector<ChannelInfo> afterSpin;
    addWheelChannels(afterSpin, "usage", "1", "Friction usage", "Wheels: friction usage",
                     {usage<0>, usage<1>, usage<2>, usage<3>});
    return {
        {"y",
         {{"distance", "m", "Distance", "Motion", [](const StepSample& s) { return s.distance; }},
          {"speed", "m/s", "Speed", "Motion", [](const StepSample& s) { return s.speed(); }}}},
        {"vy",
         {{"ax", "m/s^2", "Longitudinal acceleration", "Motion",
           [](const StepSample& s) { return s.forces.longitudinalAccel; }},
          {"ay", "m/s^2", "Lateral acceleration", "Motion",
           [](const StepSample& s) { return s.forces.lateralAccel; }}}},
        {"yaw_rate", std::move(afterYawRate)},
        {"spin", std::move(afterSpin)},
    };
}

template <int W> double absRelease(const StepSample& s) { return s.aids.brakeRelease[W]; }

// docs/physics.md 4.1: the aids at work, after the channels of the state (zero for a car
// without aids); appended, so that the earlier columns keep their places.
void addDriverAidChannels(std::vector<ChannelInfo>& c) {
    addWheelChannels(c, "abs_release", "1", "ABS brake release", "Driver aids",
                     {absRelease<0>, absRelease<1>, absRelease<2>, absRelease<3>});
    c.push_back({"tc_torque_cut", "1", "TC torque cut", "Driver aids",
                 [](const StepSample& s) { return s.aids.torqueCut; }});
}

template <int W> double rideHeight(const StepSample& s) { return s.suspension.rideHeight[W]; }
template <int W> double travel(const StepSample& s) { return s.suspension.travel[W]; }
template <int W> double damperVelocity(const StepSample& s) { return s.suspension.damperVelocity[W]; }

// docs/physics.md 16: the sprung body's motion and each corner's, last in the catalogue.
void addSuspensionChannels(std::vector<ChannelInfo>& c) {
    const std::size_t first = c.size();
    const char* group = "Suspension";
    c.push_back({"heave", "m", "Heave", group, [](const StepSample& s) { return s.suspension.heave; }});
    c.push_back({"roll", "rad", "Roll angle", group, [](const StepSample& s) { return s.suspension.roll; }});
    c.push_back({"pitch", "rad", "Pitch angle", group, [](const StepSample& s) { return s.suspension.pitch; }});
    addWheelChannels(c, "ride_height", "m", "Ride height", "Suspension: ride height",
                     {rideHeight<0>, rideHeight<1>, rideHeight<2>, rideHeight<3>});
    addWheelChannels(c, "travel", "m", "Suspension travel", "Suspension: travel",
                     {travel<0>, travel<1>, travel<2>, travel<3>});
    addWheelChannels(c, "damper_velocity", "m/s", "Damper velocity", "Suspension: damper velocity",
                     {damperVelocity<0>, damperVelocity<1>, damperVelocity<2>, damperVelocity<3>});
    for (std::size_t i = first; i < c.size(); ++i)
        c[i].suspension = true;
}

std::vector<ChannelInfo> buildCatalogue() {
    std::vector<ChannelInfo> c;
    c.push_back({"time", "s", "Time", "Motion", [](const StepSample& s) { return s.time; }});
    std::vector<DerivedChannels> derived = derivedChannels();
    std::size_t placed = 0;
    forEachStateField([&]<std::size_t I>() {
        const StateChannel& state = stateField<I>.channel;
        if constexpr (isWheelStateField<I>) {
            addWheelChannels(c, state.name, state.unit, state.label, state.group,
                             {stateWheelValue<I, 0>, stateWheelValue<I, 1>, stateWheelValue<I, 2>,
                              stateWheelValue<I, 3>});
        } else {
            c.push_back({state.name, state.unit, state.label, state.group, stateValue<I>});
        }
        for (DerivedChannels& d : derived) {
            if (std::string_view(d.after) == state.name) {
                c.insert(c.end(), d.channels.begin(), d.channels.end());
                ++placed;
            }
        }
    });
    if (placed != derived.size())
        throw std::logic_error("telemetry: derived channels follow a state channel that does not exist");
    addDriverAidChannels(c);
    addSuspensionChannels(c);
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

namespace {
// The index of the first suspension channel (they come last).
std::size_t firstSuspensionChannel() {
    static const std::size_t first = [] {
        const auto& cat = channelCatalogue();
        std::size_t i = 0;
        while (i < cat.size() && !cat[i].suspension)
            ++i;
        return i;
    }();
    return first;
}
} // namespace

void Telemetry::record(const StepSample& sample) {
    const auto& cat = channelCatalogue();
    const std::size_t plain = firstSuspensionChannel();
    for (std::size_t i = 0; i < plain; ++i)
        m_columns[i].push_back(cat[i].read(sample));
    if (plain == cat.size() || (!sample.suspension.active && m_columns[plain].empty()))
        return; // a rigid car: no suspension to record
    const std::size_t earlier = m_columns.front().size() - 1;
    for (std::size_t i = plain; i < cat.size(); ++i) {
        m_columns[i].resize(earlier, std::numeric_limits<double>::quiet_NaN());
        m_columns[i].push_back(cat[i].read(sample));
    }
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
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < cat.size(); ++i) {
        if (recorded(i))
            shown.push_back(i);
    }
    for (std::size_t i : shown) {
        if (i != shown.front())
            out += ',';
        out += cat[i].name + " [" + cat[i].unit + "]";
    }
    out += '\n';
    char buffer[32];
    for (std::size_t row = 0; row < sampleCount(); ++row) {
        for (std::size_t i : shown) {
            if (i != shown.front())
                out += ',';
            const auto result = std::to_chars(buffer, buffer + sizeof buffer, m_columns[i][row]);
            out.append(buffer, result.ptr);
        }
        out += '\n';
    }
    return out;
}

} // namespace vtw

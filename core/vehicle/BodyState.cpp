#include "core/vehicle/BodyState.h"

#include <cmath>
#include <cstdio>

namespace vtw {

namespace {

std::string named(const StateChannel& channel, const char* wheel, double value) {
    char buffer[160];
    std::snprintf(buffer, sizeof buffer, "%s%s%s (%s) = %g", channel.label, wheel ? " " : "",
                  wheel ? wheel : "", channel.unit, value);
    return buffer;
}

} // namespace

std::string implausibleField(const BodyState& b) {
    static const char* const wheelNames[WheelCount] = {"FL", "FR", "RL", "RR"};
    std::string culprit;
    auto blame = [&](const StateChannel& channel, const char* wheel, double value) {
        if (culprit.empty())
            culprit = named(channel, wheel, value);
    };
    forEachStateField([&]<std::size_t I>() {
        constexpr auto& field = stateField<I>;
        if constexpr (!isWheelStateField<I>) {
            if (!std::isfinite(b.*field.member))
                blame(field.channel, nullptr, b.*field.member);
        }
    });
    forEachStateField([&]<std::size_t I>() {
        constexpr auto& field = stateField<I>;
        if constexpr (isWheelStateField<I>) {
            const bool bounded = field.plausible.kind == Plausibility::AtMost;
            for (std::size_t w = 0; w < WheelCount; ++w) {
                const double value = (b.*field.member)[w];
                if (!std::isfinite(value) || (bounded && std::abs(value) > field.plausible.limit))
                    blame(field.channel, wheelNames[w], value);
            }
        }
    });
    double speedSquared = 0.0;
    forEachStateField([&]<std::size_t I>() {
        if constexpr (!isWheelStateField<I> && stateField<I>.plausible.kind == Plausibility::SpeedComponent)
            speedSquared += b.*stateField<I>.member * b.*stateField<I>.member;
    });
    if (speedSquared > maxPlausibleSpeed * maxPlausibleSpeed)
        blame({"speed", "m/s", "speed", ""}, nullptr, std::sqrt(speedSquared));
    forEachStateField([&]<std::size_t I>() {
        constexpr auto& field = stateField<I>;
        if constexpr (!isWheelStateField<I> && field.plausible.kind == Plausibility::AtMost) {
            if (std::abs(b.*field.member) > field.plausible.limit)
                blame(field.channel, nullptr, b.*field.member);
        }
    });
    return culprit;
}

} // namespace vtw

#pragma once

#include "core/vehicle/Wheels.h"

#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace vtw {

/// The continuous state the integrators advance (docs/physics.md 0 frames, 7): world
/// position and heading, body-frame velocity, yaw rate, wheel spins. Each field has one
/// entry in bodyStateFields below, which says how it is integrated, checked and
/// recorded; a field without one does not compile.
struct BodyState {
    double x = 0.0;        ///< m, world
    double y = 0.0;        ///< m, world
    double heading = 0.0;  ///< psi, rad, counter-clockwise from world +x
    double vx = 0.0;       ///< m/s, body frame, forward
    double vy = 0.0;       ///< m/s, body frame, left
    double yawRate = 0.0;  ///< r, rad/s, counter-clockwise
    WheelLanes wheelSpin{}; ///< omega, rad/s, per wheel (FL, FR, RL, RR)
};

/// The time derivative of a BodyState: each field's rate under the field's own name
/// (x holds dx/dt in m/s, wheelSpin the wheels' angular accelerations), so one list of
/// fields serves the state and its rates.
struct BodyRates : BodyState {};

/// How the semi-implicit integrator (docs/physics.md 7) advances a field. The explicit
/// integrators advance every field alike, from its rate.
enum class SemiImplicitRule {
    ExplicitEuler,         ///< field += dt rate at the step's start: a field with no rule of its own
    LinearlyImplicitWheel, ///< first: the wheel spins, linearly implicit in the tire force
    Velocity,              ///< then: the body velocities, with the wheels' force correction
    FromNewVelocity,       ///< last: the pose, from the new velocities (symplectic Euler)
};

/// What the divergence check (docs/physics.md 7) holds a field to, beyond being finite.
struct Plausibility {
    enum Kind {
        Finite,         ///< only finite (a position may be anything)
        SpeedComponent, ///< a body-frame velocity component: |v| <= maxPlausibleSpeed
        AtMost,         ///< |value| <= limit (each wheel's, for a per-wheel field)
    };
    Kind kind = Finite;
    double limit = 0.0; ///< AtMost: the largest plausible magnitude
};

/// Beyond this the run is not a car any more (docs/physics.md 7).
inline constexpr double maxPlausibleSpeed = 300.0; ///< m/s, |(vx, vy)|

/// A state's telemetry channel (Telemetry.h): one for a scalar; one per wheel for a
/// per-wheel field, named "<name>_FL" ... and labelled "<label> FL" ...
struct StateChannel {
    const char* name;  ///< stable key, e.g. "yaw_rate"
    const char* unit;  ///< SI unit
    const char* label; ///< for people, e.g. "Yaw rate"; divergence messages use it too
    const char* group; ///< for pickers
};

/// One field of BodyState (and so of BodyRates): the member, its channel, its rule in
/// the semi-implicit integrator and its plausibility bound.
template <class T> struct StateField {
    T BodyState::*member;
    StateChannel channel;
    SemiImplicitRule semiImplicit = SemiImplicitRule::ExplicitEuler;
    Plausibility plausible{};
};

/// Every field of the continuous state, once, in the order of their telemetry channels
/// (which is part of the telemetry's CSV layout). The integrators, the divergence check,
/// the sample and the telemetry all iterate this list at compile time (forEachStateField),
/// so a new state is one member above, one entry here and its physics in
/// VehicleModel::evaluate; a new field without a rule of its own is integrated by
/// explicit Euler in the semi-implicit integrator rather than dropped.
inline constexpr std::tuple bodyStateFields{
    StateField<double>{&BodyState::x, {"x", "m", "Position x", "Motion"},
                       SemiImplicitRule::FromNewVelocity, {Plausibility::Finite}},
    StateField<double>{&BodyState::y, {"y", "m", "Position y", "Motion"},
                       SemiImplicitRule::FromNewVelocity, {Plausibility::Finite}},
    StateField<double>{&BodyState::vx, {"vx", "m/s", "Velocity x (car)", "Motion"},
                       SemiImplicitRule::Velocity, {Plausibility::SpeedComponent}},
    StateField<double>{&BodyState::vy, {"vy", "m/s", "Velocity y (car)", "Motion"},
                       SemiImplicitRule::Velocity, {Plausibility::SpeedComponent}},
    StateField<double>{&BodyState::heading, {"heading", "rad", "Heading", "Motion"},
                       SemiImplicitRule::FromNewVelocity, {Plausibility::Finite}},
    StateField<double>{&BodyState::yawRate, {"yaw_rate", "rad/s", "Yaw rate", "Motion"},
                       SemiImplicitRule::Velocity, {Plausibility::AtMost, 60.0}},
    StateField<WheelLanes>{&BodyState::wheelSpin, {"spin", "rad/s", "Wheel spin", "Wheels: spin"},
                           SemiImplicitRule::LinearlyImplicitWheel, {Plausibility::AtMost, 3000.0}},
};

inline constexpr std::size_t stateFieldCount = std::tuple_size_v<decltype(bodyStateFields)>;

/// The I-th entry of bodyStateFields.
template <std::size_t I> inline constexpr const auto& stateField = std::get<I>(bodyStateFields);

/// True for the entries of per-wheel fields (WheelLanes), false for scalars.
template <std::size_t I>
inline constexpr bool isWheelStateField =
    std::is_same_v<std::remove_cvref_t<decltype(stateField<I>.member)>, WheelLanes BodyState::*>;

/// Calls f.template operator()<I>() for each field's index I, in the list's order, at
/// compile time: `forEachStateField([&]<std::size_t I>() { ... stateField<I> ... });`.
/// Forced inline, so that the loop leaves the code a hand-written list of the fields
/// would give.
template <class F> [[gnu::always_inline]] constexpr void forEachStateField(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) __attribute__((always_inline)) {
        (f.template operator()<I>(), ...);
    }(std::make_index_sequence<stateFieldCount>{});
}

namespace statefields {

/// Converts to anything: counts an aggregate's fields by how many it can be built from.
struct AnyInitialiser {
    template <class T> constexpr operator T() const noexcept;
};

template <class T, std::size_t... I> constexpr bool initialisableFrom(std::index_sequence<I...>) {
    return requires { T{(void(I), AnyInitialiser{})...}; };
}

/// The number of fields of the aggregate T (each counted once, a member array or struct too).
template <class T, std::size_t n = 0> consteval std::size_t fieldCount() {
    if constexpr (!initialisableFrom<T>(std::make_index_sequence<n + 1>{}))
        return n;
    else
        return fieldCount<T, n + 1>();
}

template <class A, class B> constexpr bool sameMember(A a, B b) {
    if constexpr (std::is_same_v<A, B>)
        return a == b;
    else
        return false;
}

/// True if no two entries name the same member.
consteval bool membersDistinct() {
    bool distinct = true;
    forEachStateField([&]<std::size_t I>() {
        forEachStateField([&]<std::size_t J>() {
            if (I < J && sameMember(stateField<I>.member, stateField<J>.member))
                distinct = false;
        });
    });
    return distinct;
}

} // namespace statefields

/// True if the fields whose semi-implicit rule is `rule` are exactly `members`: the
/// integrator states with it which fields its special cases handle.
template <class... Members> consteval bool fieldsWithRuleAre(SemiImplicitRule rule, Members... members) {
    std::size_t withRule = 0;
    bool allListed = true;
    forEachStateField([&]<std::size_t I>() {
        if (stateField<I>.semiImplicit == rule) {
            ++withRule;
            allListed = allListed && (statefields::sameMember(stateField<I>.member, members) || ...);
        }
    });
    return allListed && withRule == sizeof...(Members);
}

/// The first field of `b` the divergence check refuses (docs/physics.md 7), as
/// "<label> (<unit>) = <value>", or empty if every field is finite and within its bound.
/// Looked for in the order a reader would: a scalar that is not finite, a wheel's value
/// not finite or beyond its bound, the speed, a scalar beyond its bound.
std::string implausibleField(const BodyState& b);

static_assert(statefields::fieldCount<BodyState>() == stateFieldCount,
              "every field of BodyState needs its entry in bodyStateFields, and every entry a field");
static_assert(statefields::membersDistinct(), "a field of BodyState is listed twice in bodyStateFields");
static_assert(sizeof(BodyRates) == sizeof(BodyState), "BodyRates adds no field: it is BodyState's, per second");

} // namespace vtw

#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/step/StatePlausibility.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/vehicle/BodyState.h"
#include "core/lanes/Lanes.h"

#include <array>
#include <limits>

namespace vtw {

namespace plausibility {

/// The indices of bodyStateFields whose bound is `kind`, per-wheel fields or scalars.
template <Plausibility::Kind kind, bool wheels> consteval auto fieldsOfKind() {
    constexpr std::size_t count = [] {
        std::size_t n = 0;
        forEachStateField([&]<std::size_t I>() {
            n += stateField<I>.plausible.kind == kind && isWheelStateField<I> == wheels;
        });
        return n;
    }();
    std::array<std::size_t, count> indices{};
    std::size_t at = 0;
    forEachStateField([&]<std::size_t I>() {
        if (stateField<I>.plausible.kind == kind && isWheelStateField<I> == wheels)
            indices[at++] = I;
    });
    return indices;
}

/// Calls f.template operator()<I>() for each index I in `indices`, in order.
template <auto indices, class F> VTW_LANE void forEachIndex(F&& f) {
    [&]<std::size_t... J>(std::index_sequence<J...>) VTW_LANE_LAMBDA {
        (f.template operator()<indices[J]>(), ...);
    }(std::make_index_sequence<indices.size()>{});
}

/// term<I>() summed over `indices` from the left, ((t0 + t1) + t2) ...: the bits a sum
/// written out by hand gives.
template <auto indices, class Term> VTW_LANE double sumOver(Term&& term) {
    return [&]<std::size_t... J>(std::index_sequence<J...>) VTW_LANE_LAMBDA {
        return (... + term.template operator()<indices[J]>());
    }(std::make_index_sequence<indices.size()>{});
}

} // namespace plausibility

/// The divergence check's usual path (docs/physics.md 7): every field of `b` finite and
/// within its Plausibility (bodyStateFields), and the body-frame velocity's change since
/// `before` at most allowedChange() (m/s). The scalars are the lanes of one vector per
/// four: the sum of the fields that need only be finite (NaN and infinity fail every
/// compare, and the sum carries them), each bounded scalar, the speed squared and the
/// change squared; a per-wheel field is a vector of its own. So the check is a few lane
/// compares and one branch, and only a failing step pays for finding the culprit.
/// allowedChange is called once the lanes are formed, which need not wait for it.
template <class AllowedChange>
VTW_LANE bool plausibleState(const BodyState& b, const BodyState& before, AllowedChange&& allowedChange) {
    using plausibility::fieldsOfKind;
    using plausibility::forEachIndex;
    using plausibility::sumOver;
    constexpr auto finite = fieldsOfKind<Plausibility::Finite, false>();
    constexpr auto bounded = fieldsOfKind<Plausibility::AtMost, false>();
    constexpr auto speed = fieldsOfKind<Plausibility::SpeedComponent, false>();
    static_assert(!finite.empty() && !speed.empty(), "the lanes below start with these");
    static_assert(fieldsOfKind<Plausibility::SpeedComponent, true>().empty(),
                  "a velocity component is a scalar of the body frame");
    constexpr double unbounded = std::numeric_limits<double>::max();

    // The lanes: [finite sum, bounded scalars..., speed^2, change^2, spare lanes (0)].
    constexpr std::size_t lanes = 1 + bounded.size() + 2;
    constexpr std::size_t vectors = (lanes + 3) / 4;
    std::array<double, 4 * vectors> values{};
    values[0] = sumOver<finite>([&]<std::size_t I>() VTW_LANE_LAMBDA { return b.*stateField<I>.member; });
    std::size_t lane = 1;
    forEachIndex<bounded>([&]<std::size_t I>() VTW_LANE_LAMBDA { values[lane++] = b.*stateField<I>.member; });
    values[lane++] = sumOver<speed>([&]<std::size_t I>() VTW_LANE_LAMBDA {
        const double v = b.*stateField<I>.member;
        return v * v;
    });
    values[lane] = sumOver<speed>([&]<std::size_t I>() VTW_LANE_LAMBDA {
        const double change = b.*stateField<I>.member - before.*stateField<I>.member;
        return change * change;
    });
    Quad magnitudes[vectors];
    for (std::size_t v = 0; v < vectors; ++v) {
        const double* at = values.data() + 4 * v;
        magnitudes[v] = laneAbs(Quad{at[0], at[1], at[2], at[3]});
    }

    const double allowed = allowedChange();
    std::array<double, 4 * vectors> limits{};
    limits.fill(unbounded);
    lane = 1;
    forEachIndex<bounded>([&]<std::size_t I>() VTW_LANE_LAMBDA { limits[lane++] = stateField<I>.plausible.limit; });
    limits[lane++] = maxPlausibleSpeed * maxPlausibleSpeed;
    limits[lane] = allowed * allowed;
    QuadMask within = magnitudes[0] <= Quad{limits[0], limits[1], limits[2], limits[3]};
    for (std::size_t v = 1; v < vectors; ++v) {
        const double* at = limits.data() + 4 * v;
        within &= magnitudes[v] <= Quad{at[0], at[1], at[2], at[3]};
    }
    forEachStateField([&]<std::size_t I>() VTW_LANE_LAMBDA {
        if constexpr (isWheelStateField<I>) {
            constexpr double limit = stateField<I>.plausible.kind == Plausibility::AtMost
                                         ? stateField<I>.plausible.limit
                                         : unbounded;
            within = (laneAbs(loadQuad(b.*stateField<I>.member)) <= limit) & within;
        }
    });
    return allLanes(within);
}

} // namespace vtw

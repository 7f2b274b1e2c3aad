#pragma once

// When the dynamic lap beats the quasi-steady one (docs/physics.md 14.5): the quasi-steady
// lap is the upper bound on paper, so a limit lap clearly faster means the two models
// disagree about the car, and the output says where.

#include <string>
#include <vector>

namespace vtw {

/// A limit lap faster than this share of the quasi-steady lap is explained.
inline constexpr double disagreementShare = 0.98;

/// Why a limit lap of `limitLap` s beats the quasi-steady lap of `quasiSteadyLap` s,
/// from the speeds aimed for at each station (`distance`, m along the line) as shares of
/// the quasi-steady lap's: where the car was asked for most above them. Empty when the
/// limit lap is not below disagreementShare of the quasi-steady one.
std::string modelDisagreement(double limitLap, double quasiSteadyLap, const std::vector<double>& distance,
                              const std::vector<double>& shares);

} // namespace vtw

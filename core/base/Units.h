#pragma once

// Unit conversions used at the edges (display, file keys, model boundaries).
// The core itself works in SI units and radians.

namespace vtw::units {

inline constexpr double pi = 3.14159265358979323846;
inline constexpr double gravity = 9.80665; ///< m/s^2, standard gravity

inline constexpr double kmhPerMps = 3.6;
inline constexpr double mphPerMps = 3600.0 / 1609.344;
inline constexpr double metresPerMile = 1609.344;
inline constexpr double quarterMileMetres = metresPerMile / 4.0; ///< 402.336 m
inline constexpr double newtonsPerPound = 4.448222;              ///< 1 lbf
inline constexpr double metresPerInch = 0.0254;
inline constexpr double metresPerFoot = 0.3048;
inline constexpr double newtonMetresPerPoundFoot = 1.3558179;
inline constexpr double wattsPerHorsepower = 745.69987; ///< mechanical hp

// One multiplication by a constant each (the step converts engine speeds every time).
constexpr double radPerSecToRpm(double w) { return w * (60.0 / (2.0 * pi)); }
constexpr double rpmToRadPerSec(double rpm) { return rpm * (2.0 * pi / 60.0); }
constexpr double degToRad(double d) { return d * pi / 180.0; }
constexpr double radToDeg(double r) { return r * 180.0 / pi; }
constexpr double kmhToMps(double v) { return v / kmhPerMps; }
constexpr double mpsToKmh(double v) { return v * kmhPerMps; }
constexpr double mphToMps(double v) { return v / mphPerMps; }

} // namespace vtw::units

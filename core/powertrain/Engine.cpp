#include "core/powertrain/Engine.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>

namespace vtw {

double roadSpeedAtRpm(double rpm, double gearRatio, double finalDrive, double wheelRadius) {
    return units::rpmToRadPerSec(rpm) / (gearRatio * finalDrive) * wheelRadius;
}

double driveForce(double engineTorque, double gearRatio, double finalDrive, double efficiency,
                  double wheelRadius) {
    return axleTorque(engineTorque, gearRatio, finalDrive, efficiency) / wheelRadius;
}

double enginePower(double torque, double rpm) { return torque * units::rpmToRadPerSec(rpm); }

Curve powerCurve(const EngineParams& engine, int extraSamples) {
    const auto& pts = engine.torqueCurve.points();
    std::vector<CurvePoint> out;
    if (pts.empty())
        return Curve{};
    const int between = std::max(0, extraSamples);
    out.reserve(pts.size() * static_cast<std::size_t>(between + 1));
    for (std::size_t i = 0; i < pts.size(); ++i) {
        out.push_back({pts[i].x, enginePower(pts[i].y, pts[i].x)});
        if (i + 1 == pts.size())
            break;
        for (int k = 1; k <= between; ++k) {
            const double rpm = pts[i].x + (pts[i + 1].x - pts[i].x) * k / (between + 1);
            out.push_back({rpm, enginePower(engine.torqueCurve.evaluate(rpm), rpm)});
        }
    }
    return Curve(std::move(out));
}

CurvePoint peakPower(const EngineParams& engine) { return powerCurve(engine, 32).peak(); }

} // namespace vtw

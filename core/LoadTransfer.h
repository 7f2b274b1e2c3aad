#pragma once

#include "Lanes.h"
#include "Wheels.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace vtw {

struct ChassisParams;

/// Axle loads of docs/physics.md 2: static split by the CG position plus the
/// longitudinal transfer (h/L) M a, clamped so that neither axle goes negative.
struct AxleLoads {
    double front = 0.0; ///< N
    double rear = 0.0;  ///< N
};
AxleLoads axleLoads(const ChassisParams& chassis, double totalVerticalLoad, double longitudinalAccel);

namespace loadsplit {

/// The front axle's load after a longitudinal transfer, clamped so that neither
/// axle goes negative; the rear carries the rest.
inline AxleLoads splitAxles(double total, double staticFront, double transfer) {
    const double front = std::clamp(staticFront - transfer, 0.0, total);
    return {front, total - front};
}

} // namespace loadsplit

/// Per-wheel normal loads (N) from the body's accelerations (m/s^2, body frame,
/// from the previous step) and the aerodynamic downforce on each axle. Lateral
/// transfer dW = M ay h / track per axle, split by the front roll-stiffness
/// share. Loads always sum to M g + downforce and none is negative: a wheel
/// that would go negative is lifted (zero) and its axle partner carries it all.
WheelArray wheelLoads(const ChassisParams& chassis, double longitudinalAccel, double lateralAccel,
                      double downforceFront, double downforceRear);

/// wheelLoads() of one chassis with its constants worked out once (the step calls
/// wheelLoadLanes() every time).
class LoadTransfer {
public:
    explicit LoadTransfer(const ChassisParams& chassis);
    WheelArray wheelLoads(double longitudinalAccel, double lateralAccel, double downforceFront,
                          double downforceRear) const {
        WheelArray loads;
        storeQuad(wheelLoadLanes(longitudinalAccel, lateralAccel, downforceFront, downforceRear),
                  loads.data());
        return loads;
    }
    /// The same loads as the lanes of one vector (FL, FR, RL, RR), the form the step
    /// stores them in. Each axle's load is split between its left and right wheel: the
    /// lateral transfer moves load from left to right (a left turn, ay > 0, loads the
    /// right side), at most the half on the lifted side.
    VTW_LANE Quad wheelLoadLanes(double longitudinalAccel, double lateralAccel, double downforceFront,
                                 double downforceRear) const {
        AxleLoads axles = loadsplit::splitAxles(m_weight, m_staticFront,
                                                m_pitchTransferPerAccel * longitudinalAccel);
        axles.front += downforceFront;
        axles.rear += downforceRear;
        const Quad half = 0.5 * Quad{axles.front, axles.front, axles.rear, axles.rear};
        const double frontTransfer = m_frontRollTransferPerAccel * lateralAccel;
        const double rearTransfer = m_rearRollTransferPerAccel * lateralAccel;
        const Quad moved = laneClamp(Quad{frontTransfer, frontTransfer, rearTransfer, rearTransfer}, -half, half);
        return half + Quad{-1.0, 1.0, -1.0, 1.0} * moved;
    }

private:
    double m_weight = 0.0;                   ///< M g, N
    double m_staticFront = 0.0;              ///< front axle's share of the weight at rest, N
    double m_pitchTransferPerAccel = 0.0;    ///< (h/L) M, N per m/s^2
    double m_frontRollTransferPerAccel = 0.0; ///< k_f M h / t_f, N per m/s^2
    double m_rearRollTransferPerAccel = 0.0;  ///< (1 - k_f) M h / t_r, N per m/s^2
};

} // namespace vtw

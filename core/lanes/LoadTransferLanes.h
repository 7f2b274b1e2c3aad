#pragma once

#ifndef VTW_STEP_INTERNALS
#error "core/lanes/LoadTransferLanes.h is private to vtw_physics (docs/architecture.md, rule 2): use core/sim/Simulator.h and the other headers outside core/step and core/lanes"
#endif

#include "core/chassis/LoadTransfer.h"
#include "core/lanes/Lanes.h"

namespace vtw {

/// wheelLoads() (LoadTransfer.h) of one chassis with its constants worked out once, for
/// the step, which calls wheelLoadLanes() every time.
class LoadTransferLanes {
public:
    explicit LoadTransferLanes(const ChassisParams& chassis);
    WheelArray wheelLoads(double longitudinalAccel, double lateralAccel, double downforceFront,
                          double downforceRear) const {
        WheelLanes loads;
        storeQuad(wheelLoadLanes(longitudinalAccel, lateralAccel, downforceFront, downforceRear),
                  loads);
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

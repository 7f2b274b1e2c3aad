#pragma once

// A car whose tires give a constant friction coefficient mu (the linear tire, capped
// at mu Fz), with no drag, downforce or rolling resistance: on a circle of radius R
// it holds v = sqrt(mu g R), a closed form the lap tests check against.

#include "core/vehicle/Setup.h"
#include "core/tires/TireModels.h"

inline vtw::Setup constantMuCar(double mu) {
    using namespace vtw;
    Setup s = defaultSetup();
    for (TireParams* t : {&s.frontTires, &s.rearTires}) {
        t->model = TireModelKind::Linear;
        t->linear.frictionCoefficient = mu;
    }
    s.aero.dragCoefficient = 0.0;
    s.aero.downforceCoefficientArea = 0.0;
    s.aero.rollingResistanceModel = RollingResistanceModel::LoadBased;
    s.aero.rollingResistanceCoefficient = 0.0;
    return s;
}

#include "Maneuver.h"

namespace vtw {

InitialConditions Maneuver::initialConditions(const Setup&) const { return {}; }

} // namespace vtw

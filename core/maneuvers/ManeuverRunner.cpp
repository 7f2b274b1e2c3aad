#include "core/maneuvers/ManeuverRunner.h"

namespace vtw {

RunResult runManeuver(const Setup& setup, Maneuver& maneuver, const RunOptions& options) {
    ManeuverSession session(setup, &maneuver, options);
    session.runToEnd();
    return session.finish();
}

} // namespace vtw

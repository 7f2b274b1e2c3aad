#include "core/maneuvers/SpinWatch.h"

#include "core/base/Units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vtw {

void SpinWatch::observe(const StepSample& s) {
    m_maxSideslip = std::max(m_maxSideslip, std::abs(s.sideslip()));
}

bool SpinWatch::spun() const { return m_maxSideslip > units::degToRad(m_limitDeg); }

std::string SpinWatch::reason() const {
    if (!spun())
        return {};
    char text[160];
    std::snprintf(text, sizeof text,
                  "the car spun: sideslip reached %.0f deg, beyond the %.0f deg of a car "
                  "following its steer",
                  units::radToDeg(m_maxSideslip), m_limitDeg);
    return text;
}

} // namespace vtw

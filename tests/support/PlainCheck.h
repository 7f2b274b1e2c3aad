#pragma once
// Checks for the tests that link the physics library alone (no Qt, so no QtTest):
// each check prints PASS or FAIL with what it checked, and the program's exit code
// is the failures' count (0 passes).

#include <cstdio>
#include <string>

namespace vtw::plaincheck {

inline int failures = 0;

inline void check(bool ok, const std::string& what) {
    std::printf("%s: %s\n", ok ? "PASS" : "FAIL", what.c_str());
    if (!ok)
        ++failures;
}

/// The program's summary line and exit code.
inline int summary() {
    std::printf("%s: %d failure(s)\n", failures == 0 ? "PASSED" : "FAILED", failures);
    return failures == 0 ? 0 : 1;
}

} // namespace vtw::plaincheck

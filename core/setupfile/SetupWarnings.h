#pragma once

// Advice on a valid setup: combinations a car runs with but a racer would question
// (a damper softer in rebound than in bump). They never stop a run; the loader lists
// them with its warnings and `vtw-cli validate` prints them.

#include "core/setupfile/SetupValidation.h"

namespace vtw {

/// The warnings of a setup, each with the field path it concerns; empty when none.
SetupIssues setupWarnings(const Setup& setup);

} // namespace vtw

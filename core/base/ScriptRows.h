#pragma once

// One row of a scripted maneuver: the driver inputs from `time` on. Read from
// CSV by setupfile/ScriptCsv.h; plain data so the maneuver code needs no Qt.

namespace vtw {

struct ScriptRow {
    double time = 0.0;     ///< s since the start of the run, strictly increasing
    double throttle = 0.0; ///< 0..1
    double brake = 0.0;    ///< 0..1
    double steer = 0.0;    ///< -1..1, fraction of full lock, > 0 turns left
    int gear = 1;          ///< -1 reverse, 0 neutral, 1..N forward
    friend bool operator==(const ScriptRow&, const ScriptRow&) = default;
};

} // namespace vtw

#pragma once

// A logged lap as the window holds it: its channels (SI, the telemetry catalogue's names,
// time and distance from the lap's start) and the name it is shown under. A table like
// any run's, so a view that takes runs as tables can take it too.

#include "core/analysis/ChannelTable.h"

#include <QString>

namespace vtw {

struct LoggedRun {
    QString name;       ///< "session.csv, lap 2 of 5"
    ChannelTable table;
};

} // namespace vtw

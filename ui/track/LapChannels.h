#pragma once

// The channels of a lap trace as the track workspace shows them: what the map can be
// coloured by and what the traces plot, each in the unit people read it in (speed in
// km/h or mph, accelerations in g) rather than the trace's SI.

#include "core/lap/LapSimulation.h"
#include "core/setupfile/SetupMetadata.h"

#include <QString>

#include <vector>

namespace vtw {

struct LapChannel {
    const char* key;   ///< "speed", "ax": stable, for settings and tests
    QString label;     ///< "Speed"
    const char* unit;  ///< the unit in SI ("km/h", "m/s^2"); metricDisplayUnit picks the shown one (mph, g)
    double scale;      ///< shown value per SI value of the trace
    const std::vector<double>& (*column)(const LapTrace&);
};

/// Every numeric channel of a lap trace, speed first.
const std::vector<LapChannel>& lapChannels();
/// A channel by key, or nullptr.
const LapChannel* findLapChannel(const QString& key);

/// A channel's values as shown in a unit system, and that unit's symbol.
struct ShownLapChannel {
    std::vector<double> values;
    QString unit;
};
ShownLapChannel showLapChannel(const LapTrace& trace, const LapChannel& channel, UnitSystem units);

/// The limit that applied, as a number for plotting (0 grip .. 3 brakes), and the names of
/// those numbers in the same order.
std::vector<double> limitLevels(const LapTrace& trace);
QStringList limitNames();

/// The station whose distance is nearest to `distance` (m); 0 for an empty trace.
std::size_t nearestStation(const LapTrace& trace, double distance);

/// Where the car is at `distance` (m along the lap): between the stations either side.
struct MapPoint {
    double x = 0.0, y = 0.0;
};
MapPoint positionAt(const LapTrace& trace, double distance);

} // namespace vtw

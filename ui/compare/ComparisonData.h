#pragma once

// Everything one comparison produced, kept together so every view of the
// compare page, the CSV export and the report read the same numbers.

#include "core/study/Comparison.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/study/SetupDiff.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <vector>

namespace vtw {

struct ComparisonData {
    QStringList names; ///< one per setup, as the user picked them
    QStringList ids;   ///< one per setup: the picker's stable id (OfferedSetup::id)
    std::vector<Setup> setups;
    std::vector<ManeuverSpec> maneuvers;
    Comparison comparison; ///< runs[m][s], with telemetry
    std::size_t baseline = 0;
    std::vector<MetricComparison> metrics;        ///< against the baseline
    std::vector<ParameterDifference> differences; ///< parameters that differ
    QDateTime finishedAt;

    std::size_t setupCount() const { return setups.size(); }
    /// The run of maneuver m on setup s, or nullptr if out of range.
    const RunResult* run(std::size_t m, std::size_t s) const;
    /// Re-tabulates the metrics against another setup (no re-run).
    void setBaseline(std::size_t index);
    /// Fills metrics and differences from the runs.
    void tabulate();
    /// Whether setup s's published figure applies to a metric of this maneuver:
    /// only a run with the maneuver's default parameters is measured as the
    /// published figures are (braking from 100 km/h, say). Null if it does not.
    const PublishedFigure* target(std::size_t s, const std::string& maneuverId,
                                  const std::string& metricKey) const;
};

/// The maneuver's catalogue title ("Constant-radius skidpad"), or its id.
QString maneuverTitle(const std::string& id);

/// The title with the parameters that differ from their defaults,
/// e.g. "Constant-radius skidpad (Radius (m) 60)".
QString maneuverSummary(const ManeuverSpec& spec);

/// The catalogue entry of a maneuver, or nullptr.
const ManeuverDescription* findManeuver(const std::string& id);

/// A metric row as the window and the report show it: the display unit of the
/// window's unit system, each setup's value and its difference from the
/// baseline in that unit (every conversion is a factor, so both scale alike).
struct DisplayedMetric {
    QString unit;
    std::vector<double> values;
    std::vector<double> deltas;
};
DisplayedMetric displayedMetric(const MetricComparison& metric, UnitSystem units);

} // namespace vtw

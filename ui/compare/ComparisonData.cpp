#include "ui/compare/ComparisonData.h"

#include "ui/compare/LapTargetText.h"
#include "ui/shared/ManeuverWordChoice.h"
#include "core/vehicle/Targets.h"

#include "core/study/LapTarget.h"

namespace vtw {

const RunResult* ComparisonData::run(std::size_t m, std::size_t s) const {
    if (m >= comparison.runs.size() || s >= comparison.runs[m].size())
        return nullptr;
    return &comparison.runs[m][s];
}

void ComparisonData::setBaseline(std::size_t index) {
    baseline = index < setups.size() ? index : 0;
    metrics = compareMetrics(comparison, maneuvers, baseline);
}

void ComparisonData::tabulate() {
    setBaseline(baseline);
    differences = setups.size() >= 2 ? diffSetups(setups) : std::vector<ParameterDifference>{};
}

const PublishedFigure* ComparisonData::target(std::size_t s, const std::string& maneuverId,
                                              const std::string& metricKey) const {
    if (s >= setups.size())
        return nullptr;
    const ManeuverDescription* d = findManeuver(maneuverId);
    for (const ManeuverSpec& spec : maneuvers) {
        if (spec.id != maneuverId || !d)
            continue;
        for (const ManeuverParameter& p : d->parameters) {
            const auto it = spec.options.find(p.key);
            if (it != spec.options.end() && it->second != p.defaultValue)
                return nullptr;
        }
    }
    return findTarget(setups[s], metricKey);
}

const ManeuverDescription* findManeuver(const std::string& id) {
    for (const ManeuverDescription& d : maneuverCatalogue()) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

QString maneuverTitle(const std::string& id) {
    if (id == lapTargetId)
        return lapTargetTitle();
    const ManeuverDescription* d = findManeuver(id);
    return QString::fromStdString(d ? d->title : id);
}

QString maneuverSummary(const ManeuverSpec& spec) {
    if (spec.id == lapTargetId)
        return lapTargetSummary(spec);
    const ManeuverDescription* d = findManeuver(spec.id);
    QString title = maneuverTitle(spec.id);
    if (!d)
        return title;
    QStringList changed;
    // The track a maneuver drives, always (it is what tells two laps apart); other words
    // where they are not their defaults.
    for (const ManeuverWord& w : d->words) {
        const auto it = spec.textOptions.find(w.key);
        const std::string value = it != spec.textOptions.end() ? it->second : w.defaultValue;
        if (w.key == "track")
            changed << trackDisplayName(QString::fromStdString(value));
        else if (value != w.defaultValue)
            changed << QStringLiteral("%1 %2").arg(wordChoiceLabel(w), QString::fromStdString(value));
    }
    for (const ManeuverParameter& p : d->parameters) {
        const auto it = spec.options.find(p.key);
        if (it == spec.options.end() || it->second == p.defaultValue)
            continue;
        const double index = it->second;
        if (p.kind == ParameterKind::Choice && index >= 0.0 && index < double(p.choices.size())) // "ABS off"
            changed << QStringLiteral("%1 %2").arg(QString::fromStdString(p.label),
                                                   QString::fromStdString(p.choices[std::size_t(index)]));
        else
            changed << QStringLiteral("%1 %2 %3")
                           .arg(QString::fromStdString(p.label))
                           .arg(it->second, 0, 'g', 6)
                           .arg(QString::fromStdString(p.unit))
                           .trimmed();
    }
    if (!changed.isEmpty())
        title += QStringLiteral(" (%1)").arg(changed.join(QStringLiteral(", ")));
    return title;
}

DisplayedMetric displayedMetric(const MetricComparison& metric, UnitSystem units) {
    const DisplayUnit shown = metricDisplayUnit(QString::fromStdString(metric.metric.unit), units);
    DisplayedMetric d;
    d.unit = shown.symbol;
    for (double v : metric.values)
        d.values.push_back(v * shown.scale);
    for (double delta : metric.deltas)
        d.deltas.push_back(delta * shown.scale);
    return d;
}

} // namespace vtw

#pragma once

// The metrics of a comparison: one row per metric of every maneuver, one
// column per setup, then one difference column per non-baseline setup,
// coloured and arrowed by whether the change is better by the metric's sense.
// The metric names stay in view while the table scrolls sideways.

#include "core/setupfile/SetupMetadata.h"

#include <QTableWidget>

namespace vtw {

class FrozenFirstColumn;

struct ComparisonData;

class MetricsTable : public QTableWidget {
    Q_OBJECT
public:
    /// Column of setup 0; the setups' values follow, then the differences.
    static constexpr int firstSetupColumn = 2;
    /// Value cells hold the unrounded figure under this role (NaN: not reached).
    static constexpr int valueRole = Qt::UserRole;
    /// Difference cells hold the verdict (+1 better, -1 worse, 0 same) under this role.
    static constexpr int verdictRole = Qt::UserRole + 1;
    /// The first column holds "maneuver id/metric key" under this role.
    static constexpr int keyRole = Qt::UserRole + 2;
    /// Value cells of an invalid figure hold the reason under this role (else no data).
    static constexpr int invalidReasonRole = Qt::UserRole + 3;
    /// Published-figure columns (after the differences, two per setup that has
    /// a target among the rows) hold the setup's index under this role in
    /// their header; the published cell's valueRole is the figure in the
    /// display unit, the deviation cell's the relative deviation (a fraction).
    static constexpr int setupRole = Qt::UserRole + 4;
    /// The first published-figure column (after the setups and the differences).
    int firstPublishedColumn() const { return m_firstPublishedColumn; }

    explicit MetricsTable(QWidget* parent = nullptr);

    void setComparison(const ComparisonData* data);
    /// Speeds in mph and distances in ft for imperial; redraws the comparison.
    void setUnitSystem(UnitSystem system);

    /// The metric names' column, kept in view over the table when it scrolls sideways.
    QTableView* frozenColumn() const;

private:
    FrozenFirstColumn* m_frozen;
    const ComparisonData* m_data = nullptr;
    UnitSystem m_units = UnitSystem::SI;
    int m_firstPublishedColumn = -1;
};

} // namespace vtw

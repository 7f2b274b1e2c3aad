#pragma once

// The correlation table of a logged lap against the simulated one: per channel both
// have, the RMS and the largest difference (log - simulation) in the units the traces
// show, and where along the lap the largest is. Choosing a row moves the cursor there.

#include "analysis/RunCorrelation.h"
#include "setupfile/SetupMetadata.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace vtw {

class LogCorrelationPanel : public QWidget {
    Q_OBJECT
public:
    explicit LogCorrelationPanel(QWidget* parent = nullptr);

    /// Shows a correlation of the log `name`; with no correlation, `message` says why.
    void setCorrelation(const QString& name, const RunCorrelation* correlation, UnitSystem units,
                        const QString& message);

    QTableWidget* table() const { return m_table; }
    QLabel* heading() const { return m_heading; }
    QPushButton* removeButton() const { return m_remove; }

signals:
    /// A row was chosen: where its largest difference is, on the correlation's axis.
    void positionChosen(double at);
    void removeRequested();

private:
    QLabel* m_heading;
    QTableWidget* m_table;
    QPushButton* m_remove;
    std::vector<double> m_at;
};

/// A channel's values in the unit the lap's traces show it in (speed in km/h or mph,
/// accelerations in g, pedals in %), and that unit; SI for a channel they do not show.
struct ShownLogUnit {
    double scale = 1.0;
    QString unit;
};
ShownLogUnit shownLogUnit(const std::string& channel, const std::string& siUnit, UnitSystem units);

} // namespace vtw

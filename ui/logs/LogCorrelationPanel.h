#pragma once

// The correlation table of a logged lap against the simulated one: per channel both
// have, the RMS and the largest difference (log - simulation) in the units the traces
// show, and where along the lap the largest is. Choosing a row moves the cursor there.

#include "core/analysis/RunCorrelation.h"
#include "core/setupfile/SetupMetadata.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
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

    /// How the log is lined up with the lap: by distance, or by time with an offset
    /// (added to the log's clock), which the user sets or asks to be found.
    bool alignedByTime() const;
    double timeOffset() const;
    void setTimeOffset(double seconds);
    QComboBox* alignChoice() const { return m_align; }
    QDoubleSpinBox* offsetBox() const { return m_offset; }
    QPushButton* findOffsetButton() const { return m_findOffset; }

signals:
    /// The alignment (axis or offset) changed.
    void alignmentChanged();
    /// The user asked for the offset that matches the log's speed to the lap's best.
    void findOffsetRequested();
    /// A row was chosen: where its largest difference is, on the correlation's axis.
    void positionChosen(double at);
    void removeRequested();

private:
    QLabel* m_heading;
    QTableWidget* m_table;
    QPushButton* m_remove;
    QComboBox* m_align;
    QDoubleSpinBox* m_offset;
    QPushButton* m_findOffset;
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

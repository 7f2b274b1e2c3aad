#pragma once

// The lap's figures as a table: the lap time, each sector's time with where it runs, and
// the top, lowest and average speed. Each time cell keeps the core's figure in seconds
// (secondsRole), so what is shown can be checked against it.

#include <QTableWidget>

namespace vtw {

struct LapRun;
enum class UnitSystem;

class SectorTable : public QTableWidget {
    Q_OBJECT
public:
    static constexpr int secondsRole = Qt::UserRole + 1;

    explicit SectorTable(QWidget* parent = nullptr);

    void setLap(const LapRun* run, UnitSystem units);
    /// The lap-time row's cells (figure name, value), or nullptr without a lap.
    QTableWidgetItem* lapTimeItem() const;
};

/// A lap time as people read one: "1:23.456" (minutes from 60 s on), "58.321 s" below.
QString formatLapTime(double seconds);

} // namespace vtw

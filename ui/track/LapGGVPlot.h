#pragma once

// The car's G-G-V envelope with the lap on it: the outline of the accelerations the car
// can reach (forward, braking, cornering) at a few speeds, and every station of the lap as
// a point, so a lap that leaves room inside the envelope shows it. The cursor's station is
// marked. Both axes in g at one scale, seen as the live G-G diagram shows it: forward up,
// left to the left.

#include "ui/track/EqualScalePlot.h"

namespace vtw {

struct LapRun;
enum class UnitSystem;

class LapGGVPlot : public EqualScalePlot {
    Q_OBJECT
public:
    explicit LapGGVPlot(QWidget* parent = nullptr);

    void setLap(const LapRun* run, UnitSystem units);
    void setCursorStation(std::size_t station);

    int envelopeCurves() const { return m_envelopeCurves; }
    int lapPoints() const;

private:
    const LapRun* m_run = nullptr;
    QCPGraph* m_points = nullptr;
    QCPCurve* m_cursor = nullptr;
    int m_envelopeCurves = 0;
};

} // namespace vtw

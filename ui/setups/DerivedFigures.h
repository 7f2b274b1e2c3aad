#pragma once

// The figures shown beside the editors (0-60 mph, 0-100 km/h, quarter mile and trap speed, top speed,
// 100-0 km/h distance, lateral grip, understeer gradient, top speed per gear),
// computed by core's maneuvers in a worker thread. computeDerivedFigures() is
// the whole job for one setup snapshot; DerivedFiguresComputer debounces the
// requests, cancels a job that a newer edit made stale, and reports only the
// newest result.

#include "core/powertrain/GearSpeeds.h"
#include "core/vehicle/Setup.h"
#include "core/base/Metric.h"

#include <QFutureWatcher>
#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace vtw {

/// One figure as the panel shows it: which maneuver's metric, and its result.
struct DerivedFigure {
    std::string maneuver;   ///< maneuver id
    std::string metricKey;  ///< metric key in that maneuver's results
    bool available = false; ///< the maneuver and metric exist in this core
    bool ok = false;        ///< the run succeeded and the metric was reached
    Metric metric;          ///< valid when ok
    std::string error;      ///< why not, when !ok
};

struct DerivedFigures {
    std::vector<DerivedFigure> figures;
    std::vector<GearTopSpeed> gears;
    bool cancelled = false;
    /// The figure for a maneuver metric, or nullptr.
    const DerivedFigure* find(const std::string& metricKey) const;
};

/// The figures the panel asks for, in display order: the straight-line metrics
/// and, when the catalogue has a skidpad, its lateral-grip and understeer
/// metrics (found by key prefix, since their unit is part of the key).
std::vector<DerivedFigure> derivedFigureRequests();

/// Runs every requested maneuver on the setup (stops early when cancel is set).
DerivedFigures computeDerivedFigures(const Setup& setup, const std::atomic<bool>* cancel);

class DerivedFiguresComputer : public QObject {
    Q_OBJECT
public:
    explicit DerivedFiguresComputer(QObject* parent = nullptr);
    ~DerivedFiguresComputer() override;

    /// Debounce before a request starts a job (ms).
    void setDelay(int milliseconds) { m_debounce.setInterval(milliseconds); }
    /// A new setup: restarts the debounce and cancels a running job.
    void request(const Setup& setup);
    bool isBusy() const;

signals:
    /// A request is pending or running (the panel greys its figures).
    void started();
    void finished(const vtw::DerivedFigures& figures);

private:
    void launch();
    QTimer m_debounce;
    Setup m_pending;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<DerivedFigures>* m_watcher = nullptr;
    int m_generation = 0;
};

} // namespace vtw

Q_DECLARE_METATYPE(vtw::DerivedFigures)

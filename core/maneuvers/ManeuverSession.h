#pragma once

#include "core/sim/Telemetry.h"
#include "core/maneuvers/Maneuver.h"

#include <functional>

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace vtw {

struct RunOptions {
    bool recordTelemetry = false;
    int decimation = 1; ///< keep every n-th sample, the first included
    /// With recordTelemetry, a run whose telemetry CSV could exceed this many bytes
    /// (telemetryCsvBytesEstimate of its most samples, by its time limit, time step
    /// and decimation) is refused before its first step.
    double maxTelemetryBytes = maxTelemetryCsvBytes;
    const std::atomic<bool>* cancel = nullptr; ///< set from another thread to stop early
    /// Hears, in words, how a maneuver's long preparation goes (PreparationHooks), from
    /// the thread that builds the session.
    std::function<void(const std::string&)> preparationProgress;
    /// Kept samples also gather in ManeuverSession::pendingSamples(), for an owner
    /// that hands them on in batches while the run goes on (the live window).
    bool streamSamples = false;
};

struct RunResult {
    bool ok = true;
    bool cancelled = false;
    bool timedOut = false;  ///< the maneuver's time limit ended the run
    std::string error;      ///< why the run failed (divergence), empty if ok
    MetricList metrics;
    Telemetry telemetry;
    double simulatedTime = 0.0; ///< s
    long steps = 0;
    /// When the telemetry would have been too large (ok false): the smallest
    /// decimation that fits it within RunOptions::maxTelemetryBytes; else 0.
    long telemetryDecimationNeeded = 0;
};

/// The most steps a maneuver run may take: the longest time limit of the catalogue
/// (400 s) at the shortest time step validation allows (1e-5 s). A run that could
/// need more, by its time limit and time step, is refused before its first step, so
/// that an unvalidated setup (a time step of 1e-9 s, or one too small to advance the
/// clock) cannot hang its caller.
inline constexpr long maxManeuverSteps = 40'000'000;

/// How a session's run stands. Every state but Running is final.
enum class SessionState {
    Running,   ///< more steps may be taken
    Finished,  ///< the maneuver says it is over
    TimedOut,  ///< the maneuver's time limit ended the run
    Cancelled, ///< cancel() or RunOptions::cancel
    Failed,    ///< refused before its first step, or diverged; error() says why
};

/// One run of a maneuver on a car, step by step: the one maneuver loop that the CLI,
/// the studies (through runManeuver) and the live window (through its worker) drive.
///
/// Construction starts the run: the maneuver adapts the setup, a run that could take
/// more than maxManeuverSteps steps or more telemetry than RunOptions allows is
/// refused (Failed), and the car is placed at the maneuver's initial conditions.
/// advance(n) then takes up to n steps. Per step: a cancel is looked for; the maneuver
/// chooses the inputs, the simulator steps, the maneuver observes the sample and the
/// sample is kept if it falls on the decimation grid; then the maneuver's end is looked
/// for (finished, then its time limit). So a run advanced in any slices (1000 steps at
/// a time, one at a time, paused for a minute between) takes exactly the same steps as
/// one advanced to its end at once.
///
/// Without a maneuver (null) the session drives freely: the inputs are whatever
/// setDriverInputs() last gave, there is no time limit, so no step cap and no
/// telemetry limit either: its owner ends the run. It starts at `freeStart` (at rest
/// at the origin by default; on a track's start line when driven on one).
///
/// A session is used from one thread at a time (RunOptions::cancel excepted).
class ManeuverSession {
public:
    /// `maneuver` (may be null) must outlive the session; it is used for this run only.
    ManeuverSession(const Setup& setup, Maneuver* maneuver, const RunOptions& options = {},
                    const InitialConditions& freeStart = {});

    /// Take up to `steps` steps, fewer if the run ends. Returns the steps taken.
    long advance(long steps);
    /// Advance until the run ends.
    void runToEnd();

    /// A live edit, applied at this step boundary: the motion state is kept, the model
    /// is rebuilt from `setup` (adapted by the maneuver). An edit whose time step would
    /// take the rest of the run past the step cap or the telemetry limit ends the run
    /// (Failed) instead. Returns false if the run has ended (or ends by this edit).
    bool applySetup(const Setup& setup);
    /// The inputs of a session without a maneuver, from the next step on.
    void setDriverInputs(const DriverInputs& inputs) { m_driveInputs = inputs; }
    /// Free driving only: the throttle and brake are eased off where a wheel slips
    /// past its tyre's peak, as the maneuvers' driver does (TractionControl).
    /// Keyboard keys are on or off: without this, a held key spins or locks the
    /// wheels, and an automatic box shifts on the spinning wheels' speed.
    void setDriveAssist(bool on) { m_driveAssist = on; }
    /// End a running run now (Cancelled).
    void cancel();

    /// Keep every n-th sample from here on (n >= 1), counted from the last one kept; the
    /// first step's is kept whatever the grid. With recordTelemetry, never finer than
    /// RunOptions::decimation, for which the telemetry limit was checked.
    void setDecimation(int every);
    int decimation() const { return m_keepEvery; }
    /// Keep the next step's sample whatever the grid (a single step the user watches).
    void keepNextSample() { m_keepNext = true; }
    /// Keep the last step's sample if the grid passed it over, so that what was kept
    /// ends with the state the run stands in (a paused or stopped live run).
    void keepLastSample();

    SessionState state() const { return m_state; }
    bool running() const { return m_state == SessionState::Running; }
    /// Why the run failed (refused, diverged, or an edit refused); empty otherwise.
    const std::string& error() const { return m_error; }
    /// The simulator; absent only when the run was refused before it started.
    const Simulator* simulator() const { return m_sim ? &*m_sim : nullptr; }
    const Maneuver* maneuver() const { return m_maneuver; }
    long steps() const { return m_steps; }
    double time() const { return m_sim ? m_sim->time() : 0.0; }
    /// The sample at the start of the last step (valid once steps() > 0).
    const StepSample& lastSample() const { return m_sim->lastSample(); }
    /// The maneuver's metrics; one the run never reached is invalid, its reason
    /// saying when and why the run ended before it (so no figure is ever blank
    /// without a word of why).
    MetricList metrics() const;

    /// Kept samples not yet handed on (RunOptions::streamSamples).
    const std::vector<StepSample>& pendingSamples() const { return m_pending; }
    void clearPendingSamples() { m_pending.clear(); }
    const Telemetry& telemetry() const { return m_telemetry; }

    /// The run's result; its telemetry is moved out of the session.
    RunResult finish();

private:
    void stepOnce();
    /// When and why the run ended (or that it has not), for a figure it never reached.
    std::string whyItEnded() const;
    /// The maneuver's end after a step (and before the first): finished, time limit.
    void lookForEnd();
    void keep(const StepSample& sample);
    /// Why the rest of a run on `adapted` could not finish within the step cap or the
    /// telemetry limit; empty if it can. Sets m_decimationNeeded for the latter.
    std::string budgetError(const Setup& adapted);
    void fail(std::string error);

    Maneuver* m_maneuver = nullptr;
    RunOptions m_options;
    std::optional<Simulator> m_sim;
    SessionState m_state = SessionState::Running;
    std::string m_error;
    DriverInputs m_driveInputs;
    bool m_driveAssist = false;
    long m_steps = 0;
    int m_keepEvery = 1;
    int m_sinceKept = 0;        ///< steps since the last kept sample
    bool m_keepNext = true;     ///< keep the next step's sample whatever the grid (the first)
    long m_lastKeptStep = 0;    ///< the step whose sample was kept last (0: none)
    long m_keptCount = 0;       ///< samples kept so far, counted against the telemetry limit
    long m_decimationNeeded = 0;
    Telemetry m_telemetry;
    std::vector<StepSample> m_pending;
};

} // namespace vtw

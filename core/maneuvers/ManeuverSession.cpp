#include "core/maneuvers/ManeuverSession.h"

#include "core/maneuvers/TractionControl.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace vtw {

ManeuverSession::ManeuverSession(const Setup& setup, Maneuver* maneuver, const RunOptions& options,
                                 const InitialConditions& freeStart)
    : m_maneuver(maneuver), m_options(options), m_keepEvery(std::max(1, options.decimation)),
      m_telemetry(options.decimation) {
    if (maneuver)
        maneuver->setPreparationHooks({options.cancel, options.preparationProgress});
    const Setup adapted = maneuver ? maneuver->runSetup(setup) : setup;
    std::string refused = budgetError(adapted);
    if (!refused.empty()) {
        fail(std::move(refused));
        return;
    }
    m_sim.emplace(adapted);
    m_sim->reset(maneuver ? maneuver->initialConditions(adapted) : freeStart);
    if (options.recordTelemetry && maneuver) {
        const double steps = maneuver->timeLimit() / adapted.simulation.timeStep;
        // Reserve a modest amount up front; runs usually end well before their limit.
        m_telemetry.reserve(static_cast<std::size_t>(std::min(steps, 200000.0)) /
                            static_cast<std::size_t>(m_keepEvery));
    }
    lookForEnd();
}

std::string ManeuverSession::budgetError(const Setup& adapted) {
    m_decimationNeeded = 0;
    if (!m_maneuver)
        return {};
    const double limit = m_maneuver->timeLimit();
    const double dt = adapted.simulation.timeStep;
    // Counted from where the run stands: at the start, the whole time limit.
    const double rest = (limit - time()) / dt;
    const double neededSteps = double(m_steps) + rest;
    char buffer[400];
    // Written so that a NaN, zero or negative time step fails too. (No rounding up: the
    // longest maneuver at the shortest valid step is the cap itself, give or take the
    // last bit of 400 / 1e-5.)
    if (!(neededSteps >= 0.0 && neededSteps <= double(maxManeuverSteps))) {
        char steps[120];
        if (m_steps == 0)
            std::snprintf(steps, sizeof steps, "%.4g steps of %g s", neededSteps, dt);
        else
            std::snprintf(steps, sizeof steps, "%.4g steps (%ld taken, the rest of %g s)",
                          neededSteps, m_steps, dt);
        std::snprintf(buffer, sizeof buffer,
                      "the maneuver's time limit of %g s takes %s, more than the cap of %ld steps "
                      "per run: use a time step of at least %g s",
                      limit, steps, maxManeuverSteps,
                      (limit - time()) / double(maxManeuverSteps - m_steps));
        return buffer;
    }
    if (!m_options.recordTelemetry)
        return {};
    // Every decimation-th sample is kept, the first included. Estimated from the
    // time limit: a run that could fill the disk is refused before it starts.
    const double kept = double(m_telemetry.sampleCount());
    const double samples = kept + std::ceil(rest / double(m_keepEvery));
    // A rigid car's run leaves the suspension's channels out (Telemetry::record).
    const bool suspension = adapted.suspension.model == SuspensionModel::Dynamic;
    std::size_t channels = 0;
    for (const ChannelInfo& c : channelCatalogue())
        channels += suspension || !c.suspension ? 1 : 0;
    const double recordedShare = double(channels) / double(channelCatalogue().size());
    const double bytes = recordedShare * telemetryCsvBytesEstimate(samples);
    if (bytes <= m_options.maxTelemetryBytes)
        return {};
    const double fitting =
        std::floor(m_options.maxTelemetryBytes / (recordedShare * telemetryCsvBytesEstimate(1.0))) - kept;
    m_decimationNeeded = fitting >= 1.0 ? long(std::ceil(rest / fitting)) : maxManeuverSteps;
    std::snprintf(buffer, sizeof buffer,
                  "the telemetry of this run could take %.4g MiB (%.0f samples x %zu channels "
                  "x %g bytes a value), more than the limit of %.4g MiB: keep one sample in "
                  "%ld (decimation %ld) or shorten the run",
                  bytes / 1048576.0, samples, channels, telemetryCsvBytesPerValue,
                  m_options.maxTelemetryBytes / 1048576.0, m_decimationNeeded, m_decimationNeeded);
    return buffer;
}

void ManeuverSession::fail(std::string error) {
    m_state = SessionState::Failed;
    m_error = std::move(error);
}

void ManeuverSession::lookForEnd() {
    if (m_state != SessionState::Running)
        return;
    if (m_maneuver) {
        if (m_maneuver->finished()) {
            m_state = SessionState::Finished;
            return;
        }
        if (m_sim->time() >= m_maneuver->timeLimit())
            m_state = SessionState::TimedOut;
    }
}

void ManeuverSession::stepOnce() {
    DriverInputs inputs = m_maneuver ? m_maneuver->control(*m_sim) : m_driveInputs;
    if (!m_maneuver && m_driveAssist && m_steps > 0) { // the slips are the last step's
        const TractionControl pedals;
        inputs.throttle = pedals.throttle(*m_sim, inputs.throttle);
        inputs.brake = pedals.brake(*m_sim, inputs.brake);
    }
    if (!m_sim->step(inputs)) {
        fail(m_sim->error());
        return;
    }
    ++m_steps;
    const StepSample& sample = m_sim->lastSample();
    if (m_maneuver)
        m_maneuver->observe(sample);
    if (m_keepNext || ++m_sinceKept >= m_keepEvery) {
        m_keepNext = false;
        m_sinceKept = 0;
        keep(sample);
    }
    lookForEnd();
}

long ManeuverSession::advance(long steps) {
    const long before = m_steps;
    for (long k = 0; k < steps && m_state == SessionState::Running; ++k) {
        // Just before the step, so that a cancel set while the run waited between two
        // advances stops it before another step.
        if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
            m_state = SessionState::Cancelled;
            break;
        }
        stepOnce();
    }
    return m_steps - before;
}

void ManeuverSession::runToEnd() { advance(std::numeric_limits<long>::max()); }

void ManeuverSession::keep(const StepSample& sample) {
    m_lastKeptStep = m_steps;
    if (m_options.recordTelemetry)
        m_telemetry.record(sample);
    if (m_options.streamSamples)
        m_pending.push_back(sample);
}

void ManeuverSession::keepLastSample() {
    if (m_steps > 0 && m_lastKeptStep != m_steps)
        keep(m_sim->lastSample());
}

void ManeuverSession::setDecimation(int every) {
    every = std::max(1, every);
    if (m_options.recordTelemetry)
        every = std::max(every, m_options.decimation);
    m_keepEvery = every;
}

bool ManeuverSession::applySetup(const Setup& setup) {
    if (m_state != SessionState::Running)
        return false;
    const Setup adapted = m_maneuver ? m_maneuver->runSetup(setup) : setup;
    const std::string refused = budgetError(adapted);
    if (!refused.empty()) {
        fail("the edited setup cannot finish the run: " + refused);
        return false;
    }
    m_sim->setSetup(adapted);
    return true;
}

void ManeuverSession::cancel() {
    if (m_state == SessionState::Running)
        m_state = SessionState::Cancelled;
}

std::string ManeuverSession::whyItEnded() const {
    char at[64];
    std::snprintf(at, sizeof at, "%.2f s", time());
    switch (m_state) {
    case SessionState::Running:
        return std::string("the run stands at ") + at + " and has not ended yet";
    case SessionState::TimedOut:
        return std::string("the run ended at its time limit of ") + at;
    case SessionState::Cancelled:
        return std::string("the run was stopped at ") + at;
    case SessionState::Failed:
        return std::string("the run failed at ") + at + ": " + m_error;
    case SessionState::Finished:
        break;
    }
    const std::string why = m_maneuver ? m_maneuver->endReason() : std::string();
    return why.empty() ? std::string("the run completed at ") + at + " without reaching it"
                       : std::string("the run ended at ") + at + ": " + why;
}

MetricList ManeuverSession::metrics() const {
    MetricList metrics = m_maneuver ? m_maneuver->metrics() : MetricList{};
    for (Metric& m : metrics) {
        if (!m.reached && m.invalidReason.empty())
            invalidate(m, "not reached: " + whyItEnded());
    }
    return metrics;
}

RunResult ManeuverSession::finish() {
    RunResult result;
    result.ok = m_state != SessionState::Failed;
    result.cancelled = m_state == SessionState::Cancelled;
    result.timedOut = m_state == SessionState::TimedOut;
    result.error = m_error;
    result.metrics = metrics();
    result.telemetry = std::move(m_telemetry);
    result.simulatedTime = time();
    result.steps = m_steps;
    result.telemetryDecimationNeeded = m_decimationNeeded;
    return result;
}

} // namespace vtw

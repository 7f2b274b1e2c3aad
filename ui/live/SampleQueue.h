#pragma once

#include "core/sim/StepSample.h"

#include <mutex>

#include <cstdint>
#include <vector>

namespace vtw {

/// The hand-over of telemetry from the simulation thread to the UI thread.
/// The worker pushes whole batches (one lock per batch, never per sample); the
/// UI drains everything on its timer by swapping vectors, so neither side
/// allocates in the steady state. Bounded: if the UI stops draining, the oldest
/// samples are dropped and counted rather than growing without limit.
/// Every run has a generation number so the UI can tell a new run's samples
/// from stale ones of the previous run.
class SampleQueue {
public:
    explicit SampleQueue(std::size_t capacity = 32768);

    void push(const std::vector<StepSample>& batch, std::uint64_t generation);

    /// Moves every queued sample into `out` (replacing its contents). Returns the
    /// generation they belong to; `dropped` gets the samples lost since the last drain.
    std::uint64_t drain(std::vector<StepSample>& out, long* dropped = nullptr);

    /// Forget everything queued and start a new generation.
    void clear(std::uint64_t generation);

    std::size_t capacity() const { return m_capacity; }

private:
    // std::mutex, not QMutex: as cheap, and ThreadSanitizer can see it (Qt's
    // futex-based mutex is invisible to it unless Qt itself is instrumented).
    mutable std::mutex m_mutex;
    std::vector<StepSample> m_pending;
    std::size_t m_capacity;
    std::uint64_t m_generation = 0;
    long m_dropped = 0;
};

} // namespace vtw

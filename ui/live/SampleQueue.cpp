#include "ui/live/SampleQueue.h"

namespace vtw {

SampleQueue::SampleQueue(std::size_t capacity) : m_capacity(capacity) {
    m_pending.reserve(capacity);
}

void SampleQueue::push(const std::vector<StepSample>& batch, std::uint64_t generation) {
    if (batch.empty())
        return;
    std::lock_guard lock(m_mutex);
    if (generation != m_generation)
        return; // a batch of a run that was reset meanwhile
    m_pending.insert(m_pending.end(), batch.begin(), batch.end());
    if (m_pending.size() > m_capacity) {
        const std::size_t excess = m_pending.size() - m_capacity;
        m_pending.erase(m_pending.begin(), m_pending.begin() + static_cast<std::ptrdiff_t>(excess));
        m_dropped += static_cast<long>(excess);
    }
}

std::uint64_t SampleQueue::drain(std::vector<StepSample>& out, long* dropped) {
    out.clear();
    std::lock_guard lock(m_mutex);
    // Swap keeps both vectors' capacity: the next push reuses the UI's old buffer.
    m_pending.swap(out);
    if (dropped)
        *dropped = m_dropped;
    m_dropped = 0;
    return m_generation;
}

void SampleQueue::clear(std::uint64_t generation) {
    std::lock_guard lock(m_mutex);
    m_pending.clear();
    m_generation = generation;
    m_dropped = 0;
}

} // namespace vtw

#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace vtw {

/// Run job(i) for i in [0, count) on up to `threads` threads (0 = one per
/// hardware thread). Jobs are handed out one at a time so long and short runs
/// balance. Each job writes its own result slot; nothing is shared.
template <typename Job> void parallelFor(std::size_t count, Job&& job, unsigned threads = 0) {
    if (threads == 0)
        threads = std::max(1u, std::thread::hardware_concurrency());
    threads = static_cast<unsigned>(std::min<std::size_t>(threads, count));
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t i = next++; i < count; i = next++)
            job(i);
    };
    if (threads <= 1) {
        worker();
        return;
    }
    std::vector<std::thread> pool;
    pool.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool)
        t.join();
}

} // namespace vtw

#include "ui/mathchannels/RunMathChannels.h"

#include "ui/mathchannels/MathChannelStore.h"

#include "core/mathchannels/MathChannels.h"

#include <QComboBox>
#include <QCoreApplication>

#include <deque>
#include <mutex>

namespace vtw {

namespace {

constexpr int mathItemRole = Qt::UserRole + 40;

// Results per run, so that replotting a comparison (every setup, trace and delta)
// computes each run's math channels once. Keyed by the telemetry's address and what
// would differ if the address were reused by another run.
struct CachedRun {
    const Telemetry* telemetry = nullptr;
    std::size_t samples = 0;
    double lastTime = 0.0;
    int revision = -1;
    ChannelTable math; ///< the math channels alone
};

std::mutex cacheMutex;
std::deque<CachedRun> cache;
constexpr std::size_t cacheRuns = 32;

const ChannelTable& mathOf(const Telemetry& t) {
    const int revision = MathChannelStore::instance().revision();
    const std::size_t n = t.sampleCount();
    const double lastTime = n > 0 ? t.column("time").back() : 0.0;
    for (const CachedRun& c : cache) {
        if (c.telemetry == &t && c.samples == n && c.lastTime == lastTime && c.revision == revision)
            return c.math;
    }
    CachedRun entry{&t, n, lastTime, revision, {}};
    for (ChannelColumn& column : mathColumnsOf(channelTableOf(t)))
        entry.math.add(std::move(column));
    if (cache.size() >= cacheRuns)
        cache.pop_back();
    cache.push_front(std::move(entry));
    return cache.front().math;
}

} // namespace

QString mathChannelGroup() {
    return QCoreApplication::translate("vtw::MathChannels", "Math channels");
}

bool isMathChannelName(const std::string& name) {
    return channelIndex(name) < 0 && MathChannelStore::instance().find(name) != nullptr;
}

std::optional<ChannelInfo> channelOrMathInfo(const std::string& name) {
    if (const int index = channelIndex(name); index >= 0)
        return channelCatalogue()[static_cast<std::size_t>(index)];
    if (const MathChannel* math = MathChannelStore::instance().find(name))
        return ChannelInfo{math->name, math->unit, math->name, mathChannelGroup().toStdString(), nullptr};
    return std::nullopt;
}

ChannelTable withMathChannels(ChannelTable table) {
    applyMathChannels(table, MathChannelStore::instance().channels());
    return table;
}

std::vector<ChannelColumn> mathColumnsOf(ChannelTable table) {
    // The columns applying adds, after the table's own.
    const std::size_t own = table.channelCount();
    applyMathChannels(table, MathChannelStore::instance().channels());
    return {table.columns().begin() + static_cast<std::ptrdiff_t>(own), table.columns().end()};
}

std::vector<double> runChannelValues(const Telemetry& telemetry, const std::string& name) {
    if (channelIndex(name) >= 0)
        return telemetry.column(name);
    const std::lock_guard lock(cacheMutex);
    const ChannelColumn* column = mathOf(telemetry).find(name);
    return column ? column->values : std::vector<double>{};
}

void offerMathChannels(QComboBox* box) {
    auto fill = [box] {
        const QString chosen = box->currentData().toString();
        QSignalBlocker block(box);
        for (int i = box->count() - 1; i >= 0; --i) {
            if (box->itemData(i, mathItemRole).toBool())
                box->removeItem(i);
        }
        for (const MathChannel& c : MathChannelStore::instance().channels()) {
            if (channelIndex(c.name) >= 0)
                continue; // a name the catalogue has: never computed
            const QString text = c.unit.empty()
                                     ? QStringLiteral("%1 \u2013 %2").arg(mathChannelGroup(), QString::fromStdString(c.name))
                                     : QStringLiteral("%1 \u2013 %2 (%3)")
                                           .arg(mathChannelGroup(), QString::fromStdString(c.name),
                                                QString::fromStdString(c.unit));
            box->addItem(text, QString::fromStdString(c.name));
            box->setItemData(box->count() - 1, true, mathItemRole);
        }
        const int keep = box->findData(chosen);
        box->setCurrentIndex(keep >= 0 ? keep : 0);
        block.unblock();
        // The chosen channel may be gone, or its formula changed: the view recomputes.
        emit box->currentIndexChanged(box->currentIndex());
    };
    fill();
    QObject::connect(&MathChannelStore::instance(), &MathChannelStore::changed, box, fill);
}

} // namespace vtw

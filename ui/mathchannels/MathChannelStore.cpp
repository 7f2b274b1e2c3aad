#include "ui/mathchannels/MathChannelStore.h"

#include "core/mathchannels/MathChannelJson.h"

#include <QSettings>

namespace vtw {

namespace {
constexpr const char* settingsKey = "analysis/mathChannels";
}

MathChannelStore& MathChannelStore::instance() {
    static MathChannelStore* store = new MathChannelStore; // lives as long as the program
    return *store;
}

MathChannelStore::MathChannelStore() {
    // Kept as the same JSON a user exports, read through the same bounded reader; a
    // list that no longer reads (edited by hand) is left out rather than half used.
    const QByteArray saved = QSettings().value(QLatin1String(settingsKey)).toByteArray();
    if (!saved.isEmpty()) {
        MathChannelsReadResult read = readMathChannelsJson(saved);
        if (read.ok())
            m_channels = std::move(read.channels);
        else
            qWarning("math channels in the settings are not used: %s", qPrintable(read.errors.join("; ")));
    }
}

const MathChannel* MathChannelStore::find(const std::string& name) const {
    for (const MathChannel& c : m_channels) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

void MathChannelStore::setChannels(std::vector<MathChannel> channels) {
    if (channels == m_channels)
        return;
    m_channels = std::move(channels);
    ++m_revision;
    QSettings().setValue(QLatin1String(settingsKey), mathChannelsJson(m_channels));
    emit changed();
}

} // namespace vtw

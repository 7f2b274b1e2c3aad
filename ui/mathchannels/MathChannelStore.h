#pragma once

// The user's math channels for the whole window: kept in QSettings, edited in the
// Math channels dialog, read by every view that offers channels. Views listen to
// changed() to refresh their pickers and recompute.

#include "core/mathchannels/MathChannel.h"

#include <QObject>

#include <vector>

namespace vtw {

class MathChannelStore : public QObject {
    Q_OBJECT
public:
    /// The window's store, read from QSettings the first time it is asked for.
    static MathChannelStore& instance();

    const std::vector<MathChannel>& channels() const { return m_channels; }
    /// The channel of that name, or nullptr.
    const MathChannel* find(const std::string& name) const;
    /// Replaces the list, saves it in QSettings and tells the views.
    void setChannels(std::vector<MathChannel> channels);
    /// Counts changes, so a view can tell its cached results are stale.
    int revision() const { return m_revision; }

signals:
    void changed();

private:
    MathChannelStore();
    std::vector<MathChannel> m_channels;
    int m_revision = 0;
};

} // namespace vtw

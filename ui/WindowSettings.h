#pragma once

// What the window keeps between sessions and the QSettings keys it keeps it
// under, all in one place: a key renamed here is a setting every user loses.
// The editors' splitters and page are the document view's
// (DocumentView::saveLayout), the recent files RecentFiles'.

#include "core/setupfile/SetupMetadata.h"

#include <QByteArray>
#include <QStringList>
#include <QVariantList>

#include <optional>

class QSettings;

namespace vtw {

struct WindowSettings {
    QByteArray geometry;
    /// The docks and toolbars as the Setups workspace lays them out. Absent:
    /// what is stored stays, as the other workspaces hide the docks and that
    /// is not the layout to bring back.
    std::optional<QByteArray> dockState;
    UnitSystem unitSystem = UnitSystem::SI;
    /// Each page's splitters (splitterStates()).
    QVariantList liveSplitters;
    QVariantList compareSplitters;
    QVariantList trackSplitters;
    /// The channels the live traces plot; empty when none were kept.
    QStringList liveChannels;

    /// What is stored; defaults for what is not.
    static WindowSettings read(const QSettings& settings);
    void write(QSettings& settings) const;
};

} // namespace vtw

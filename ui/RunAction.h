#pragma once

// One key to run what the workspace in front runs: F5 or Ctrl+R starts the lap on
// Track, the comparison on Compare (the sweep when its tab is in front), and starts or
// stops the car on Live (a paused run drives on). Listed under Help > Keyboard shortcuts with the menu it is in.

#include "ui/WorkspaceActions.h"

#include <functional>

class QAction;
class QMenu;

namespace vtw {

class ComparePage;
class LiveSimulationPage;
class TrackPage;

/// The pages the action runs.
struct RunnablePages {
    LiveSimulationPage* live = nullptr;
    ComparePage* compare = nullptr;
    TrackPage* track = nullptr;
};

/// Adds the action to `menu`, named "runAction"; `current` says which workspace is in front.
QAction* addRunAction(QMenu* menu, RunnablePages pages, std::function<Workspace()> current);

/// What the action does in `workspace` (nothing in Setups, whose figures follow every edit).
void runWorkspace(Workspace workspace, const RunnablePages& pages);

} // namespace vtw

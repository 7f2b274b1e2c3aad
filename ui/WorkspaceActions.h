#pragma once

// The window's workspaces and the actions that switch between them: one per
// workspace in the View menu and on the toolbar, Ctrl+1 to Ctrl+4, the
// current one checked.

#include <QObject>

class QActionGroup;
class QMenu;
class QToolBar;

namespace vtw {

/// The window's workspaces, in the order of the mode buttons.
enum class Workspace { Setups, Live, Compare, Track };

class WorkspaceActions : public QObject {
    Q_OBJECT
public:
    /// The actions belong to `menu` and are on `bar` too; Setups starts checked.
    /// Each is named "workspace<n>", n its Workspace value.
    WorkspaceActions(QMenu* menu, QToolBar* bar, QObject* parent = nullptr);

    void check(Workspace workspace);

signals:
    /// The user picked a workspace.
    void chosen(vtw::Workspace workspace);

private:
    QActionGroup* m_group;
};

} // namespace vtw

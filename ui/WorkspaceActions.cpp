#include "ui/WorkspaceActions.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QStyle>
#include <QToolBar>

namespace vtw {

WorkspaceActions::WorkspaceActions(QMenu* menu, QToolBar* bar, QObject* parent)
    : QObject(parent), m_group(new QActionGroup(this)) {
    struct Mode {
        Workspace workspace;
        QString text;
        QString tip;
        QStyle::StandardPixmap icon;
    };
    const Mode modes[] = {
        {Workspace::Setups, tr("Set&ups"), tr("Edit the open setups"),
         QStyle::SP_FileDialogDetailedView},
        {Workspace::Live, tr("&Live simulation"),
         tr("Run the current setup: maneuvers or keyboard driving, live traces and views"),
         QStyle::SP_MediaPlay},
        {Workspace::Compare, tr("&Compare"),
         tr("Setups side by side: metrics, traces, parameter diff, sweeps, report"),
         QStyle::SP_FileDialogContentsView},
        {Workspace::Track, tr("&Track"),
         tr("A lap of a track with the current setup: map, traces, G-G-V, lap and sector times"),
         QStyle::SP_DriveNetIcon},
    };
    int key = Qt::Key_1;
    for (const Mode& mode : modes) {
        QAction* a = menu->addAction(menu->style()->standardIcon(mode.icon), mode.text);
        a->setCheckable(true);
        a->setData(int(mode.workspace));
        a->setStatusTip(mode.tip);
        a->setToolTip(mode.tip);
        a->setShortcut(QKeySequence(int(Qt::CTRL) | key++));
        a->setObjectName(QStringLiteral("workspace%1").arg(int(mode.workspace)));
        m_group->addAction(a);
        bar->addAction(a);
    }
    m_group->actions().constFirst()->setChecked(true);
    connect(m_group, &QActionGroup::triggered, this,
            [this](QAction* a) { emit chosen(Workspace(a->data().toInt())); });
}

void WorkspaceActions::check(Workspace workspace) {
    for (QAction* a : m_group->actions())
        a->setChecked(a->data().toInt() == int(workspace));
}

} // namespace vtw

#include "ui/RunAction.h"

#include "ui/compare/ComparePage.h"
#include "ui/compare/SweepPanel.h"
#include "ui/live/LiveSimulationPage.h"
#include "ui/track/TrackPage.h"

#include <QAction>
#include <QMenu>
#include <QTabWidget>

namespace vtw {

void runWorkspace(Workspace workspace, const RunnablePages& pages) {
    switch (workspace) {
    case Workspace::Setups:
        break;
    case Workspace::Live: {
        // The same key stops a car that is driving, as Stop would; a paused or reset run
        // drives on from where it stands, as Resume would.
        const WorkerState state = pages.live->state();
        if (state == WorkerState::Running)
            pages.live->stop();
        else if (state == WorkerState::Paused)
            pages.live->resume();
        else
            pages.live->start();
        break;
    }
    case Workspace::Compare: {
        QWidget* tab = pages.compare->tabs()->currentWidget();
        SweepPanel* sweep = pages.compare->sweepPanel();
        if (tab && sweep && (tab == sweep || tab->isAncestorOf(sweep))) {
            if (!sweep->isRunning())
                sweep->run();
        } else if (!pages.compare->isRunning()) {
            pages.compare->run();
        }
        break;
    }
    case Workspace::Track:
        pages.track->runLap();
        break;
    }
}

QAction* addRunAction(QMenu* menu, RunnablePages pages, std::function<Workspace()> current) {
    QAction* run = menu->addAction(QObject::tr("&Run (lap, comparison, sweep; start or stop the live car)"));
    run->setObjectName(QStringLiteral("runAction"));
    run->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)});
    run->setShortcutContext(Qt::WindowShortcut);
    QObject::connect(run, &QAction::triggered, menu,
                     [pages, current = std::move(current)] { runWorkspace(current(), pages); });
    return run;
}

} // namespace vtw

// The document manager without a window: opening a file, the unsaved-changes
// prompt on close (answered here through the replaceable prompt), saving
// through it to a file, the recent list, and the recovery copy of unsaved work;
// the Setups workspace's tabs following the manager.
#include "ui/document/DocumentManager.h"
#include "ui/document/RecentFiles.h"
#include "ui/setups/DocumentView.h"
#include "ui/setups/SetupsWorkspace.h"
#include "core/setupfile/SetupJson.h"

#include <QMainWindow>
#include <QDockWidget>
#include <QTabWidget>
#include <QtTest>

using namespace vtw;

namespace {

/// Answers the save prompt and counts how often it was asked.
struct Answerer {
    DocumentManager::SaveAnswer answer = DocumentManager::SaveAnswer::Cancel;
    int asked = 0;
    DocumentManager::SavePrompt prompt() {
        return [this](SetupDocument*) {
            ++asked;
            return answer;
        };
    }
};

} // namespace

class TestUiDocuments : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_documents"));
    }
    void init() { QSettings().clear(); }

    void openModifyClosePrompts() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("car.json"));
        QVERIFY(saveSetupFile(path, defaultSetup()).ok);
        DocumentManager manager(nullptr);
        manager.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        Answerer answerer;
        manager.setSavePrompt(answerer.prompt());
        QSignalSpy added(&manager, &DocumentManager::documentAdded);
        QSignalSpy closing(&manager, &DocumentManager::documentClosing);

        SetupDocument* document = manager.open(path);
        QVERIFY(document);
        QCOMPARE(added.count(), 1);
        QCOMPARE(manager.recentFiles()->files(), QStringList{QFileInfo(path).absoluteFilePath()});
        QCOMPARE(manager.open(path), document); // open already: the same document
        QCOMPARE(manager.documents().size(), 1);

        // Unmodified: closes without asking.
        QVERIFY(manager.close(document));
        QCOMPARE(answerer.asked, 0);
        QCOMPARE(closing.count(), 1);
        QVERIFY(manager.documents().isEmpty());

        document = manager.open(path);
        QVERIFY(document->changeValue(QStringLiteral("chassis.mass"), 1420.0).accepted());
        QVERIFY(document->isModified());
        // Cancel keeps it open and modified.
        answerer.answer = DocumentManager::SaveAnswer::Cancel;
        QVERIFY(!manager.close(document));
        QCOMPARE(answerer.asked, 1);
        QCOMPARE(manager.documents().size(), 1);
        QVERIFY(document->isModified());
        // An autosave copy exists while it is unsaved.
        QVERIFY(manager.autosaveNow());
        QCOMPARE(RecoveryStore(manager.recoveryFolder()).list().size(), 1);
        // Save writes the file, then closes; the copy goes with the save.
        answerer.answer = DocumentManager::SaveAnswer::Save;
        QVERIFY(manager.close(document));
        QCOMPARE(answerer.asked, 2);
        QVERIFY(manager.documents().isEmpty());
        const SetupLoadResult reread = loadSetupFile(path);
        QVERIFY(reread.ok());
        QCOMPARE(reread.setup->chassis.mass, 1420.0);
        QVERIFY(RecoveryStore(manager.recoveryFolder()).list().isEmpty());

        // Discard closes and leaves the file as it was.
        document = manager.open(path);
        QVERIFY(document->changeValue(QStringLiteral("chassis.mass"), 1300.0).accepted());
        answerer.answer = DocumentManager::SaveAnswer::Discard;
        QVERIFY(manager.close(document));
        QCOMPARE(loadSetupFile(path).setup->chassis.mass, 1420.0);
    }

    void saveAsAsksForAPathAndUpdatesRecent() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        DocumentManager manager(nullptr);
        manager.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        const QString target = dir.filePath(QStringLiteral("new.json"));
        QString suggested;
        manager.setPathPrompt([&](SetupDocument*, const QString& suggestion) {
            suggested = suggestion;
            return target;
        });
        SetupDocument* document = manager.add(defaultSetup());
        QVERIFY(document->filePath().isEmpty());
        const QString name = document->displayName();
        QVERIFY(document->changeValue(QStringLiteral("chassis.mass"), 1510.0).accepted());
        QVERIFY(manager.save(document)); // no file yet: asks for one
        QCOMPARE(QFileInfo(suggested).fileName(), name + QStringLiteral(".json"));
        QCOMPARE(document->filePath(), target);
        QVERIFY(!document->isModified());
        QCOMPARE(manager.recentFiles()->files().first(), QFileInfo(target).absoluteFilePath());
        QCOMPARE(loadSetupFile(target).setup->chassis.mass, 1510.0);
        // A cancelled path prompt saves nothing.
        manager.setPathPrompt([](SetupDocument*, const QString&) { return QString(); });
        QVERIFY(document->changeValue(QStringLiteral("chassis.mass"), 1520.0).accepted());
        QVERIFY(!manager.saveAs(document));
        QVERIFY(document->isModified());
        QCOMPARE(loadSetupFile(target).setup->chassis.mass, 1510.0);
    }

    void newSetupsNamedLikeOpenOnesAreNumbered() {
        DocumentManager manager(nullptr);
        QTemporaryDir dir;
        manager.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        SetupDocument* a = manager.add(defaultSetup());
        SetupDocument* b = manager.add(defaultSetup());
        QCOMPARE(b->displayName(), a->displayName() + QStringLiteral(" (2)"));
    }

    void quittingAsksForEachModifiedDocument() {
        QTemporaryDir dir;
        DocumentManager manager(nullptr);
        manager.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        Answerer answerer;
        manager.setSavePrompt(answerer.prompt());
        manager.addStartingCar(defaultSetup());
        SetupDocument* edited = manager.addStartingCar(defaultSetup());
        QVERIFY(edited->changeValue(QStringLiteral("chassis.mass"), 1400.0).accepted());
        QVERIFY(manager.autosaveNow());
        answerer.answer = DocumentManager::SaveAnswer::Cancel;
        QVERIFY(!manager.prepareToQuit());
        QCOMPARE(answerer.asked, 1);
        QCOMPARE(RecoveryStore(manager.recoveryFolder()).list().size(), 1);
        answerer.answer = DocumentManager::SaveAnswer::Discard;
        QVERIFY(manager.prepareToQuit());
        QVERIFY(RecoveryStore(manager.recoveryFolder()).list().isEmpty());
    }

    // A document that exists only in memory (an import, a sweep's variant, File >
    // New) has nothing on disk to fall back on: it is unsaved from birth, closing
    // it asks, autosave keeps a copy, and after a crash the copy comes back.
    void inMemoryDocumentsAreUnsavedFromBirth() {
        QTemporaryDir dir;
        const QString recovery = dir.filePath(QStringLiteral("recovery"));
        {
            DocumentManager manager(nullptr);
            manager.setRecoveryFolder(recovery);
            Answerer answerer;
            manager.setSavePrompt(answerer.prompt());
            Setup imported = defaultSetup();
            imported.name = "Imported car";
            SetupDocument* document = manager.add(imported);
            QVERIFY(document->isModified());
            QCOMPARE(document->undoStack()->count(), 0); // modified without an undo step to take back
            QVERIFY(manager.autosaveNow());
            QCOMPARE(RecoveryStore(recovery).list().size(), 1);
            answerer.answer = DocumentManager::SaveAnswer::Cancel;
            QVERIFY(!manager.close(document));
            QCOMPARE(answerer.asked, 1);
            QVERIFY(!manager.prepareToQuit());
            QCOMPARE(answerer.asked, 2);
        } // gone without a clean quit, as after a crash: the copy stays, owned by no one
        DocumentManager after(nullptr);
        after.setRecoveryFolder(recovery);
        QCOMPARE(after.restoreRecovered(), 1);
        QCOMPARE(after.documents().size(), 1);
        QCOMPARE(after.documents().first()->displayName(), QStringLiteral("Imported car"));
        QVERIFY(after.documents().first()->isModified());
    }

    // The car the window starts with is an untouched library copy: nothing to ask about.
    void theStartingCarIsClean() {
        QTemporaryDir dir;
        DocumentManager manager(nullptr);
        manager.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        Answerer answerer;
        manager.setSavePrompt(answerer.prompt());
        SetupDocument* document = manager.addStartingCar(defaultSetup());
        QVERIFY(!document->isModified());
        QVERIFY(manager.autosaveNow());
        QVERIFY(RecoveryStore(manager.recoveryFolder()).list().isEmpty());
        QVERIFY(document->changeValue(QStringLiteral("chassis.mass"), 1400.0).accepted());
        QVERIFY(document->isModified());
        document->undoStack()->undo();
        QVERIFY(!document->isModified());
        QVERIFY(manager.close(document));
        QCOMPARE(answerer.asked, 0);
    }

    // A document the manager takes gets a tab and becomes current; one it closes
    // loses its tab; the tab says the document's name and whether it is saved.
    void setupsWorkspaceFollowsTheManager() {
        QTemporaryDir dir;
        DocumentManager manager(nullptr);
        manager.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        Answerer answerer;
        answerer.answer = DocumentManager::SaveAnswer::Discard;
        manager.setSavePrompt(answerer.prompt());
        SetupsWorkspace workspace(&manager, nullptr);
        QSignalSpy current(&workspace, &SetupsWorkspace::currentDocumentChanged);
        QSignalSpy setupsChanged(&workspace, &SetupsWorkspace::openSetupsChanged);

        SetupDocument* first = manager.addStartingCar(defaultSetup());
        SetupDocument* second = manager.add(defaultSetup());
        QTabWidget* tabs = workspace.tabs();
        QCOMPARE(tabs->count(), 2);
        QCOMPARE(workspace.views().size(), 2);
        QCOMPARE(workspace.viewOf(first), workspace.views()[0]);
        QCOMPARE(workspace.viewOf(second)->document(), second);
        QCOMPARE(workspace.currentDocument(), second);
        QCOMPARE(current.last().first().value<SetupDocument*>(), second);
        QCOMPARE(workspace.documentNames(), (QStringList{first->displayName(), second->displayName()}));
        QCOMPARE(tabs->tabText(0), first->displayName()); // the starting car is unmodified
        QCOMPARE(tabs->tabText(1), second->displayName() + QStringLiteral(" *"));
        QCOMPARE(tabs->tabToolTip(1), QStringLiteral("Not saved yet"));

        QVERIFY(second->rename(QStringLiteral("Wet setup")).accepted());
        QCOMPARE(tabs->tabText(1), QStringLiteral("Wet setup *"));
        const int changesBefore = setupsChanged.count();
        QVERIFY(first->changeValue(QStringLiteral("chassis.mass"), 1400.0).accepted());
        QCOMPARE(setupsChanged.count(), changesBefore + 1);
        QCOMPARE(tabs->tabText(0), first->displayName() + QStringLiteral(" *"));

        QVERIFY(!workspace.closeDocument(5)); // no such tab
        QVERIFY(workspace.closeDocument(0));
        QCOMPARE(answerer.asked, 1); // the mass edit was not saved
        QCOMPARE(tabs->count(), 1);
        QCOMPARE(manager.documents().size(), 1);
        QCOMPARE(workspace.currentDocument(), second);
        QCOMPARE(workspace.viewOf(first), nullptr);
        QVERIFY(manager.close(second));
        QCOMPARE(tabs->count(), 0);
        QCOMPARE(workspace.currentDocument(), nullptr);
        QCOMPARE(current.last().first().value<SetupDocument*>(), nullptr);
    }

    // The docks go to the window's right; leaving the workspace hides them, and
    // coming back shows again only those that were open.
    void setupsWorkspaceDocksComeBackAsTheyWere() {
        DocumentManager manager(nullptr);
        QMainWindow window;
        auto* workspace = new SetupsWorkspace(&manager, &window);
        window.setCentralWidget(workspace);
        workspace->addDocksTo(&window);
        const QList<QDockWidget*> docks = window.findChildren<QDockWidget*>();
        QCOMPARE(docks.size(), 2);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (QDockWidget* dock : docks) {
            QCOMPARE(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
            QVERIFY(dock->isVisible());
        }
        docks[1]->hide();
        workspace->leave();
        QVERIFY(!docks[0]->isVisible());
        workspace->enter();
        QVERIFY(docks[0]->isVisible());
        QVERIFY(!docks[1]->isVisible());
    }
};

QTEST_MAIN(TestUiDocuments)
#include "tst_ui_documents.moc"

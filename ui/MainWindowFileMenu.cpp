#include "ui/MainWindow.h"

// The File menu: documents (through the DocumentManager), imports and exports
// (through SetupTransfers), logged data, close and quit.

#include "ui/document/DocumentManager.h"
#include "ui/track/LoggedDataImport.h"
#include "ui/document/RecentFiles.h"
#include "ui/setups/SetupsWorkspace.h"
#include "ui/setups/SetupTransfers.h"
#include "core/setupfile/CarLibrary.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QStyle>
#include <QTabWidget>

namespace vtw {

MainWindow::FileActions MainWindow::createFileMenu() {
    QStyle* s = style();
    SetupTransfers* transfers = m_setups->transfers();
    QMenu* file = menuBar()->addMenu(tr("&File"));
    auto* newAction = file->addAction(s->standardIcon(QStyle::SP_FileIcon), tr("&New"), this,
                                      [this] { newDocument(defaultLibraryCar()); });
    newAction->setShortcut(QKeySequence::New);
    newAction->setStatusTip(tr("A new setup from the library's Corvette C5"));
    QMenu* library = file->addMenu(tr("New from &Library"));
    for (const LibraryCar& car : libraryCars()) {
        library->addAction(car.name, m_documents, [this, car] { m_documents->addLibraryCar(car.resourcePath); });
    }
    auto* open =
        file->addAction(s->standardIcon(QStyle::SP_DialogOpenButton), tr("&Open…"), this, [this] {
            const QString path = QFileDialog::getOpenFileName(this, tr("Open setup"),
                                                              dialogDirectory(), DocumentManager::setupFileFilter());
            if (!path.isEmpty())
                openFile(path);
        });
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    auto* save =
        file->addAction(s->standardIcon(QStyle::SP_DialogSaveButton), tr("&Save"), this, [this] {
            if (SetupDocument* document = currentDocument())
                m_documents->save(document);
        });
    save->setShortcut(QKeySequence::Save);
    auto* saveAs = file->addAction(tr("Save &As…"), this, [this] {
        if (currentDocument())
            saveDocumentAs(currentDocument());
    });
    // The platform's Save As binding is empty where no desktop theme provides one.
    saveAs->setShortcut(QKeySequence::keyBindings(QKeySequence::SaveAs).value(
        0, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    file->addSeparator();
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(tr("Setup as &JSON…"), transfers, &SetupTransfers::exportSetupCopy);
    QMenu* curves = exportMenu->addMenu(tr("&Curve (CSV, .lut, rFactor 2, BeamNG)"));
    exportMenu->addAction(tr("&Assetto Corsa car data…"), transfers, &SetupTransfers::exportAcCarData);
    QMenu* importMenu = file->addMenu(tr("&Import"));
    importMenu->addAction(tr("&Tyre from .tir file…"), transfers, [transfers] { transfers->importTir(QStringLiteral("both")); });
    importMenu->addAction(tr("&Assetto Corsa car data…"), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(
            this, tr("Assetto Corsa car data folder (unpacked data/)"), dialogDirectory());
        if (!folder.isEmpty())
            importAcCarData(folder);
    });
    QMenu* importCurves = importMenu->addMenu(tr("&Curve (CSV, .lut)"));
    for (const FieldMeta& f : setupFields()) {
        if (f.kind != FieldKind::Curve)
            continue;
        const QString path = f.path;
        curves->addAction(curveTitle(f) + QStringLiteral("…"), this,
                          [transfers, path] { transfers->exportCurve(path); });
        importCurves->addAction(curveTitle(f) + QStringLiteral("…"), this,
                                [transfers, path] { transfers->importCurve(path); });
    }
    file->addAction(tr("Import &Logged Data…"), this, [this] {
        if (importLoggedData(this, m_track, m_referenceRuns, dialogDirectory()))
            setWorkspace(Workspace::Track);
    });
    auto* plotImage =
        exportMenu->addAction(tr("&Plot image (PNG, PDF)…"), this, &MainWindow::exportPlot);
    plotImage->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    file->addSeparator();
    auto* close = file->addAction(tr("&Close"), this, [this] {
        if (documentTabs()->currentIndex() >= 0)
            closeDocument(documentTabs()->currentIndex());
    });
    close->setShortcut(QKeySequence::Close);
    auto* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    return {newAction, library, open, save};
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    RecentFiles* recent = m_documents->recentFiles();
    const QStringList files = recent->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        m_recentMenu
            ->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                        [this, path] { openFile(path); })
            ->setStatusTip(path);
    }
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear list"), recent, &RecentFiles::clear);
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

} // namespace vtw

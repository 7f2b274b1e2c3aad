// The program as its users and their desktops see it: one version everywhere
// (project(VERSION) in CMakeLists.txt, vtw-cli --version, the About box, saved
// files, the changelog), one icon for the window and the About box, and the setup
// files named on the command line opened at start.
#include "ui/AboutBox.h"
#include "ui/setups/DocumentView.h"
#include "ui/HelpDialogs.h"
#include "ui/MainWindow.h"
#include "core/setupfile/ProgramVersion.h"
#include "ui/document/SetupDocument.h"
#include "ui/WorkbenchStartup.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/SetupJson.h"

#include <QAction>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTemporaryDir>
#include <QtTest>

using namespace vtw;

namespace {

// The version CMake's project() gives, passed to this test on its own.
const QString projectVersion = QStringLiteral(VTW_PROJECT_VERSION);

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The About box the window's Help > About opens.
QMessageBox* openAboutFromMenu(MainWindow& window) {
    for (QAction* menu : window.menuBar()->actions()) {
        if (!menu->menu())
            continue;
        for (QAction* action : menu->menu()->actions()) {
            if (action->text() == QStringLiteral("&About")) {
                action->trigger();
                return window.findChild<QMessageBox*>(QStringLiteral("aboutBox"));
            }
        }
    }
    return nullptr;
}

} // namespace

class TestUiProgram : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources); // the library cars, in a static library's resources
        QVERIFY(loadLibraryCar(QString::fromLatin1(defaultLibraryCarPath)).ok());
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(QRegularExpression(QStringLiteral("^[0-9]+\\.[0-9]+\\.[0-9]+$")).match(projectVersion).hasMatch());
    }

    void programVersionIsTheProjects() { QCOMPARE(QString::fromLatin1(programVersion), projectVersion); }

    void cliPrintsTheVersion() {
        QProcess cli;
        cli.start(QStringLiteral(VTW_CLI_PATH), {QStringLiteral("--version")});
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(cli.readAllStandardOutput()), QStringLiteral("vtw-cli %1\n").arg(projectVersion));
    }

    // Help > About names the version and the track data's source with its
    // attribution, and shows the window's icon, the drawing rendered at build time.
    void aboutBoxShowsTheVersionAndTheWindowIcon() {
        MainWindow window;
        QMessageBox* box = openAboutFromMenu(window);
        QVERIFY(box);
        QVERIFY2(box->text().contains(QStringLiteral("Vehicle Tuning Workbench %1").arg(projectVersion)),
                 qPrintable(box->text()));
        QVERIFY2(box->text().contains(QStringLiteral("© OpenStreetMap contributors")), qPrintable(box->text()));
        const QImage shown = box->iconPixmap().toImage();
        QVERIFY(!shown.isNull());
        const QImage rendered(QStringLiteral(":/icons/hicolor/64x64/apps/vehicle-workbench.png"));
        QVERIFY(!rendered.isNull());
        // Compared premultiplied, the form a pixmap holds them in.
        const auto pixels = [](const QImage& image) {
            return image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
        };
        QCOMPARE(pixels(shown), pixels(rendered));
        QCOMPARE(pixels(window.windowIcon().pixmap(shown.size()).toImage()), pixels(shown));
        box->close();
    }

    // Help lists the keyboard shortcuts as the menus bind them (Save As on Ctrl+Shift+S
    // even without a desktop theme) and a guide that names this version.
    void helpListsShortcutsAndAGuide() {
        MainWindow window;
        const QList<QPair<QString, QString>> shortcuts = keyboardShortcuts(window.menuBar());
        const auto keysOf = [&](const QString& command) {
            for (const auto& [name, keys] : shortcuts)
                if (name == command)
                    return keys;
            return QString();
        };
        QCOMPARE(keysOf(QStringLiteral("File > Save As")),
                 QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S).toString(QKeySequence::NativeText));
        QVERIFY(keysOf(QStringLiteral("Edit > Undo")).contains(QStringLiteral("Ctrl+Z")));
        QVERIFY(keysOf(QStringLiteral("Edit > Redo")).contains(QStringLiteral("Ctrl+Y")));
        const QString runKeys =
            keysOf(QStringLiteral("Tools > Run (lap, comparison, sweep; start or stop the live car)"));
        QVERIFY2(runKeys.contains(QStringLiteral("F5")) && runKeys.contains(QStringLiteral("Ctrl+R")),
                 qPrintable(runKeys));
        QDialog* dialog = nullptr;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->menu())
                for (QAction* action : menu->menu()->actions())
                    if (action->text() == QStringLiteral("&Keyboard shortcuts"))
                        action->trigger();
        auto* table = window.findChild<QTableWidget*>(QStringLiteral("shortcutTable"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), int(shortcuts.size()));
        dialog = createGuideDialog(&window);
        auto* guide = dialog->findChild<QTextBrowser*>(QStringLiteral("guideText"));
        QVERIFY(guide->toPlainText().contains(projectVersion));
        dialog->close();
    }

    // Every size the build renders is in the icon, from a menu's 16 to a dock's 256.
    void iconHasEverySize() {
        const QList<QSize> sizes = applicationIcon().availableSizes();
        for (const int n : {16, 24, 32, 48, 64, 128, 256})
            QVERIFY2(sizes.contains(QSize(n, n)), qPrintable(QStringLiteral("no %1x%1 icon").arg(n)));
    }

    // A file the window saves names its writer with the version; reading it back
    // gives the setup saved, and a re-save of a file another version wrote names this one.
    void savedFilesNameThisVersion() {
        QCOMPARE(setupGenerator(), QStringLiteral("vehicle-workbench %1").arg(projectVersion));
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        DocumentView* view = window.newDocument(defaultLibraryCar());
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(window.saveDocumentAs(view->document(), path));
        const QJsonObject saved = QJsonDocument::fromJson(contents(path)).object();
        QCOMPARE(saved.value(QStringLiteral("generator")).toString(), setupGenerator());
        const SetupLoadResult back = loadSetupFile(path);
        QVERIFY(back.ok());
        QVERIFY2(back.warnings.isEmpty(), qPrintable(back.warnings.join('\n')));
        QVERIFY(back.unknownKeys.isEmpty());
        QCOMPARE(*back.setup, defaultLibraryCar());
    }

    // The changelog's newest heading is this version: a version raised without an
    // entry, or an entry under a version not yet raised, fails here.
    void changelogNamesThisVersion() {
        const QString text = QString::fromUtf8(contents(QStringLiteral(VTW_SOURCE_DIR "/CHANGELOG.md")));
        const QRegularExpressionMatch newest =
            QRegularExpression(QStringLiteral("^## (\\S+)"), QRegularExpression::MultilineOption).match(text);
        QVERIFY2(newest.hasMatch(), "CHANGELOG.md has no '## version' heading");
        QCOMPARE(newest.captured(1), projectVersion);
    }

    // The window opens the files it is started with (a file manager's double-click,
    // the desktop entry's %F), and only them.
    void startOpensTheFilesGiven() {
        QTemporaryDir dir;
        QStringList files;
        for (const char* car : {"lotus_elise_s2", "mazda_mx5_nd"}) {
            const QString path = dir.filePath(QStringLiteral("%1.json").arg(QLatin1String(car)));
            const SetupLoadResult loaded = loadLibraryCar(QStringLiteral(":/cars/%1.json").arg(QLatin1String(car)));
            QVERIFY(loaded.ok());
            QVERIFY(saveSetupFile(path, *loaded.setup).ok);
            files << path;
        }
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        startWorkbench(window, files);
        QVERIFY(window.isVisible());
        QCOMPARE(window.views().size(), 2);
        for (int i = 0; i < files.size(); ++i)
            QCOMPARE(window.views()[i]->document()->filePath(), files[i]);
    }

    // Started without files, the window opens the default library car.
    void startWithoutFilesOpensTheDefaultCar() {
        QTemporaryDir dir;
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        startWorkbench(window, {});
        QCOMPARE(window.views().size(), 1);
        QCOMPARE(window.views()[0]->document()->setup(), defaultLibraryCar());
        QVERIFY(window.views()[0]->document()->filePath().isEmpty());
    }
};

QTEST_MAIN(TestUiProgram)
#include "tst_ui_program.moc"

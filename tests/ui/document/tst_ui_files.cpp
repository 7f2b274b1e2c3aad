// Files through the main window: a bad file opens nothing and lists every
// problem; save and reopen gives the same setup; autosave copies restore,
// only a crashed instance's are offered, and failures are shown.
#include "ui/setups/AcCarDataDialogs.h"
#include "ui/setups/DocumentView.h"
#include "tests/support/FifoWithoutWriter.h"
#include "ui/MainWindow.h"
#include "ui/document/ProblemListDialog.h"
#include "ui/document/RecentFiles.h"
#include "ui/compare/ComparePage.h"
#include "ui/document/RecoveryDialog.h"
#include "tests/support/RecoveryOwnerProcess.h"
#include "core/gamefiles/IniText.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/SetupJson.h"
#include "core/setupfile/SetupMetadata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace vtw;

namespace {
void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// The prompt's copies as "title | file | reasons..." (the time left out),
// sorted by title.
QStringList rows(const RecoveryDialog* dialog) {
    QStringList out;
    const QTreeWidget* list = dialog->copyList();
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = list->topLevelItem(i);
        QStringList row{item->text(0), item->text(1)};
        for (int r = 0; r < item->childCount(); ++r)
            row << item->child(r)->text(0);
        out << row.join(" | ");
    }
    out.sort();
    return out;
}

QList<ProblemListDialog*> problemDialogs(const QWidget& window) {
    return window.findChildren<ProblemListDialog*>();
}
// The first curve field of the setup (the target of Import curve), or null.
const FieldMeta* firstCurveField() {
    const auto field = std::find_if(setupFields().begin(), setupFields().end(),
                                    [](const FieldMeta& f) { return f.kind == FieldKind::Curve; });
    return field == setupFields().end() ? nullptr : &*field;
}

} // namespace

class TestUiFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_files"));
    }

    void corruptedFileChangesNothing_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QStringList>("expectedPaths");
        QByteArray invalid = writeSetup(defaultSetup());
        invalid.replace("\"mass\": 1500", "\"mass\": -3");
        invalid.replace("\"finalDrive\": 3.42", "\"finalDrive\": 0");
        QTest::newRow("two bad values")
            << invalid << QStringList{"chassis.mass", "gearbox.finalDrive"};
        QTest::newRow("not JSON") << QByteArray("{ this is not json") << QStringList{};
        QTest::newRow("truncated") << writeSetup(defaultSetup()).left(300) << QStringList{};
    }
    void corruptedFileChangesNothing() {
        QFETCH(QByteArray, bytes);
        QFETCH(QStringList, expectedPaths);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        writeFile(path, bytes);
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        SetupDocument* before = window.currentDocument();
        const int tabs = window.documentTabs()->count();

        QVERIFY(!window.openFile(path));
        QCOMPARE(window.documentTabs()->count(), tabs);
        QCOMPARE(window.currentDocument(), before);
        QCOMPARE(before->setup(), defaultSetup());
        auto* dialog = window.findChild<ProblemListDialog*>();
        QVERIFY(dialog);
        const QStringList problems = dialog->problems();
        QVERIFY(!problems.isEmpty());
        for (const QString& expected : expectedPaths) {
            const bool listed =
                std::any_of(problems.begin(), problems.end(),
                            [&](const QString& p) { return p.startsWith(expected); });
            QVERIFY2(listed, qPrintable(expected + " not in " + problems.join(" | ")));
        }
        // Every error the loader reports is listed.
        QCOMPARE(problems.size(), loadSetupFile(path).errors.size());
    }

    void saveReopenCompareEqual() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("edited.json"));
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        SetupDocument* document = window.newDocument(defaultSetup())->document();
        document->changeValue(QStringLiteral("chassis.mass"), 1432.5);
        Curve torque = document->setup().engine.torqueCurve;
        torque.points()[3].y = 461.25;
        document->changeCurve(QStringLiteral("engine.torqueCurve_rpm_Nm"), torque);
        document->rename(QStringLiteral("Track C5"));
        QVERIFY(document->isModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")));
        QVERIFY(window.isWindowModified());

        QVERIFY(window.saveDocumentAs(document, path));
        QVERIFY(!document->isModified());
        QVERIFY(!window.isWindowModified());
        QCOMPARE(window.recentFiles()->files().first(), QFileInfo(path).absoluteFilePath());
        const Setup saved = document->setup();

        QVERIFY(window.closeDocument(window.documentTabs()->currentIndex()));
        QCOMPARE(window.documentTabs()->count(), 0);
        QVERIFY(window.openFile(path));
        QCOMPARE(window.currentDocument()->setup(), saved);
        QVERIFY(!window.currentDocument()->isModified());
        // Opening the same file again shows the open tab.
        QVERIFY(window.openFile(path));
        QCOMPARE(window.documentTabs()->count(), 1);
    }

    // A restored copy stays on disk until something newer replaces it: a
    // crash right after the restore still finds it; the next autosave
    // replaces it in place and a save removes it.
    void autosaveRestoresUnsavedWork() {
        QTemporaryDir dir;
        const QString recovery = dir.filePath(QStringLiteral("recovery"));
        Setup edited;
        {
            MainWindow window;
            window.setRecoveryFolder(recovery);
            SetupDocument* document = window.newDocument(defaultSetup())->document();
            document->changeValue(QStringLiteral("aero.dragCoefficient"), 0.33);
            edited = document->setup();
            QVERIFY(window.autosaveNow());
            // The window goes away without a clean close, as in a crash.
            document->undoStack()->setClean();
        }
        {
            MainWindow next;
            next.setRecoveryFolder(recovery);
            QCOMPARE(next.restoreRecovered(), 1);
            QCOMPARE(next.currentDocument()->setup(), edited);
            QVERIFY(next.currentDocument()->isModified());
            QCOMPARE(RecoveryStore(recovery).list().size(), 1);
            // A crash right after the restore.
            next.currentDocument()->undoStack()->setClean();
        }
        MainWindow third;
        third.setRecoveryFolder(recovery);
        QCOMPARE(third.restoreRecovered(), 1);
        SetupDocument* document = third.currentDocument();
        QCOMPARE(document->setup(), edited);
        document->changeValue(QStringLiteral("chassis.mass"), 1480.0);
        QVERIFY(third.autosaveNow());
        const QList<RecoveredFile> copies = RecoveryStore(recovery).list();
        QCOMPARE(copies.size(), 1); // replaced, not added
        QCOMPARE(loadSetupFile(copies[0].setupPath).setup->chassis.mass, 1480.0);
        QVERIFY(third.saveDocumentAs(document, dir.filePath(QStringLiteral("saved.json"))));
        QVERIFY(RecoveryStore(recovery).list().isEmpty());
    }

    // Two instances on one recovery folder: the second offers only the copy
    // of an instance that died, neither the running window's nor the running
    // process's; its Discard deletes only what it offered. Once the process
    // is killed, its copy is offered too.
    void onlyOrphanedCopiesAreOffered() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString recovery = dir.filePath(QStringLiteral("recovery"));
        RecoveryOwnerProcess running(recovery, QStringLiteral("running"),
                                     QStringLiteral("Running elsewhere"));
        RecoveryOwnerProcess crashed(recovery, QStringLiteral("crashed"),
                                     QStringLiteral("Crashed"));
        QVERIFY(running.saved());
        QVERIFY(crashed.saved());
        crashed.crash();

        MainWindow first;
        first.setRecoveryFolder(recovery);
        // The first instance claims the crashed copy but leaves it for later.
        RecoveryDialog* prompt = first.offerRecovery();
        QVERIFY(prompt);
        QCOMPARE(rows(prompt), QStringList{"Crashed | never saved"});
        QTest::mouseClick(prompt->button(RecoveryDialog::Keep), Qt::LeftButton);
        QCOMPARE(first.documentTabs()->count(), 0);
        SetupDocument* open = first.newDocument(defaultSetup())->document();
        open->changeValue(QStringLiteral("chassis.mass"), 1300.0);
        QVERIFY(first.autosaveNow());
        QCOMPARE(RecoveryStore(recovery).list().size(), 3);

        MainWindow second;
        second.setRecoveryFolder(recovery);
        prompt = second.offerRecovery();
        QVERIFY(prompt);
        QCOMPARE(rows(prompt), QStringList{"Crashed | never saved"});
        QTest::mouseClick(prompt->button(RecoveryDialog::Discard), Qt::LeftButton);
        QCOMPARE(second.documentTabs()->count(), 0);
        QStringList left;
        for (const RecoveredFile& c : RecoveryStore(recovery).list())
            left << c.documentId;
        left.sort();
        QCOMPARE(left, (QStringList{open->id(), QStringLiteral("running")}));
        QVERIFY(!second.offerRecovery()); // nothing orphaned
        QCOMPARE(second.restoreRecovered(), 0);

        running.crash();
        QCOMPARE(second.restoreRecovered(), 1);
        QCOMPARE(QString::fromStdString(second.currentDocument()->setup().name),
                 QStringLiteral("Running elsewhere"));
        second.currentDocument()->undoStack()->setClean();
        open->undoStack()->setClean();
    }

    // The prompt names each copy and says why one cannot be restored; a copy
    // whose name cannot be read goes by its file's name. Restore brings back
    // what loads, lists what does not, and keeps those copies for later.
    void recoveryPromptSaysWhy() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString recovery = dir.filePath(QStringLiteral("recovery"));
        Setup good = defaultSetup();
        good.name = "Good copy";
        QVERIFY(RecoveryStore(recovery).save("good", good, {}, "/home/me/good.json").ok);
        Setup deep = defaultSetup();
        deep.name = "Deep extras";
        QJsonObject root = setupToJson(deep);
        QJsonArray nested{1};
        for (int i = 0; i < 40; ++i)
            nested = QJsonArray{nested};
        QJsonObject chassis = root.value("chassis").toObject();
        chassis.insert("extra", nested);
        root.insert("chassis", chassis);
        writeFile(recovery + "/deep.autosave.json", QJsonDocument(root).toJson());
        // Cut off in the middle of its name: the name cannot be read.
        writeFile(recovery + "/cut.autosave.json",
                  "{\"fileType\": \"vehicle-setup\", \"name\": \"Cu");
        writeFile(recovery + "/cut.autosave-info.json",
                  "{\"documentId\": \"cut\", \"originalPath\": \"/home/me/cut.json\"}");

        MainWindow window;
        window.setRecoveryFolder(recovery);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        RecoveryDialog* prompt = window.offerRecovery();
        QVERIFY(prompt);
        QVERIFY(prompt->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(prompt));
        const QString deepWhy =
            "cannot be restored: chassis.extra: unknown key nested more than 32 levels deep: not "
            "a setup file this program can keep intact";
        const QStringList shown = rows(prompt);
        QCOMPARE(shown.size(), 3);
        QCOMPARE(shown[0], "Deep extras | never saved | " + deepWhy);
        QCOMPARE(shown[1], "Good copy | /home/me/good.json");
        QVERIFY2(shown[2].startsWith(
                     "cut.json | /home/me/cut.json | cannot be restored: not valid JSON at line 1"),
                 qPrintable(shown[2]));
        QVERIFY(prompt->button(RecoveryDialog::Restore)->isEnabled());

        QTest::mouseClick(prompt->button(RecoveryDialog::Restore), Qt::LeftButton);
        QCOMPARE(window.documentTabs()->count(), 1);
        QCOMPARE(QString::fromStdString(window.currentDocument()->setup().name),
                 QStringLiteral("Good copy"));
        QCOMPARE(window.currentDocument()->filePath(), QStringLiteral("/home/me/good.json"));
        const QList<ProblemListDialog*> reports = problemDialogs(window);
        QCOMPARE(reports.size(), 1);
        const QStringList problems = reports[0]->problems();
        QCOMPARE(problems.size(), 2);
        QVERIFY2(problems.contains("Deep extras: " +
                                   deepWhy.mid(QString("cannot be restored: ").size())),
                 qPrintable(problems.join(" | ")));
        QVERIFY2(problems[0].startsWith("cut.json: not valid JSON") ||
                     problems[1].startsWith("cut.json: not valid JSON"),
                 qPrintable(problems.join(" | ")));
        // The copies that did not load are kept, and offered again later.
        QCOMPARE(RecoveryStore(recovery).list().size(), 3);
        RecoveryStore later(recovery);
        QCOMPARE(later.claimOrphans().size(), 2);
        window.currentDocument()->undoStack()->setClean();
    }

    // An autosave that cannot write (the recovery folder's parent is a file)
    // says so in the status bar every time, and once in a dialog; the label
    // goes once autosave works again.
    void autosaveFailureIsShown() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString blocker = dir.filePath(QStringLiteral("not-a-folder"));
        writeFile(blocker, "a file where the recovery folder's parent should be");
        const QString recovery = blocker + QStringLiteral("/recovery");
        MainWindow window;
        window.setRecoveryFolder(recovery);
        SetupDocument* document = window.openStartingCar(defaultSetup())->document();
        auto* label = window.findChild<QLabel*>(QStringLiteral("autosaveProblem"));
        QVERIFY(label);
        QVERIFY(window.autosaveNow()); // nothing modified, nothing to write
        QVERIFY(label->isHidden());

        document->changeValue(QStringLiteral("chassis.mass"), 1420.0);
        QVERIFY(!window.autosaveNow());
        const QString why = "Corvette C5: cannot create the recovery folder " + recovery;
        QVERIFY(!label->isHidden());
        QCOMPARE(label->toolTip(), why);
        QCOMPARE(window.statusBar()->currentMessage(), "Autosave failed: " + why);
        QCOMPARE(problemDialogs(window).size(), 1);
        QCOMPARE(problemDialogs(window)[0]->problems(), QStringList{why});

        window.statusBar()->clearMessage();
        QVERIFY(!window.autosaveNow());
        QCOMPARE(window.statusBar()->currentMessage(), "Autosave failed: " + why);
        QCOMPARE(problemDialogs(window).size(), 1); // the dialog comes once a session

        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        QVERIFY(window.autosaveNow());
        QVERIFY(label->isHidden());
        QCOMPARE(RecoveryStore(window.recoveryFolder()).list().size(), 1);
        document->undoStack()->setClean();
    }

    // Import > Tyre from .tir file: the chosen axle takes the file's model in one undo
    // step (the other axle and the wheel radius stay, unless the radius is asked for); a
    // file that is not a .tir is refused with its reason and changes nothing.
    void tirImportOntoAnAxle() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        SetupDocument* document = window.currentDocument();
        const Setup before = document->setup();
        TirImportRequest request;
        request.path = QStringLiteral(VTW_SOURCE_DIR "/resources/tires/mf_185_80R14.tir");
        request.front = false;
        QVERIFY(window.importTirFile(request));
        QVERIFY(!window.findChild<ProblemListDialog*>());
        const Setup& after = document->setup();
        QCOMPARE(after.rearTires.model, TireModelKind::Tir);
        QCOMPARE(after.rearTires.tir.source, std::string("mf_185_80R14.tir"));
        QCOMPARE(after.rearTires.radius, before.rearTires.radius);
        QVERIFY(after.frontTires == before.frontTires);
        document->undoStack()->undo();
        QVERIFY(document->setup() == before);

        request.useUnloadedRadius = true;
        request.front = true;
        QVERIFY(window.importTirFile(request));
        QCOMPARE(document->setup().frontTires.radius, document->setup().frontTires.tir.coefficients.UNLOADED_RADIUS);

        const Setup imported = document->setup();
        const QString notTir = dir.filePath(QStringLiteral("car.tir"));
        writeFile(notTir, writeSetup(defaultSetup(), {}));
        request.path = notTir;
        QVERIFY(!window.importTirFile(request));
        auto* dialog = window.findChild<ProblemListDialog*>();
        QVERIFY(dialog);
        QVERIFY(document->setup() == imported);
        dialog->close();
    }

    // Import > Curve from CSV reads through the bounded reader: a file one
    // byte over the CLI's 16 MiB limit is refused with the reader's message
    // (not read whole), and the document is unchanged.
    void curveImportIsBounded() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const FieldMeta* field = firstCurveField();
        QVERIFY(field);
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        SetupDocument* document = window.currentDocument();

        // The same curve back: the path that reads a file works at all.
        const QString good = dir.filePath(QStringLiteral("good.csv"));
        writeFile(good,
                  writeCurveCsv(field->curveOf(defaultSetup()), field->xLabel, field->yLabel));
        QVERIFY(window.importCurveFile(field->path, good));
        QVERIFY(!window.findChild<ProblemListDialog*>());

        const QString big = dir.filePath(QStringLiteral("big.csv"));
        {
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(16 * 1024 * 1024 + 1)); // sparse: no 16 MiB written
        }
        QVERIFY(!window.importCurveFile(field->path, big));
        auto* dialog = window.findChild<ProblemListDialog*>();
        QVERIFY(dialog);
        QCOMPARE(dialog->problems(),
                 QStringList{QString("cannot read %1: it is %2 bytes, larger than the 16 MiB limit")
                                 .arg(big)
                                 .arg(16 * 1024 * 1024 + 1)});
        QCOMPARE(document->setup(), defaultSetup());
    }

    // Curves go out and come back as rpm|value tables (.lut), and the torque curve also
    // goes out as rFactor 2 lines and a BeamNG table, chosen by the file's extension.
    void curvesAsGameTables() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        SetupDocument* document = window.currentDocument();
        const QString torque = QStringLiteral("engine.torqueCurve_rpm_Nm");
        const QString lut = dir.filePath(QStringLiteral("power.lut"));
        QVERIFY(window.exportCurveFile(torque, lut));
        QFile written(lut);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), writeLookupTable(defaultSetup().engine.torqueCurve));
        // A .lut as the CLI and games write it, with a comment, imports into the curve.
        const QString edited = dir.filePath(QStringLiteral("edited.lut"));
        writeFile(edited, "; from a game\n1000|300\n4000|420\n6500|380\n");
        QVERIFY(window.importCurveFile(torque, edited));
        QVERIFY(!window.findChild<ProblemListDialog*>());
        QCOMPARE(document->setup().engine.torqueCurve, (Curve{{1000, 300}, {4000, 420}, {6500, 380}}));
        const QString rf2 = dir.filePath(QStringLiteral("engine.ini"));
        QVERIFY(window.exportCurveFile(torque, rf2));
        QFile rf2File(rf2);
        QVERIFY(rf2File.open(QIODevice::ReadOnly));
        QVERIFY(rf2File.readAll().contains("RPMTorque=(4000, "));
        const QString beam = dir.filePath(QStringLiteral("engine.jbeam"));
        QVERIFY(window.exportCurveFile(torque, beam));
        QFile beamFile(beam);
        QVERIFY(beamFile.open(QIODevice::ReadOnly));
        QVERIFY(beamFile.readAll().contains("    [4000, 420],\n"));
    }

    // Assetto Corsa car data: exported through the dialog into a new folder, then
    // imported as a new document with its mapping report; a packed car is refused.
    void assettoCorsaCarData() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        Setup heavy = defaultSetup();
        heavy.chassis.mass = 1777.0;
        window.newDocument(heavy);
        const QString folder = dir.filePath(QStringLiteral("heavy_data"));
        AcExportDialog dialog(heavy, dir.path());
        dialog.setFolder(folder);
        dialog.setMode(AcExportMode::NewFolder);
        const AcExportResult exported = dialog.exportNow();
        QVERIFY2(exported.ok, qPrintable(exported.errors.join('\n')));
        QFile car(QDir(folder).filePath(QStringLiteral("car.ini")));
        QVERIFY(car.open(QIODevice::ReadOnly));
        QCOMPARE(IniText::parse(car.readAll()).value("BASIC", "TOTALMASS"), std::optional<QString>("1777"));

        QTabWidget* tabs = window.documentTabs();
        const int before = tabs->count();
        QVERIFY(window.importAcCarData(folder));
        QCOMPARE(tabs->count(), before + 1);
        QCOMPARE(window.currentDocument()->setup().chassis.mass, 1777.0);
        // Only in memory until saved: marked, and kept by autosave.
        QVERIFY(window.currentDocument()->isModified());
        QVERIFY(tabs->tabText(tabs->currentIndex()).endsWith(QStringLiteral(" *")));
        auto* report = window.findChild<QDialog*>(QStringLiteral("acReportDialog"));
        QVERIFY(report);
        QVERIFY(report->findChild<QPlainTextEdit*>()->toPlainText().contains("car.ini [BASIC] TOTALMASS"));
        report->close();

        writeFile(dir.filePath(QStringLiteral("data.acd")), "packed");
        QVERIFY(!window.importAcCarData(dir.filePath(QStringLiteral("data.acd"))));
        auto* refusal = window.findChild<ProblemListDialog*>();
        QVERIFY(refusal);
        QVERIFY(refusal->problems().join('\n').contains(QStringLiteral("unpack it first")));
        QCOMPARE(tabs->count(), before + 1);
    }

    // A sweep's variant opened from Compare, and File > New, exist only in memory: their
    // tabs carry the unsaved mark, closing them asks, and autosave copies them. The car
    // the window starts with is an untouched library copy and is not marked.
    void documentsOnlyInMemoryAreUnsaved() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MainWindow window;
        const QString recovery = dir.filePath(QStringLiteral("recovery"));
        window.setRecoveryFolder(recovery);
        DocumentView* starting = window.openStartingCar(defaultSetup());
        QVERIFY(!starting->document()->isModified());
        auto* compare = window.findChild<ComparePage*>();
        QVERIFY(compare);
        Setup variant = defaultSetup();
        variant.gearbox.finalDrive = 3.9;
        emit compare->openSetupRequested(variant, QStringLiteral("Final drive 3.9"));
        SetupDocument* opened = window.currentDocument();
        QVERIFY(opened != starting->document());
        QCOMPARE(opened->setup().gearbox.finalDrive, 3.9);
        QVERIFY(opened->isModified());
        auto* tabs = window.documentTabs();
        QCOMPARE(tabs->tabText(tabs->currentIndex()), QStringLiteral("Final drive 3.9 *"));
        QVERIFY(window.autosaveNow());
        const QList<RecoveredFile> copies = RecoveryStore(recovery).list();
        QCOMPARE(copies.size(), 1);
        QCOMPARE(copies.first().name, QStringLiteral("Final drive 3.9"));
    }

    // Open and Import curve refuse a FIFO before opening it: opening one that nobody
    // writes blocked the window's thread. The refusal names the reason, and nothing
    // is opened or changed.
    void windowReadersRefuseFifos() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString fifoPath = dir.filePath(QStringLiteral("pipe.json"));
        FifoWithoutWriter fifo(fifoPath);
        QVERIFY(fifo.created());
        const FieldMeta* field = firstCurveField();
        QVERIFY(field);
        MainWindow window;
        window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
        window.newDocument(defaultSetup());
        SetupDocument* document = window.currentDocument();
        const QString reason = QStringLiteral("it is not a regular file");

        QVERIFY(!window.importCurveFile(field->path, fifoPath));
        auto* curveDialog = window.findChild<ProblemListDialog*>();
        QVERIFY(curveDialog);
        QVERIFY2(curveDialog->problems().join('\n').contains(reason),
                 qPrintable(curveDialog->problems().join('\n')));
        delete curveDialog;
        QCOMPARE(document->setup(), defaultSetup());

        QTabWidget* tabs = window.documentTabs();
        QVERIFY(tabs);
        const int open = tabs->count();
        QVERIFY(!window.openFile(fifoPath));
        auto* openDialog = window.findChild<ProblemListDialog*>();
        QVERIFY(openDialog);
        QVERIFY2(openDialog->problems().join('\n').contains(reason),
                 qPrintable(openDialog->problems().join('\n')));
        QCOMPARE(tabs->count(), open);
        QVERIFY(!fifo.readerArrived());
    }
};

QTEST_MAIN(TestUiFiles)
#include "tst_ui_files.moc"

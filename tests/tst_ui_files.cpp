// Files through the main window: a bad file opens nothing and lists every
// problem; save and reopen gives the same setup; autosave copies restore.
#include "DocumentView.h"
#include "FifoWithoutWriter.h"
#include "MainWindow.h"
#include "ProblemListDialog.h"
#include "RecentFiles.h"
#include "setupfile/CsvIo.h"
#include "setupfile/SetupJson.h"
#include "setupfile/SetupMetadata.h"

#include <QJsonDocument>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace vtw;

namespace {
void writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
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
            window.autosaveNow();
            // The window goes away without a clean close, as in a crash.
            document->undoStack()->setClean();
        }
        MainWindow next;
        next.setRecoveryFolder(recovery);
        QCOMPARE(next.restoreRecovered(), 1);
        QCOMPARE(next.currentDocument()->setup(), edited);
        QVERIFY(next.currentDocument()->isModified());
        QCOMPARE(RecoveryStore(recovery).list().size(), 0);
        next.currentDocument()->undoStack()->setClean();
    }
    // Import > Curve from CSV reads through the bounded reader: a file one
    // byte over the CLI's 16 MiB limit is refused with the reader's message
    // (not read whole), and the document is unchanged.
    void curveImportIsBounded() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto field =
            std::find_if(setupFields().begin(), setupFields().end(),
                         [](const FieldMeta& f) { return f.kind == FieldKind::Curve; });
        QVERIFY(field != setupFields().end());
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

    // Open and Import curve refuse a FIFO before opening it: opening one that nobody
    // writes blocked the window's thread. The refusal names the reason, and nothing
    // is opened or changed.
    void windowReadersRefuseFifos() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString fifoPath = dir.filePath(QStringLiteral("pipe.json"));
        FifoWithoutWriter fifo(fifoPath);
        QVERIFY(fifo.created());
        const auto field =
            std::find_if(setupFields().begin(), setupFields().end(),
                         [](const FieldMeta& f) { return f.kind == FieldKind::Curve; });
        QVERIFY(field != setupFields().end());
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

        auto* tabs = window.findChild<QTabWidget*>();
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

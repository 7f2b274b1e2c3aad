// Logged data in the window, driven through its widgets: the column-mapping dialog on a
// MoTeC i2 export (preset, columns, units, scale, lap beacon, saved presets), its
// refusals shown as text; and a log laid over the Track workspace's lap with its
// correlation table.
#include "ui/track/LapTracePlots.h"
#include "ui/logs/LogCorrelationPanel.h"
#include "ui/logs/LogImportDialog.h"
#include "ui/mathchannels/MathChannelStore.h"
#include "ui/track/LoggedDataImport.h"
#include "ui/analysis/ReferenceRuns.h"
#include "ui/logs/LogPresetStore.h"
#include "ui/track/TrackChooser.h"
#include "ui/track/TrackLogView.h"
#include "ui/track/TrackMapPlot.h"
#include "ui/track/TrackPage.h"

#include "core/lap/LapTelemetry.h"
#include "core/lap/LapTraceCsv.h"
#include "core/logs/LogPresets.h"
#include "core/setupfile/CarLibrary.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTableWidget>
#include <QtTest>

#include <qcustomplot.h>

#include <cmath>

using namespace vtw;

namespace {

constexpr int waitMs = 20000;
// Converted values are one multiplication from the logged ones.
constexpr double conversionTolerance = 1e-12;

// A MoTeC i2 export of two laps and a bit, at 10 Hz: speed in km/h, a lap counter.
QByteArray motecExport() {
    QByteArray csv = "\"Format\",\"MoTeC CSV File\",,,\"Workbook\",\"\"\n"
                     "\"Venue\",\"Test\",,,\"Worksheet\",\"\"\n"
                     "\"Sample Rate\",\"10.000\",\"Hz\",,\"End Time\",\"2.900\",\"s\"\n"
                     "\n\n"
                     "\"Time\",\"Lap Distance\",\"Ground Speed\",\"Engine Speed\",\"Lap Number\",\"Throttle Pos\"\n"
                     "\"s\",\"m\",\"km/h\",\"rpm\",\"\",\"%\"\n\n";
    for (int k = 0; k < 30; ++k) {
        const int lap = k / 12;
        const double t = 0.1 * k;
        csv += QStringLiteral("\"%1\",\"%2\",\"%3\",\"%4\",\"%5\",\"%6\"\n")
                   .arg(t, 0, 'f', 3)
                   .arg(10.0 * (k - 12 * lap))
                   .arg(90.0 + k)
                   .arg(5000 + 10 * k)
                   .arg(lap + 1)
                   .arg(50)
                   .toUtf8();
    }
    return csv;
}

void choose(QComboBox* box, const QString& text) {
    const int at = box->findText(text);
    QVERIFY2(at >= 0, qPrintable(text));
    box->setCurrentIndex(at);
}

bool runAndWait(TrackPage& page) {
    QSignalSpy done(&page, &TrackPage::lapFinished);
    if (!page.runLap())
        return false;
    return done.count() > 0 || done.wait(waitMs);
}

// Saves a view for checking by eye when VTW_LOG_SHOTS names a folder.
void saveShot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("VTW_LOG_SHOTS");
    if (dir.isEmpty())
        return;
    QTest::qWait(50); // the plots' queued replots
    widget->grab().save(dir + QStringLiteral("/logs-%1.png").arg(name));
}

} // namespace

class TestUiLogs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources);
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_logs"));
        QSettings().clear();
    }

    void dialogMapsAMotecExport() {
        LogImportDialog dialog;
        dialog.show();
        QVERIFY(dialog.setLog(motecExport(), QStringLiteral("session.csv")));
        // The file's columns and first rows, units under the names.
        QCOMPARE(dialog.preview()->columnCount(), 6);
        QCOMPARE(dialog.preview()->horizontalHeaderItem(2)->text(), QStringLiteral("Ground Speed\n[km/h]"));
        QCOMPARE(dialog.preview()->item(1, 2)->text(), QStringLiteral("91"));
        // A MoTeC export gets MoTeC's preset; its names this logger does not use are listed.
        QCOMPARE(dialog.presetBox()->currentText(), findBuiltInLogPreset("motec")->preset);
        QVERIFY(dialog.status()->text().contains("Engine RPM"));
        QVERIFY(!dialog.okButton()->isEnabled()); // no distance column mapped yet
        QVERIFY(dialog.status()->text().contains("distance column"));

        choose(dialog.columnBox("distance"), "Lap Distance");
        choose(dialog.columnBox("rpm"), "Engine Speed");
        choose(dialog.columnBox("throttle"), "Throttle Pos");
        QVERIFY2(dialog.okButton()->isEnabled(), qPrintable(dialog.status()->text()));
        QVERIFY(dialog.loggedLap());
        const ChannelTable& t = dialog.loggedLap()->table;
        // 90 km/h from the file's unit row is 25 m/s; throttle 50 % is 0.5.
        QVERIFY(std::abs(t.find("speed")->values[0] - 25.0) < conversionTolerance);
        QVERIFY(std::abs(t.find("throttle")->values[0] - 0.5) < conversionTolerance);
        // Without a beacon, laps split where the distance wraps: 12, 12 and 6 samples.
        QCOMPARE(dialog.lapBox()->count(), 3);

        // The unit overridden: the same figures read as mph.
        choose(dialog.unitBox("speed"), "mph");
        QVERIFY(std::abs(dialog.loggedLap()->table.find("speed")->values[0] - 90.0 * 0.44704) < conversionTolerance);
        choose(dialog.unitBox("speed"), "from the file");
        // A scale: an engine speed logged in tens.
        dialog.scaleBox("rpm")->setValue(10.0);
        QCOMPARE(dialog.loggedLap()->table.find("rpm")->values[0], 50000.0);
        dialog.scaleBox("rpm")->setValue(1.0);

        // The lap counter as the beacon, the second lap chosen: its time from zero.
        choose(dialog.beaconBox(), "Lap Number");
        QCOMPARE(dialog.lapBox()->count(), 3);
        dialog.lapBox()->setCurrentIndex(1);
        QCOMPARE(dialog.loggedLap()->lap, 2);
        QCOMPARE(dialog.loggedLap()->table.find("time")->values.front(), 0.0);
        QCOMPARE(dialog.loggedLap()->table.find("speed")->values.front() * 3.6, 102.0);
        QVERIFY(dialog.loggedLap()->name.contains("lap 2 of 3"));
        // Resampled to 20 Hz: twice the samples, less one.
        dialog.rateBox()->setValue(20.0);
        QCOMPARE(dialog.loggedLap()->table.sampleCount(), std::size_t(23));
        saveShot(&dialog, QStringLiteral("dialog"));

        // Saved as a preset: remembered, and a new dialog offers it with its choices.
        QVERIFY(dialog.savePreset(QStringLiteral("Club logger")));
        QCOMPARE(dialog.presetBox()->currentText(), QStringLiteral("Club logger"));
        QVERIFY(!dialog.savePreset(findBuiltInLogPreset("workbench")->preset)); // a built-in's name is taken
        // As a mapping file, the CLI's --map: it reads back as the dialog's mapping.
        QTemporaryDir dir;
        QVERIFY(dialog.saveMappingFile(dir.filePath("club.json")));
        const LogMappingReadResult file = loadLogMapping(dir.filePath("club.json"));
        QVERIFY2(file.mapping, qPrintable(file.errors.join('\n')));
        QCOMPARE(file.mapping->dialect, LogDialect::MotecI2);
        QCOMPARE(file.mapping->lapBeacon, QStringLiteral("Lap Number"));
        QCOMPARE(file.mapping->find("rpm")->column, QStringLiteral("Engine Speed"));
        LogImportDialog again;
        QVERIFY(again.setLog(motecExport(), QStringLiteral("session.csv")));
        choose(again.presetBox(), "Club logger");
        QCOMPARE(again.columnBox("rpm")->currentText(), QStringLiteral("Engine Speed"));
        QCOMPARE(again.beaconBox()->currentText(), QStringLiteral("Lap Number"));
        QVERIFY(again.loggedLap());
        removeLogPreset(QStringLiteral("Club logger"));
        QCOMPARE(savedLogPresets().size(), 0);
    }

    void dialogShowsWhatIsWrong() {
        LogImportDialog dialog;
        QVERIFY(dialog.setLog("t [s],d [m],v [m/s]\n0,0,1\n1,5,1\n0.5,9,1\n", QStringLiteral("bad.csv")));
        choose(dialog.presetBox(), findBuiltInLogPreset("workbench")->preset);
        choose(dialog.columnBox("time"), "t");
        choose(dialog.columnBox("distance"), "d");
        choose(dialog.columnBox("speed"), "v");
        for (const char* unmapped : {"rpm", "gear", "throttle", "brake", "ax", "ay"})
            dialog.columnBox(unmapped)->setCurrentIndex(0);
        QVERIFY(!dialog.loggedLap());
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.status()->text().contains("line 4: time goes backwards"), qPrintable(dialog.status()->text()));
        // A file that is no log at all.
        LogImportDialog none;
        QVERIFY(!none.setLog("1,2,3\n", QStringLiteral("numbers.csv")));
        QVERIFY(none.status()->text().contains("holds numbers"));
    }

    void logLaidOverTheTrackWorkspace() {
        const Setup car = defaultLibraryCar();
        TrackPage page;
        page.resize(1300, 850);
        page.show();
        page.setSetup(car, QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        QVERIFY(runAndWait(page));
        QVERIFY(page.lastRun() && page.lastRun()->ok());
        const int simulatedGraphs = page.traces()->graphCount();

        // The lap's own trace as a log, 4 % faster everywhere: the largest speed
        // difference is 4 % of the top speed, where the top speed is.
        LogImportDialog dialog;
        QVERIFY(dialog.setLog(QByteArray::fromStdString(lapTraceCsv(page.lastRun()->lap.trace)), "lap.csv"));
        choose(dialog.presetBox(), findBuiltInLogPreset("workbench")->preset);
        dialog.scaleBox("speed")->setValue(1.04);
        QVERIFY2(dialog.loggedLap(), qPrintable(dialog.status()->text()));
        page.setLoggedRun(LoggedRun{dialog.loggedLap()->name, dialog.loggedLap()->table});
        QCOMPARE(page.sideViews()->currentWidget(), static_cast<QWidget*>(page.logView()->panel()));
        // The import also pins it as the window's reference run, which every workspace overlays.
        ReferenceRuns references;
        QString pinError;
        QVERIFY2(pinLoggedRun(references, *page.loggedRun(), &pinError), qPrintable(pinError));
        QCOMPARE(references.current()->source, QStringLiteral("Log"));
        QCOMPARE(references.current()->table.sampleCount(), page.loggedRun()->table.sampleCount());

        const LapTrace& trace = page.lastRun()->lap.trace;
        const auto top = std::max_element(trace.speed.begin(), trace.speed.end());
        const auto& correlation = page.logView()->correlation();
        QVERIFY(correlation);
        for (const ChannelCorrelation& c : correlation->channels) {
            if (c.name == "speed") {
                QVERIFY(std::abs(c.maxAbs - 0.04 * *top) < 1e-9 * *top);
                QCOMPARE(c.at, trace.distance[std::size_t(top - trace.speed.begin())]);
            } else {
                QVERIFY2(c.maxAbs == 0.0, c.name.c_str());
            }
        }
        // The log's lines beside the simulated ones, named as the log's.
        QCOMPARE(page.traces()->graphCount(), simulatedGraphs + 7);
        QVERIFY(page.traces()->findChild<QCPGraph*>(QStringLiteral("logTrace_speed")));
        // The table in the traces' units; a row chosen moves the cursor where it differs most.
        QTableWidget* table = page.logView()->panel()->table();
        int speedRow = -1;
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0)->text() == QLatin1String("speed"))
                speedRow = r;
        QVERIFY(speedRow >= 0);
        QVERIFY(table->item(speedRow, 2)->text().endsWith("km/h"));
        table->setCurrentCell(speedRow, 0);
        QCOMPARE(page.cursorDistance(), trace.distance[std::size_t(top - trace.speed.begin())]);
        saveShot(&page, QStringLiteral("track"));

        // A lap run again keeps the log over it; removing the log takes its lines away.
        QVERIFY(runAndWait(page));
        QCOMPARE(page.traces()->graphCount(), simulatedGraphs + 7);
        page.logView()->panel()->removeButton()->click();
        QVERIFY(!page.loggedRun());
        QCOMPARE(page.traces()->graphCount(), simulatedGraphs);
        QCOMPARE(table->rowCount(), 0);
    }

    // A log whose clock started 3 s before the lap's: by time with no offset it differs,
    // "Find offset" finds -3 s (added to the log's time), and then it matches the lap.
    void logLinedUpByTimeWithAFoundOffset() {
        TrackPage page;
        page.resize(1300, 850);
        page.show();
        page.setSetup(defaultLibraryCar(), QStringLiteral("Corvette"));
        QVERIFY(page.chooser()->selectTrack(QStringLiteral("monza")));
        QVERIFY(runAndWait(page));
        ChannelTable log = lapChannelTable(page.lastRun()->lap.trace);
        constexpr double clockLead = 3.0;
        ChannelColumn time = *log.find(channelTableTime);
        for (double& t : time.values)
            t += clockLead;
        log.set(time);
        page.setLoggedRun(LoggedRun{QStringLiteral("early clock"), log});
        LogCorrelationPanel* panel = page.logView()->panel();
        const auto speedError = [&] {
            for (const ChannelCorrelation& c : page.logView()->correlation()->channels)
                if (c.name == "speed")
                    return c.rms;
            return -1.0;
        };
        // By distance the clock does not matter.
        QVERIFY(speedError() < 1e-9);
        // A math channel is computed on the log's data and on the lap's, and compared.
        MathChannelStore::instance().setChannels({{"speed_kmh", "km/h", "speed * 3.6"}});
        panel->alignChoice()->setCurrentIndex(1); // by time: the clocks 3 s apart
        double speedRms = -1.0, kmhRms = -1.0;
        for (const ChannelCorrelation& c : page.logView()->correlation()->channels) {
            if (c.name == "speed")
                speedRms = c.rms;
            if (c.name == "speed_kmh")
                kmhRms = c.rms;
        }
        QVERIFY(speedRms > 1.0);
        constexpr double relativeRounding = 1e-9;
        QVERIFY2(std::abs(kmhRms - 3.6 * speedRms) < relativeRounding * kmhRms, qPrintable(QString::number(kmhRms)));
        // The map can be coloured by it too: offered in its picker, the scale in its unit.
        QComboBox* colourBy = page.mapChannel();
        const int mathItem = colourBy->findData(QStringLiteral("speed_kmh"));
        QVERIFY(mathItem >= 0);
        colourBy->setCurrentIndex(mathItem);
        QVERIFY(page.map()->lineSegments() > 10);
        QVERIFY2(page.map()->colourScale()->axis()->label().contains(QStringLiteral("km/h")),
                 qPrintable(page.map()->colourScale()->axis()->label()));
        const auto [lo, hi] = page.map()->colourScale()->dataRange();
        const auto& speed = page.lastRun()->lap.trace.speed;
        QVERIFY(std::abs(hi - 3.6 * *std::max_element(speed.begin(), speed.end())) < 1e-9 * hi);
        (void)lo;
        colourBy->setCurrentIndex(0);
        MathChannelStore::instance().setChannels({});
        panel->alignChoice()->setCurrentIndex(0);
        panel->alignChoice()->setCurrentIndex(1);
        QVERIFY(panel->offsetBox()->isEnabled());
        QVERIFY(speedError() > 1.0); // m/s: three seconds apart on a lap
        QTest::mouseClick(panel->findOffsetButton(), Qt::LeftButton);
        constexpr double offsetTolerance = 0.01; // s: the search refines to well within it
        QVERIFY2(std::abs(panel->timeOffset() + clockLead) < offsetTolerance,
                 qPrintable(QString::number(panel->timeOffset())));
        // Matched to the offset's resolution: under 0.1 m/s RMS where a lap changes speed by
        // about 10 m/s per second.
        constexpr double matchedRms = 0.1;
        QVERIFY2(speedError() < matchedRms, qPrintable(QString::number(speedError())));
        QVERIFY2(panel->heading()->text().contains(QStringLiteral("lined up by time")),
                 qPrintable(panel->heading()->text()));
    }
};

QTEST_MAIN(TestUiLogs)
#include "tst_ui_logs.moc"

// Every text reader reads a file that starts with a UTF-8 byte-order mark (Windows
// Notepad writes one) as it reads the same file without it: the first header,
// comment or row is not lost.
#include "core/vehicle/Setup.h"
#include "core/base/Utf8Bom.h"
#include "core/mathchannels/MathChannelJson.h"
#include "core/gamefiles/IniText.h"
#include "core/logs/LogMapping.h"
#include "core/logs/LogPresets.h"
#include "core/logs/LogReader.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/ScriptCsv.h"
#include "core/setupfile/SetupJson.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/study/Sweep.h"
#include "core/study/SweepTable.h"
#include "core/tires/TirFile.h"
#include "core/trackfiles/TrackCsv.h"

#include <QFile>
#include <QtTest>

using namespace vtw;

namespace {

const QByteArray bom(utf8Bom.data(), qsizetype(utf8Bom.size()));

QByteArray resource(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TstTextBom : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    void helper() {
        QCOMPARE(utf8BomLength(std::string_view("\xEF\xBB\xBFx")), std::size_t(3));
        QCOMPARE(utf8BomLength(std::string_view("\xEF\xBBx")), std::size_t(0));
        QCOMPARE(withoutUtf8Bom("\xEF\xBB\xBF[A]"), std::string_view("[A]"));
        QCOMPARE(withoutUtf8Bom("[A]"), std::string_view("[A]"));
    }

    // The first section is read, and the rewrite keeps the mark.
    void ini() {
        const QByteArray text = "[DATA]\r\nFRONT_SHARE=0.62\r\n";
        IniText ini = IniText::parse(bom + text);
        QCOMPARE(ini.value("DATA", "FRONT_SHARE"), std::optional<QString>(QStringLiteral("0.62")));
        QCOMPARE(ini.sections(), QStringList{"DATA"});
        QCOMPARE(ini.bytes(), bom + text);
        ini.setValue("DATA", "FRONT_SHARE", "0.6");
        QCOMPARE(ini.bytes(), bom + "[DATA]\r\nFRONT_SHARE=0.6\r\n");
        QCOMPARE(IniText::parse(text).bytes(), text); // no mark added where there was none
    }

    // Headerless: the first row is a point, not a header to skip.
    void curveCsvAndLookupTable() {
        const CurveRules rules;
        const CurveImportResult csv = readCurveCsv(bom + "1000,150\n2000,200\n3000,180\n", rules, "torque");
        QVERIFY2(csv.ok(), qPrintable(csv.errors.join('\n')));
        QCOMPARE(csv.curve->size(), std::size_t(3));
        const CurveImportResult lut = readLookupTable(bom + "1000|150\n2000|200\n3000|180\n", rules, "power.lut");
        QVERIFY2(lut.ok(), qPrintable(lut.errors.join('\n')));
        QCOMPARE(lut.curve->points().front().x, 1000.0);
        QCOMPARE(lut.curve->size(), std::size_t(3));
    }

    void tir() {
        const std::string text = "[MDI_HEADER]\nFILE_TYPE = 'tir'\nFILE_VERSION = 3.0\n[VERTICAL]\nFNOMIN = 4000\n";
        const TirParseResult plain = parseTirText(text);
        const TirParseResult marked = parseTirText(std::string(utf8Bom) + text);
        QVERIFY(plain.ok);
        QVERIFY2(marked.ok, marked.error.c_str());
        QCOMPARE(marked.file.sections.size(), plain.file.sections.size());
        QVERIFY(marked.file.findSection("MDI_HEADER"));
    }

    // The library's track files start with a '#' comment naming the columns.
    void trackCsv() {
        const QByteArray text = resource(QStringLiteral(":/tracks/Monza.csv"));
        QVERIFY(text.startsWith('#'));
        const TrackReadResult plain = readTrackCsv(text, "Monza"), marked = readTrackCsv(bom + text, "Monza");
        QVERIFY(plain.ok());
        QVERIFY2(marked.ok(), qPrintable(marked.errors.join('\n')));
        QCOMPARE(marked.track->widthRight, plain.track->widthRight);
    }

    void loggedData() {
        const QByteArray text = "time [s],speed [m/s]\n0,1\n0.1,2\n";
        const LogColumns plain = inspectLog(text, 2), marked = inspectLog(bom + text, 2);
        QCOMPARE(marked.names, plain.names);
        QCOMPARE(marked.names.first(), QStringLiteral("time"));
    }

    void scriptCsv() {
        const QByteArray text = writeScriptCsv({{0.0, 1.0, 0.0, 0.0, 1}, {1.0, 0.5, 0.0, 0.1, 2}});
        const ScriptReadResult marked = readScriptCsv(bom + text, 6);
        QVERIFY2(marked.ok(), qPrintable(marked.errors.join('\n')));
        QCOMPARE(marked.rows.size(), std::size_t(2));
    }

    // A sweep's output, as a resumed or merged shard reads it: the identity comes first.
    void sweepTable() {
        SweepRequest r;
        r.base = defaultSetup();
        r.first = {findField("brakes.frontBias"), 0.5, 0.8, 2};
        r.maneuver = {"braking", {}};
        const std::string text = sweepCsvHeader(r) + "0,0,0,0.5,,,,,,\n"; // five braking figures, error
        SweepTable plain, marked;
        std::string error;
        QVERIFY2(parseSweepTable(text, plain, error), error.c_str());
        QVERIFY2(parseSweepTable(std::string(utf8Bom) + text, marked, error), error.c_str());
        QCOMPARE(marked.rows.size(), plain.rows.size());
    }

    void jsonFiles() {
        const SetupLoadResult setup = loadSetup(bom + writeSetup(defaultLibraryCar()));
        QVERIFY2(setup.ok(), qPrintable(setup.errorStrings().join('\n')));
        QCOMPARE(setup.setup->name, defaultLibraryCar().name);
        const MathChannelsReadResult channels = readMathChannelsJson(bom + mathChannelsJson({}));
        QVERIFY2(channels.ok(), qPrintable(channels.errors.join('\n')));
        const LogMappingReadResult mapping =
            logMappingFromJson(bom + logMappingToJson(builtInLogPresets().front().mapping));
        QVERIFY2(mapping.mapping, qPrintable(mapping.errors.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TstTextBom)
#include "tst_text_bom.moc"

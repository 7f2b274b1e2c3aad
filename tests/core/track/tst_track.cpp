// Track files and geometry (core/track): the three formats, the library, every bad-file
// error with its line, the raw and smoothed curvature (docs/physics.md 13.1), sectors.
#include "core/track/LineChecks.h"
#include "core/trackfiles/TrackPreparation.h"
#include "core/track/TestTracks.h"
#include "core/trackfiles/TrackLibrary.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <numbers>

using namespace vtw;

namespace {

TrackReadResult read(const QString& text) { return readTrackCsv(text.toUtf8(), "test"); }

// Points of an arc of radius r from angle a0 to a1 (rad), n of them, one "x,y" line each.
QString arcRows(double r, double a0, double a1, int n, bool closedCount = true) {
    QString out;
    for (int i = 0; i < n; ++i) {
        const double a = a0 + (a1 - a0) * i / (closedCount ? n : n - 1);
        out += QString("%1,%2\n").arg(r * std::cos(a), 0, 'g', 17).arg(r * std::sin(a), 0, 'g', 17);
    }
    return out;
}

// The first error, which must contain every fragment.
void expectError(const TrackReadResult& r, std::initializer_list<const char*> fragments) {
    QVERIFY2(!r.ok() && !r.errors.isEmpty(), "expected an error");
    for (const char* f : fragments)
        QVERIFY2(r.errors.first().contains(QLatin1String(f)),
                 qPrintable(QString("'%1' not in: %2").arg(QLatin1String(f), r.errors.first())));
}

double integral(const std::vector<double>& s, const std::vector<double>& k) {
    double sum = 0.0;
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
        sum += 0.5 * (k[i] + k[i + 1]) * (s[i + 1] - s[i]);
    return sum;
}

} // namespace

class TestTrack : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // The library: six circuits with race lines and widths, three made tracks. The
    // lengths are the sums of each file's chords, worked out apart from the reader.
    void libraryLoads() {
        const QList<LibraryTrack> tracks = libraryTracks();
        QCOMPARE(tracks.size(), 9);
        const QMap<QString, double> centreLengths{{"catalunya", 4649.8}, {"monza", 5790.2}, {"nuerburgring", 5144.1},
                                                  {"silverstone", 5886.8}, {"spa", 7000.1}, {"zandvoort", 4316.5}};
        for (const LibraryTrack& entry : tracks) {
            const TrackReadResult r = loadLibraryTrack(entry);
            QVERIFY2(r.ok(), qPrintable(entry.key + ": " + r.errors.join("; ")));
            const Track& t = *r.track;
            QCOMPARE(t.sectorStarts.size(), std::size_t(3));
            if (!centreLengths.contains(entry.key))
                continue;
            QCOMPARE(r.format, TrackFileFormat::Tum);
            QVERIFY(t.hasRaceLine());
            QCOMPARE(t.widthRight.size(), t.centreLine.size());
            QVERIFY(std::abs(t.centreLine.length - centreLengths[entry.key]) < 0.1);
            QVERIFY(entry.source.contains(QStringLiteral("© OpenStreetMap contributors")));
        }
        QVERIFY(loadTrack(QStringLiteral("Monza")).ok()); // keys ignore case
        expectError(loadTrack(QStringLiteral("nowhere")), {"no track file or library track 'nowhere'", "monza"});
    }

    void tumFileWithHeader() {
        QString text = "# x_m,y_m,w_tr_right_m,w_tr_left_m\n";
        for (int i = 0; i < 40; ++i) {
            const double a = 2.0 * std::numbers::pi * i / 40;
            text += QString("%1,%2,5.5,6.5\n").arg(50.0 * std::cos(a), 0, 'g', 17).arg(50.0 * std::sin(a), 0, 'g', 17);
        }
        const TrackReadResult r = read(text);
        QVERIFY2(r.ok(), qPrintable(r.errors.join("; ")));
        QCOMPARE(r.format, TrackFileFormat::Tum);
        QCOMPARE(r.track->centreLine.size(), std::size_t(40));
        QCOMPARE(r.track->widthLeft.front(), 6.5);
        // 40 chords of 2 R sin(pi/40).
        QVERIFY(std::abs(r.track->centreLine.length - 40 * 100.0 * std::sin(std::numbers::pi / 40)) < 1e-9);
        QCOMPARE(r.track->sectorStarts, equalSectors(r.track->centreLine.length));
    }

    // A plain line of points, with or without a header; a last point repeating the
    // first closes the line and is dropped; ';' separates as well as ','.
    void plainPoints() {
        const QString rows = arcRows(30.0, 0.0, 2.0 * std::numbers::pi, 30);
        const TrackReadResult bare = read(rows);
        QVERIFY(bare.ok());
        QCOMPARE(bare.format, TrackFileFormat::Points);
        const TrackReadResult headed = read("x_m,y_m\n" + rows + "30,0\n");
        QVERIFY(headed.ok());
        QCOMPARE(headed.track->centreLine.size(), std::size_t(30));
        QCOMPARE(headed.track->centreLine.length, bare.track->centreLine.length);
        QVERIFY(read("x;y\n" + QString(rows).replace(',', ';')).ok());
    }

    // Curvature against distance: a full circle's curvature integrates to a shape that
    // closes; the sector column starts a sector where it rises.
    void curvatureWithSectors() {
        const double r = 80.0, length = 2.0 * std::numbers::pi * r;
        QString text = "distance_m,curvature_per_m,sector\n";
        for (int i = 0; i <= 100; ++i)
            text += QString("%1,%2,%3\n").arg(length * i / 100, 0, 'g', 17).arg(1.0 / r, 0, 'g', 17).arg(1 + i / 40);
        const TrackReadResult t = read(text);
        QVERIFY2(t.ok(), qPrintable(t.errors.join("; ")));
        QCOMPARE(t.format, TrackFileFormat::Curvature);
        const TrackLine& line = t.track->centreLine;
        QVERIFY(line.fromCurvature);
        QVERIFY(std::abs(line.length - length) < 1e-9);
        QVERIFY(std::hypot(line.x.back() - line.x.front(), line.y.back() - line.y.front()) < 1e-9 * r);
        QCOMPARE(t.track->sectorStarts.size(), std::size_t(3));
        QVERIFY(std::abs(t.track->sectorStarts[1] - length * 40 / 100) < 1e-9);
        QVERIFY(std::abs(t.track->sectorStarts[2] - length * 80 / 100) < 1e-9);
        const TrackReadResult plain = read("distance,curvature\n0,0\n100,0.01\n200,0\n");
        QVERIFY(plain.ok());
        QCOMPARE(plain.track->sectorStarts, equalSectors(200.0));
    }

    // Every refusal names what is wrong and where.
    void badFiles() {
        const QString circle = arcRows(50.0, 0.0, 2.0 * std::numbers::pi, 60);
        expectError(read(arcRows(50.0, 0.0, 1.5 * std::numbers::pi, 45, false)),
                    {"the line is open: its last point (line 45)", "from its first (line 1)"});
        expectError(read("0,0\n10,10\n10,0\n0,10\n"),
                    {"the line crosses itself", "from line 1 to line 2", "from line 3 to line 4", "(5.00, 5.00)"});
        expectError(read("0,0\n10,0\n10,0.0005\n10,10\n0,10\n"),
                    {"lines 2 and 3", "0.5 mm apart", "closer than the 1 mm"});
        expectError(read("x_m,y_m\n0,0\n10,nan\n10,10\n"), {"line 3, y_m", "\"nan\" is not a finite number"});
        expectError(read("0,0\n1,inf\n"), {"line 2, y_m", "not a finite number"});
        expectError(read("0,0\n10,0\n"), {"2 points", "at least 3"});
        expectError(read("0,0\n10,0\n5,0\n5,5\n"), {"line 2: the line turns back on itself"});
        expectError(read("x_m,foo\n0,0\n"), {"line 1: unknown column \"foo\""});
        expectError(read("x_m,y_m,x_m\n"), {"line 1: column \"x_m\" appears twice"});
        expectError(read("x_m,w_tr_left_m\n"), {"these columns make no track file"});
        expectError(read("0,0\n10,0\n10,10,3\n0,10\n"), {"line 3: expected 2 columns, found 3"});
        expectError(read("0,0,1\n"), {"line 1: 3 columns; without a header"});
        expectError(read("# x_m,y_m,w_tr_right_m,w_tr_left_m\n0,0,-1,2\n"),
                    {"line 2, w_tr_right_m: must be within 0..1000 m"});
        expectError(read("0,0\n1e8,0\n"), {"line 2, x_m", "lies beyond"});
        expectError(read("distance_m,curvature_per_m\n0,0\n10,0\n10.0002,0\n"),
                    {"lines 3 and 4: the distance rises by", "less than the 1 mm"});
        expectError(read("distance_m,curvature_per_m\n0,0\n10,20\n"),
                    {"line 3, curvature_per_m", "a radius under 0.1 m"});
        expectError(read("distance_m,curvature_per_m,sector\n0,0,1\n10,0,1\n20,0,3\n"),
                    {"line 4, sector: 3 after 1"});
        expectError(read("distance_m,curvature_per_m,sector\n0,0,2\n10,0,2\n"), {"line 2, sector: the first row"});
        expectError(read("distance_m,curvature_per_m,sector\n0,0,1.5\n"), {"line 2, sector: must be a whole number"});
        expectError(read("distance_m,curvature_per_m\n0,0\n"), {"1 rows: a curvature file needs at least 2"});
        expectError(read(arcRows(20000.0, 0.0, 2.0 * std::numbers::pi, 1300)), {"km long, more than the 100 km"});
        expectError(read(""), {"no rows"});
        expectError(read("# only a comment\n"), {"no rows"});
        expectError(read(QString(5000, 'x') + "\n" + circle), {"line 1: longer than 4096 bytes"});
        QString many;
        for (int i = 0; i <= int(maxTrackPoints); ++i)
            many += QString("%1,%2\n").arg(i).arg(i % 2);
        expectError(read(many), {"more than 100000 rows"});
        expectError(readTrackCsv(QByteArray(maxTrackFileBytes + 1, ' '), "big"), {"larger than the 16 MiB limit"});
    }

    // A track file takes the race line beside it; a bad race line is refused naming its file.
    void raceLineBesideTheFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto write = [&](const QString& name, const QString& text) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text.toUtf8());
        };
        write("Ring.csv", arcRows(50.0, 0.0, 2.0 * std::numbers::pi, 60));
        write("Ring_raceline.csv", "# x_m,y_m\n" + arcRows(48.0, 0.0, 2.0 * std::numbers::pi, 60));
        const TrackReadResult good = loadTrackFile(dir.filePath("Ring.csv"));
        QVERIFY2(good.ok(), qPrintable(good.errors.join("; ")));
        QCOMPARE(good.track->name, std::string("Ring"));
        QVERIFY(good.track->hasRaceLine());
        QVERIFY(std::abs(good.track->raceLine->length / good.track->centreLine.length - 48.0 / 50.0) < 1e-3);
        write("Ring_raceline.csv", "distance_m,curvature_per_m\n0,0.02\n100,0.02\n");
        expectError(loadTrackFile(dir.filePath("Ring.csv")), {"Ring_raceline.csv: a race line is a line of points"});
        write("Ring_raceline.csv", "0,0\n1,nan\n");
        expectError(loadTrackFile(dir.filePath("Ring.csv")), {"Ring_raceline.csv: line 2, y_m"});
    }

    // On a circle of unevenly spaced points the raw curvature is 1/R to the polygon's
    // order (theta^2 / 24 for a chord of angle theta), and so is its smoothed mean.
    void smoothedCurvatureKeepsAConstantCurvature() {
        std::vector<double> x, y;
        const double r = 60.0;
        double angle = 0.0;
        for (int i = 0; angle < 2.0 * std::numbers::pi - 0.05; ++i) {
            x.push_back(r * std::cos(angle));
            y.push_back(r * std::sin(angle));
            angle += (i % 3 == 0 ? 0.5 : 1.5) / r * 2.0; // chords of about 1 m and 3 m
        }
        const TrackLine line = lineThroughPoints(x, y);
        const TrackPath path = samplePath(line);
        for (std::size_t j = 0; j < path.stations(); ++j)
            QVERIFY2(std::abs(path.curvature[j] * r - 1.0) < 1e-3,
                     qPrintable(QString("%1 at %2 m").arg(path.curvature[j] * r).arg(path.distance[j])));
    }

    // Points jittered by 2 cm around a circle: the raw curvature scatters, the smoothed
    // one (sigma = the 2 m spacing) scatters less than half as much, and both still turn
    // the car once round.
    void smoothingCalmsNoisyPoints() {
        std::vector<double> x, y;
        const double r = 100.0;
        const int n = 314;
        for (int i = 0; i < n; ++i) {
            const double a = 2.0 * std::numbers::pi * i / n;
            const double jitter = 0.02 * std::sin(12.9898 * i) * std::cos(78.233 * i);
            x.push_back((r + jitter) * std::cos(a));
            y.push_back((r + jitter) * std::sin(a));
        }
        const TrackPath path = samplePath(lineThroughPoints(x, y));
        QVERIFY(std::abs(path.smoothing - 2.0) < 0.01);
        double raw = 0.0, smooth = 0.0;
        for (std::size_t j = 0; j < path.stations(); ++j) {
            raw += std::pow(path.rawCurvature[j] - 1.0 / r, 2);
            smooth += std::pow(path.curvature[j] - 1.0 / r, 2);
        }
        QVERIFY2(smooth < 0.25 * raw, qPrintable(QString("smoothed %1, raw %2").arg(smooth).arg(raw)));
        QVERIFY(std::abs(integral(path.distance, path.curvature) - 2.0 * std::numbers::pi) < 1e-2);
        QVERIFY(std::abs(integral(path.distance, path.rawCurvature) - 2.0 * std::numbers::pi) < 1e-2);
    }

    // Every library line turns once round (clockwise or anticlockwise) after smoothing.
    void libraryLinesTurnOnceRound() {
        for (const LibraryTrack& entry : libraryTracks()) {
            for (LineChoice choice : {LineChoice::RaceLine, LineChoice::CentreLine}) {
                const PreparedTrackResult p = prepareTrack(entry.key, choice, 1.0);
                QVERIFY(p.prepared);
                const double turn = integral(p.prepared->path.distance, p.prepared->path.curvature);
                QVERIFY2(std::abs(std::abs(turn) - 2.0 * std::numbers::pi) < 0.05,
                         qPrintable(QString("%1: %2 rad").arg(entry.key).arg(turn)));
            }
        }
    }

    // The sectors of the centre line land on the race line beside their points.
    void sectorsOnTheRaceLine() {
        const Track track = *loadTrack(QStringLiteral("monza")).track;
        const std::vector<double> starts = track.sectorStartsOn(LineChoice::RaceLine);
        QCOMPARE(starts.size(), std::size_t(3));
        QCOMPARE(starts[0], 0.0);
        for (std::size_t i = 1; i < 3; ++i) {
            const LinePoint a = pointAt(track.centreLine, track.sectorStarts[i]);
            const LinePoint b = pointAt(*track.raceLine, starts[i]);
            QVERIFY2(std::hypot(a.x - b.x, a.y - b.y) < 15.0, qPrintable(QString("sector %1").arg(i + 1)));
        }
        QCOMPARE(track.sectorStartsOn(LineChoice::CentreLine), track.sectorStarts);
    }

    // The made tracks close and keep their geometry.
    void madeTracks() {
        const Track oval = ovalTrack(400.0, 60.0);
        QVERIFY(std::abs(oval.centreLine.length - (800.0 + 2.0 * std::numbers::pi * 60.0)) < 0.05);
        QVERIFY(!checkClosedLine(oval.centreLine.x, oval.centreLine.y));
        const Track circle = circleTrack(100.0);
        QVERIFY(!checkClosedLine(circle.centreLine.x, circle.centreLine.y));
    }
};

QTEST_GUILESS_MAIN(TestTrack)
#include "tst_track.moc"

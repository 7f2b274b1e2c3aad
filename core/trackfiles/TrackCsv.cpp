#include "core/trackfiles/TrackCsv.h"

#include "core/setupfile/CsvLines.h"
#include "core/track/LineChecks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace vtw {

namespace {

enum Column { X, Y, WidthRight, WidthLeft, Distance, Curvature, Sector, ColumnCount };
const std::array<const char*, ColumnCount> columnNames{"x_m",        "y_m",        "w_tr_right_m", "w_tr_left_m",
                                                       "distance_m", "curvature_per_m", "sector"};

std::optional<Column> columnFromName(QStringView name) {
    const QString n = name.trimmed().toString().toLower();
    for (int c = 0; c < ColumnCount; ++c) {
        if (n == QLatin1String(columnNames[std::size_t(c)]))
            return Column(c);
    }
    // The short names people write by hand.
    if (n == QLatin1String("x"))
        return X;
    if (n == QLatin1String("y"))
        return Y;
    if (n == QLatin1String("distance") || n == QLatin1String("s_m"))
        return Distance;
    if (n == QLatin1String("curvature") || n == QLatin1String("kappa_radpm"))
        return Curvature;
    return std::nullopt;
}

// Which columns a format has, in the order a file without a header gives them.
std::vector<Column> formatColumns(TrackFileFormat format) {
    switch (format) {
    case TrackFileFormat::Tum:
        return {X, Y, WidthRight, WidthLeft};
    case TrackFileFormat::Points:
        return {X, Y};
    case TrackFileFormat::Curvature:
        return {Distance, Curvature};
    }
    return {X, Y};
}

const char* expectedHeaders =
    "x_m,y_m; x_m,y_m,w_tr_right_m,w_tr_left_m; or distance_m,curvature_per_m[,sector]";

// The columns of a header line, or why it is not one of the formats.
struct Header {
    std::vector<Column> columns;
    TrackFileFormat format = TrackFileFormat::Points;
    QString problem;
};

Header readHeader(const QList<QStringView>& cells) {
    Header h;
    std::array<bool, ColumnCount> seen{};
    for (const QStringView cell : cells) {
        const auto column = columnFromName(cell);
        if (!column) {
            h.problem = QString("unknown column \"%1\" (expected %2)").arg(cell.left(40), expectedHeaders);
            return h;
        }
        if (seen[*column]) {
            h.problem = QString("column \"%1\" appears twice").arg(columnNames[*column]);
            return h;
        }
        seen[*column] = true;
        h.columns.push_back(*column);
    }
    auto only = [&](std::initializer_list<Column> wanted) {
        std::array<bool, ColumnCount> want{};
        for (Column c : wanted)
            want[c] = true;
        return want == seen;
    };
    if (only({X, Y}))
        h.format = TrackFileFormat::Points;
    else if (only({X, Y, WidthRight, WidthLeft}))
        h.format = TrackFileFormat::Tum;
    else if (only({Distance, Curvature}) || only({Distance, Curvature, Sector}))
        h.format = TrackFileFormat::Curvature;
    else
        h.problem = QString("these columns make no track file (expected %1)").arg(expectedHeaders);
    return h;
}

// A value's own limits; empty when it keeps them.
QString valueProblem(Column column, double v) {
    switch (column) {
    case X:
    case Y:
        if (std::abs(v) > maxTrackCoordinate)
            return QString("%1 m lies beyond the %2 km from the origin a point may lie")
                .arg(v)
                .arg(maxTrackCoordinate / 1000.0);
        break;
    case WidthRight:
    case WidthLeft:
        if (v < 0.0 || v > maxTrackHalfWidth)
            return QString("must be within 0..%1 m").arg(maxTrackHalfWidth);
        break;
    case Distance:
        if (std::abs(v) > maxTrackLength)
            return QString("must be within -%1..%1 m").arg(maxTrackLength);
        break;
    case Curvature:
        if (std::abs(v) > maxTrackCurvature)
            return QString("%1 1/m is a radius under %2 m").arg(v).arg(1.0 / maxTrackCurvature);
        break;
    case Sector:
        if (v != std::floor(v) || v < 1.0 || v > maxTrackSectors)
            return QString("must be a whole number 1..%1").arg(maxTrackSectors);
        break;
    case ColumnCount:
        break;
    }
    return {};
}

// The rows as read: one vector per column, and each row's line in the file.
struct Rows {
    std::array<std::vector<double>, ColumnCount> values;
    std::vector<int> line;
    std::size_t size() const { return line.size(); }
};

QString lineProblemText(const LineProblem& p, const std::vector<int>& line) {
    const auto at = [&](std::size_t i) { return line[i % line.size()]; };
    switch (p.kind) {
    case LineProblem::Kind::TooFewPoints:
        return QString("the line has %1 points; a closed line needs at least 3").arg(p.value);
    case LineProblem::Kind::TooManyPoints:
        return QString("more than %1 points").arg(maxTrackPoints);
    case LineProblem::Kind::TooClose:
        return QString("lines %1 and %2: the points are %3 mm apart, closer than the 1 mm a line's "
                       "points keep")
            .arg(at(p.first))
            .arg(at(p.second))
            .arg(p.value * 1000.0, 0, 'g', 3);
    case LineProblem::Kind::TooLong:
        return QString("the line is %1 km long, more than the %2 km a track may be")
            .arg(p.value / 1000.0, 0, 'f', 1)
            .arg(maxTrackLength / 1000.0);
    case LineProblem::Kind::Open:
        return QString("the line is open: its last point (line %1) is %2 m from its first (line %3), "
                       "more than %4 times the %5 m between its points; a closed line ends next to "
                       "where it starts")
            .arg(at(p.first))
            .arg(p.value, 0, 'f', 1)
            .arg(at(p.second))
            .arg(maxClosingGapFactor)
            .arg(p.reference, 0, 'g', 3);
    case LineProblem::Kind::FoldsBack:
        return QString("line %1: the line turns back on itself").arg(at(p.first));
    case LineProblem::Kind::Crosses:
        return QString("the line crosses itself: the segment from line %1 to line %2 meets the one "
                       "from line %3 to line %4, near (%5, %6)")
            .arg(at(p.first))
            .arg(at(p.first + 1))
            .arg(at(p.second))
            .arg(at(p.second + 1))
            .arg(p.atX, 0, 'f', 2)
            .arg(p.atY, 0, 'f', 2);
    case LineProblem::Kind::TooDense:
        return QString("near line %1 (%2, %3) the line packs more segments together than a track has; "
                       "refused unchecked for crossings")
            .arg(at(p.first))
            .arg(p.atX, 0, 'f', 2)
            .arg(p.atY, 0, 'f', 2);
    }
    return {};
}

void pointsTrack(Rows& rows, TrackFileFormat format, TrackReadResult& r) {
    std::vector<double>& x = rows.values[X];
    std::vector<double>& y = rows.values[Y];
    // A last point on the first closes the line as many files write it: it is the first.
    const std::size_t n = rows.size();
    if (n >= 2 && std::hypot(x[n - 1] - x[0], y[n - 1] - y[0]) < minPointSpacing) {
        for (std::vector<double>& column : rows.values) {
            if (!column.empty())
                column.pop_back();
        }
        rows.line.pop_back();
    }
    if (const auto problem = checkClosedLine(x, y)) {
        r.errors.append(lineProblemText(*problem, rows.line));
        return;
    }
    Track track;
    track.centreLine = lineThroughPoints(std::move(x), std::move(y));
    if (format == TrackFileFormat::Tum) {
        track.widthRight = std::move(rows.values[WidthRight]);
        track.widthLeft = std::move(rows.values[WidthLeft]);
    }
    track.sectorStarts = equalSectors(track.centreLine.length);
    r.track = std::move(track);
}

void curvatureTrack(Rows& rows, bool hasSectors, TrackReadResult& r) {
    const std::vector<double>& d = rows.values[Distance];
    const std::size_t n = rows.size();
    if (n < 2) {
        r.errors.append(QString("%1 rows: a curvature file needs at least 2").arg(n));
        return;
    }
    for (std::size_t i = 1; i < n; ++i) {
        if (!(d[i] - d[i - 1] >= minPointSpacing) &&
            csv::addProblem(r.errors, QString("lines %1 and %2: the distance rises by %3 m, less than the "
                                              "1 mm between rows (it must rise row by row)")
                                          .arg(rows.line[i - 1])
                                          .arg(rows.line[i])
                                          .arg(d[i] - d[i - 1], 0, 'g', 3)))
            return;
    }
    if (!r.errors.isEmpty())
        return;
    if (d[n - 1] - d[0] > maxTrackLength) {
        r.errors.append(QString("the line is %1 km long, more than the %2 km a track may be")
                            .arg((d[n - 1] - d[0]) / 1000.0, 0, 'f', 1)
                            .arg(maxTrackLength / 1000.0));
        return;
    }
    std::vector<double> starts{0.0};
    if (hasSectors) {
        const std::vector<double>& sector = rows.values[Sector];
        if (sector[0] != 1.0) {
            r.errors.append(QString("line %1, sector: the first row is in sector 1").arg(rows.line[0]));
            return;
        }
        for (std::size_t i = 1; i < n; ++i) {
            if (sector[i] != sector[i - 1] && sector[i] != sector[i - 1] + 1.0) {
                r.errors.append(QString("line %1, sector: %2 after %3; sectors follow one another (the "
                                        "same, or the next)")
                                    .arg(rows.line[i])
                                    .arg(sector[i])
                                    .arg(sector[i - 1]));
                return;
            }
            if (sector[i] != sector[i - 1])
                starts.push_back(d[i] - d[0]);
        }
    }
    Track track;
    track.centreLine = lineFromCurvature(d, std::move(rows.values[Curvature]));
    track.sectorStarts = hasSectors ? starts : equalSectors(track.centreLine.length);
    r.track = std::move(track);
}

bool isNumber(QStringView cell) { return csv::parseNumber(cell).has_value(); }

} // namespace

TrackReadResult readTrackCsv(const QByteArray& bytes, const std::string& name) {
    TrackReadResult r;
    if (bytes.size() > maxTrackFileBytes) {
        r.errors.append(QString("input is larger than the %1 MiB limit").arg(maxTrackFileBytes >> 20));
        return r;
    }
    // Comment lines are told apart here rather than by the line reader: the database
    // writes its header as one ("# x_m,y_m,...").
    csv::LineReader lines(bytes, QChar(), {});
    std::optional<Header> header;
    Rows rows;
    csv::Line line;
    while (lines.next(line)) {
        if (line.tooLong) {
            if (csv::addProblem(r.errors, csv::tooLongMessage(line)))
                return r;
            continue;
        }
        const bool comment = line.cells[0].startsWith('#');
        if (!header && rows.size() == 0) {
            if (comment) {
                QList<QStringView> cells = line.cells;
                cells[0] = cells[0].sliced(1);
                const Header h = readHeader(cells);
                if (h.problem.isEmpty())
                    header = h; // otherwise a comment before the data
                continue;
            }
            if (!isNumber(line.cells[0])) {
                const Header h = readHeader(line.cells);
                if (!h.problem.isEmpty()) {
                    r.errors.append(QString("line %1: %2").arg(line.number).arg(h.problem));
                    return r;
                }
                header = h;
                continue;
            }
            // No header: the number of columns tells the format.
            Header h;
            if (line.cells.size() == 4 || line.cells.size() == 2) {
                h.format = line.cells.size() == 4 ? TrackFileFormat::Tum : TrackFileFormat::Points;
                h.columns = formatColumns(h.format);
                header = h;
            } else {
                r.errors.append(QString("line %1: %2 columns; without a header a track file has 2 "
                                        "(x_m,y_m) or 4 (x_m,y_m,w_tr_right_m,w_tr_left_m), and a "
                                        "curvature file needs its header distance_m,curvature_per_m")
                                    .arg(line.number)
                                    .arg(line.cells.size()));
                return r;
            }
        }
        if (comment)
            continue;
        if (rows.size() >= maxTrackPoints) {
            r.errors = QStringList{QString("more than %1 rows").arg(maxTrackPoints)};
            return r;
        }
        if (line.cells.size() != qsizetype(header->columns.size())) {
            if (csv::addProblem(r.errors, QString("line %1: expected %2 columns, found %3")
                                              .arg(line.number)
                                              .arg(header->columns.size())
                                              .arg(line.cells.size())))
                return r;
            continue;
        }
        bool rowOk = true;
        std::array<double, ColumnCount> v{};
        for (std::size_t c = 0; c < header->columns.size(); ++c) {
            const Column column = header->columns[c];
            const QStringView cell = line.cells[qsizetype(c)];
            const auto value = csv::parseNumber(cell);
            const QString problem = !value || !std::isfinite(*value)
                                        ? QString("\"%1\" is not a finite number").arg(cell.left(40))
                                        : valueProblem(column, *value);
            if (!problem.isEmpty()) {
                rowOk = false;
                if (csv::addProblem(r.errors, QString("line %1, %2: %3")
                                                  .arg(line.number)
                                                  .arg(columnNames[column], problem)))
                    return r;
                continue;
            }
            v[column] = *value;
        }
        if (!rowOk)
            continue;
        for (Column column : header->columns)
            rows.values[column].push_back(v[column]);
        rows.line.push_back(line.number);
    }
    if (!header) {
        r.errors.append("no rows: expected a track's points or its curvature against distance");
        return r;
    }
    r.format = header->format;
    if (!r.errors.isEmpty())
        return r;
    if (r.format == TrackFileFormat::Curvature)
        curvatureTrack(rows, std::find(header->columns.begin(), header->columns.end(), Sector) !=
                                 header->columns.end(),
                       r);
    else
        pointsTrack(rows, r.format, r);
    if (r.track)
        r.track->name = name;
    return r;
}

} // namespace vtw

#pragma once

// Line and cell splitting shared by the CSV readers (internal to core).

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <limits>
#include <optional>

namespace vtw::csv {

/// The longest line a reader splits, bytes: a row of a curve or a script is a few
/// dozen, and splitting a 16 MiB line into its millions of cells took seconds and
/// more than half a gigabyte.
inline constexpr qsizetype maxLineBytes = 4096;
/// The problems a reader lists; at the next one it stops reading (the rest would
/// cost time and memory and tell nothing new).
inline constexpr int maxListedProblems = 100;

struct Line {
    int number = 0;       ///< 1-based line number in the input
    bool tooLong = false; ///< longer than the reader's maximum: not split, no cells
    QList<QStringView> cells; ///< into the reader's buffers: valid until its next line
};

/// The lines of a CSV text one at a time, so that a reader holds one line's cells,
/// never the whole table's: non-blank lines, '\r' stripped, cells split at ',' or
/// else ';' or else a tab, trimmed and unquoted (a quoted cell may hold
/// separators; "" is a quote). Lines starting with one of the comment prefixes
/// are skipped.
class LineReader {
public:
    /// maxLine: the longest line split, bytes (a logger's export with hundreds of
    /// channels writes longer rows than a curve's).
    LineReader(const QByteArray& bytes, QChar separatorOverride, QStringList commentPrefixes,
               qsizetype maxLine = maxLineBytes);
    /// The next line into line; false at the end of the input.
    bool next(Line& line);
    /// Splits only the first `cells` cells of each line from now on: a reader that needs
    /// a few columns of a wide log does not pay for the rest.
    void setMaxCells(qsizetype cells) { m_maxCells = cells; }

private:
    bool isComment(QStringView text) const;
    bool isComment(QByteArrayView bytes) const;

    void splitCells(QStringView text, QChar separator, Line& line);

    const QByteArray& m_bytes;
    QChar m_separator;
    QStringList m_commentPrefixes;
    qsizetype m_maxLine;
    qsizetype m_maxCells = std::numeric_limits<qsizetype>::max();
    qsizetype m_at = 0;
    int m_number = 0;
    // The current line, decoded, and its unquoted cells: reused from line to line,
    // so that the usual row costs no allocation.
    QString m_text;
    QStringList m_unquoted;
};

/// "line 7: longer than 4096 bytes, not a row of this table".
QString tooLongMessage(const Line& line, qsizetype maxLine = maxLineBytes);

/// Appends a problem, or, when maxListedProblems are listed already, a last line
/// saying that more follow and returns true: the reader then stops.
bool addProblem(QStringList& problems, const QString& problem);

/// A number cell: a finite or non-finite double, or nullopt if not a number.
std::optional<double> parseNumber(QStringView cell);

} // namespace vtw::csv

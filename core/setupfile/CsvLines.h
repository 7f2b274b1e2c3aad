#pragma once

// Line and cell splitting shared by the CSV readers (internal to core).

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace vtw::csv {

struct Line {
    int number = 0; ///< 1-based line number in the input
    QStringList cells;
};

/// Non-blank lines, '\r' stripped, cells split at ',' or else ';' or else a tab,
/// trimmed and unquoted (a quoted cell may hold separators; "" is a quote).
/// Lines whose first cell starts with one of the comment
/// prefixes are skipped. Stops after maxLines lines (the caller reports it).
std::vector<Line> splitLines(const QByteArray& bytes, QChar separatorOverride,
                             const QStringList& commentPrefixes, int maxLines);

/// A number cell: a finite or non-finite double, or nullopt if not a number.
std::optional<double> parseNumber(const QString& cell);

} // namespace vtw::csv

#include "setupfile/CsvLines.h"

namespace vtw::csv {

namespace {

// RFC 4180 quoting: a separator inside "..." is text, and "" is one quote, so
// a header such as "Torque, N m" stays one cell.
QStringList splitCells(const QString& line, QChar sep) {
    QStringList cells;
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (c == '"') {
            if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
                cell += '"';
                ++i;
            } else {
                quoted = !quoted;
            }
        } else if (c == sep && !quoted) {
            cells.append(cell.trimmed());
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells.append(cell.trimmed());
    return cells;
}

// ',' if one stands outside quotes, else ';', else a tab.
QChar detectSeparator(const QString& line) {
    bool quoted = false, semicolon = false;
    for (const QChar c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (!quoted && c == ',')
            return ',';
        else if (!quoted && c == ';')
            semicolon = true;
    }
    return semicolon ? QChar(';') : QChar('\t');
}

} // namespace

std::vector<Line> splitLines(const QByteArray& bytes, QChar separatorOverride,
                             const QStringList& commentPrefixes, int maxLines) {
    std::vector<Line> out;
    const QString text = QString::fromUtf8(bytes);
    qsizetype start = 0;
    int number = 0;
    while (start <= text.size() && int(out.size()) <= maxLines) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        ++number;
        const QString line = text.mid(start, end - start).trimmed();
        start = end + 1;
        if (line.isEmpty())
            continue;
        bool comment = false;
        for (const QString& prefix : commentPrefixes)
            comment = comment || line.startsWith(prefix);
        if (comment)
            continue;
        const QChar sep = separatorOverride.isNull() ? detectSeparator(line) : separatorOverride;
        Line l;
        l.number = number;
        l.cells = splitCells(line, sep);
        out.push_back(std::move(l));
    }
    return out;
}

std::optional<double> parseNumber(const QString& cell) {
    bool ok = false;
    const double v = cell.toDouble(&ok); // C locale: '.' decimal point, no grouping
    if (!ok)
        return std::nullopt;
    return v;
}

} // namespace vtw::csv

#include "setupfile/CsvLines.h"

namespace vtw::csv {

namespace {
QString unquote(QString cell) {
    cell = cell.trimmed();
    if (cell.size() >= 2 && cell.startsWith('"') && cell.endsWith('"'))
        cell = cell.mid(1, cell.size() - 2).replace(QStringLiteral("\"\""), QStringLiteral("\""));
    return cell;
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
        QChar sep = separatorOverride;
        if (sep.isNull())
            sep = line.contains(',') ? QChar(',') : line.contains(';') ? QChar(';') : QChar('\t');
        Line l;
        l.number = number;
        for (const QString& cell : line.split(sep))
            l.cells.append(unquote(cell));
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

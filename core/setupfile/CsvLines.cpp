#include "core/setupfile/CsvLines.h"

#include "core/base/Utf8Bom.h"

#include <QStringDecoder>

#include <algorithm>
#include <charconv>

namespace vtw::csv {

namespace {

// ',' if one stands outside quotes, else ';', else a tab.
QChar detectSeparator(QStringView line) {
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

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

} // namespace

LineReader::LineReader(const QByteArray& bytes, QChar separatorOverride,
                       QStringList commentPrefixes, qsizetype maxLine)
    : m_bytes(bytes), m_separator(separatorOverride),
      m_commentPrefixes(std::move(commentPrefixes)), m_maxLine(maxLine),
      m_at(qsizetype(utf8BomLength(std::string_view(bytes.constData(), std::size_t(bytes.size()))))) {}

bool LineReader::next(Line& line) {
    while (m_at <= m_bytes.size()) {
        qsizetype end = m_bytes.indexOf('\n', m_at);
        if (end < 0)
            end = m_bytes.size();
        ++m_number;
        const qsizetype start = m_at;
        qsizetype first = start, last = end;
        m_at = end + 1;
        while (first < last && isSpace(m_bytes[first]))
            ++first;
        while (last > first && isSpace(m_bytes[last - 1]))
            --last;
        const QByteArrayView bytes(m_bytes.constData() + first, last - first);
        // The limit is on the line as written (its CR LF aside), blanks included: padding
        // is bytes to read like any other.
        const qsizetype written = end - start - (end > start && m_bytes[end - 1] == '\r' ? 1 : 0);
        if (written > m_maxLine) {
            // Not decoded: a long comment is told from its bytes (the prefixes are ASCII).
            if (isComment(bytes))
                continue;
            line.number = m_number;
            line.tooLong = true;
            line.cells.clear();
            return true;
        }
        m_text.resize(bytes.size()); // UTF-8 never decodes to more UTF-16 units than bytes
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        m_text.truncate(decoder.appendToBuffer(m_text.data(), bytes) - m_text.data());
        const QStringView text = QStringView(m_text).trimmed();
        if (text.isEmpty() || isComment(text))
            continue;
        line.number = m_number;
        line.tooLong = false;
        splitCells(text, m_separator.isNull() ? detectSeparator(text) : m_separator, line);
        return true;
    }
    return false;
}

// RFC 4180 quoting: a separator inside "..." is text, and "" is one quote, so
// a header such as "Torque, N m" stays one cell. A row without quotes, the usual
// one, is cut into views of the line without copying.
void LineReader::splitCells(QStringView text, QChar sep, Line& line) {
    line.cells.clear();
    if (!text.contains('"')) {
        for (qsizetype start = 0;;) {
            const qsizetype end = text.indexOf(sep, start);
            line.cells.append(text.sliced(start, (end < 0 ? text.size() : end) - start).trimmed());
            if (end < 0 || line.cells.size() == m_maxCells)
                return;
            start = end + 1;
        }
    }
    m_unquoted.clear();
    QString cell;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == '"') {
            if (quoted && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else {
                quoted = !quoted;
            }
        } else if (c == sep && !quoted) {
            m_unquoted.append(cell.trimmed());
            cell.clear();
            if (m_unquoted.size() == m_maxCells)
                break;
        } else {
            cell += c;
        }
    }
    if (m_unquoted.size() < m_maxCells)
        m_unquoted.append(cell.trimmed());
    for (const QString& unquoted : std::as_const(m_unquoted))
        line.cells.append(unquoted);
}

bool LineReader::isComment(QStringView text) const {
    return std::any_of(m_commentPrefixes.begin(), m_commentPrefixes.end(),
                       [&](const QString& prefix) { return text.startsWith(prefix); });
}

bool LineReader::isComment(QByteArrayView bytes) const {
    return std::any_of(m_commentPrefixes.begin(), m_commentPrefixes.end(),
                       [&](const QString& prefix) { return bytes.startsWith(prefix.toUtf8()); });
}

QString tooLongMessage(const Line& line, qsizetype maxLine) {
    return QString("line %1: longer than %2 bytes, not a row of this table")
        .arg(line.number)
        .arg(maxLine);
}

bool addProblem(QStringList& problems, const QString& problem) {
    if (problems.size() < maxListedProblems) {
        problems.append(problem);
        return false;
    }
    problems.append(QString("more problems follow; the reading stopped after %1")
                        .arg(maxListedProblems));
    return true;
}

namespace {

// The usual cell, a plain decimal number in ASCII: read by std::from_chars,
// which gives the same correctly rounded double as Qt's parser in a tenth of the
// time (Qt's first maps the text through the C locale's symbols). Anything else,
// and whatever from_chars does not read to the end, goes to Qt's parser.
std::optional<double> parsePlainDecimal(QStringView cell) {
    constexpr qsizetype longest = 64;
    if (cell.isEmpty() || cell.size() > longest)
        return std::nullopt;
    char ascii[longest];
    for (qsizetype i = 0; i < cell.size(); ++i) {
        const char16_t c = cell[i].unicode();
        const bool digit = c >= '0' && c <= '9';
        const bool sign = c == '-' || (c == '+' && i > 0);
        if (!digit && !sign && c != '.' && c != 'e' && c != 'E')
            return std::nullopt; // a leading '+' and the words inf and nan go to Qt
        ascii[i] = char(c);
    }
    double v = 0.0;
    const auto [end, error] = std::from_chars(ascii, ascii + cell.size(), v);
    if (error != std::errc() || end != ascii + cell.size())
        return std::nullopt;
    return v;
}

} // namespace

std::optional<double> parseNumber(QStringView cell) {
    if (const auto plain = parsePlainDecimal(cell))
        return plain;
    bool ok = false;
    const double v = cell.toDouble(&ok); // C locale: '.' decimal point, no grouping
    if (!ok)
        return std::nullopt;
    return v;
}

} // namespace vtw::csv

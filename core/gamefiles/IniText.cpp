#include "core/gamefiles/IniText.h"

#include "core/base/Utf8Bom.h"

#include <QLocale>

#include <cmath>

namespace vtw {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The end of the meaningful part of a line: the first ';' (a comment), or the end.
int contentEnd(const QByteArray& text) {
    const int semicolon = text.indexOf(';');
    return semicolon < 0 ? int(text.size()) : semicolon;
}

int skipSpaces(const QByteArray& text, int from, int to) {
    while (from < to && isSpace(text[from]))
        ++from;
    return from;
}

int trimEnd(const QByteArray& text, int from, int to) {
    while (to > from && isSpace(text[to - 1]))
        --to;
    return to;
}

} // namespace

IniText::Line IniText::parseLine(const QByteArray& text, const QString& section) {
    Line line;
    line.text = text;
    line.section = section;
    const int end = contentEnd(text);
    const int begin = skipSpaces(text, 0, end);
    const int last = trimEnd(text, begin, end);
    if (begin == last || text.mid(begin, 2) == "//")
        return line; // blank or comment
    if (text[begin] == '[') {
        const int close = text.indexOf(']', begin);
        if (close > begin && close < last + 1) {
            line.isSection = true;
            line.section = QString::fromUtf8(text.mid(begin + 1, close - begin - 1)).trimmed().toUpper();
            return line;
        }
    }
    const int equals = text.indexOf('=', begin);
    if (equals < 0 || equals >= last) {
        line.isStray = true;
        return line;
    }
    line.key = QString::fromUtf8(text.mid(begin, equals - begin)).trimmed().toUpper();
    if (line.key.isEmpty()) {
        line.isStray = true;
        return line;
    }
    line.valueStart = skipSpaces(text, equals + 1, end);
    line.valueEnd = trimEnd(text, line.valueStart, end);
    return line;
}

IniText IniText::parse(const QByteArray& text) {
    IniText ini;
    const std::size_t bom = utf8BomLength(std::string_view(text.constData(), std::size_t(text.size())));
    ini.m_byteOrderMark = text.left(qsizetype(bom));
    const QByteArray bytes = text.mid(qsizetype(bom));
    if (bytes.contains("\r\n"))
        ini.m_lineEnd = "\r\n";
    ini.m_endsWithLineEnd = bytes.isEmpty() || bytes.endsWith('\n');
    QList<QByteArray> lines = bytes.split('\n');
    if (ini.m_endsWithLineEnd && !lines.isEmpty())
        lines.removeLast(); // the empty piece after the last '\n'
    QString section;
    for (const QByteArray& text : lines) {
        Line line = parseLine(text, section);
        section = line.section;
        ini.m_lines.push_back(std::move(line));
    }
    return ini;
}

int IniText::findKey(const QString& section, const QString& key) const {
    const QString s = section.toUpper(), k = key.toUpper();
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
        if (m_lines[i].section == s && m_lines[i].key == k)
            return int(i);
    }
    return -1;
}

std::optional<QString> IniText::value(const QString& section, const QString& key) const {
    const int i = findKey(section, key);
    if (i < 0)
        return std::nullopt;
    const Line& line = m_lines[std::size_t(i)];
    return QString::fromUtf8(line.text.mid(line.valueStart, line.valueEnd - line.valueStart));
}

bool IniText::hasSection(const QString& section) const {
    const QString s = section.toUpper();
    for (const Line& line : m_lines) {
        if (line.isSection && line.section == s)
            return true;
    }
    return false;
}

QStringList IniText::sections() const {
    QStringList names;
    for (const Line& line : m_lines) {
        if (line.isSection)
            names << line.section;
    }
    return names;
}

std::vector<int> IniText::strayLines() const {
    std::vector<int> numbers;
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
        if (m_lines[i].isStray)
            numbers.push_back(int(i) + 1);
    }
    return numbers;
}

void IniText::setValue(const QString& section, const QString& key, const QString& value) {
    const QByteArray text = value.toUtf8();
    const int i = findKey(section, key);
    if (i >= 0) {
        Line& line = m_lines[std::size_t(i)];
        line.text.replace(line.valueStart, line.valueEnd - line.valueStart, text);
        line.valueEnd = line.valueStart + int(text.size());
        return;
    }
    const QString s = section.toUpper(), k = key.toUpper();
    // Added lines end like the file's others; a '\r' kept inside them would be doubled.
    const QByteArray carriage = m_lineEnd == "\r\n" ? QByteArray("\r") : QByteArray();
    std::size_t insertAt = m_lines.size();
    if (hasSection(s)) {
        // After the section's last key (blank lines and comments before the next
        // section stay below the new key).
        for (std::size_t j = 0; j < m_lines.size(); ++j) {
            if (m_lines[j].section == s && !m_lines[j].isSection && !m_lines[j].key.isEmpty())
                insertAt = j + 1;
            else if (m_lines[j].isSection && m_lines[j].section == s)
                insertAt = j + 1;
        }
    } else {
        if (!m_lines.empty() && !m_lines.back().text.trimmed().isEmpty())
            m_lines.push_back(parseLine(carriage, m_lines.back().section));
        m_lines.push_back(parseLine('[' + s.toUtf8() + ']' + carriage, s));
        insertAt = m_lines.size();
        m_endsWithLineEnd = true;
    }
    m_lines.insert(m_lines.begin() + std::ptrdiff_t(insertAt), parseLine(k.toUtf8() + '=' + text + carriage, s));
    if (insertAt + 1 == m_lines.size())
        m_endsWithLineEnd = true;
}

QByteArray IniText::bytes() const {
    QByteArray out = m_byteOrderMark;
    for (std::size_t i = 0; i < m_lines.size(); ++i) {
        out += m_lines[i].text;
        if (i + 1 < m_lines.size() || m_endsWithLineEnd)
            out += '\n';
    }
    return out;
}

std::optional<double> iniNumber(const QString& value) {
    bool ok = false;
    const double number = QLocale::c().toDouble(value.trimmed(), &ok);
    if (!ok || !std::isfinite(number))
        return std::nullopt;
    return number;
}

std::optional<std::vector<double>> iniNumberList(const QString& value) {
    std::vector<double> numbers;
    for (const QString& part : value.split(QLatin1Char(','))) {
        const std::optional<double> number = iniNumber(part);
        if (!number)
            return std::nullopt;
        numbers.push_back(*number);
    }
    return numbers;
}

QString iniNumberText(double value) {
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

} // namespace vtw

#pragma once

// An ini file kept as its lines, so that it can be edited in place: a value
// changed through setValue replaces only the characters of that value, and
// every other byte (comments, spacing, keys the workbench does not know, line
// ends) is written back as it was read. The dialect is the one of racing games'
// data folders (Assetto Corsa's car data): `[SECTION]` headers, `KEY=VALUE`
// lines, `;` starting a comment anywhere on a line, keys and sections matched
// without regard to case.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace vtw {

class IniText {
public:
    /// Every byte sequence parses (a UTF-8 byte-order mark is skipped, and written
    /// back by bytes()): a line that is neither a section, a key nor a
    /// comment is kept as it is and listed by strayLines().
    static IniText parse(const QByteArray& bytes);

    /// The value of the first KEY in SECTION, without its comment and surrounding
    /// spaces; nullopt when there is no such key.
    std::optional<QString> value(const QString& section, const QString& key) const;
    bool hasSection(const QString& section) const;
    /// Section names in file order (as spelled in the file).
    QStringList sections() const;
    /// 1-based line numbers of lines that are neither a section, a key nor a comment.
    std::vector<int> strayLines() const;

    /// Replaces the value of the first KEY in SECTION, keeping the key's spelling,
    /// the spacing around the value and any comment after it. A missing key is added
    /// at the end of its section, a missing section at the end of the file.
    void setValue(const QString& section, const QString& key, const QString& value);

    /// The file: unchanged lines byte for byte, the line end of the original file
    /// for added lines.
    QByteArray bytes() const;

private:
    struct Line {
        QByteArray text;       ///< without the '\n' (a '\r' before it is kept)
        QString section;       ///< upper-case name of the section the line belongs to
        QString key;           ///< upper-case key, empty for other lines
        int valueStart = -1;   ///< byte range of the value inside text
        int valueEnd = -1;
        bool isSection = false;
        bool isStray = false;
    };
    static Line parseLine(const QByteArray& text, const QString& section);
    int findKey(const QString& section, const QString& key) const;

    std::vector<Line> m_lines;
    QByteArray m_byteOrderMark; ///< the file's, or empty
    QByteArray m_lineEnd = "\n";
    bool m_endsWithLineEnd = true;
};

/// A number in an ini value: "1.5", " 1.5 ", "1,5" refused; nullopt when it does not
/// read whole as a finite number.
std::optional<double> iniNumber(const QString& value);
/// The comma-separated numbers of a value such as INERTIA=1.8,1.2,4.3.
std::optional<std::vector<double>> iniNumberList(const QString& value);
/// A number as written into an ini: the shortest text that reads back exactly.
QString iniNumberText(double value);

} // namespace vtw

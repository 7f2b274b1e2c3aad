#include "core/gamefiles/AcFiles.h"

#include "core/base/Utf8Bom.h"
#include "core/setupfile/BoundedRead.h"

#include <QDir>

namespace vtw::ac {

bool isPlainFileName(const QString& name) {
    return !name.isEmpty() && name != QLatin1String(".") && name != QLatin1String("..") &&
           !name.contains(QLatin1Char('/')) && !name.contains(QLatin1Char('\\'));
}

bool Files::exists(const QString& name) const {
    return m_replaced.count(name) ||
           (!m_folder.isEmpty() && isPlainFileName(name) && QFileInfo::exists(QDir(m_folder).filePath(name)));
}

bool Files::readFile(const QString& name, QByteArray& bytes, QStringList& errors) const {
    if (!isPlainFileName(name)) {
        errors << QStringLiteral("'%1' is not a plain file name inside the car's data folder").arg(name);
        return false;
    }
    if (const auto it = m_replaced.find(name); it != m_replaced.end()) {
        bytes = it->second;
        return true;
    }
    if (m_folder.isEmpty()) {
        errors << QStringLiteral("%1 is missing from the files written").arg(name);
        return false;
    }
    const QString path = QDir(m_folder).filePath(name);
    if (!QFileInfo::exists(path)) {
        errors << QStringLiteral("%1 is missing from %2").arg(name, QDir::toNativeSeparators(m_folder));
        return false;
    }
    BoundedReadResult read = readFileBounded(path, maxDataFileBytes, InputKinds::RegularFilesOnly);
    if (!read.data) {
        errors << read.error;
        return false;
    }
    bytes = std::move(*read.data);
    return true;
}

bool Files::loadIni(const QString& name, QStringList& errors) {
    const QString& key = name;
    if (m_inis.count(key))
        return true;
    QByteArray bytes;
    if ((m_folder.isEmpty() && m_replaced.empty()) || !readFile(name, bytes, errors))
        return false;
    m_original[key] = bytes;
    m_inis.emplace(key, IniText::parse(bytes));
    return true;
}

const IniText* Files::findIni(const QString& name) const {
    const auto it = m_inis.find(name);
    return it == m_inis.end() ? nullptr : &it->second;
}

IniText& Files::ini(const QString& name) {
    return m_inis.try_emplace(name, IniText::parse({})).first->second;
}

std::optional<QByteArray> Files::table(const QString& name, QStringList& errors) {
    const QString& key = name;
    if (const auto it = m_tables.find(key); it != m_tables.end())
        return it->second;
    QByteArray bytes;
    if ((m_folder.isEmpty() && m_replaced.empty()) || !readFile(name, bytes, errors))
        return std::nullopt;
    m_original[key] = bytes;
    m_tables[key] = bytes;
    return bytes;
}

void Files::setTable(const QString& name, const QByteArray& bytes) {
    // A table rewritten in place keeps the byte-order mark it was read with.
    const auto original = m_original.find(name);
    const auto view = [](const QByteArray& b) { return std::string_view(b.constData(), std::size_t(b.size())); };
    const bool keepMark = original != m_original.end() && utf8BomLength(view(original->second)) > 0 &&
                          utf8BomLength(view(bytes)) == 0;
    m_tables[name] = keepMark ? QByteArray(utf8Bom.data(), qsizetype(utf8Bom.size())) + bytes : bytes;
}

std::map<QString, QByteArray> Files::changedFiles() const {
    std::map<QString, QByteArray> changed;
    auto consider = [&](const QString& name, const QByteArray& bytes) {
        const auto original = m_original.find(name);
        if (original == m_original.end() || original->second != bytes)
            changed[name] = bytes;
    };
    for (const auto& [name, ini] : m_inis)
        consider(name, ini.bytes());
    for (const auto& [name, bytes] : m_tables)
        consider(name, bytes);
    return changed;
}

} // namespace vtw::ac

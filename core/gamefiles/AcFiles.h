#pragma once

// The files of one Assetto Corsa car data folder while they are read or written:
// the ini files parsed (IniText keeps every byte of what it does not change) and
// the lut tables, read on demand from the folder, bounded in size, and only by
// plain names (a table named "../x" or "a/b.lut" is refused).

#include "core/gamefiles/IniText.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>

namespace vtw::ac {

/// Larger ini or lut files are refused: a car's largest is a few kB.
inline constexpr qint64 maxDataFileBytes = 1024 * 1024;

class Files {
public:
    /// An empty set for a new folder, or the folder's files read as they are needed.
    explicit Files(QString folder = {}) : m_folder(std::move(folder)) {}
    /// The folder as it would be with `replaced` written into it (name to bytes): what
    /// an export checks before it writes anything.
    Files(QString folder, std::map<QString, QByteArray> replaced)
        : m_folder(std::move(folder)), m_replaced(std::move(replaced)) {}

    /// Whether the folder (or what replaces it) has a file `name`.
    bool exists(const QString& name) const;

    /// Reads `name` from the folder; false (and a message in errors) when it cannot.
    bool loadIni(const QString& name, QStringList& errors);
    const IniText* findIni(const QString& name) const;
    /// The ini, created empty when the set has none (a new folder's files).
    IniText& ini(const QString& name);

    /// A table the ini files name, from the folder or from what was set.
    std::optional<QByteArray> table(const QString& name, QStringList& errors);
    void setTable(const QString& name, const QByteArray& bytes);

    /// Every file whose bytes differ from what was read (all of them for a new folder),
    /// name to new bytes.
    std::map<QString, QByteArray> changedFiles() const;

private:
    bool readFile(const QString& name, QByteArray& bytes, QStringList& errors) const;

    QString m_folder;
    std::map<QString, QByteArray> m_replaced; ///< read instead of the folder's file
    std::map<QString, IniText> m_inis;
    std::map<QString, QByteArray> m_tables;
    std::map<QString, QByteArray> m_original; ///< bytes as read, by file name
};

/// A plain file name (no folder part, not "." or ".."), as data files name each other.
bool isPlainFileName(const QString& name);

} // namespace vtw::ac

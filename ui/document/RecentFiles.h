#pragma once

// The most recently opened or saved setup files, newest first, kept in QSettings.

#include <QObject>
#include <QStringList>

namespace vtw {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int maxFiles = 10;
    explicit RecentFiles(QObject* parent = nullptr);

    QStringList files() const { return m_files; }
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    void changed();

private:
    void store();
    QStringList m_files;
};

} // namespace vtw

#include "ui/document/RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

namespace vtw {

namespace {
const char* settingsKey = "recentFiles";
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {
    m_files = QSettings().value(QLatin1String(settingsKey)).toStringList();
}

void RecentFiles::add(const QString& path) {
    const QString canonical = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(canonical);
    m_files.prepend(canonical);
    while (m_files.size() > maxFiles)
        m_files.removeLast();
    store();
}

void RecentFiles::remove(const QString& path) {
    m_files.removeAll(QFileInfo(path).absoluteFilePath());
    store();
}

void RecentFiles::clear() {
    m_files.clear();
    store();
}

void RecentFiles::store() {
    QSettings().setValue(QLatin1String(settingsKey), m_files);
    emit changed();
}

} // namespace vtw

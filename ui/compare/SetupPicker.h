#pragma once

// Which setups a comparison runs: the setups open in the window, the library
// cars and any file added here, as a checklist; and which one is the baseline.

#include "Setup.h"

#include <QList>
#include <QPair>
#include <QWidget>

#include <vector>

class QComboBox;
class QListWidget;
class QPushButton;

namespace vtw {

using NamedSetup = QPair<QString, Setup>;

class SetupPicker : public QWidget {
    Q_OBJECT
public:
    explicit SetupPicker(QWidget* parent = nullptr);

    /// Replaces the setups offered as open documents; checks survive by name.
    void setOpenSetups(const QList<NamedSetup>& setups);
    /// Loads a setup file and offers it (checked). False with a reason if it does not load.
    bool addSetupFile(const QString& path, QString* error = nullptr);

    /// Every setup offered, checked or not.
    QList<NamedSetup> allSetups() const;
    /// The checked setups, in list order.
    QList<NamedSetup> checkedSetups() const;
    /// Index of the baseline within checkedSetups().
    int baselineIndex() const;
    void setBaselineIndex(int index);
    /// Checks or unchecks the entry with this name; false if there is none.
    bool setChecked(const QString& name, bool checked);

    QListWidget* list() const { return m_list; }
    QComboBox* baselineChoice() const { return m_baseline; }

signals:
    /// The checked set or the baseline changed.
    void selectionChanged();
    /// Setups were added or removed (the sweep panel offers all of them).
    void setupsChanged();

private:
    enum class Source { Open, Library, File };
    struct Entry {
        QString name;
        Setup setup;
        Source source;
    };
    void addEntry(Entry entry, bool checked);
    void rebuildList();
    void rebuildBaseline();
    void browseFile();
    bool isTaken(const QString& name, const std::vector<Entry>& pending = {}) const;
    QString uniqueName(const QString& name) const;

    std::vector<Entry> m_entries;
    QListWidget* m_list;
    QComboBox* m_baseline;
    QPushButton* m_addFile;
};

} // namespace vtw

#pragma once

// Which setups a comparison runs: the setups open in the window, the library
// cars and any file added here, as a checklist; and which one is the baseline.

#include "core/vehicle/Setup.h"

#include <QList>
#include <QString>
#include <QWidget>

#include <vector>

class QComboBox;
class QListWidget;
class QPushButton;

namespace vtw {

/// A setup the picker offers. The id stays the same while the setup lives (an open
/// document's id, a library car's resource, a file added here), whatever its name
/// does, so checks, the baseline and finished results follow the setup itself.
struct OfferedSetup {
    QString id;
    QString name; ///< as the list shows it
    Setup setup;
};

class SetupPicker : public QWidget {
    Q_OBJECT
public:
    explicit SetupPicker(QWidget* parent = nullptr);

    /// Replaces the setups offered as open documents (their ids are the documents'
    /// ids); checks and the baseline survive by id, through edits and renames.
    void setOpenSetups(const QList<OfferedSetup>& setups);
    /// Loads a setup file and offers it (checked). False with a reason if it does not load.
    bool addSetupFile(const QString& path, QString* error = nullptr);

    /// Every setup offered, checked or not.
    QList<OfferedSetup> allSetups() const;
    /// The checked setups, in list order.
    QList<OfferedSetup> checkedSetups() const;
    /// Index of the baseline within checkedSetups().
    int baselineIndex() const;
    void setBaselineIndex(int index);
    /// Checks or unchecks the entry with this id; false if there is none.
    bool setChecked(const QString& id, bool checked);
    /// The id of the baseline entry; empty with nothing checked.
    QString baselineId() const;

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
        OfferedSetup offered;
        Source source;
    };
    void addEntry(Entry entry, bool checked);
    void rebuildList();
    void rebuildBaseline();
    void browseFile();
    bool isTaken(const QString& name, const std::vector<Entry>& pending = {}) const;
    QString uniqueName(const QString& name) const;
    int rowOf(const QString& id) const;

    std::vector<Entry> m_entries;
    QListWidget* m_list;
    QComboBox* m_baseline;
    QPushButton* m_addFile;
    int m_filesAdded = 0; ///< numbers the ids of files added here
};

} // namespace vtw

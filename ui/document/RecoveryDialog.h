#pragma once

// Offers the recovery copies a session that ended without saving left
// behind: each with its setup's name, its file, when it was autosaved and,
// for a copy that cannot be restored, why. Opened window-modal without
// blocking; finished() reports the choice.

#include "core/setupfile/Recovery.h"

#include <QDialog>

class QPushButton;
class QTreeWidget;

namespace vtw {

/// A copy's title in lists: its setup's name ("Untitled" for a setup without
/// one); a copy whose name cannot be read goes by its file's name.
QString recoveredTitle(const RecoveredFile& copy);

class RecoveryDialog : public QDialog {
    Q_OBJECT
public:
    /// What finished() reports. Keep, also closing the dialog, leaves every
    /// copy for the next start.
    enum Choice { Keep = QDialog::Rejected, Restore = QDialog::Accepted, Discard };

    explicit RecoveryDialog(const QList<RecoveredFile>& copies, QWidget* parent = nullptr);

    /// One row per copy (title, file, autosave time); under a copy that
    /// cannot be restored, one row per reason.
    QTreeWidget* copyList() const { return m_list; }
    QPushButton* button(Choice choice) const;

private:
    QTreeWidget* m_list;
    QPushButton* m_restore;
    QPushButton* m_discard;
    QPushButton* m_keep;
};

} // namespace vtw

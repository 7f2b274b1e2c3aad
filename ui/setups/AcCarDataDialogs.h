#pragma once

// The window's side of Assetto Corsa car data: the export dialog (where, new folder
// or in place, the power curve's convention stated) and the mapping report shown
// after an import or an export.

#include "core/gamefiles/AcCarData.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QRadioButton;

namespace vtw {

/// The report of a read or a write: a summary, then what mapped exactly, what was
/// approximated and how, and what has no equivalent. Deletes itself when closed.
QDialog* createAcReportDialog(const QString& title, const QString& summary, const AcMappingReport& report,
                              QWidget* parent);

class AcExportDialog : public QDialog {
    Q_OBJECT
public:
    AcExportDialog(Setup setup, const QString& startDirectory, QWidget* parent = nullptr);

    void setFolder(const QString& folder);
    void setMode(AcExportMode mode);
    /// Writes the setup as chosen: the result also when it failed (its errors say why).
    AcExportResult exportNow() const;

private:
    void updateHint();

    Setup m_setup;
    QLineEdit* m_folder;
    QRadioButton* m_newFolder;
    QRadioButton* m_inPlace;
    QLabel* m_hint;
};

} // namespace vtw

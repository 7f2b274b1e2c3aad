#pragma once

// A bold dark-red "Autosave failed" for the status bar, shown while the
// manager's autosave fails (unsaved work is then only in memory), with the
// failures as its tooltip. Named "autosaveProblem".

#include <QLabel>

namespace vtw {

class DocumentManager;

class AutosaveProblemLabel : public QLabel {
    Q_OBJECT
public:
    explicit AutosaveProblemLabel(DocumentManager* documents, QWidget* parent = nullptr);
};

} // namespace vtw

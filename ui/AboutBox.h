#pragma once

// What the program shows of itself: its icon (packaging/icons/vehicle-workbench.svg,
// rendered to PNG sizes at build time and compiled in) and the About box with the
// version (ProgramVersion.h), the same number vtw-cli --version prints.

#include <QIcon>
#include <QString>

class QMessageBox;
class QWidget;

namespace vtw {

/// The application's icon at every size the build renders.
QIcon applicationIcon();

/// The About box's text: the program's name and version, what it does.
QString aboutText();

/// The About box (not yet shown), with the application's icon; deleted on close.
QMessageBox* createAboutBox(QWidget* parent);

} // namespace vtw

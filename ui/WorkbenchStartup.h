#pragma once

// What the window does when the program starts: it shows itself, offers the
// recovery copies an instance that crashed left behind, opens the setup files named
// on the command line (a file manager passes those a user double-clicked: the
// desktop entry's Exec=vehicle-workbench %F) and, when nothing else is open, the
// default library car.

#include <QStringList>

namespace vtw {

class MainWindow;

void startWorkbench(MainWindow& window, const QStringList& files);

} // namespace vtw

#pragma once

// File > Import logged data: a log file chosen, mapped in the column-mapping dialog and
// laid over the track workspace's lap.

#include <QString>

class QWidget;

namespace vtw {

class TrackPage;

/// Asks for a log file (starting in `directory`), opens the mapping dialog on it and, when
/// the user imports, gives the lap to the track workspace. Returns whether a log was
/// imported; a file that cannot be read is reported in a message box.
bool importLoggedData(QWidget* parent, TrackPage* track, const QString& directory);

} // namespace vtw

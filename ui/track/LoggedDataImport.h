#pragma once

// File > Import logged data: a log file chosen, mapped in the column-mapping dialog and
// laid over the track workspace's lap.

#include <QString>

class QWidget;

namespace vtw {

class ReferenceRuns;
class TrackPage;
struct LoggedRun;

/// Asks for a log file (starting in `directory`), opens the mapping dialog on it and, when
/// the user imports, gives the lap to the track workspace and pins it as the reference run
/// (pinLoggedRun). Returns whether a log was imported; a file that cannot be read is
/// reported in a message box.
bool importLoggedData(QWidget* parent, TrackPage* track, ReferenceRuns* references, const QString& directory);

/// Pins a logged lap as the current reference, so that Live, Compare and Track overlay it
/// and measure their delta-time against it. False, with the reason, when it cannot be.
bool pinLoggedRun(ReferenceRuns& references, const LoggedRun& run, QString* error = nullptr);

} // namespace vtw

#pragma once

#include <QStringList>

namespace vtw::cli {

// One function per subcommand; each takes its own argument list (with the
// subcommand's name first, as QCommandLineParser expects) and returns an exit code.
int runCommand(const QStringList& arguments);
int maneuversCommand(const QStringList& arguments);
int benchCommand(const QStringList& arguments);
int tireCommand(const QStringList& arguments);
int validateCommand(const QStringList& arguments);
int exportCommand(const QStringList& arguments);
int importCommand(const QStringList& arguments);
int convertCommand(const QStringList& arguments);
int compareCommand(const QStringList& arguments);
int sweepCommand(const QStringList& arguments);
int mergeCommand(const QStringList& arguments);
int lapCommand(const QStringList& arguments);
int tracksCommand(const QStringList& arguments);
int correlateCommand(const QStringList& arguments);

} // namespace vtw::cli

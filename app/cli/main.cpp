#include "CliCommon.h"
#include "Commands.h"
#include "core/setupfile/ProgramVersion.h"
#include "core/trackfiles/LibraryTracks.h"

#include <QCoreApplication>

#include <cstdio>
#include <functional>
#include <map>

namespace {

const char* usage =
    "usage: vtw-cli <command> [options]\n"
    "\n"
    "commands:\n"
    "  run        run a maneuver, print its metrics as JSON, optionally write telemetry CSV\n"
    "  maneuvers  list the maneuvers and their parameters\n"
    "  bench      time the physics step loop\n"
    "  tire       evaluate a tire model over a slip sweep (CSV or JSON)\n"
    "  validate   check setup files and print every problem\n"
    "  export     write a setup as JSON, or a curve as CSV or rpm|value table\n"
    "  import     replace a setup's curve from CSV or rpm|value table, save a new setup\n"
    "  convert    convert a setup to the current format, or a torque curve CSV <-> table\n"
    "  compare    run several setups through maneuvers: metrics table, differences, parameter diff\n"
    "  sweep      sweep one or two parameters over a range; metrics per point as CSV (shardable)\n"
    "  merge      join the shard outputs of a sweep\n"
    "  lap        drive a lap of a track: lap and sector times as JSON, the trace by distance as CSV\n"
    "  tracks     list the library's tracks\n"
    "  correlate  set a logged lap (CSV) against a simulated lap or run: RMS and largest difference per channel\n"
    "\n"
    "'vtw-cli <command> --help' describes a command's options; 'vtw-cli --version' prints the version.\n"
    "exit status: 0 success, 1 the input was refused or the run failed (the message is on stderr), "
    "2 bad arguments.\n";

} // namespace

int main(int argc, char* argv[]) {
    Q_INIT_RESOURCE(resources); // the library cars live in a static library's resources
    QCoreApplication app(argc, argv);
    vtw::useLibraryTracks();
    QCoreApplication::setApplicationName(QStringLiteral("vtw-cli"));
    QCoreApplication::setApplicationVersion(QLatin1String(vtw::programVersion));
    using namespace vtw::cli;
    const std::map<QString, std::function<int(const QStringList&)>> commands = {
        {QStringLiteral("run"), runCommand},
        {QStringLiteral("maneuvers"), maneuversCommand},
        {QStringLiteral("bench"), benchCommand},
        {QStringLiteral("tire"), tireCommand},
        {QStringLiteral("validate"), validateCommand},
        {QStringLiteral("export"), exportCommand},
        {QStringLiteral("import"), importCommand},
        {QStringLiteral("convert"), convertCommand},
        {QStringLiteral("compare"), compareCommand},
        {QStringLiteral("sweep"), sweepCommand},
        {QStringLiteral("merge"), mergeCommand},
        {QStringLiteral("lap"), lapCommand},
        {QStringLiteral("tracks"), tracksCommand},
        {QStringLiteral("correlate"), correlateCommand},
    };
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2) {
        std::fputs(usage, stderr); // an error: the usage goes where errors go
        return UsageError;
    }
    if (args[1] == QLatin1String("--help") || args[1] == QLatin1String("-h") ||
        args[1] == QLatin1String("help")) {
        printOut(usage);
        return Ok;
    }
    if (args[1] == QLatin1String("--version")) {
        printOut(std::string("vtw-cli ") + vtw::programVersion + "\n");
        return Ok;
    }
    const auto command = commands.find(args[1]);
    if (command == commands.end()) {
        printError(QStringLiteral("unknown command '%1'\n%2").arg(args[1], QString::fromLatin1(usage)));
        return UsageError;
    }
    return command->second(args.mid(1));
}

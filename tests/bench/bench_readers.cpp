// bench_readers: what each file reader costs on the worst inputs it may be given,
// printed, never asserted. Every case is an input at its reader's limit (deep
// nesting, huge arrays, one very long line, many points, many rows), written to a
// temporary file and read in a child process of its own (this program run with
// --case), through the entry point the program uses; the child prints the time from
// opening the file to the reader's answer, the CPU time of it (on a busy machine the
// two differ), and its peak resident memory (the whole process, Qt's libraries
// included). The target for every case is at most 1 s and 256 MB.

#include "core/logs/LogPresets.h"
#include "core/logs/LogReader.h"
#include "core/logs/LoggedLap.h"
#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/Recovery.h"
#include "core/setupfile/ScriptCsv.h"
#include "core/setupfile/SetupJson.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <vector>

using namespace vtw;

namespace {

// The shards a merge takes, all together: the merge command's own bound.
constexpr qint64 mergeInputBytes = 64LL * 1024 * 1024;

// `unit` repeated to fill `size` bytes between prefix and suffix.
QByteArray fill(const QByteArray& prefix, const QByteArray& unit, const QByteArray& suffix,
                qint64 size) {
    QByteArray out = prefix;
    out.reserve(size);
    for (qint64 n = (size - prefix.size() - suffix.size()) / unit.size(); n > 0; --n)
        out.append(unit);
    return out + suffix;
}

const QByteArray setupHead = R"({"fileType":"vehicle-setup","version":1,"x":)";

// A setup file with an unknown key x that fills it to its size limit.
QByteArray setupWith(const QByteArray& open, const QByteArray& unit, const QByteArray& close) {
    return fill(setupHead + open, unit, close + "}", maxSetupFileBytes);
}

// An unknown key x holding as many units as make the file's values maxSetupJsonValues
// (the root and the three members hold four): the largest file the loader parses.
QByteArray setupAtValueCap(const QByteArray& unit, int valuesPerUnit) {
    const qint64 count = (maxSetupJsonValues - 4) / valuesPerUnit;
    QByteArray out = setupHead + '[';
    for (qint64 n = 0; n < count; ++n)
        out += unit + (n + 1 < count ? "," : "");
    return out + "]}";
}

QByteArray deepNesting() {
    const qint64 depth = (maxSetupFileBytes - setupHead.size() - 1) / 2;
    return setupHead + QByteArray(depth, '[') + QByteArray(depth, ']') + "}";
}

// Chains of arrays 30 deep, within the depth an unknown key may have.
const QByteArray chain30 = QByteArray(30, '[') + QByteArray(30, ']');

QByteArray longCurve() {
    return fill(R"({"fileType":"vehicle-setup","version":1,"engine":{"torqueCurve_rpm_Nm":[)",
                "[0,0],", "[0,0]]}}", maxSetupFileBytes);
}

QByteArray manyKeys() {
    QByteArray out = setupHead + '{';
    for (int k = 0; out.size() < maxSetupFileBytes - 32; ++k)
        out += "\"k" + QByteArray::number(k) + "\":0,";
    return out + "\"end\":0}}";
}

const QByteArray scriptHeader = "time_s,throttle,brake,steer,gear\n";

// Valid rows, a millisecond apart (a row is 16 bytes at most, so the cap fits the limit).
QByteArray scriptRows(int count) {
    QByteArray out = scriptHeader;
    out.reserve(maxCsvBytes);
    for (int i = 0; i < count; ++i)
        out += QByteArray::number(i * 0.001, 'f', 3) + ",1,0,0,1\n";
    return out;
}

// A shard of a one-axis sweep: header, then the points k = first, first + step, ...
QByteArray shard(int first, int step, qint64 size) {
    QByteArray out = "index,i,j,chassis.mass,zero_to_100_s,error\n";
    out.reserve(size);
    for (int k = first; out.size() < size - 40; k += step)
        out += QByteArray::number(k) + ',' + QByteArray::number(k) + ",0,1500,4.5,\n";
    return out;
}

// A log in the workbench's own layout (the `workbench` preset's columns), `rows` rows.
const QByteArray logHeader = "time [s],distance [m],speed [m/s],rpm [rpm],gear [1],throttle [1],brake [1],"
                             "ax [m/s^2],ay [m/s^2]\n";
QByteArray logRows(qsizetype rows) {
    QByteArray out = logHeader;
    out.reserve(rows * 48);
    for (qsizetype k = 0; k < rows; ++k)
        out += QByteArray::number(double(k) * 0.01, 'f', 2) + ',' + QByteArray::number(k) +
               ",50.5,5000,4,1,0,0.25,-0.5\n";
    return out;
}

struct Case {
    const char* reader;
    const char* name;
    std::function<QList<QByteArray>()> inputs; ///< one file each (a merge: its shards)
};

const std::vector<Case>& cases() {
    using L = QList<QByteArray>;
    static const std::vector<Case> all{
        {"setup json", "deep nesting", [] { return L{deepNesting()}; }},
        {"setup json", "nested arrays", [] { return L{setupWith("[", chain30 + ',', "[]]")}; }},
        {"setup json", "huge array", [] { return L{setupWith("[", "0,", "0]")}; }},
        {"setup json", "many unknown keys", [] { return L{manyKeys()}; }},
        {"setup json", "long curve", [] { return L{longCurve()}; }},
        {"setup json", "long string", [] { return L{setupWith("\"", "a", "\"")}; }},
        {"setup json", "arrays at the value cap", [] { return L{setupAtValueCap("[]", 1)}; }},
        {"setup json", "objects at the value cap",
         [] { return L{setupAtValueCap(R"({"k":{}})", 2)}; }},
        {"setup json", "nests at the value cap", [] { return L{setupAtValueCap(chain30, 30)}; }},
        {"curve csv", "many points", [] { return L{fill("rpm,Nm\n", "0,0\n", "", maxCsvBytes)}; }},
        {"curve csv", "many bad lines", [] { return L{fill("", "0,0,0\n", "", maxCsvBytes)}; }},
        {"curve csv", "long line", [] { return L{fill("", "0,", "0\n", maxCsvBytes)}; }},
        {"curve csv", "long quoted cell", [] { return L{fill("\"", "0", "\",0\n", maxCsvBytes)}; }},
        {"curve csv", "lines at the length cap",
         [] { return L{fill("", fill("", "0,", "0\n", 4096 + 1), "", maxCsvBytes)}; }},
        {"rpm|value table", "many points", [] { return L{fill("", "0|0\n", "", maxCsvBytes)}; }},
        {"rpm|value table", "long line", [] { return L{fill("", "0|", "0\n", maxCsvBytes)}; }},
        {"script csv", "rows at the cap", [] { return L{scriptRows(maxScriptRows)}; }},
        {"script csv", "one row too many", [] { return L{scriptRows(maxScriptRows + 1)}; }},
        {"script csv", "many bad rows",
         [] { return L{fill(scriptHeader, "9,9,9,9,9\n", "", maxCsvBytes)}; }},
        {"script csv", "long line", [] { return L{fill(scriptHeader, "0,", "0\n", maxCsvBytes)}; }},
        {"script csv", "wide header", [] { return L{fill("", "x,", "x\n", maxCsvBytes)}; }},
        {"sweep merge", "two shards of many rows",
         [] {
             return L{shard(0, 2, mergeInputBytes / 2), shard(1, 2, mergeInputBytes / 2)};
         }},
        {"sweep merge", "one long row",
         [] { return L{fill("index,i,j,chassis.mass,error\n0,", "0", "\n", mergeInputBytes)}; }},
        {"logged csv", "rows at the cap", [] { return L{logRows(maxLogRows)}; }},
        {"logged csv", "one row too many", [] { return L{logRows(maxLogRows + 1)}; }},
        {"logged csv", "short rows to the size cap",
         [] { return L{fill(logHeader, "0,0,0,0,0,0,0,0,0\n", "", maxLogBytes)}; }},
        {"logged csv", "over the size cap",
         [] { return L{fill(logHeader, "0,0,0,0,0,0,0,0,0\n", "", maxLogBytes + 64)}; }},
        {"logged csv", "lines at the length cap",
         [] { return L{fill(logHeader, fill("", "0,", "0\n", maxLogLineBytes + 1), "", maxLogBytes)}; }},
        {"logged csv", "wide header", [] { return L{fill("", "x,", "x\n", maxLogLineBytes)}; }},
        {"recovery listing", "a copy of nested arrays",
         [] { return L{setupWith("[", chain30 + ',', "[]]")}; }},
        {"recovery listing", "a copy at the value cap",
         [] { return L{setupAtValueCap(chain30, 30)}; }},
        {"recovery listing", "a copy with a long curve", [] { return L{longCurve()}; }},
    };
    return all;
}

// What a child reports of one case.
struct Measure {
    double seconds = 0.0, cpuSeconds = 0.0;
    long long peakKb = 0;
    bool accepted = false;
    QString message; ///< the reader's first message
};

double cpuSeconds(const rusage& u) {
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The process's peak resident memory, kB: VmHWM, which starts afresh at exec.
// (getrusage's ru_maxrss would not: Linux carries it over from the forked copy of
// the parent, which holds the generated inputs.)
long long peakResidentKb() {
    QFile status("/proc/self/status");
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

Measure fromErrors(bool accepted, const QStringList& errors) {
    Measure m;
    m.accepted = accepted;
    m.message = errors.value(0);
    return m;
}

Measure readCurve(const QString& path, bool lookupTable) {
    const BoundedReadResult read = readFileBounded(path, maxCsvBytes);
    if (!read.data)
        return fromErrors(false, {read.error});
    const CurveRules rules = findField("engine.torqueCurve_rpm_Nm")->curveRules;
    const CurveImportResult r =
        lookupTable ? readLookupTable(*read.data, rules) : readCurveCsv(*read.data, rules);
    return fromErrors(r.ok(), r.errors);
}

// A recovery folder as a crashed session leaves it: listing its copies, then
// loading each, is what the window does at its start.
Measure listRecovery(const QString& folder, qsizetype copies) {
    int loaded = 0;
    QString first;
    for (const RecoveredFile& copy : RecoveryStore(folder).list()) {
        const SetupLoadResult r = loadSetupFile(copy.setupPath);
        loaded += r.ok() ? 1 : 0;
        if (!r.ok() && first.isEmpty())
            first = r.errorStrings().value(0);
    }
    return fromErrors(loaded == copies, {first});
}

// The merge is timed as the command the user runs, `vtw-cli merge`, in a process of
// its own started from this small one: its wall time, and from wait4 its CPU time
// and peak memory (ru_maxrss, which includes this process's at the fork: less than
// the command's own, which reads the shards).
Measure runMerge(const QStringList& shards) {
    const QTemporaryDir dir;
    const QByteArray errors = dir.filePath("stderr").toLocal8Bit();
    const QByteArray output = dir.filePath("merged.csv").toLocal8Bit();
    std::vector<QByteArray> args{VTW_CLI_PATH, "merge"};
    for (const QString& s : shards)
        args.push_back(s.toLocal8Bit());
    args.insert(args.end(), {"-o", output});
    std::vector<char*> argv;
    for (QByteArray& a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    QElapsedTimer timer;
    timer.start();
    const pid_t pid = fork();
    if (pid == 0) {
        const int fd = open(errors.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fd, STDERR_FILENO);
        execv(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    Measure m;
    m.seconds = timer.nsecsElapsed() / 1e9;
    m.cpuSeconds = cpuSeconds(usage);
    m.peakKb = usage.ru_maxrss;
    m.accepted = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    QFile err(QString::fromLocal8Bit(errors));
    if (err.open(QIODevice::ReadOnly))
        m.message = QString::fromUtf8(err.readAll()).trimmed();
    return m;
}

Measure runReader(const QString& reader, const QStringList& files) {
    if (reader == "setup json") {
        const SetupLoadResult r = loadSetupFile(files.value(0));
        return fromErrors(r.ok(), r.errorStrings());
    }
    if (reader == "curve csv" || reader == "rpm|value table")
        return readCurve(files.value(0), reader != "curve csv");
    if (reader == "script csv") {
        const BoundedReadResult read = readFileBounded(files.value(0), maxCsvBytes);
        if (!read.data)
            return fromErrors(false, {read.error});
        const ScriptReadResult r = readScriptCsv(*read.data, 6);
        return fromErrors(r.ok(), r.errors);
    }
    if (reader == "logged csv") {
        const LoggedLapResult r = loadLoggedLap(files.value(0), *findBuiltInLogPreset("workbench"), {},
                                                InputKinds::FilesAndStreams);
        return fromErrors(r.lap.has_value(), r.errors);
    }
    return listRecovery(files.value(0), QDir(files.value(0)).entryList(QDir::Files).size());
}

// The child: reads its files, prints "seconds cpu_seconds peak_kb accepted message".
int runCase(const QString& reader, const QStringList& files) {
    Measure m;
    if (reader == "sweep merge") {
        m = runMerge(files);
    } else {
        rusage before{}, after{};
        getrusage(RUSAGE_SELF, &before);
        QElapsedTimer timer;
        timer.start();
        m = runReader(reader, files);
        m.seconds = timer.nsecsElapsed() / 1e9;
        getrusage(RUSAGE_SELF, &after);
        m.cpuSeconds = cpuSeconds(after) - cpuSeconds(before);
        m.peakKb = peakResidentKb();
    }
    std::printf("%.3f %.3f %lld %d %s\n", m.seconds, m.cpuSeconds, m.peakKb, m.accepted ? 1 : 0,
                qPrintable(m.message.simplified().left(140)));
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 4 && args[1] == "--case")
        return runCase(args[2], args.mid(3));

    QTemporaryDir dir;
    std::printf("%-17s %-25s %8s %7s %7s %8s  %s\n", "reader", "case", "input MB", "wall s",
                "cpu s", "peak MB", "answer");
    // `bench_readers "logged csv"`: one reader's cases only.
    const QString only = args.size() >= 2 ? args[1] : QString();
    for (const Case& c : cases()) {
        if (!only.isEmpty() && only != QLatin1String(c.reader))
            continue;
        // A recovery case's inputs are the copies in a folder of their own.
        const bool recovery = QLatin1String(c.reader) == "recovery listing";
        const QDir folder(dir.filePath(c.name));
        folder.mkpath(".");
        QStringList files;
        qint64 bytes = 0;
        for (const QByteArray& input : c.inputs()) {
            files << folder.filePath(QString(recovery ? "copy%1.autosave.json" : "input%1.csv")
                                         .arg(files.size()));
            QFile f(files.last());
            if (!f.open(QIODevice::WriteOnly) || f.write(input) != input.size())
                return 1;
            bytes += input.size();
        }
        QProcess child;
        child.start(app.applicationFilePath(),
                    QStringList{"--case", c.reader} + (recovery ? QStringList{folder.path()} : files));
        child.waitForFinished(-1);
        const QStringList parts = QString::fromUtf8(child.readAllStandardOutput()).trimmed().split(' ');
        if (child.exitCode() != 0 || parts.size() < 4) {
            std::printf("%-17s %-25s failed: %s\n", c.reader, c.name,
                        qPrintable(child.readAllStandardError()));
            continue;
        }
        const QString answer = parts[3] == "1" ? QString("accepted") : parts.mid(4).join(' ');
        std::printf("%-17s %-25s %8.1f %7.3f %7.3f %8.1f  %s\n", c.reader, c.name,
                    bytes / 1048576.0, parts[0].toDouble(), parts[1].toDouble(),
                    parts[2].toDouble() / 1024.0, qPrintable(answer));
        std::fflush(stdout);
        QDir(folder).removeRecursively();
    }
    return 0;
}

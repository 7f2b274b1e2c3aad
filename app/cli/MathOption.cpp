#include "MathOption.h"

#include "CliCommon.h"

#include "core/mathchannels/MathChannelJson.h"
#include "core/mathchannels/MathChannels.h"

#include <algorithm>
#include <cstdio>

namespace vtw::cli {

QCommandLineOption mathOption() {
    return QCommandLineOption(QStringLiteral("math"),
                              QStringLiteral("Add math channels (a JSON list, see the README) to the written "
                                             "telemetry as columns. A channel whose formula fails is reported "
                                             "and left out; the exit status is then 1."),
                              QStringLiteral("file.json"));
}

std::optional<std::vector<MathChannel>> readMathArgument(const QString& path) {
    if (path.isEmpty())
        return std::vector<MathChannel>{};
    const MathChannelsReadResult read = readMathChannelsFile(path);
    if (!read.ok()) {
        printError(QStringLiteral("cannot use math channels %1:").arg(path));
        for (const QString& e : read.errors)
            std::fprintf(stderr, "  %s\n", qPrintable(e));
        return std::nullopt;
    }
    return read.channels;
}

std::vector<ChannelColumn> mathColumns(ChannelTable table, const std::vector<MathChannel>& channels,
                                       bool& allComputed) {
    const std::vector<MathChannelProblem> problems = applyMathChannels(table, channels);
    for (const MathChannelProblem& p : problems)
        printError(QStringLiteral("math channel %1").arg(QString::fromStdString(describe(p))));
    allComputed = problems.empty();
    std::vector<ChannelColumn> columns;
    for (std::size_t c = 0; c < channels.size(); ++c) {
        const bool failed = std::any_of(problems.begin(), problems.end(),
                                        [c](const MathChannelProblem& p) { return p.channel == c; });
        if (!failed)
            columns.push_back(*table.find(channels[c].name));
    }
    return columns;
}

} // namespace vtw::cli

// libFuzzer entry point for math channels (the JSON list `vtw-cli run --math` and the
// window read, and the formulas in it): the input is a list of math channels, or,
// when it is none, one formula. A list or errors, never both; every problem is placed
// within its formula; applying the list to a small run adds exactly the channels
// without a problem, each one value per sample.

#include "FuzzSupport.h"

#include "core/analysis/ChannelTable.h"
#include "core/mathchannels/MathChannelJson.h"
#include "core/mathchannels/MathChannels.h"
#include "core/mathchannels/MathFormula.h"

#include <cmath>

using namespace vtw;

namespace {

ChannelTable smallRun() {
    ChannelTable table;
    std::vector<double> t, speed, ax;
    for (int i = 0; i < 40; ++i) {
        t.push_back(i * 0.01);
        speed.push_back(10.0 + i * 0.05);
        ax.push_back(std::sin(i * 0.3));
    }
    table.add({"time", "s", "Time", t});
    table.add({"speed", "m/s", "Speed", speed});
    table.add({"ax", "m/s^2", "ax", ax});
    return table;
}

void checkApplied(const std::vector<MathChannel>& channels) {
    ChannelTable table = smallRun();
    const std::size_t before = table.channelCount();
    const std::vector<MathChannelProblem> problems = applyMathChannels(table, channels);
    for (const MathChannelProblem& p : problems) {
        fuzz::require(p.channel < channels.size() && !p.error.message.empty(), "a problem names its channel and why");
        fuzz::require(!p.inFormula || p.error.position <= channels[p.channel].formula.size(),
                      "a problem's place is within its formula");
    }
    fuzz::require(table.channelCount() - before + problems.size() == channels.size(),
                  "every channel is added or reported, once");
    for (const ChannelColumn& c : table.columns())
        fuzz::require(c.values.size() == table.sampleCount(), "one value per sample");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes = fuzz::bytesOf(data, size);
    const MathChannelsReadResult read = readMathChannelsJson(bytes);
    fuzz::require(read.ok() == read.errors.isEmpty(), "a list exactly when there are no errors");
    fuzz::require(read.ok() || read.channels.empty(), "no channels beside errors");
    if (read.ok()) {
        checkApplied(read.channels);
        return 0;
    }
    // Not a list: the bytes as one formula.
    const std::string formula = bytes.toStdString();
    const MathFormula parsed = MathFormula::parse(formula);
    if (!parsed.ok())
        fuzz::require(parsed.error()->position <= formula.size(), "an error's place is within the formula");
    checkApplied({{"f", "", formula}});
    return 0;
}

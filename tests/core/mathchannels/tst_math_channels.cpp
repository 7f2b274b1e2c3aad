// Math channels (core/analysis/Math*): formulas over a run's channels, the whole-trace
// functions against closed forms, errors at their place in the user's text, the order
// channels that read each other are computed in, and the JSON form.
#include "core/analysis/ChannelTable.h"
#include "core/mathchannels/MathChannelJson.h"
#include "core/mathchannels/MathChannels.h"
#include "core/mathchannels/MathFormula.h"
#include "core/mathchannels/TraceFunctions.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace vtw;

namespace {

constexpr double gap = std::numeric_limits<double>::quiet_NaN();
// Sums of a few products of doubles: a few ulps of the values involved.
constexpr double roundingTolerance = 1e-9;

// time 0, dt, 2 dt, ... and a channel y(t).
ChannelTable tableOf(std::size_t n, double dt, double (*y)(double)) {
    ChannelTable table;
    std::vector<double> t(n), v(n);
    for (std::size_t i = 0; i < n; ++i) {
        t[i] = static_cast<double>(i) * dt;
        v[i] = y(t[i]);
    }
    table.add({"time", "s", "Time", t});
    table.add({"y", "", "y", v});
    return table;
}

std::vector<double> evaluate(const ChannelTable& table, const char* formula) {
    const MathFormula f = MathFormula::parse(formula);
    if (!f.ok())
        qWarning() << "formula error:" << f.error()->message.c_str();
    FormulaError error;
    const auto values = f.evaluate(table, &error);
    if (!values)
        qWarning() << "evaluation error:" << error.message.c_str();
    return values.value_or(std::vector<double>{});
}

FormulaError errorOf(const char* formula) {
    const MathFormula f = MathFormula::parse(formula);
    return f.error().value_or(FormulaError{9999, "no error"});
}

} // namespace

class MathChannelsTest : public QObject {
    Q_OBJECT
private slots:
    void pointwiseFormulasUseTheColumns() {
        ChannelTable table;
        table.add({"ax", "m/s^2", "", {0.0, 9.80665, -19.6133}});
        table.add({"load_FL", "N", "", {3000.0, 3500.0, 2500.0}});
        table.add({"load_FR", "N", "", {3100.0, 3000.0, 2500.0}});
        const auto g = evaluate(table, "ax / 9.80665");
        QCOMPARE(g, (std::vector<double>{0.0, 1.0, -2.0}));
        QCOMPARE(evaluate(table, "load_FL - load_FR"), (std::vector<double>{-100.0, 500.0, 0.0}));
        QCOMPARE(evaluate(table, "if(ax > 0, 1, -1)"), (std::vector<double>{-1.0, 1.0, -1.0}));
        QCOMPARE(evaluate(table, "ax > 0 ? load_FL : 0"), (std::vector<double>{0.0, 3500.0, 0.0}));
    }

    // y = t^3 - 2t^2 + 0.5t on uneven steps: the parabola through three samples has
    // the slope of a quadratic exactly; for the cubic, y'(t) = 3t^2 - 4t + 0.5 within
    // the stencil's error, which is below h^2 * |y'''| = (0.01)^2 * 6.
    void derivativeOfPolynomialsAndSine() {
        ChannelTable quad = tableOf(50, 0.1, [](double t) { return 2.0 * t * t - 3.0 * t + 1.0; });
        const auto dq = evaluate(quad, "derivative(y)");
        QCOMPARE(dq.size(), std::size_t(50));
        for (std::size_t i = 0; i < dq.size(); ++i) // includes both ends (one-sided stencils)
            QVERIFY(std::abs(dq[i] - (4.0 * quad.find("time")->values[i] - 3.0)) < roundingTolerance);

        // Uneven spacing, still exact for a quadratic.
        ChannelTable uneven;
        std::vector<double> t{0.0, 0.05, 0.2, 0.21, 0.5, 0.9}, y;
        for (double x : t)
            y.push_back(x * x);
        uneven.add({"time", "s", "", t});
        uneven.add({"y", "", "", y});
        const auto du = evaluate(uneven, "derivative(y)");
        for (std::size_t i = 0; i < t.size(); ++i)
            QVERIFY(std::abs(du[i] - 2.0 * t[i]) < roundingTolerance);

        // sin(2t): the central difference's error is h^2/6 * |y'''| <= 0.001^2 / 6 * 8.
        const double h = 0.001;
        ChannelTable sine = tableOf(3000, h, [](double t) { return std::sin(2.0 * t); });
        const auto ds = evaluate(sine, "derivative(y)");
        const double sineTolerance = h * h / 6.0 * 8.0 * 1.01;
        for (std::size_t i = 1; i + 1 < ds.size(); ++i)
            QVERIFY(std::abs(ds[i] - 2.0 * std::cos(2.0 * sine.find("time")->values[i])) < sineTolerance);
    }

    void integralOfAConstantAndARamp() {
        // The integral of 3 from 0 is 3t; of 2t it is t^2, which the trapezoid rule
        // gets exactly (it is exact for straight lines).
        ChannelTable table = tableOf(101, 0.01, [](double t) { return 2.0 * t; });
        const auto constant = evaluate(table, "integral(3)");
        const auto ramp = evaluate(table, "integral(y)");
        const auto& t = table.find("time")->values;
        for (std::size_t i = 0; i < t.size(); ++i) {
            QVERIFY(std::abs(constant[i] - 3.0 * t[i]) < roundingTolerance);
            QVERIFY(std::abs(ramp[i] - t[i] * t[i]) < roundingTolerance);
        }
    }

    // A unit step at t = 1 s sampled every 0.01 s, averaged over 0.205 s centred: the
    // window holds the 21 samples within 0.1025 s, so at t = 1 s eleven of them are 1.
    void movingAverageOfAStep() {
        ChannelTable table = tableOf(201, 0.01, [](double t) { return t >= 1.0 - 1e-9 ? 1.0 : 0.0; });
        const auto avg = evaluate(table, "moving_average(y, 0.205 s)");
        QCOMPARE(avg[50], 0.0);
        QCOMPARE(avg[150], 1.0);
        QVERIFY(std::abs(avg[100] - 11.0 / 21.0) < roundingTolerance);
        QVERIFY(std::abs(avg[95] - 6.0 / 21.0) < roundingTolerance); // t = 0.95: 1.00 .. 1.05 are in
        // At the start the window is cut short: samples 0 .. 10 only.
        QCOMPARE(avg[0], 0.0);
        // The same window in milliseconds, and as a bare number of seconds.
        QCOMPARE(evaluate(table, "moving_average(y, 205 ms)"), avg);
        QCOMPARE(evaluate(table, "moving_average(y, 0.205)"), avg);
    }

    void nestedFunctions() {
        // d/dt of the integral of y is y again (exactly, for a quadratic integral of a ramp).
        ChannelTable table = tableOf(60, 0.05, [](double t) { return 4.0 * t - 1.0; });
        const auto back = evaluate(table, "derivative(integral(y)) - y");
        for (double v : back)
            QVERIFY(std::abs(v) < roundingTolerance);
        // A whole-trace function inside a pointwise one and the other way round.
        const auto mixed = evaluate(table, "abs(derivative(2 * y + 1)) / 8 + if(time > 1, 1, 0)");
        const auto& t = table.find("time")->values;
        for (std::size_t i = 0; i < t.size(); ++i)
            QVERIFY(std::abs(mixed[i] - (1.0 + (t[i] > 1.0 ? 1.0 : 0.0))) < roundingTolerance);
        // The moving average of a straight line is the line, away from the cut-short ends.
        const auto line = evaluate(table, "moving_average(derivative(integral(y)), 0.5)");
        QVERIFY(std::abs(line[30] - (4.0 * t[30] - 1.0)) < roundingTolerance);
    }

    void nanInTheData() {
        ChannelTable table;
        table.add({"time", "s", "", {0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0}});
        table.add({"y", "", "", {1.0, 1.0, 1.0, gap, 1.0, 1.0, 1.0}});
        const auto sum = evaluate(table, "y + 1");
        QVERIFY(std::isnan(sum[3]) && sum[4] == 2.0);
        // The gap (2 s .. 4 s) adds nothing to the integral; it carries on after it.
        const auto area = evaluate(table, "integral(y)");
        QCOMPARE(area[2], 2.0);
        QVERIFY(std::isnan(area[3]));
        QCOMPARE(area[4], 2.0);
        QCOMPARE(area[6], 4.0);
        // The derivative is NaN where its three-sample stencil touches the gap, 0 elsewhere.
        const auto slope = evaluate(table, "derivative(y)");
        QVERIFY(std::isnan(slope[2]) && std::isnan(slope[3]) && std::isnan(slope[4]));
        QCOMPARE(slope[1], 0.0);
        QCOMPARE(slope[6], 0.0);
        // The mean leaves the NaN out.
        const auto mean = evaluate(table, "moving_average(y, 2.5)");
        QCOMPARE(mean[3], 1.0);
        // A comparison with NaN is false, as in IEEE arithmetic.
        QCOMPARE(evaluate(table, "if(y > 0, 5, 7)")[3], 7.0);
    }

    void errorsAtTheirPositionInTheUsersText() {
        FormulaError e = errorOf("speed * * 2");
        QCOMPARE(e.position, std::size_t(8));
        QVERIFY2(e.message.find("'*'") != std::string::npos, e.message.c_str());
        // Positions inside a whole-trace function's argument are positions in the formula.
        e = errorOf("1 + derivative(speed * * 2)");
        QCOMPARE(e.position, std::size_t(23));
        e = errorOf("moving_average(derivative(ax +), 0.2) * 2");
        QCOMPARE(e.position, std::size_t(30));
        QVERIFY2(e.message.find("ends too early") != std::string::npos, e.message.c_str());
        // After a whole-trace call, the positions past it shift back to the user's text.
        e = errorOf("integral(ax) + * 2");
        QCOMPARE(e.position, std::size_t(15));
        e = errorOf("integral(ax) + ");
        QCOMPARE(e.position, std::size_t(15)); // the end of the text
        e = errorOf("(speed + 1");
        QCOMPARE(e.position, std::size_t(0));
        e = errorOf("speed) * 2");
        QCOMPARE(e.position, std::size_t(5));
        e = errorOf("derivative(speed");
        QCOMPARE(e.position, std::size_t(10));
        e = errorOf("moving_average(ax)");
        QCOMPARE(e.position, std::size_t(0));
        e = errorOf("moving_average(ax, fast)");
        QCOMPARE(e.position, std::size_t(19));
        e = errorOf("speed = 3");
        QCOMPARE(e.position, std::size_t(6));
        e = errorOf("speed 2");
        QCOMPARE(e.position, std::size_t(6));
        e = errorOf("   ");
        QCOMPARE(e.message, std::string("the formula is empty"));
        QVERIFY(MathFormula::parse("speed == 2 || speed >= 3").ok());
    }

    void unknownNamesAndCyclesNamed() {
        ChannelTable table;
        table.add({"time", "s", "", {0.0, 1.0}});
        table.add({"speed", "m/s", "", {10.0, 20.0}});
        const std::vector<MathChannel> channels{
            {"kmh", "km/h", "speed * 3.6"},
            {"wrong", "", "kmh + speeed"},
            {"a", "", "b + 1"},
            {"b", "", "c * 2"},
            {"c", "", "a - kmh"},
            {"uses_wrong", "", "wrong * 2"},
            {"speed", "m/s", "1"},
        };
        const auto problems = applyMathChannels(table, channels);
        QCOMPARE(table.find("kmh")->values, (std::vector<double>{36.0, 72.0}));
        QCOMPARE(table.find("kmh")->unit, std::string("km/h"));
        QCOMPARE(problems.size(), std::size_t(6));
        QCOMPARE(problems[0].name, std::string("wrong"));
        QCOMPARE(problems[0].error.position, std::size_t(6));
        QVERIFY(problems[0].error.message.find("'speeed'") != std::string::npos);
        for (std::size_t k : {1, 2, 3}) {
            QVERIFY2(problems[k].error.message.find("a -> b -> c -> a") != std::string::npos,
                     problems[k].error.message.c_str());
        }
        QCOMPARE(problems[1].error.position, std::size_t(0)); // a reads b at 0
        QCOMPARE(problems[3].error.position, std::size_t(0)); // c reads a at 0
        QCOMPARE(problems[4].name, std::string("uses_wrong"));
        QVERIFY(problems[4].error.message.find("'wrong' has an error") != std::string::npos);
        QVERIFY(!problems[5].inFormula);
        QVERIFY(table.find("wrong") == nullptr && table.find("a") == nullptr);
    }

    void channelsComputedInDependencyOrder() {
        ChannelTable table;
        table.add({"time", "s", "", {0.0, 1.0, 2.0}});
        table.add({"ax", "m/s^2", "", {1.0, 2.0, 3.0}});
        // Listed before what it reads.
        const auto problems = applyMathChannels(table, {{"twice_g", "g", "ax_g * 2"}, {"ax_g", "g", "ax / 2"}});
        QVERIFY(problems.empty());
        QCOMPARE(table.find("twice_g")->values, table.find("ax")->values);
    }

    void timeThatGoesBackIsReported() {
        ChannelTable table;
        table.add({"time", "s", "", {0.0, 1.0, 0.5}});
        table.add({"y", "", "", {1.0, 2.0, 3.0}});
        const auto problems = applyMathChannels(table, {{"d", "", "2 * derivative(y)"}, {"plain", "", "y * 2"}});
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].error.position, std::size_t(4));
        QVERIFY(problems[0].error.message.find("sample 2") != std::string::npos);
        QVERIFY(table.has("plain"));
    }

    void checkWithoutData() {
        const auto problems = checkMathChannels({"time", "speed"}, {{"ok", "", "speed"}, {"bad", "", "sped"}});
        QCOMPARE(problems.size(), std::size_t(1));
        QCOMPARE(problems[0].channel, std::size_t(1));
        QVERIFY(!mathChannelNameProblem("2x").empty());
        QVERIFY(!mathChannelNameProblem("sin").empty());
        QVERIFY(!mathChannelNameProblem("derivative").empty());
        QVERIFY(!mathChannelNameProblem("a-b").empty());
        QVERIFY(mathChannelNameProblem("load_diff_2").empty());
    }

    void jsonRoundTripAndBadFiles() {
        const std::vector<MathChannel> channels{{"ax_g", "g", "ax / 9.80665"},
                                                {"smooth", "m/s", "moving_average(speed, 0.2 s)"}};
        const MathChannelsReadResult back = readMathChannelsJson(mathChannelsJson(channels));
        QVERIFY(back.ok());
        QCOMPARE(back.channels, channels);

        const auto errorOfJson = [](const char* text) {
            const MathChannelsReadResult r = readMathChannelsJson(text);
            return r.errors.join(QStringLiteral("; "));
        };
        QVERIFY(errorOfJson("[1]").contains("top level"));
        QVERIFY(errorOfJson(R"({"fileType":"vtw-math-channels","version":1,"channels":[{"name":"a b","unit":"","formula":"1"}]})")
                    .contains("channels[0].name"));
        QVERIFY(errorOfJson(R"({"fileType":"vtw-math-channels","version":1,"channels":[{"name":"a","unit":"","formula":"1"},{"name":"a","unit":"","formula":"2"}]})")
                    .contains("named twice"));
        QVERIFY(errorOfJson(R"({"fileType":"vtw-math-channels","version":1,"channels":[{"name":"a","unit":3,"formula":"1"}]})")
                    .contains("channels[0].unit: must be a string"));
        QVERIFY(errorOfJson(R"({"fileType":"vtw-math-channels","version":1,"channels":[[[[[[1]]]]]]})").contains("nested"));
        QVERIFY(errorOfJson(R"({"fileType":"other","version":1,"channels":[]})").contains("fileType"));
        QVERIFY(errorOfJson("{\"fileType\": \"vtw-math-channels\", \"version\": 1, \"channels\": [\xff]}").contains("UTF-8"));
        QByteArray huge(maxMathChannelsFileBytes + 1, ' ');
        QVERIFY(!readMathChannelsJson(huge).ok());
    }
};

QTEST_GUILESS_MAIN(MathChannelsTest)
#include "tst_math_channels.moc"

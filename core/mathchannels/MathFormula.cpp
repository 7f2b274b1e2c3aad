#include "core/mathchannels/MathFormula.h"

#include "core/analysis/ChannelTable.h"
#include "core/mathchannels/TraceFunctions.h"

#include <muParser.h>
#ifdef VTW_MUPARSER_OPENMP
#include <omp.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace vtw {

namespace {

enum class TraceFunction { Derivative, Integral, MovingAverage };

// Hidden variables are named "$0", "$1", ...: '$' is a name character for muParser
// but the reader refuses it in what the user writes, so no channel can clash.
constexpr char hiddenMark = '$';
const char* const parserNameChars =
    "0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$";

bool isNameStart(char c) { return isFormulaNameStart(c); }
bool isNameChar(char c) { return isFormulaNameChar(c); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

double ifThenElse(double condition, double then, double otherwise) {
    return condition != 0.0 ? then : otherwise;
}

void configure(mu::Parser& parser) {
    parser.DefineNameChars(parserNameChars);
    parser.DefineFun("if", ifThenElse);
}

std::optional<TraceFunction> traceFunctionNamed(std::string_view name) {
    if (name == formulaDerivative)
        return TraceFunction::Derivative;
    if (name == formulaIntegral)
        return TraceFunction::Integral;
    if (name == formulaMovingAverage)
        return TraceFunction::MovingAverage;
    return std::nullopt;
}

// Where a number written from `i` ends: digits, a point, an exponent.
std::size_t numberEnd(std::string_view s, std::size_t i, std::size_t end) {
    while (i < end && (isDigit(s[i]) || s[i] == '.'))
        ++i;
    if (i < end && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < end && (s[j] == '+' || s[j] == '-'))
            ++j;
        if (j < end && isDigit(s[j])) {
            while (j < end && isDigit(s[j]))
                ++j;
            return j;
        }
    }
    return i;
}

std::size_t nameEnd(std::string_view s, std::size_t i, std::size_t end) {
    while (i < end && isNameChar(s[i]))
        ++i;
    return i;
}

// muParser's error, said for people who write formulas rather than parsers.
std::string messageFor(const mu::ParserError& e) {
    const std::string token = e.GetToken();
    switch (e.GetCode()) {
    case mu::ecUNEXPECTED_OPERATOR:
        return "unexpected " + quoted(token) + ": a value or channel is missing before it";
    case mu::ecUNASSIGNABLE_TOKEN:
        return quoted(token.substr(0, token.find(' '))) +
               " is not a channel, function, number or operator";
    case mu::ecUNEXPECTED_EOF:
        return "the formula ends too early: a value is missing at the end";
    case mu::ecUNEXPECTED_ARG_SEP:
        return "unexpected ',': it only separates a function's arguments";
    case mu::ecUNEXPECTED_VAL:
        return "unexpected number " + quoted(token) + ": an operator is missing before it";
    case mu::ecUNEXPECTED_VAR:
        return "unexpected channel " + quoted(token) + ": an operator is missing before it";
    case mu::ecUNEXPECTED_PARENS:
        return "unexpected " + quoted(token) + " here";
    case mu::ecUNEXPECTED_FUN:
        return "unexpected function " + quoted(token) + ": an operator is missing before it";
    case mu::ecMISSING_PARENS:
        return "a ')' is missing";
    case mu::ecTOO_MANY_PARAMS:
        return quoted(token) + " is given too many arguments";
    case mu::ecTOO_FEW_PARAMS:
        return quoted(token) + " is given too few arguments";
    case mu::ecMISSING_ELSE_CLAUSE:
        return "'?' needs its ':' and a value for when the condition is false";
    case mu::ecMISPLACED_COLON:
        return "unexpected ':' without a '?' before it";
    case mu::ecUNEXPECTED_CONDITIONAL:
        return "unexpected '?': a condition is missing before it";
    case mu::ecUNEXPECTED_STR:
    case mu::ecUNTERMINATED_STRING:
        return "formulas hold no text in quotes";
    default: {
        // Anything else: muParser's own words, without its "at position N" (the
        // caller shows the position in the user's text, which may differ).
        std::string msg = e.GetMsg();
        const std::size_t at = msg.find(" at ");
        return at == std::string::npos ? msg : msg.substr(0, at);
    }
    }
}

} // namespace

// One expression for muParser: a formula, or the argument of a whole-trace call, with
// the calls inside it replaced by hidden variables.
struct MathFormula::Node {
    struct Call {
        TraceFunction function = TraceFunction::Derivative;
        std::size_t position = 0; ///< of the function's name in the user's text
        std::string hidden;       ///< the variable the outer expression reads it as
        std::unique_ptr<Node> argument;
        double windowSeconds = 0.0;
    };
    std::string text;
    std::vector<std::size_t> origin; ///< user position of each char of text, and of its end
    std::vector<Call> calls;
    std::vector<std::string> channels; ///< the table channels muParser found it to read

    std::size_t userPosition(int parserPosition) const {
        const auto at = static_cast<std::size_t>(std::max(0, parserPosition));
        return origin[std::min(at, text.size())];
    }
};

namespace {

using Node = MathFormula::Node;

// Reads the user's text into nodes; stops at the first error.
class FormulaReader {
public:
    explicit FormulaReader(std::string_view source) : m_src(source) {}

    std::unique_ptr<Node> read(std::size_t begin, std::size_t end);
    std::optional<FormulaError> error;
    std::optional<std::size_t> firstCall;

private:
    bool fail(std::size_t position, std::string message) {
        if (!error)
            error = FormulaError{position, std::move(message)};
        return false;
    }
    // The ')' closing the '(' at `open`, or npos.
    std::size_t closing(std::size_t open, std::size_t end) const;
    // Spans of the arguments between open and close, split at their own commas.
    std::vector<std::pair<std::size_t, std::size_t>> arguments(std::size_t open, std::size_t close) const;
    bool readCall(Node& node, TraceFunction function, std::string_view name, std::size_t nameAt,
                  std::size_t open, std::size_t close);
    bool readWindow(std::size_t begin, std::size_t end, double& seconds);
    std::pair<std::size_t, std::size_t> trimmed(std::size_t begin, std::size_t end) const {
        while (begin < end && isBlank(m_src[begin]))
            ++begin;
        while (end > begin && isBlank(m_src[end - 1]))
            --end;
        return {begin, end};
    }

    std::string_view m_src;
    int m_hiddenCount = 0;
};

std::size_t FormulaReader::closing(std::size_t open, std::size_t end) const {
    int depth = 0;
    for (std::size_t i = open; i < end; ++i) {
        if (m_src[i] == '(')
            ++depth;
        else if (m_src[i] == ')' && --depth == 0)
            return i;
    }
    return std::string_view::npos;
}

std::vector<std::pair<std::size_t, std::size_t>> FormulaReader::arguments(std::size_t open,
                                                                          std::size_t close) const {
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    int depth = 0;
    std::size_t start = open + 1;
    for (std::size_t i = open + 1; i < close; ++i) {
        if (m_src[i] == '(')
            ++depth;
        else if (m_src[i] == ')')
            --depth;
        else if (m_src[i] == ',' && depth == 0) {
            spans.emplace_back(start, i);
            start = i + 1;
        }
    }
    spans.emplace_back(start, close);
    return spans;
}

bool FormulaReader::readWindow(std::size_t begin, std::size_t end, double& seconds) {
    const auto [b, e] = trimmed(begin, end);
    const std::string text(m_src.substr(b, e - b));
    const std::string usage = "the window of moving_average is a time in seconds, such as 0.2 or 0.2 s";
    if (text.empty())
        return fail(begin, usage);
    const char* start = text.c_str();
    char* stop = nullptr;
    double value = std::strtod(start, &stop);
    std::string unit(stop);
    unit.erase(0, unit.find_first_not_of(' '));
    if (stop == start || !(unit.empty() || unit == "s" || unit == "ms"))
        return fail(b, usage);
    if (unit == "ms")
        value /= 1000.0;
    if (!std::isfinite(value) || value <= 0.0)
        return fail(b, "the window of moving_average must be longer than 0 s");
    seconds = value;
    return true;
}

bool FormulaReader::readCall(Node& node, TraceFunction function, std::string_view name, std::size_t nameAt,
                             std::size_t open, std::size_t close) {
    const auto args = arguments(open, close);
    const std::size_t wanted = function == TraceFunction::MovingAverage ? 2 : 1;
    if (args.size() != wanted)
        return fail(nameAt, function == TraceFunction::MovingAverage
                                ? "moving_average takes two arguments: moving_average(expression, window in s)"
                                : std::string(name) + " takes one argument: the expression over time");
    const auto [b, e] = trimmed(args[0].first, args[0].second);
    if (b == e)
        return fail(open + 1, "an expression is missing inside the brackets");
    Node::Call call;
    call.function = function;
    call.position = nameAt;
    if (function == TraceFunction::MovingAverage &&
        !readWindow(args[1].first, args[1].second, call.windowSeconds))
        return false;
    call.argument = read(args[0].first, args[0].second);
    if (!call.argument)
        return false;
    call.hidden = std::to_string(m_hiddenCount++);
    call.hidden.insert(call.hidden.begin(), hiddenMark);
    if (!firstCall || nameAt < *firstCall)
        firstCall = nameAt;
    // The outer expression reads the series as one variable, standing where the call stood.
    for (char c : call.hidden) {
        node.text += c;
        node.origin.push_back(nameAt);
    }
    node.calls.push_back(std::move(call));
    return true;
}

std::unique_ptr<Node> FormulaReader::read(std::size_t begin, std::size_t end) {
    auto node = std::make_unique<Node>();
    std::vector<std::size_t> opens; // '(' not yet closed
    auto copy = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to; ++k) {
            node->text += m_src[k];
            node->origin.push_back(k);
        }
    };
    std::size_t i = begin;
    while (i < end && !error) {
        const char c = m_src[i];
        if (isDigit(c) || (c == '.' && i + 1 < end && isDigit(m_src[i + 1]))) {
            const std::size_t j = numberEnd(m_src, i, end);
            copy(i, j);
            i = j;
        } else if (isNameStart(c)) {
            const std::size_t j = nameEnd(m_src, i, end);
            const auto function = traceFunctionNamed(m_src.substr(i, j - i));
            if (!function) {
                copy(i, j);
                i = j;
                continue;
            }
            std::size_t open = j;
            while (open < end && isBlank(m_src[open]))
                ++open;
            if (open >= end || m_src[open] != '(') {
                fail(i, std::string(m_src.substr(i, j - i)) + " needs its argument in brackets, e.g. " +
                            std::string(m_src.substr(i, j - i)) + "(speed)");
                break;
            }
            const std::size_t close = closing(open, end);
            if (close == std::string_view::npos) {
                fail(open, "this '(' is never closed: a ')' is missing");
                break;
            }
            if (!readCall(*node, *function, m_src.substr(i, j - i), i, open, close))
                break;
            i = close + 1;
        } else {
            if (c == '(') {
                opens.push_back(i);
            } else if (c == ')') {
                if (opens.empty()) {
                    fail(i, "unexpected ')': no '(' before it is open");
                    break;
                }
                opens.pop_back();
            } else if (c == ',' && opens.empty()) {
                fail(i, "unexpected ',': it only separates a function's arguments");
                break;
            } else if (c == '=') {
                const char before = i > begin ? m_src[i - 1] : ' ';
                const char after = i + 1 < end ? m_src[i + 1] : ' ';
                const bool comparison = after == '=' || before == '=' || before == '<' ||
                                        before == '>' || before == '!';
                if (!comparison) {
                    fail(i, "'=' alone assigns, which a formula cannot; write '==' to compare");
                    break;
                }
            } else if (c == hiddenMark || c == '"') {
                fail(i, std::string("unexpected '") + c + "'");
                break;
            } else if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                fail(i, "unexpected control character");
                break;
            }
            copy(i, i + 1);
            ++i;
        }
    }
    if (!error && !opens.empty())
        fail(opens.back(), "this '(' is never closed: a ')' is missing");
    if (error)
        return nullptr;
    node->origin.push_back(end);
    return node;
}

// muParser's reading of a node and its arguments: syntax errors, and the names read.
bool checkSyntax(Node& node, std::optional<FormulaError>& error) {
    for (Node::Call& call : node.calls) {
        if (!checkSyntax(*call.argument, error))
            return false;
    }
    mu::Parser parser;
    configure(parser);
    try {
        parser.SetExpr(node.text);
        for (const auto& [name, unused] : parser.GetUsedVar()) {
            if (name.empty() || name.front() != hiddenMark)
                node.channels.push_back(name);
        }
    } catch (const mu::ParserError& e) {
        error = FormulaError{node.userPosition(e.GetPos()), messageFor(e)};
        return false;
    }
    return true;
}

// Where a node first names `name`, as a whole name (not inside a longer one or a number).
std::size_t firstUse(const Node& node, const std::string& name) {
    const std::string_view s = node.text;
    for (std::size_t i = 0; i < s.size();) {
        if (isDigit(s[i]) || s[i] == '.') {
            i = numberEnd(s, i, s.size());
        } else if (isNameStart(s[i]) || s[i] == hiddenMark) {
            const std::size_t j = nameEnd(s, i + 1, s.size());
            if (s.substr(i, j - i) == name)
                return node.origin[i];
            i = j;
        } else {
            ++i;
        }
    }
    return node.origin.front();
}

void collectNames(const Node& node, std::vector<FormulaNameUse>& names) {
    for (const std::string& name : node.channels) {
        const std::size_t at = firstUse(node, name);
        auto known = std::find_if(names.begin(), names.end(),
                                  [&](const FormulaNameUse& u) { return u.name == name; });
        if (known == names.end())
            names.push_back({name, at});
        else
            known->position = std::min(known->position, at);
    }
    for (const Node::Call& call : node.calls)
        collectNames(*call.argument, names);
}

std::optional<std::vector<double>> evaluateNode(const Node& node, const ChannelTable& table,
                                                FormulaError* error) {
    const std::size_t n = table.sampleCount();
    std::vector<std::vector<double>> series;
    series.reserve(node.calls.size());
    for (const Node::Call& call : node.calls) {
        auto argument = evaluateNode(*call.argument, table, error);
        if (!argument)
            return std::nullopt;
        const ChannelColumn* time = table.find(channelTableTime);
        const auto fail = [&](std::string message) {
            if (error)
                *error = FormulaError{call.position, std::move(message)};
            return std::nullopt;
        };
        if (!time)
            return fail("this function works over time, and the data has no 'time' channel");
        if (const auto problem = checkTimeAxis(time->values))
            return fail(*problem + ", so this function cannot be computed");
        switch (call.function) {
        case TraceFunction::Derivative:
            series.push_back(derivativeOverTime(time->values, *argument));
            break;
        case TraceFunction::Integral:
            series.push_back(integralOverTime(time->values, *argument));
            break;
        case TraceFunction::MovingAverage:
            series.push_back(movingAverageCentred(time->values, *argument, call.windowSeconds));
            break;
        }
    }
    if (n == 0)
        return std::vector<double>{};
#ifdef VTW_MUPARSER_OPENMP
    // One thread: see core/CMakeLists.txt (muParser takes the calling thread's setting).
    omp_set_num_threads(1);
#endif
    mu::Parser parser;
    configure(parser);
    std::vector<double> out(n);
    try {
        parser.SetExpr(node.text);
        for (std::size_t k = 0; k < node.calls.size(); ++k)
            parser.DefineVar(node.calls[k].hidden, series[k].data());
        for (const std::string& name : node.channels) {
            const ChannelColumn* column = table.find(name);
            if (!column) {
                if (error)
                    *error = FormulaError{firstUse(node, name), "no channel named " + quoted(name)};
                return std::nullopt;
            }
            // muParser binds variables by pointer; the reader refuses '=' and its
            // compound forms, so the expression only reads the column.
            parser.DefineVar(name, const_cast<double*>(column->values.data()));
        }
        parser.Eval(out.data(), static_cast<int>(n));
    } catch (const mu::ParserError& e) {
        if (error)
            *error = FormulaError{node.userPosition(e.GetPos()), messageFor(e)};
        return std::nullopt;
    }
    return out;
}

} // namespace

MathFormula::MathFormula() = default;
MathFormula::MathFormula(MathFormula&&) noexcept = default;
MathFormula& MathFormula::operator=(MathFormula&&) noexcept = default;
MathFormula::~MathFormula() = default;

MathFormula MathFormula::parse(std::string_view formula) {
    MathFormula f;
    if (formula.size() > maxFormulaLength) {
        f.m_error = FormulaError{maxFormulaLength, "the formula is longer than " +
                                                       std::to_string(maxFormulaLength) + " characters"};
        return f;
    }
    if (formula.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        f.m_error = FormulaError{0, "the formula is empty"};
        return f;
    }
    FormulaReader reader(formula);
    f.m_root = reader.read(0, formula.size());
    if (!f.m_root) {
        f.m_error = reader.error;
        return f;
    }
    if (!checkSyntax(*f.m_root, f.m_error)) {
        f.m_root.reset();
        return f;
    }
    collectNames(*f.m_root, f.m_names);
    std::sort(f.m_names.begin(), f.m_names.end(),
              [](const FormulaNameUse& a, const FormulaNameUse& b) { return a.position < b.position; });
    f.m_traceFunctionAt = reader.firstCall;
    return f;
}

std::optional<std::vector<double>> MathFormula::evaluate(const ChannelTable& table, FormulaError* error) const {
    if (!m_root) {
        if (error && m_error)
            *error = *m_error;
        return std::nullopt;
    }
    return evaluateNode(*m_root, table, error);
}

bool isFormulaReservedName(std::string_view name) {
    if (traceFunctionNamed(name) || name == "if")
        return true;
    static const std::map<std::string, int, std::less<>> builtIns = [] {
        mu::Parser parser;
        std::map<std::string, int, std::less<>> names;
        for (const auto& [fun, unused] : parser.GetFunDef())
            names.emplace(fun, 0);
        for (const auto& [constant, unused] : parser.GetConst())
            names.emplace(constant, 0);
        return names;
    }();
    return builtIns.find(name) != builtIns.end();
}

} // namespace vtw

#include "core/setupfile/JsonShape.h"

#include <vector>

namespace vtw {

namespace {

// One open array or object.
struct Frame {
    bool array = false;
    bool hasEntry = false;     ///< something stands in it (entries: commas + 1)
    bool expectingKey = false; ///< an object: the next string is a member's key
    qint64 commas = 0;
    qsizetype keyStart = 0, keyEnd = 0; ///< an object: its current member's key
};

constexpr qsizetype maxKeyInPath = 64;

// The path of the container that stack[depth] would be: the members and
// indices of the containers around it.
QString pathOf(const QByteArray& text, const std::vector<Frame>& stack, std::size_t depth) {
    QString path;
    for (std::size_t i = 0; i < depth; ++i) {
        const Frame& f = stack[i];
        if (f.array) {
            path += QString("[%1]").arg(f.commas);
            continue;
        }
        if (!path.isEmpty())
            path += '.';
        path += QString::fromUtf8(
            text.mid(f.keyStart, std::min(f.keyEnd - f.keyStart, maxKeyInPath)));
    }
    return path;
}

} // namespace

JsonShape jsonShape(const QByteArray& text, int maxDepth) {
    JsonShape shape;
    shape.values = 1; // the root
    std::vector<Frame> stack;
    bool inString = false, stringIsKey = false;
    const auto enter = [&] {
        if (!stack.empty())
            stack.back().hasEntry = true;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') {
                ++i; // the escaped character, a quote included
            } else if (c == '"') {
                inString = false;
                if (stringIsKey)
                    stack.back().keyEnd = i;
            }
            continue;
        }
        switch (c) {
        case '"':
            enter();
            inString = true;
            stringIsKey = !stack.empty() && stack.back().expectingKey;
            if (stringIsKey) {
                stack.back().keyStart = stack.back().keyEnd = i + 1;
                stack.back().expectingKey = false;
            }
            break;
        case '[':
        case '{':
            enter();
            stack.push_back(Frame{c == '[', false, c == '{', 0, 0, 0});
            if (int(stack.size()) > shape.depth) {
                shape.depth = int(stack.size());
                if (shape.depth > maxDepth) {
                    shape.deepestPath = pathOf(text, stack, stack.size() - 1);
                    return shape;
                }
            }
            break;
        case ']':
        case '}': {
            if (stack.empty())
                break; // malformed; the parser says so
            const Frame closed = stack.back();
            stack.pop_back();
            const qint64 entries = closed.commas + (closed.hasEntry ? 1 : 0);
            shape.values += entries;
            if (entries > shape.largestEntries) {
                shape.largestEntries = entries;
                shape.largestPath = pathOf(text, stack, stack.size());
            }
            break;
        }
        case ',':
            if (!stack.empty()) {
                ++stack.back().commas;
                stack.back().expectingKey = !stack.back().array;
            }
            break;
        case ':':
        case ' ':
        case '\t':
        case '\n':
        case '\r':
            break;
        default:
            enter(); // a number, true, false or null
        }
    }
    return shape;
}

} // namespace vtw

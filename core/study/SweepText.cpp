#include "core/study/SweepText.h"

namespace vtw {

void restoreSweepText(QByteArray& text) {
    if (text.startsWith("\xEF\xBB\xBF"))
        text.remove(0, 3);
    const qsizetype firstNewline = text.indexOf('\n');
    if (firstNewline > 0 && text[firstNewline - 1] == '\r')
        text.replace("\r\n", "\n");
}

} // namespace vtw

#pragma once

// A sweep table as the sweep wrote it, from a copy that went through an editor or a
// Windows tool on its way to the merge or the resume: such a copy may open with a
// UTF-8 byte order mark and end its lines in CR LF, and is read as the table it was.

#include <QByteArray>

namespace vtw {

/// In place: drops a UTF-8 byte order mark at the start, and when the first line ends in
/// CR LF (the lines were converted), turns every CR LF back into LF, which undoes the
/// conversion byte for byte.
void restoreSweepText(QByteArray& text);

} // namespace vtw

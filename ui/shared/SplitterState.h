#pragma once

// Splitter sizes of a whole page, as a list that settings can keep. A page's
// splitters are told apart by their order of creation, which a page's
// constructor fixes, so no splitter needs a name. A list that no longer fits
// (the page gained or lost a splitter) is ignored, not half applied.

#include <QVariantList>

class QWidget;

namespace vtw {

QVariantList splitterStates(const QWidget* page);
void restoreSplitterStates(const QVariantList& states, QWidget* page);

} // namespace vtw

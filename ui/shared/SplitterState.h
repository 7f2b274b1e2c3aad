#pragma once

// Splitter sizes of a whole page kept in QSettings. A page's splitters are
// told apart by their order of creation, which a page's constructor fixes, so
// no splitter needs a name. A saved list that no longer fits (the page gained
// or lost a splitter) is ignored, not half applied.

#include <QString>

class QSettings;
class QWidget;

namespace vtw {

void saveSplitterStates(QSettings& settings, const QString& key, const QWidget* page);
void restoreSplitterStates(const QSettings& settings, const QString& key, QWidget* page);

} // namespace vtw

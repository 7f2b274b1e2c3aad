#include "ui/shared/SplitterState.h"

#include <QSplitter>

namespace vtw {

QVariantList splitterStates(const QWidget* page) {
    QVariantList states;
    for (const QSplitter* s : page->findChildren<QSplitter*>())
        states << s->saveState();
    return states;
}

void restoreSplitterStates(const QVariantList& states, QWidget* page) {
    const QList<QSplitter*> splitters = page->findChildren<QSplitter*>();
    if (states.size() != splitters.size())
        return;
    for (qsizetype i = 0; i < splitters.size(); ++i)
        splitters[i]->restoreState(states[i].toByteArray());
}

} // namespace vtw

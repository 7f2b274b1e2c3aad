#include "ui/shared/SplitterState.h"

#include <QSettings>
#include <QSplitter>
#include <QVariantList>

namespace vtw {

void saveSplitterStates(QSettings& settings, const QString& key, const QWidget* page) {
    QVariantList states;
    for (const QSplitter* s : page->findChildren<QSplitter*>())
        states << s->saveState();
    settings.setValue(key, states);
}

void restoreSplitterStates(const QSettings& settings, const QString& key, QWidget* page) {
    const QVariantList states = settings.value(key).toList();
    const QList<QSplitter*> splitters = page->findChildren<QSplitter*>();
    if (states.size() != splitters.size())
        return;
    for (qsizetype i = 0; i < splitters.size(); ++i)
        splitters[i]->restoreState(states[i].toByteArray());
}

} // namespace vtw

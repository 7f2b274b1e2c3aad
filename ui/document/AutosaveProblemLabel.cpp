#include "ui/document/AutosaveProblemLabel.h"

#include "ui/document/DocumentManager.h"

namespace vtw {

AutosaveProblemLabel::AutosaveProblemLabel(DocumentManager* documents, QWidget* parent)
    : QLabel(tr("Autosave failed"), parent) {
    setObjectName(QStringLiteral("autosaveProblem"));
    QPalette alarm = palette();
    alarm.setColor(QPalette::WindowText, Qt::darkRed);
    setPalette(alarm);
    QFont bold = font();
    bold.setBold(true);
    setFont(bold);
    hide();
    connect(documents, &DocumentManager::autosaveFailures, this, [this](const QStringList& failures) {
        setVisible(!failures.isEmpty());
        setToolTip(failures.join(QLatin1Char('\n')));
    });
}

} // namespace vtw

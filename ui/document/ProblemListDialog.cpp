#include "ui/document/ProblemListDialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace vtw {

ProblemListDialog::ProblemListDialog(const QString& title, const QString& summary,
                                     const QStringList& problems, QWidget* parent)
    : QDialog(parent), m_list(new QListWidget(this)) {
    setWindowTitle(title);
    setAttribute(Qt::WA_DeleteOnClose);
    setObjectName(QStringLiteral("problemListDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* text = new QLabel(summary, this);
    text->setWordWrap(true);
    layout->addWidget(text);
    const QIcon icon = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (const QString& p : problems)
        new QListWidgetItem(icon, p, m_list);
    layout->addWidget(m_list, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this,
            [problems] { QApplication::clipboard()->setText(problems.join(QLatin1Char('\n'))); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, 360);
}

QStringList ProblemListDialog::problems() const {
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        out << m_list->item(i)->text();
    return out;
}

} // namespace vtw

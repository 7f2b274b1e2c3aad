#include "ui/document/RecoveryDialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace vtw {

namespace {
// Reasons listed under a copy that cannot be restored; the rest are counted.
constexpr qsizetype maxReasonsShown = 3;
} // namespace

QString recoveredTitle(const RecoveredFile& copy) {
    if (!copy.name.isEmpty())
        return copy.name;
    if (copy.restorable())
        return QObject::tr("Untitled");
    return QFileInfo(copy.originalPath.isEmpty() ? copy.setupPath : copy.originalPath).fileName();
}

RecoveryDialog::RecoveryDialog(const QList<RecoveredFile>& copies, QWidget* parent)
    : QDialog(parent), m_list(new QTreeWidget(this)) {
    setWindowTitle(tr("Restore unsaved setups?"));
    setAttribute(Qt::WA_DeleteOnClose);
    setObjectName(QStringLiteral("recoveryDialog"));
    auto* layout = new QVBoxLayout(this);
    const bool anyBroken = std::any_of(copies.begin(), copies.end(),
                                       [](const RecoveredFile& c) { return !c.restorable(); });
    QString summary = tr("The last session ended with unsaved changes. Restore them?");
    if (anyBroken) // then there is a first copy
        summary +=
            QLatin1Char(' ') +
            tr("Restore brings back those that load; the others stay in %1.")
                .arg(QDir::toNativeSeparators(QFileInfo(copies.first().setupPath).absolutePath()));
    auto* text = new QLabel(summary, this);
    text->setWordWrap(true);
    layout->addWidget(text);

    m_list->setHeaderLabels({tr("Setup"), tr("File"), tr("Autosaved")});
    m_list->setRootIsDecorated(false);
    m_list->setItemsExpandable(false);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    m_list->setFocusPolicy(Qt::NoFocus); // a list to read; the buttons keep the keyboard
    const QIcon warning = style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (const RecoveredFile& c : copies) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(0, recoveredTitle(c));
        item->setText(1, c.originalPath.isEmpty() ? tr("never saved")
                                                  : QDir::toNativeSeparators(c.originalPath));
        item->setToolTip(1, QDir::toNativeSeparators(c.setupPath));
        item->setText(2, QLocale().toString(c.savedAt.toLocalTime(), QLocale::ShortFormat));
        if (c.restorable())
            continue;
        item->setIcon(0, warning);
        // The reasons under the copy, across the whole width; a long list is
        // cut short here and complete in the tooltip.
        const QString all = c.problems.join(QLatin1Char('\n'));
        for (qsizetype i = 0; i < c.problems.size() && i < maxReasonsShown; ++i) {
            auto* reason = new QTreeWidgetItem(item);
            reason->setText(0, tr("cannot be restored: %1").arg(c.problems[i]));
            reason->setToolTip(0, all);
            reason->setFirstColumnSpanned(true);
        }
        if (c.problems.size() > maxReasonsShown) {
            auto* more = new QTreeWidgetItem(item);
            more->setText(
                0, tr("and %n more problem(s)", nullptr, int(c.problems.size() - maxReasonsShown)));
            more->setToolTip(0, all);
            more->setFirstColumnSpanned(true);
        }
    }
    m_list->expandAll();
    for (int column = 0; column < 2; ++column)
        m_list->resizeColumnToContents(column);
    layout->addWidget(m_list, 1);

    auto* buttons = new QDialogButtonBox(this);
    m_restore = buttons->addButton(tr("Restore"), QDialogButtonBox::AcceptRole);
    m_discard = buttons->addButton(tr("Discard"), QDialogButtonBox::DestructiveRole);
    m_keep = buttons->addButton(tr("Not now"), QDialogButtonBox::RejectRole);
    m_restore->setEnabled(std::any_of(copies.begin(), copies.end(),
                                      [](const RecoveredFile& c) { return c.restorable(); }));
    m_restore->setDefault(m_restore->isEnabled());
    connect(m_restore, &QPushButton::clicked, this, [this] { done(Restore); });
    connect(m_discard, &QPushButton::clicked, this, [this] { done(Discard); });
    connect(m_keep, &QPushButton::clicked, this, [this] { done(Keep); });
    layout->addWidget(buttons);
    resize(900, 320);
}

QPushButton* RecoveryDialog::button(Choice choice) const {
    switch (choice) {
    case Restore:
        return m_restore;
    case Discard:
        return m_discard;
    case Keep:
        break;
    }
    return m_keep;
}

} // namespace vtw

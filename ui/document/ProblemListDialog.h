#pragma once

// Lists every problem of a refused file (or import) at once, so the user can
// fix them all in one go; opened window-modal without blocking.

#include <QDialog>
#include <QStringList>

class QListWidget;

namespace vtw {

class ProblemListDialog : public QDialog {
    Q_OBJECT
public:
    ProblemListDialog(const QString& title, const QString& summary, const QStringList& problems,
                      QWidget* parent = nullptr);
    QStringList problems() const;

private:
    QListWidget* m_list;
};

} // namespace vtw

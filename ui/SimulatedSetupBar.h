#pragma once

// The strip above the live simulation: which open setup the car on the track
// is, chosen from the open documents. The window keeps it in step with the
// document tabs, so choosing here and choosing a tab are the same thing.

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;

namespace vtw {

class SimulatedSetupBar : public QWidget {
    Q_OBJECT
public:
    explicit SimulatedSetupBar(QWidget* parent = nullptr);

    /// The open documents by display name, and the one simulated (-1: none).
    void setDocuments(const QStringList& names, int current);
    QComboBox* chooser() const { return m_chooser; }
    /// What an edit of the setup does in this workspace (the live run's by default).
    void setHint(const QString& text);

signals:
    /// The user picked the document at this index.
    void documentChosen(int index);

private:
    QComboBox* m_chooser;
    QLabel* m_hint;
};

/// A workspace's pane: the bar across the top, the page below it.
QWidget* paneWithSetupBar(SimulatedSetupBar* bar, QWidget* page);

} // namespace vtw

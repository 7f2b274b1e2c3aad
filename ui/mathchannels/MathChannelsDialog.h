#pragma once

// Tools > Math channels: the user's formulas as a table of name, unit and formula.
// Each formula is checked as it is typed, against the simulation's channels and the
// other math channels; the first problem is shown under the table with the formula
// and a marker under the place it is at. OK stores the list (MathChannelStore);
// Import and Export read and write the JSON form.

#include "core/mathchannels/MathChannel.h"

#include <QDialog>

#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace vtw {

class MathChannelsDialog : public QDialog {
    Q_OBJECT
public:
    explicit MathChannelsDialog(QWidget* parent = nullptr);

    /// The channels as the table holds them now (rows with an empty name are left out).
    std::vector<MathChannel> channels() const;
    void setChannels(const std::vector<MathChannel>& channels);

    QTableWidget* table() const { return m_table; }
    /// The first problem: the formula with a marker under its place, and the message.
    QLabel* problemView() const { return m_problem; }
    /// Where the shown problem is in its formula (-1 without one, or for a name).
    int problemPosition() const { return m_problemPosition; }
    int problemRow() const { return m_problemRow; }

    bool importFile(const QString& path, QString* error);
    bool exportFile(const QString& path, QString* error) const;

    enum Column { NameColumn, UnitColumn, FormulaColumn };

public slots:
    void accept() override;

private:
    void addRow(const MathChannel& channel);
    /// Checks the table as it is, with `draft` in place of one cell being edited.
    void check(int draftRow = -1, int draftColumn = -1, const QString& draft = {});

    QTableWidget* m_table;
    QLabel* m_problem;
    QPushButton* m_remove;
    int m_problemPosition = -1;
    int m_problemRow = -1;
};

} // namespace vtw

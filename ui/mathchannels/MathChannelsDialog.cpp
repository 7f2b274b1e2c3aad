#include "ui/mathchannels/MathChannelsDialog.h"

#include "ui/mathchannels/MathChannelStore.h"
#include "core/sim/Telemetry.h"

#include "core/mathchannels/MathChannelJson.h"
#include "core/mathchannels/MathChannels.h"
#include "core/setupfile/AtomicFile.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace vtw {

namespace {

const QColor problemColour(0xf6, 0xc4, 0xc4);

// Cells edited in a line edit that reports every keystroke, so that a formula is
// checked as it is typed rather than when the cell is left.
class TypingDelegate : public QStyledItemDelegate {
public:
    using Typed = std::function<void(int row, int column, const QString& text)>;
    TypingDelegate(Typed typed, QObject* parent) : QStyledItemDelegate(parent), m_typed(std::move(typed)) {}

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex& index) const override {
        auto* edit = new QLineEdit(parent);
        edit->setFrame(false);
        const int row = index.row(), column = index.column();
        connect(edit, &QLineEdit::textEdited, edit, [this, row, column](const QString& text) { m_typed(row, column, text); });
        return edit;
    }

private:
    Typed m_typed;
};

std::vector<std::string> simulationChannelNames() {
    std::vector<std::string> names;
    for (const ChannelInfo& c : channelCatalogue())
        names.push_back(c.name);
    return names;
}

// The formula in a fixed-width font with the character at `position` marked and a
// caret under it, then the message.
QString problemHtml(const QString& name, const QString& formula, int position, const QString& message) {
    QString line;
    for (int i = 0; i <= formula.size(); ++i) {
        const QString c = i < formula.size() ? formula.mid(i, 1).toHtmlEscaped() : QStringLiteral("&nbsp;");
        line += i == position ? QStringLiteral("<span style=\"background:#e06060;color:white\">%1</span>").arg(c) : c;
    }
    const QString caret = QString(position, QLatin1Char(' ')) + QStringLiteral("^");
    return QStringLiteral("<b>%1</b>: %2<pre style=\"margin:2px\">%3\n<span style=\"color:#c00000\">%4</span></pre>")
        .arg(name.toHtmlEscaped(), message.toHtmlEscaped(), line, caret);
}

} // namespace

MathChannelsDialog::MathChannelsDialog(QWidget* parent)
    : QDialog(parent), m_table(new QTableWidget(0, 3, this)), m_problem(new QLabel(this)),
      m_remove(new QPushButton(tr("Remove"), this)) {
    setWindowTitle(tr("Math channels"));
    setObjectName(QStringLiteral("mathChannelsDialog"));
    m_table->setObjectName(QStringLiteral("mathChannelTable"));
    m_table->setHorizontalHeaderLabels({tr("Name"), tr("Unit"), tr("Formula")});
    m_table->horizontalHeader()->setSectionResizeMode(FormulaColumn, QHeaderView::Stretch);
    m_table->setColumnWidth(NameColumn, 130);
    m_table->setColumnWidth(UnitColumn, 70);
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setItemDelegate(new TypingDelegate(
        [this](int row, int column, const QString& text) { check(row, column, text); }, this));
    QFont fixed(QStringLiteral("monospace"));
    fixed.setStyleHint(QFont::TypeWriter);
    m_problem->setObjectName(QStringLiteral("mathChannelProblem"));
    m_problem->setFont(fixed);
    m_problem->setTextFormat(Qt::RichText);
    m_problem->setWordWrap(true);
    m_problem->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* help = new QLabel(
        tr("Names are the channels' keys (speed, ax, ay, yaw_rate, load_FL, ...; the simulation's units are SI) "
           "and other math channels. Operators + - * / ^, comparisons, && ||, if(c, a, b) or c ? a : b, "
           "sin, sqrt, abs, min, max, ... Over the whole trace: derivative(x) (d/dt), integral(x) (over time "
           "from the start) and moving_average(x, 0.2 s) (centred)."),
        this);
    help->setWordWrap(true);

    auto* add = new QPushButton(tr("Add"), this);
    add->setObjectName(QStringLiteral("mathChannelAdd"));
    m_remove->setObjectName(QStringLiteral("mathChannelRemove"));
    auto* importButton = new QPushButton(tr("Import\u2026"), this);
    auto* exportButton = new QPushButton(tr("Export\u2026"), this);
    connect(add, &QPushButton::clicked, this, [this] {
        addRow({});
        m_table->setCurrentCell(m_table->rowCount() - 1, NameColumn);
        m_table->editItem(m_table->item(m_table->rowCount() - 1, NameColumn));
        check();
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (m_table->currentRow() >= 0)
            m_table->removeRow(m_table->currentRow());
        check();
    });
    connect(importButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import math channels"), {}, tr("JSON (*.json)"));
        QString error;
        if (!path.isEmpty() && !importFile(path, &error))
            QMessageBox::warning(this, tr("Import math channels"), error);
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export math channels"),
                                                          QStringLiteral("math-channels.json"), tr("JSON (*.json)"));
        QString error;
        if (!path.isEmpty() && !exportFile(path, &error))
            QMessageBox::warning(this, tr("Export math channels"), error);
    });
    connect(m_table, &QTableWidget::itemChanged, this, [this] { check(); });

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* rowButtons = new QHBoxLayout;
    for (QPushButton* b : {add, m_remove, importButton, exportButton})
        rowButtons->addWidget(b);
    rowButtons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addWidget(m_table, 1);
    layout->addLayout(rowButtons);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    resize(720, 420);

    setChannels(MathChannelStore::instance().channels());
}

void MathChannelsDialog::addRow(const MathChannel& channel) {
    const QSignalBlocker block(m_table);
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, NameColumn, new QTableWidgetItem(QString::fromStdString(channel.name)));
    m_table->setItem(row, UnitColumn, new QTableWidgetItem(QString::fromStdString(channel.unit)));
    m_table->setItem(row, FormulaColumn, new QTableWidgetItem(QString::fromStdString(channel.formula)));
}

void MathChannelsDialog::setChannels(const std::vector<MathChannel>& channels) {
    m_table->setRowCount(0);
    for (const MathChannel& c : channels)
        addRow(c);
    check();
}

std::vector<MathChannel> MathChannelsDialog::channels() const {
    std::vector<MathChannel> out;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        auto text = [&](int column) {
            const QTableWidgetItem* item = m_table->item(row, column);
            return item ? item->text().trimmed().toStdString() : std::string();
        };
        if (!text(NameColumn).empty())
            out.push_back({text(NameColumn), text(UnitColumn), text(FormulaColumn)});
    }
    return out;
}

void MathChannelsDialog::check(int draftRow, int draftColumn, const QString& draft) {
    std::vector<MathChannel> rows;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        auto text = [&](int column) {
            if (row == draftRow && column == draftColumn)
                return draft;
            const QTableWidgetItem* item = m_table->item(row, column);
            return item ? item->text() : QString();
        };
        rows.push_back({text(NameColumn).trimmed().toStdString(), text(UnitColumn).toStdString(),
                        text(FormulaColumn).toStdString()});
    }
    const std::vector<MathChannelProblem> problems = checkMathChannels(simulationChannelNames(), rows);
    // Cells with a problem are tinted, with the message as their tooltip. The cell being
    // typed in is left alone: a change to it would reset its open editor's text.
    const QSignalBlocker block(m_table);
    for (int row = 0; row < m_table->rowCount(); ++row) {
        for (int column = 0; column < 3; ++column) {
            QTableWidgetItem* item = m_table->item(row, column);
            if (!item || (row == draftRow && column == draftColumn))
                continue;
            const auto problem = std::find_if(problems.begin(), problems.end(), [&](const MathChannelProblem& p) {
                return int(p.channel) == row && column == (p.inFormula ? FormulaColumn : NameColumn);
            });
            const bool bad = problem != problems.end();
            item->setBackground(bad ? QBrush(problemColour) : QBrush());
            item->setToolTip(bad ? QString::fromStdString(problem->error.message) : QString());
        }
    }
    m_problemPosition = -1;
    m_problemRow = -1;
    if (problems.empty()) {
        m_problem->setText(rows.empty() ? tr("No math channels yet: Add one.")
                                        : tr("Every formula reads (checked against the simulation's channels)."));
        return;
    }
    // The row being typed in first: that is where the user looks.
    auto shown = std::find_if(problems.begin(), problems.end(),
                              [&](const MathChannelProblem& p) { return int(p.channel) == draftRow; });
    if (shown == problems.end())
        shown = problems.begin();
    m_problemRow = int(shown->channel);
    const QString name = QString::fromStdString(shown->name.empty() ? std::string("(no name)") : shown->name);
    const QString message = QString::fromStdString(shown->error.message);
    if (!shown->inFormula) {
        m_problem->setText(QStringLiteral("<b>%1</b>: %2").arg(name.toHtmlEscaped(), message.toHtmlEscaped()));
        return;
    }
    // Positions count bytes of the UTF-8 formula; the marker goes under the character holding that byte.
    const std::string& formula = rows[shown->channel].formula;
    const std::size_t bytes = std::min(shown->error.position, formula.size());
    m_problemPosition = QString::fromUtf8(formula.data(), qsizetype(bytes)).size();
    m_problem->setText(problemHtml(name, QString::fromStdString(formula), m_problemPosition, message));
}

void MathChannelsDialog::accept() {
    MathChannelStore::instance().setChannels(channels());
    QDialog::accept();
}

bool MathChannelsDialog::importFile(const QString& path, QString* error) {
    const MathChannelsReadResult read = readMathChannelsFile(path);
    if (!read.ok()) {
        if (error)
            *error = tr("Cannot import %1:\n%2").arg(path, read.errors.join(QLatin1Char('\n')));
        return false;
    }
    setChannels(read.channels);
    return true;
}

bool MathChannelsDialog::exportFile(const QString& path, QString* error) const {
    const SaveResult saved = writeFileAtomically(path, mathChannelsJson(channels()));
    if (!saved.ok && error)
        *error = saved.error;
    return saved.ok;
}

} // namespace vtw

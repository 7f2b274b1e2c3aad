#include "ui/setups/FieldEditors.h"

#include "ui/shared/DisplayUnits.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

const char* invalidStyle = "border: 1px solid #c62828; background: #fff3f3;";

QString describe(const SetupIssues& issues, const QString& ownPath) {
    QStringList lines;
    for (const SetupIssue& issue : issues) {
        if (issue.path == ownPath || issue.path.startsWith(ownPath + QLatin1Char('['))) {
            lines << issueMessageForPeople(issue);
        } else {
            lines << issueForPeople(issue);
        }
    }
    lines.removeDuplicates();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

FieldEditor::FieldEditor(SetupDocument* document, const FieldMeta& field, QWidget* parent)
    : QWidget(parent), m_document(document), m_field(field) {
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problem->hide();
    column->addWidget(m_problem);
    setToolTip(field.tooltip);
}

void FieldEditor::setEditorWidget(QWidget* editor, QLabel* unitLabel) {
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(editor, 1);
    if (unitLabel) {
        unitLabel->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("lbf/deg  ")));
        row->addWidget(unitLabel);
    }
    static_cast<QVBoxLayout*>(layout())->insertLayout(0, row);
}

void FieldEditor::setUnitSystem(UnitSystem system) {
    m_system = system;
    refresh();
}

QString FieldEditor::problem() const {
    return m_problem->isHidden() ? QString() : m_problem->text();
}

bool FieldEditor::settle(const EditResult& result, const QString& ownReason) {
    if (result.accepted()) {
        clearProblem();
        return true;
    }
    const bool own = std::any_of(result.problems.cbegin(), result.problems.cend(),
                                 [this](const SetupIssue& i) { return i.path == m_field.path; });
    showProblem(own && !ownReason.isEmpty() ? ownReason : describe(result.problems, m_field.path));
    return false;
}

void FieldEditor::showProblem(const QString& reason) {
    m_problem->setText(QStringLiteral("⚠ ") + reason);
    m_problem->show();
    markInvalid(true);
    emit refused(m_field.label + QStringLiteral(": ") + reason);
}

bool FieldEditor::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        const auto* edit = qobject_cast<QLineEdit*>(watched);
        const auto* key = static_cast<QKeyEvent*>(event);
        if (edit && !edit->isModified() && (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))) {
            event->ignore(); // not the line edit's: the window's shortcut takes it
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void FieldEditor::clearProblem() {
    m_problem->hide();
    m_problem->clear();
    markInvalid(false);
}

FieldEditor* FieldEditor::create(SetupDocument* document, const FieldMeta& field, QWidget* parent) {
    switch (field.kind) {
    case FieldKind::Number:
    case FieldKind::Integer:
        return new NumberFieldEditor(document, field, parent);
    case FieldKind::Enum:
        return new EnumFieldEditor(document, field, parent);
    case FieldKind::NumberList:
        return new NumberListEditor(document, field, parent);
    case FieldKind::Curve:
        break;
    }
    return nullptr;
}

// --- numbers ---------------------------------------------------------------

NumberFieldEditor::NumberFieldEditor(SetupDocument* document, const FieldMeta& field,
                                     QWidget* parent)
    : FieldEditor(document, field, parent), m_edit(new QLineEdit(this)), m_unit(new QLabel(this)) {
    m_edit->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_edit->setToolTip(field.tooltip);
    m_edit->installEventFilter(this);
    setEditorWidget(m_edit, m_unit);
    connect(m_edit, &QLineEdit::editingFinished, this, &NumberFieldEditor::commit);
    refresh();
}

void NumberFieldEditor::refresh() {
    const ValueDisplay d = valueDisplay(field().quantity, unitSystem());
    m_unit->setText(d.unit.symbol);
    m_edit->setText(formatForField(field(), unitSystem(), field().get(document()->setup())));
    clearProblem();
}

void NumberFieldEditor::markInvalid(bool invalid) {
    m_edit->setStyleSheet(invalid ? QString::fromLatin1(invalidStyle) : QString());
}

void NumberFieldEditor::commit() {
    const double current = field().get(document()->setup());
    if (m_edit->text() == formatForField(field(), unitSystem(), current)) {
        clearProblem(); // unchanged text: keep the exact stored value
        return;
    }
    double shown = 0.0;
    if (!parseNumber(m_edit->text(), &shown)) {
        showProblem(tr("“%1” is not a number").arg(m_edit->text().trimmed()));
        return;
    }
    const double stored = valueDisplay(field().quantity, unitSystem()).fromDisplay(shown);
    // A refused range is told in the units the user typed in, not the stored ones.
    const EditResult result = document()->changeValue(field().path, stored);
    settle(result, result.accepted() ? QString() : rangeMessage(field(), unitSystem(), stored));
}

void NumberFieldEditor::step(int direction) {
    double shown = 0.0;
    if (!parseNumber(m_edit->text(), &shown))
        return;
    const ValueDisplay d = valueDisplay(field().quantity, unitSystem());
    const double stepShown = d.toDisplay(field().step);
    // Snap to the step grid so repeated steps give round numbers.
    const double next = std::round(shown / stepShown + direction) * stepShown;
    m_edit->setText(formatNumber(next, displayDecimals(field(), unitSystem())));
    commit();
}

bool NumberFieldEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Up || key->key() == Qt::Key_Down) {
            step(key->key() == Qt::Key_Up ? 1 : -1);
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            refresh();
            return true;
        }
    }
    return FieldEditor::eventFilter(watched, event);
}

// --- enums -----------------------------------------------------------------

EnumFieldEditor::EnumFieldEditor(SetupDocument* document, const FieldMeta& field, QWidget* parent)
    : FieldEditor(document, field, parent), m_combo(new QComboBox(this)) {
    for (qsizetype i = 0; i < field.enumKeys.size(); ++i)
        m_combo->addItem(field.enumNames.value(i, field.enumKeys[i]), field.enumKeys[i]);
    m_combo->setToolTip(field.tooltip);
    setEditorWidget(m_combo);
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        if (!settle(this->document()->changeValue(this->field().path, double(index)))) {
            const QSignalBlocker block(m_combo);
            m_combo->setCurrentIndex(int(this->field().get(this->document()->setup())));
        }
    });
    refresh();
}

void EnumFieldEditor::refresh() {
    const QSignalBlocker block(m_combo);
    m_combo->setCurrentIndex(int(field().get(document()->setup())));
    clearProblem();
}

void EnumFieldEditor::markInvalid(bool invalid) {
    m_combo->setStyleSheet(invalid ? QString::fromLatin1(invalidStyle) : QString());
}

// --- number lists ----------------------------------------------------------

NumberListEditor::NumberListEditor(SetupDocument* document, const FieldMeta& field, QWidget* parent)
    : FieldEditor(document, field, parent), m_edit(new QLineEdit(this)), m_count(new QLabel(this)) {
    m_edit->setToolTip(field.tooltip + tr("\nSeparate the values with spaces or semicolons."));
    m_edit->installEventFilter(this);
    setEditorWidget(m_edit, m_count);
    connect(m_edit, &QLineEdit::editingFinished, this, &NumberListEditor::commit);
    refresh();
}

void NumberListEditor::refresh() {
    QStringList parts;
    const auto& values = field().listOf(document()->setup());
    for (double v : values)
        parts << formatNumber(v, field().decimals);
    m_edit->setText(parts.join(QStringLiteral("; ")));
    m_count->setText(tr("%n gear(s)", nullptr, int(values.size())));
    clearProblem();
}

void NumberListEditor::markInvalid(bool invalid) {
    m_edit->setStyleSheet(invalid ? QString::fromLatin1(invalidStyle) : QString());
}

void NumberListEditor::commit() {
    // ';' and whitespace separate values (',' may be the decimal point).
    static const QRegularExpression separators(QStringLiteral("[;\\s]+"));
    const QStringList parts = m_edit->text().split(separators, Qt::SkipEmptyParts);
    std::vector<double> values;
    for (int i = 0; i < parts.size(); ++i) {
        double v = 0.0;
        if (!parseNumber(parts[i], &v)) {
            showProblem(tr("value %1 (“%2”) is not a number").arg(i + 1).arg(parts[i]));
            return;
        }
        values.push_back(v);
    }
    if (values == field().listOf(document()->setup())) {
        refresh();
        return;
    }
    settle(document()->changeList(field().path, values));
}

bool NumberListEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_edit && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        refresh();
        return true;
    }
    return FieldEditor::eventFilter(watched, event);
}

} // namespace vtw

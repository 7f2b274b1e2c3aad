#include "ui/setups/ParameterPanel.h"

#include "ui/setups/FieldEditors.h"
#include "ui/setups/ParameterForm.h"
#include "ui/setups/TargetsEditor.h"
#include "ui/setups/TireParameterForm.h"

#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace vtw {

namespace {

// Commits the notes when the editor loses focus (one undo step per visit).
class NotesEdit : public QPlainTextEdit {
public:
    using QPlainTextEdit::QPlainTextEdit;
    std::function<void()> onLeave;

protected:
    void focusOutEvent(QFocusEvent* e) override {
        QPlainTextEdit::focusOutEvent(e);
        if (onLeave)
            onLeave();
    }
};

} // namespace

ParameterPanel::ParameterPanel(SetupDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_splitter(new QSplitter(this)),
      m_groups(new QListWidget(m_splitter)), m_pages(new QStackedWidget(m_splitter)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    m_splitter->setObjectName(QStringLiteral("parameterSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_groups->setObjectName(QStringLiteral("parameterGroups"));
    m_groups->setMaximumWidth(220);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({160, 800});

    const auto form = [this](const QString& prefix) {
        auto* f = new ParameterForm(m_document, fieldsWithPrefix(prefix));
        connect(f, &ParameterForm::refused, this, &ParameterPanel::refused);
        m_forms.append(f);
        return f;
    };
    addPage(tr("General"), generalPage());
    addPage(tr("Chassis"), form(QStringLiteral("chassis.")));
    addPage(tr("Aerodynamics"), form(QStringLiteral("aero.")),
            tr("Drag force = ½ ρ Cd A v². Only the rolling-resistance coefficient of the chosen "
               "model is used."));
    addPage(tr("Engine"), form(QStringLiteral("engine.")),
            tr("The full-throttle torque curve is edited in the Engine torque view."));
    addPage(tr("Gearbox"), form(QStringLiteral("gearbox.")));
    addPage(tr("Driveline"), form(QStringLiteral("driveline.")),
            tr("A limited-slip differential passes torque from the faster wheel to the slower: a "
               "clutch type up to preload + locking × input torque, a viscous type in proportion to "
               "their speed difference. The centre differential acts on AWD cars only."));
    addPage(tr("Brakes"), form(QStringLiteral("brakes.")));
    addPage(tr("Driver aids"), form(QStringLiteral("aids.")),
            tr("ABS releases a wheel's brake while it locks past its slip target; traction control "
               "cuts the engine's torque while a driven wheel spins past its target."));
    addPage(tr("Steering"), form(QStringLiteral("steering.")));
    // docs/physics.md 16: the model level and the sprung body, then each axle's corner.
    {
        std::vector<const FieldMeta*> body;
        for (const FieldMeta* f : fieldsWithPrefix(QStringLiteral("suspension."))) {
            if (!f->path.startsWith(QLatin1String("suspension.front.")) &&
                !f->path.startsWith(QLatin1String("suspension.rear.")))
                body.push_back(f);
        }
        auto* f = new ParameterForm(m_document, body);
        connect(f, &ParameterForm::refused, this, &ParameterPanel::refused);
        m_forms.append(f);
        addPage(tr("Suspension"), f,
                tr("Rigid: the load transfer follows the accelerations at once (the fast default). Dynamic: "
                   "a sprung body in heave, roll and pitch on the springs, dampers and bars of the two axle "
                   "pages, so load transfer takes time."));
    }
    addPage(tr("Front suspension"), form(QStringLiteral("suspension.front.")));
    addPage(tr("Rear suspension"), form(QStringLiteral("suspension.rear.")));
    for (const auto& [axle, title] : {std::pair{QStringLiteral("front"), tr("Front tires")},
                                      std::pair{QStringLiteral("rear"), tr("Rear tires")}}) {
        auto* tires = new TireParameterForm(m_document, axle);
        connect(tires, &TireParameterForm::refused, this, &ParameterPanel::refused);
        connect(tires, &TireParameterForm::editTablesRequested, this,
                &ParameterPanel::editTablesRequested);
        connect(tires, &TireParameterForm::importTirRequested, this, &ParameterPanel::importTirRequested);
        m_tireForms.append(tires);
        addPage(title, tires);
    }
    addPage(tr("Simulation"), form(QStringLiteral("simulation.")));

    connect(m_groups, &QListWidget::currentRowChanged, m_pages, &QStackedWidget::setCurrentIndex);
    m_groups->setCurrentRow(1);

    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (change.kind == SetupChange::Kind::Name || change.kind == SetupChange::Kind::Whole) {
            const QSignalBlocker b1(m_name), b2(m_notes);
            m_name->setText(QString::fromStdString(m_document->setup().name));
            if (m_notes->toPlainText() != QString::fromStdString(m_document->setup().notes))
                m_notes->setPlainText(QString::fromStdString(m_document->setup().notes));
        }
    });
}

void ParameterPanel::report(const EditResult& result) {
    if (!result.accepted())
        emit refused(result.message());
}

QWidget* ParameterPanel::generalPage() {
    auto* page = new QWidget;
    auto* form = new QFormLayout(page);
    m_name = new QLineEdit(QString::fromStdString(m_document->setup().name), page);
    m_name->setObjectName(QStringLiteral("setupName"));
    connect(m_name, &QLineEdit::editingFinished, this,
            [this] { report(m_document->rename(m_name->text().trimmed())); });
    auto* notes = new NotesEdit(page);
    notes->setPlainText(QString::fromStdString(m_document->setup().notes));
    notes->setPlaceholderText(tr("Where the numbers come from, what was changed and why…"));
    notes->onLeave = [this, notes] { report(m_document->changeNotes(notes->toPlainText())); };
    m_notes = notes;
    m_targets = new TargetsEditor(m_document, page);
    connect(m_targets, &TargetsEditor::refused, this, &ParameterPanel::refused);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Notes"), m_notes);
    form->addRow(tr("Published\nfigures"), m_targets);
    return page;
}

void ParameterPanel::addPage(const QString& title, QWidget* content, const QString& note) {
    auto* page = new QWidget;
    auto* column = new QVBoxLayout(page);
    auto* heading = new QLabel(title, page);
    QFont font = heading->font();
    font.setPointSizeF(font.pointSizeF() * 1.3);
    font.setBold(true);
    heading->setFont(font);
    column->addWidget(heading);
    if (!note.isEmpty()) {
        auto* hint = new QLabel(note, page);
        hint->setWordWrap(true);
        hint->setStyleSheet(QStringLiteral("color: palette(dark);"));
        column->addWidget(hint);
    }
    content->setParent(page);
    content->setMaximumWidth(640);
    column->addWidget(content);
    column->addStretch(1);

    auto* scroll = new QScrollArea(m_pages);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(page);
    m_pages->addWidget(scroll);
    m_groups->addItem(title);
}

void ParameterPanel::setUnitSystem(UnitSystem system) {
    for (ParameterForm* f : m_forms)
        f->setUnitSystem(system);
    for (TireParameterForm* t : m_tireForms)
        t->setUnitSystem(system);
    m_targets->setUnitSystem(system);
}

bool ParameterPanel::showGroup(const QString& title) {
    const auto items = m_groups->findItems(title, Qt::MatchExactly);
    if (items.isEmpty())
        return false;
    m_groups->setCurrentItem(items.first());
    return true;
}

QStringList ParameterPanel::groupTitles() const {
    QStringList out;
    for (int i = 0; i < m_groups->count(); ++i)
        out << m_groups->item(i)->text();
    return out;
}

FieldEditor* ParameterPanel::editor(const QString& path) const {
    for (ParameterForm* f : m_forms) {
        if (FieldEditor* e = f->editor(path))
            return e;
    }
    for (TireParameterForm* t : m_tireForms) {
        for (ParameterForm* f : t->forms()) {
            if (FieldEditor* e = f->editor(path))
                return e;
        }
    }
    return nullptr;
}

} // namespace vtw

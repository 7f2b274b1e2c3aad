#include "TireParameterForm.h"

#include "FieldEditors.h"
#include "ParameterForm.h"
#include "setupfile/SetupEnumKeys.h"
#include "tires/CalspanPresets.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace vtw {

namespace {
const TireParams& axleParams(const Setup& s, const QString& axle) {
    return axle == QLatin1String("front") ? s.frontTires : s.rearTires;
}
// Models that give pure-slip curves only and need a combination rule (docs/physics.md 6.8).
bool isPureSlipModel(TireModelKind kind) {
    return kind == TireModelKind::Linear || kind == TireModelKind::Table ||
           kind == TireModelKind::MagicFormula || kind == TireModelKind::Pacejka94;
}
} // namespace

TireParameterForm::TireParameterForm(SetupDocument* document, const QString& axle, QWidget* parent)
    : QWidget(parent), m_document(document), m_axle(axle), m_pages(new QStackedWidget(this)),
      m_modelBox(new QGroupBox(this)) {
    const QString p = QStringLiteral("tires.%1.").arg(axle);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);

    std::vector<const FieldMeta*> common;
    for (const char* key : {"model", "combinedSlip", "radius", "wheelInertia"})
        common.push_back(findField(p + QLatin1String(key)));
    column->addWidget(m_forms.emplace_back(new ParameterForm(document, common, this)));

    auto* boxLayout = new QVBoxLayout(m_modelBox);
    boxLayout->addWidget(m_pages);
    column->addWidget(m_modelBox);
    column->addStretch(1);

    // One page per model, in the enum's order.
    // Linear
    m_pages->addWidget(addForm(p + "linear.", m_pages));
    // Table: its points live in the curve editors.
    {
        auto* page = new QWidget(m_pages);
        auto* l = new QVBoxLayout(page);
        auto* note = new QLabel(tr("The table model reads two point lists: normalised "
                                   "longitudinal force against slip ratio and normalised lateral "
                                   "force against slip angle. Edit them in the tire tables view."),
                                page);
        note->setWordWrap(true);
        auto* open = new QPushButton(tr("Edit the tables"), page);
        connect(open, &QPushButton::clicked, this, [this] { emit editTablesRequested(m_axle); });
        l->addWidget(note);
        l->addWidget(open, 0, Qt::AlignLeft);
        l->addStretch(1);
        m_pages->addWidget(page);
    }
    // Magic formula: longitudinal and lateral side by side.
    {
        auto* page = new QWidget(m_pages);
        auto* row = new QHBoxLayout(page);
        row->setContentsMargins(0, 0, 0, 0);
        for (const auto& [key, title] : {std::pair{"longitudinal", tr("Longitudinal (slip ratio)")},
                                         std::pair{"lateral", tr("Lateral (slip angle, rad)")}}) {
            auto* box = new QGroupBox(title, page);
            auto* l = new QVBoxLayout(box);
            l->addWidget(addForm(p + "magicFormula." + key + ".", box));
            row->addWidget(box, 0, Qt::AlignTop);
        }
        m_pages->addWidget(page);
    }
    // Pacejka '94: longitudinal b and lateral a coefficients side by side.
    {
        auto* page = new QWidget(m_pages);
        auto* row = new QHBoxLayout(page);
        row->setContentsMargins(0, 0, 0, 0);
        auto* b = new QGroupBox(tr("Longitudinal b0..b13"), page);
        (new QVBoxLayout(b))->addWidget(addForm(p + "pacejka94.b", b));
        auto* a = new QGroupBox(tr("Lateral a0..a17, camber"), page);
        auto* al = new QVBoxLayout(a);
        al->addWidget(addForm(p + "pacejka94.a", a));
        al->addWidget(addForm(p + "pacejka94.camber", a));
        row->addWidget(b, 0, Qt::AlignTop);
        row->addWidget(a, 0, Qt::AlignTop);
        m_pages->addWidget(page);
    }
    // Brush
    m_pages->addWidget(addForm(p + "brush.", m_pages));
    // Calspan, with the report's Table 1 tires as presets.
    {
        auto* page = new QWidget(m_pages);
        auto* l = new QVBoxLayout(page);
        l->setContentsMargins(0, 0, 0, 0);
        auto* presetRow = new QHBoxLayout;
        auto* presets = new QComboBox(page);
        presets->setObjectName(QStringLiteral("calspanPresets"));
        presets->addItem(tr("Load a Table 1 tire…"));
        for (std::string_view name : calspanPresetNames())
            presets->addItem(QString::fromUtf8(name.data(), qsizetype(name.size())));
        connect(presets, &QComboBox::activated, this, [this, presets](int index) {
            if (index > 0)
                applyCalspanPreset(index - 1);
            presets->setCurrentIndex(0);
        });
        presetRow->addWidget(new QLabel(tr("Preset:"), page));
        presetRow->addWidget(presets, 1);
        l->addLayout(presetRow);
        l->addWidget(addForm(p + "calspan.", page));
        m_pages->addWidget(page);
    }
    // Slip speed
    m_pages->addWidget(addForm(p + "slipSpeed.", m_pages));

    connect(document, &SetupDocument::changed, this, [this, p](const SetupChange& change) {
        if (change.affects(p + "model"))
            showModel();
    });
    showModel();
}

ParameterForm* TireParameterForm::addForm(const QString& prefix, QWidget* parent) {
    auto* form = new ParameterForm(m_document, fieldsWithPrefix(prefix), parent);
    connect(form, &ParameterForm::refused, this, &TireParameterForm::refused);
    m_forms.append(form);
    return form;
}

void TireParameterForm::setUnitSystem(UnitSystem system) {
    for (ParameterForm* f : m_forms)
        f->setUnitSystem(system);
}

int TireParameterForm::currentModelPage() const {
    return m_pages->currentIndex();
}

void TireParameterForm::showModel() {
    const TireParams& t = axleParams(m_document->setup(), m_axle);
    m_pages->setCurrentIndex(int(t.model));
    // A stacked widget is as tall as its tallest page (Pacejka's 33 rows): let
    // only the shown page count so the box fits the chosen model.
    for (int i = 0; i < m_pages->count(); ++i) {
        const auto policy =
            i == m_pages->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        m_pages->widget(i)->setSizePolicy(policy, policy);
    }
    m_pages->adjustSize();
    const QString key = enumKeys<TireModelKind>().value(int(t.model));
    m_modelBox->setTitle(tr("%1 parameters").arg(enumKeyDisplayName(key)));
    // The combination rule only matters to pure-slip models.
    if (FieldEditor* e =
            m_forms.first()->editor(QStringLiteral("tires.%1.combinedSlip").arg(m_axle)))
        e->setEnabled(isPureSlipModel(t.model));
}

void TireParameterForm::applyCalspanPreset(int index) {
    const CalspanParams preset = calspanPreset(calspanPresets[std::size_t(index)]);
    Setup candidate = m_document->setup();
    (m_axle == QLatin1String("front") ? candidate.frontTires : candidate.rearTires).calspan =
        preset;
    const QString prefix = QStringLiteral("tires.%1.calspan.").arg(m_axle);
    QUndoStack* stack = m_document->undoStack();
    const std::string_view name = calspanPresetName(calspanPresets[std::size_t(index)]);
    stack->beginMacro(
        tr("Load Calspan preset %1").arg(QString::fromUtf8(name.data(), qsizetype(name.size()))));
    for (const FieldMeta* f : fieldsWithPrefix(prefix))
        m_document->changeValue(f->path, f->get(candidate));
    stack->endMacro();
}

} // namespace vtw

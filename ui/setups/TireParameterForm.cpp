#include "ui/setups/TireParameterForm.h"

#include "ui/shared/DisplayUnits.h"
#include "ui/setups/FieldEditors.h"
#include "ui/setups/ParameterForm.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/tires/CalspanPresets.h"

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
} // namespace

TireParameterForm::TireParameterForm(SetupDocument* document, const QString& axle, QWidget* parent)
    : QWidget(parent), m_document(document), m_axle(axle), m_pages(new QStackedWidget(this)),
      m_modelBox(new QGroupBox(this)) {
    const QString p = QStringLiteral("tires.%1.").arg(axle);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);

    std::vector<const FieldMeta*> common;
    for (const char* key : {"model", "combinedSlip", "radius", "wheelInertia", "camber", "pressure"})
        common.push_back(findField(p + QLatin1String(key)));
    column->addWidget(m_forms.emplace_back(new ParameterForm(document, common, this)));

    auto* boxLayout = new QVBoxLayout(m_modelBox);
    boxLayout->addWidget(m_pages);
    column->addWidget(m_modelBox);
    column->addStretch(1);

    // One page per model, in the enum's order, as its entry in tires/TireModels.h lays it out.
    for (const TireModelInfo& model : tireModels)
        m_pages->addWidget(addModelPage(model, p + optionText(model.key) + QLatin1Char('.')));

    connect(document, &SetupDocument::changed, this, [this, p](const SetupChange& change) {
        if (change.affects(p + "model"))
            showModel();
    });
    showModel();
}

QWidget* TireParameterForm::addModelPage(const TireModelInfo& model, const QString& section) {
    auto* page = new QWidget(m_pages);
    auto* column = new QVBoxLayout(page);
    column->setContentsMargins(0, 0, 0, 0);
    switch (model.form.extra) {
    case TireFormExtra::None: break;
    case TireFormExtra::TablePoints: column->addWidget(tablePointsNote(page)); break;
    case TireFormExtra::CalspanPresets: column->addLayout(calspanPresetRow(page)); break;
    case TireFormExtra::TirFile: column->addWidget(tirFileRow(page)); break;
    }
    // The boxes side by side; a box without a title is a plain form.
    auto* row = new QHBoxLayout;
    for (int b = 0; b < model.form.boxCount; ++b) {
        const TireFormBox& box = model.form.boxes[std::size_t(b)];
        QWidget* holder = page;
        QVBoxLayout* forms = nullptr;
        if (box.title.empty()) {
            forms = new QVBoxLayout;
            row->addLayout(forms, 1);
        } else {
            auto* group = new QGroupBox(optionText(box.title), page);
            holder = group;
            forms = new QVBoxLayout(group);
            row->addWidget(group, 0, Qt::AlignTop);
        }
        for (std::string_view prefix : fieldPrefixes(box))
            forms->addWidget(addForm(section + optionText(prefix), holder));
    }
    column->addLayout(row);
    column->addStretch(1);
    return page;
}

QWidget* TireParameterForm::tablePointsNote(QWidget* parent) {
    auto* note = new QWidget(parent);
    auto* l = new QVBoxLayout(note);
    auto* text = new QLabel(tr("The table model reads two point lists: normalised "
                               "longitudinal force against slip ratio and normalised lateral "
                               "force against slip angle. Edit them in the tire tables view."),
                            note);
    text->setWordWrap(true);
    auto* open = new QPushButton(tr("Edit the tables"), note);
    connect(open, &QPushButton::clicked, this, [this] { emit editTablesRequested(m_axle); });
    l->addWidget(text);
    l->addWidget(open, 0, Qt::AlignLeft);
    return note;
}

QLayout* TireParameterForm::calspanPresetRow(QWidget* parent) {
    auto* presetRow = new QHBoxLayout;
    auto* presets = new QComboBox(parent);
    presets->setObjectName(QStringLiteral("calspanPresets"));
    presets->addItem(tr("Load a Table 1 tire…"));
    for (std::string_view name : calspanPresetNames())
        presets->addItem(QString::fromUtf8(name.data(), qsizetype(name.size())));
    connect(presets, &QComboBox::activated, this, [this, presets](int index) {
        if (index > 0)
            applyCalspanPreset(index - 1);
        presets->setCurrentIndex(0);
    });
    presetRow->addWidget(new QLabel(tr("Preset:"), parent));
    presetRow->addWidget(presets, 1);
    return presetRow;
}

QWidget* TireParameterForm::tirFileRow(QWidget* parent) {
    auto* row = new QWidget(parent);
    auto* l = new QHBoxLayout(row);
    l->setContentsMargins(0, 0, 0, 0);
    auto* source = new QLabel(row);
    source->setObjectName(QStringLiteral("tirSource"));
    source->setWordWrap(true);
    m_tirSource = source;
    showTirSource();
    connect(m_document, &SetupDocument::changed, source, [this] { showTirSource(); });
    auto* import = new QPushButton(tr("Import .tir…"), row);
    import->setObjectName(QStringLiteral("importTir"));
    connect(import, &QPushButton::clicked, this, [this] { emit importTirRequested(m_axle); });
    l->addWidget(source, 1);
    l->addWidget(import);
    return row;
}

void TireParameterForm::showTirSource() {
    if (!m_tirSource)
        return;
    const TirTireParams& tir = axleParams(m_document->setup(), m_axle).tir;
    const std::string_view version = tirVersionName(tir.coefficients.version);
    const ValueDisplay force = valueDisplay(Quantity::Force, m_units);
    m_tirSource->setText(tr("From %1 (%2, FNOMIN %3 %4)")
                             .arg(QString::fromStdString(tir.source),
                                  QString::fromUtf8(version.data(), qsizetype(version.size())))
                             .arg(force.toDisplay(tir.coefficients.FNOMIN), 0, 'f', 0)
                             .arg(force.unit.symbol));
}

ParameterForm* TireParameterForm::addForm(const QString& prefix, QWidget* parent) {
    auto* form = new ParameterForm(m_document, fieldsWithPrefix(prefix), parent);
    connect(form, &ParameterForm::refused, this, &TireParameterForm::refused);
    m_forms.append(form);
    return form;
}

void TireParameterForm::setUnitSystem(UnitSystem system) {
    m_units = system;
    for (ParameterForm* f : m_forms)
        f->setUnitSystem(system);
    showTirSource();
}

int TireParameterForm::currentModelPage() const {
    return m_pages->currentIndex();
}

QWidget* TireParameterForm::currentPage() const {
    return m_pages->currentWidget();
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
    m_modelBox->setTitle(tr("%1 parameters").arg(enumDisplayName(t.model)));
    // The combination rule only matters to pure-slip models.
    if (FieldEditor* e =
            m_forms.first()->editor(QStringLiteral("tires.%1.combinedSlip").arg(m_axle)))
        e->setEnabled(findOption(t.model) && findOption(t.model)->pureSlip);
}

void TireParameterForm::applyCalspanPreset(int index) {
    const CalspanParams preset = calspanPreset(calspanPresets[std::size_t(index)]);
    Setup candidate = m_document->setup();
    (m_axle == QLatin1String("front") ? candidate.frontTires : candidate.rearTires).calspan =
        preset;
    const QString prefix = QStringLiteral("tires.%1.calspan.").arg(m_axle);
    std::vector<FieldValue> values;
    for (const FieldMeta* f : fieldsWithPrefix(prefix))
        values.push_back({f->path, f->get(candidate)});
    const std::string_view name = calspanPresetName(calspanPresets[std::size_t(index)]);
    const EditResult result = m_document->changeValues(
        values, tr("Load Calspan preset %1").arg(QString::fromUtf8(name.data(), qsizetype(name.size()))));
    if (!result.accepted())
        emit refused(result.message());
}

} // namespace vtw

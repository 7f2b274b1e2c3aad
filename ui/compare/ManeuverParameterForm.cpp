#include "ui/compare/ManeuverParameterForm.h"

#include "ui/shared/ManeuverParameterEditor.h"

#include "ui/compare/ComparisonData.h"
#include "ui/compare/LapTargetText.h"
#include "ui/shared/ManeuverWordChoice.h"

#include "core/study/LapTarget.h"
#include "core/trackfiles/TrackLibrary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>

#include <cmath>

namespace vtw {

ManeuverParameterForm::ManeuverParameterForm(QWidget* parent)
    : QWidget(parent), m_form(new QFormLayout(this)),
      m_none(new QLabel(tr("No parameters"), this)) {
    m_form->setContentsMargins(0, 0, 0, 0);
    m_none->setEnabled(false);
    m_form->addRow(m_none);
}

void ManeuverParameterForm::clearRows() {
    for (auto& [key, box] : m_editors)
        m_form->removeRow(box);
    m_editors.clear();
    for (auto& [key, box] : m_words)
        m_form->removeRow(box);
    m_words.clear();
    if (m_standing)
        m_form->removeRow(m_standing);
    m_standing = nullptr;
}

namespace {
// The lap of a track's words: the catalogue describes the maneuvers' only.
const std::vector<ManeuverWord>& lapWords() {
    static const std::vector<ManeuverWord> words = {
        {"track", "Track", libraryTracks().isEmpty() ? std::string() : libraryTracks().first().key.toStdString()},
        {"line", "Line", lineChoiceName(LineChoice::RaceLine)}};
    return words;
}
} // namespace

void ManeuverParameterForm::setManeuver(const ManeuverSpec& spec) {
    m_id = spec.id;
    clearRows();
    const bool lap = spec.id == lapTargetId;
    const ManeuverDescription* d = lap ? nullptr : findManeuver(spec.id);
    const std::vector<ManeuverWord>* words = lap ? &lapWords() : d ? &d->words : nullptr;
    const bool any = lap || (d && (!d->parameters.empty() || !d->words.empty()));
    m_none->setVisible(!any);
    if (!any)
        return;
    // Words first: what track a lap drives reads before how fast.
    bool wordsFilled = true;
    for (const ManeuverWord& w : *words) {
        const auto given = spec.textOptions.find(w.key);
        wordsFilled = wordsFilled && given != spec.textOptions.end();
        QComboBox* box = makeWordChoice(w, given != spec.textOptions.end() ? given->second : std::string(), this);
        m_form->addRow(wordChoiceLabel(w), box);
        m_words.emplace_back(w.key, box);
        connect(box, &QComboBox::currentIndexChanged, this, [this] { emit specChanged(this->spec()); });
        if (box->isEditable())
            connect(box, &QComboBox::editTextChanged, this, [this] { emit specChanged(this->spec()); });
    }
    if (lap) {
        const auto standing = spec.options.find("standing");
        m_standing = new QCheckBox(tr("From rest"), this);
        m_standing->setObjectName(QStringLiteral("param_standing"));
        m_standing->setChecked(standing != spec.options.end() && standing->second != 0.0);
        m_standing->setToolTip(tr("Unchecked: a flying lap, which crosses the line at the speed it finishes with."));
        m_form->addRow(tr("Start"), m_standing);
        connect(m_standing, &QCheckBox::toggled, this, [this] { emit specChanged(this->spec()); });
    }
    const ManeuverOptions& values = spec.options;
    for (const ManeuverParameter& p : d ? d->parameters : std::vector<ManeuverParameter>{}) {
        const auto it = values.find(p.key);
        QWidget* editor = makeParameterEditor(p, it != values.end() ? it->second : p.defaultValue, this, m_units);
        m_form->addRow(parameterLabel(p, m_units), editor);
        m_editors.emplace_back(p.key, editor);
        onParameterEditorChanged(editor, this, [this] { emit specChanged(this->spec()); });
    }
    if (!wordsFilled) // the words the form picked become the spec's
        emit specChanged(this->spec());
}

void ManeuverParameterForm::setUnitSystem(UnitSystem system) {
    m_units = system;
    for (const auto& [key, editor] : m_editors)
        setParameterEditorUnits(editor, system, m_form);
}

ManeuverOptions ManeuverParameterForm::options() const {
    ManeuverOptions out;
    for (const auto& [key, box] : m_editors)
        out[key] = parameterEditorValue(box);
    if (m_standing)
        out["standing"] = m_standing->isChecked() ? 1.0 : 0.0;
    return out;
}

ManeuverSpec ManeuverParameterForm::spec() const {
    ManeuverSpec s{m_id, options()};
    for (const auto& [key, box] : m_words)
        s.textOptions[key] = wordChoiceValue(box);
    return s;
}

QComboBox* ManeuverParameterForm::wordChoice(const std::string& key) const {
    for (const auto& [k, box] : m_words) {
        if (k == key)
            return box;
    }
    return nullptr;
}

QWidget* ManeuverParameterForm::editor(const std::string& key) const {
    for (const auto& [k, box] : m_editors) {
        if (k == key)
            return box;
    }
    return nullptr;
}

} // namespace vtw

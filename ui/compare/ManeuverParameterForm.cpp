#include "ManeuverParameterForm.h"

#include "ComparisonData.h"
#include "LapTargetText.h"

#include "study/LapTarget.h"
#include "track/TrackLibrary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
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
    for (QWidget* w : {static_cast<QWidget*>(m_track), static_cast<QWidget*>(m_line),
                       static_cast<QWidget*>(m_standing)}) {
        if (w)
            m_form->removeRow(w);
    }
    m_track = nullptr;
    m_line = nullptr;
    m_standing = nullptr;
}

void ManeuverParameterForm::setManeuver(const ManeuverSpec& spec) {
    m_id = spec.id;
    clearRows();
    if (spec.id == lapTargetId) {
        m_none->setVisible(false);
        addLapRows(spec);
        return;
    }
    const ManeuverOptions& values = spec.options;
    const ManeuverDescription* d = findManeuver(spec.id);
    const bool any = d && !d->parameters.empty();
    m_none->setVisible(!any);
    if (!any)
        return;
    for (const ManeuverParameter& p : d->parameters) {
        auto* box = new QDoubleSpinBox(this);
        box->setObjectName(QString::fromStdString("param_" + p.key));
        // Enough decimals for the smallest meaningful step of the range.
        const int decimals = p.max - p.min <= 5.0 ? 3 : 1;
        box->setDecimals(decimals);
        box->setRange(p.min, p.max);
        box->setSingleStep(std::pow(10.0, -decimals + 1 > 0 ? 0 : -decimals + 1));
        const auto it = values.find(p.key);
        box->setValue(it != values.end() ? it->second : p.defaultValue);
        box->setToolTip(
            QStringLiteral("%1 to %2 (default %3)").arg(p.min).arg(p.max).arg(p.defaultValue));
        m_form->addRow(QString::fromStdString(p.label), box);
        m_editors.emplace_back(p.key, box);
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] { emit specChanged(this->spec()); });
    }
}

void ManeuverParameterForm::addLapRows(const ManeuverSpec& spec) {
    // The spec's own values where it has them; a lap of the first library track otherwise.
    const auto lap = lapSpecFrom(spec, nullptr);
    m_track = new QComboBox(this);
    m_track->setObjectName(QStringLiteral("param_track"));
    for (const LibraryTrack& entry : libraryTracks())
        m_track->addItem(entry.name, entry.key);
    if (lap && m_track->findData(lap->track) < 0)
        m_track->addItem(trackDisplayName(lap->track), lap->track); // a track file
    if (lap)
        m_track->setCurrentIndex(m_track->findData(lap->track));
    m_line = new QComboBox(this);
    m_line->setObjectName(QStringLiteral("param_line"));
    for (const auto& option : lineChoiceOptions)
        m_line->addItem(QString::fromUtf8(option.displayName.data(), qsizetype(option.displayName.size())),
                        QString::fromUtf8(option.cliName.data(), qsizetype(option.cliName.size())));
    if (lap)
        m_line->setCurrentIndex(m_line->findData(QString::fromStdString(lineChoiceName(lap->line))));
    m_standing = new QCheckBox(tr("From rest"), this);
    m_standing->setObjectName(QStringLiteral("param_standing"));
    m_standing->setChecked(lap && lap->standingStart);
    m_standing->setToolTip(tr("Unchecked: a flying lap, which crosses the line at the speed it finishes with."));
    m_form->addRow(tr("Track"), m_track);
    m_form->addRow(tr("Line"), m_line);
    m_form->addRow(tr("Start"), m_standing);
    for (QComboBox* box : {m_track, m_line})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { emit specChanged(this->spec()); });
    connect(m_standing, &QCheckBox::toggled, this, [this] { emit specChanged(this->spec()); });
    if (!lap) // the track the form picked becomes the spec's
        emit specChanged(this->spec());
}

ManeuverOptions ManeuverParameterForm::options() const {
    ManeuverOptions out;
    for (const auto& [key, box] : m_editors)
        out[key] = box->value();
    if (m_standing)
        out["standing"] = m_standing->isChecked() ? 1.0 : 0.0;
    return out;
}

ManeuverSpec ManeuverParameterForm::spec() const {
    ManeuverSpec s{m_id, options()};
    if (m_track) {
        s.textOptions["track"] = m_track->currentData().toString().toStdString();
        s.textOptions["line"] = m_line->currentData().toString().toStdString();
    }
    return s;
}

QDoubleSpinBox* ManeuverParameterForm::editor(const std::string& key) const {
    for (const auto& [k, box] : m_editors) {
        if (k == key)
            return box;
    }
    return nullptr;
}

} // namespace vtw

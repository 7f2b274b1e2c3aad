#pragma once

// The parameters of one study target: spin boxes for a catalogue maneuver's numbers,
// bounded by the catalogue's limits; for the lap of a track, the track (the library's),
// the line and the start.

#include "study/Comparison.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;

namespace vtw {

class ManeuverParameterForm : public QWidget {
    Q_OBJECT
public:
    explicit ManeuverParameterForm(QWidget* parent = nullptr);

    /// Shows the parameters of `spec.id` with the spec's values (missing keys: defaults).
    void setManeuver(const ManeuverSpec& spec);
    void setManeuver(const std::string& id, const ManeuverOptions& values = {}) {
        setManeuver(ManeuverSpec{id, values});
    }
    std::string maneuverId() const { return m_id; }
    ManeuverOptions options() const;
    /// The spec as edited: id, numbers and (for a lap) words.
    ManeuverSpec spec() const;
    /// The spin box of a parameter key, or nullptr.
    QDoubleSpinBox* editor(const std::string& key) const;
    /// The lap's choices, or nullptr when the form shows no lap.
    QComboBox* trackChoice() const { return m_track; }
    QComboBox* lineChoice() const { return m_line; }
    QCheckBox* standingChoice() const { return m_standing; }

signals:
    void specChanged(const ManeuverSpec& spec);

private:
    void clearRows();
    void addLapRows(const ManeuverSpec& spec);

    std::string m_id;
    QFormLayout* m_form;
    QLabel* m_none;
    std::vector<std::pair<std::string, QDoubleSpinBox*>> m_editors;
    QComboBox* m_track = nullptr;
    QComboBox* m_line = nullptr;
    QCheckBox* m_standing = nullptr;
};

} // namespace vtw

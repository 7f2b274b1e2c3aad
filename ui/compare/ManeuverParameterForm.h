#pragma once

// The parameters of one study target: spin boxes for a catalogue maneuver's numbers,
// bounded by the catalogue's limits, and a choice for each of its words (a dynamic
// lap's track and line); for the lap of a track, the track, the line and the start.

#include "core/setupfile/SetupMetadata.h"
#include "core/study/Comparison.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
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
    /// The spec as edited: id, numbers and words.
    ManeuverSpec spec() const;
    /// The spin box of a parameter key, or nullptr.
    QWidget* editor(const std::string& key) const;
    /// The choice of a word parameter by key ("track", "line"), or nullptr.
    QComboBox* wordChoice(const std::string& key) const;
    /// The track and line choices, or nullptr when the form shows no track.
    QComboBox* trackChoice() const { return wordChoice("track"); }
    QComboBox* lineChoice() const { return wordChoice("line"); }
    /// A lap's start, or nullptr when the form shows no lap.
    QCheckBox* standingChoice() const { return m_standing; }
    /// Shows the numbers in `system`'s units; the values stay as they are.
    void setUnitSystem(UnitSystem system);

signals:
    void specChanged(const ManeuverSpec& spec);

private:
    void clearRows();

    std::string m_id;
    QFormLayout* m_form;
    QLabel* m_none;
    std::vector<std::pair<std::string, QWidget*>> m_editors;
    std::vector<std::pair<std::string, QComboBox*>> m_words;
    QCheckBox* m_standing = nullptr;
    UnitSystem m_units = UnitSystem::SI;
};

} // namespace vtw

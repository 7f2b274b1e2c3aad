#pragma once

// Which maneuvers a comparison runs: the catalogue as a checklist, and the lap of a
// track after it, with the parameters of the highlighted one editable below it.

#include "core/study/Comparison.h"

#include <QWidget>

#include <map>

class QListWidget;

namespace vtw {

class ManeuverParameterForm;

class ManeuverPicker : public QWidget {
    Q_OBJECT
public:
    explicit ManeuverPicker(QWidget* parent = nullptr);

    /// The checked maneuvers in catalogue order, with their parameters.
    std::vector<ManeuverSpec> checkedManeuvers() const;
    void setChecked(const std::string& id, bool checked);
    /// Sets one parameter of a maneuver (as typing it into the form would).
    void setOption(const std::string& id, const std::string& key, double value);
    /// Sets a word parameter (a lap's track or line) as choosing it in the form would.
    void setTextOption(const std::string& id, const std::string& key, const std::string& value);

    QListWidget* list() const { return m_list; }
    ManeuverParameterForm* form() const { return m_form; }

signals:
    void selectionChanged();

private:
    void showCurrent();
    /// The spec kept for `id` (made, with its id, when there is none yet).
    ManeuverSpec& specOf(const std::string& id);

    QListWidget* m_list;
    ManeuverParameterForm* m_form;
    std::map<std::string, ManeuverSpec> m_specs;
};

} // namespace vtw

#pragma once

// Which maneuvers a comparison runs: the catalogue as a checklist, with the
// parameters of the highlighted maneuver editable below it.

#include "study/Comparison.h"

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

    QListWidget* list() const { return m_list; }
    ManeuverParameterForm* form() const { return m_form; }

signals:
    void selectionChanged();

private:
    void showCurrent();

    QListWidget* m_list;
    ManeuverParameterForm* m_form;
    std::map<std::string, ManeuverOptions> m_options;
};

} // namespace vtw

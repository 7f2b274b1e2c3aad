#pragma once

// Spin boxes for one maneuver's parameters, bounded by the catalogue's limits.

#include "maneuvers/ManeuverFactory.h"

#include <QWidget>

class QDoubleSpinBox;
class QFormLayout;
class QLabel;

namespace vtw {

class ManeuverParameterForm : public QWidget {
    Q_OBJECT
public:
    explicit ManeuverParameterForm(QWidget* parent = nullptr);

    /// Shows the parameters of `id` with these values (missing keys: defaults).
    void setManeuver(const std::string& id, const ManeuverOptions& values = {});
    std::string maneuverId() const { return m_id; }
    ManeuverOptions options() const;
    /// The spin box of a parameter key, or nullptr.
    QDoubleSpinBox* editor(const std::string& key) const;

signals:
    void optionsChanged(const ManeuverOptions& options);

private:
    std::string m_id;
    QFormLayout* m_form;
    QLabel* m_none;
    std::vector<std::pair<std::string, QDoubleSpinBox*>> m_editors;
};

} // namespace vtw

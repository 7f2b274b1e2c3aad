#pragma once

// The editor of a maneuver's numeric parameter (ManeuverParameter), by its kind: a
// check box for a yes/no, a box of whole numbers for a count, a decimal box otherwise.
// The live page and the compare page's maneuver form both edit numbers through it.
// A decimal box shows its value in the window's unit system (mph, ft, g; DisplayUnits)
// and keeps the value in the parameter's own unit: switching units re-shows the kept
// value and never rewrites it, and a typed value is converted once, on the way in.

#include "core/maneuvers/ManeuverFactory.h"
#include "core/setupfile/SetupMetadata.h"

#include <QString>

#include <functional>

class QFormLayout;
class QObject;
class QWidget;

namespace vtw {

/// The editor for `parameter`, showing `value` (in the parameter's unit) in `system`.
QWidget* makeParameterEditor(const ManeuverParameter& parameter, double value, QWidget* parent = nullptr,
                             UnitSystem system = UnitSystem::SI);
/// The row label of `parameter`: "Radius (ft)" in imperial, "Radius (m)" in SI.
QString parameterLabel(const ManeuverParameter& parameter, UnitSystem system);
/// The value the editor holds, in the parameter's unit (1 or 0 for a check box).
double parameterEditorValue(const QWidget* editor);
/// Sets the value in the parameter's unit.
void setParameterEditorValue(QWidget* editor, double value);
/// Shows the editor's value in `system`, and relabels its row of `form` (when given).
void setParameterEditorUnits(QWidget* editor, UnitSystem system, QFormLayout* form = nullptr);
/// Calls `changed` (in `context`) whenever the user changes the editor's value.
void onParameterEditorChanged(QWidget* editor, QObject* context, std::function<void()> changed);

} // namespace vtw

#pragma once

// The editor of a maneuver's numeric parameter (ManeuverParameter), by its kind: a
// check box for a yes/no, a box of whole numbers for a count, a decimal box otherwise.
// The live page and the compare page's maneuver form both edit numbers through it.

#include "maneuvers/ManeuverFactory.h"

#include <functional>

class QObject;
class QWidget;

namespace vtw {

/// The editor for `parameter`, showing `value`.
QWidget* makeParameterEditor(const ManeuverParameter& parameter, double value, QWidget* parent = nullptr);
/// The value the editor shows (1 or 0 for a check box).
double parameterEditorValue(const QWidget* editor);
void setParameterEditorValue(QWidget* editor, double value);
/// Calls `changed` (in `context`) whenever the user changes the editor's value.
void onParameterEditorChanged(QWidget* editor, QObject* context, std::function<void()> changed);

} // namespace vtw

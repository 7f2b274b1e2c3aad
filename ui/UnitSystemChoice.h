#pragma once

// The window's choice of units, offered twice: as checkable entries of the View
// menu and as a box on the toolbar. Both always show the system in use.

#include "core/setupfile/SetupMetadata.h"

#include <QObject>

class QActionGroup;
class QComboBox;
class QMenu;
class QToolBar;

namespace vtw {

class UnitSystemChoice : public QObject {
    Q_OBJECT
public:
    explicit UnitSystemChoice(QObject* parent = nullptr);

    void addActionsTo(QMenu* menu);
    /// A " Units: " label and the box (object name "unitSystem").
    void addBoxTo(QToolBar* bar);
    /// Shows `system` as the one in use; does not emit chosen().
    void show(UnitSystem system);

signals:
    /// The user picked a system in the menu or the box.
    void chosen(vtw::UnitSystem system);

private:
    QActionGroup* m_actions;
    QComboBox* m_box = nullptr;
};

} // namespace vtw

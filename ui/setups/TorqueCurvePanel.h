#pragma once

// The engine's full-throttle torque curve in the curve editor, with the power
// curve core derives from it on a second axis and the peaks written out.

#include "ui/document/SetupDocument.h"

#include <QWidget>

class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QLabel;

namespace vtw {

class CurveEditor;

class TorqueCurvePanel : public QWidget {
    Q_OBJECT
public:
    explicit TorqueCurvePanel(SetupDocument* document, QWidget* parent = nullptr);

    CurveEditor* editor() const { return m_editor; }
    void setUnitSystem(UnitSystem system);
    /// "Peak torque 475.0 N m at 4400 rpm · peak power 257 kW at 5600 rpm".
    QString peaksText() const;

signals:
    void message(const QString& text);

private:
    void updateDerived();
    SetupDocument* m_document;
    CurveEditor* m_editor;
    QLabel* m_peaks;
    QCPGraph* m_power;
    QCPItemStraightLine* m_idle;
    QCPItemStraightLine* m_redline;
    QCPItemText* m_idleLabel;
    QCPItemText* m_redlineLabel;
    UnitSystem m_system = UnitSystem::SI;
};

} // namespace vtw

#pragma once

// The table tire model's two point lists per axle (normalised longitudinal
// force against slip ratio, normalised lateral force against slip angle),
// each in a curve editor with a magic-formula fit.

#include "ui/document/SetupDocument.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace vtw {

class CurveEditor;
class MagicFormulaFitBar;

class TireTablePanel : public QWidget {
    Q_OBJECT
public:
    explicit TireTablePanel(SetupDocument* document, QWidget* parent = nullptr);

    void setUnitSystem(UnitSystem system);
    void showAxle(const QString& axle);
    QString axle() const;
    /// Editors: axle "front"/"rear", which "longitudinal"/"lateral".
    CurveEditor* editor(const QString& axle, const QString& which) const;
    MagicFormulaFitBar* fitBar(const QString& axle, const QString& which) const;
    QList<CurveEditor*> editors() const;

signals:
    void message(const QString& text);

private:
    void updateModelNote();
    SetupDocument* m_document;
    QComboBox* m_axle;
    QLabel* m_modelNote;
    QPushButton* m_useTable;
    QStackedWidget* m_pages;
    QHash<QString, CurveEditor*> m_editors;
    QHash<QString, MagicFormulaFitBar*> m_fits;
};

} // namespace vtw

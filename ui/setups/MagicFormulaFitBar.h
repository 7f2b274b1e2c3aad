#pragma once

// Fits the simplified magic formula to a tire table shown in a curve editor
// (the fit itself is core's fitMagicFormula), draws the fitted curve over the
// points with its residual, and can copy the coefficients into the axle's
// magic-formula parameters as one undo step.

#include "ui/document/SetupDocument.h"
#include "core/tires/MagicFormulaFit.h"

#include <QWidget>

class QCPGraph;
class QLabel;
class QPushButton;

namespace vtw {

class CurveEditor;

class MagicFormulaFitBar : public QWidget {
    Q_OBJECT
public:
    /// coefficientPrefix: e.g. "tires.front.magicFormula.lateral." (B, C, D, E follow).
    MagicFormulaFitBar(SetupDocument* document, CurveEditor* editor, QString coefficientPrefix,
                       QWidget* parent = nullptr);

    bool isShown() const { return m_shown; }
    const MagicFormulaFitResult& result() const { return m_result; }
    QString resultText() const;

public slots:
    void fit();
    void hideFit();
    void apply();

private:
    void update();
    SetupDocument* m_document;
    CurveEditor* m_editor;
    QString m_prefix;
    QCPGraph* m_graph;
    QLabel* m_label;
    QPushButton* m_fitButton;
    QPushButton* m_applyButton;
    QPushButton* m_hideButton;
    MagicFormulaFitResult m_result;
    bool m_shown = false;
};

} // namespace vtw

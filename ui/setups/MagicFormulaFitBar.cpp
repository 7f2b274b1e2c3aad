#include "ui/setups/MagicFormulaFitBar.h"

#include "ui/setups/CurveEditor.h"
#include "ui/shared/DisplayUnits.h"
#include "ui/shared/PlotStyle.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace vtw {

MagicFormulaFitBar::MagicFormulaFitBar(SetupDocument* document, CurveEditor* editor,
                                       QString coefficientPrefix, QWidget* parent)
    : QWidget(parent), m_document(document), m_editor(editor),
      m_prefix(std::move(coefficientPrefix)), m_graph(editor->plot()->addGraph()),
      m_label(new QLabel(this)), m_fitButton(new QPushButton(tr("Fit magic formula"), this)),
      m_applyButton(new QPushButton(tr("Use as magic-formula coefficients"), this)),
      m_hideButton(new QPushButton(tr("Hide fit"), this)) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_fitButton);
    row->addWidget(m_label, 1);
    row->addWidget(m_applyButton);
    row->addWidget(m_hideButton);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fitButton->setToolTip(tr("Least-squares fit of B, C, D, E to the table's points"));
    m_applyButton->setToolTip(tr("Copy B, C, D, E into this axle's magic-formula parameters"));
    m_graph->setPen(QPen(seriesColour(1), 1, Qt::DashLine));
    m_graph->setName(tr("Magic formula fit"));
    m_graph->setSelectable(QCP::stNone);
    m_graph->setVisible(false);
    m_graph->removeFromLegend();

    connect(m_fitButton, &QPushButton::clicked, this, &MagicFormulaFitBar::fit);
    connect(m_hideButton, &QPushButton::clicked, this, &MagicFormulaFitBar::hideFit);
    connect(m_applyButton, &QPushButton::clicked, this, &MagicFormulaFitBar::apply);
    // The fit follows the table while it is shown (it is cheap: a few points).
    connect(editor, &CurveEditor::curveRefreshed, this, [this] {
        if (m_shown)
            update();
    });
    hideFit();
}

void MagicFormulaFitBar::fit() {
    m_shown = true;
    update();
}

void MagicFormulaFitBar::hideFit() {
    m_shown = false;
    m_graph->setVisible(false);
    m_graph->removeFromLegend();
    m_label->setText(tr("Fit B, C, D, E of the simplified magic formula to these points."));
    m_label->setStyleSheet(QStringLiteral("color: palette(dark);"));
    m_applyButton->setEnabled(false);
    m_hideButton->setEnabled(false);
    m_editor->plot()->replot(QCustomPlot::rpQueuedReplot);
}

QString MagicFormulaFitBar::resultText() const {
    return m_label->text();
}

void MagicFormulaFitBar::update() {
    m_result = fitMagicFormula(m_editor->curve());
    m_label->setStyleSheet(QString());
    if (!m_result.ok) {
        m_graph->setVisible(false);
        m_label->setText(tr("No fit: %1").arg(QString::fromUtf8(m_result.error)));
        m_applyButton->setEnabled(false);
        m_hideButton->setEnabled(true);
        m_editor->plot()->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    // Sample the fitted formula (core evaluates it) over the table's range.
    const CurveScale scale = m_editor->scale();
    const double xMax = m_editor->curve().maxX();
    constexpr int samples = 160;
    QVector<double> xs, ys;
    for (int i = 0; i <= samples; ++i) {
        const double x = xMax * i / samples;
        xs << x * scale.x;
        ys << magicFormulaCurveValue(m_result.coefficients, x) * scale.y;
    }
    m_graph->setData(xs, ys, true);
    m_graph->setVisible(true);
    m_graph->addToLegend();
    const MagicFormulaCoefficients& k = m_result.coefficients;
    m_label->setText(tr("B %1 · C %2 · D %3 · E %4 — RMS residual %5 (max %6)")
                         .arg(formatNumber(k.B, 3), formatNumber(k.C, 3), formatNumber(k.D, 3),
                              formatNumber(k.E, 3), formatNumber(m_result.rmsResidual, 4),
                              formatNumber(m_result.maxAbsResidual, 4)));
    m_applyButton->setEnabled(true);
    m_hideButton->setEnabled(true);
    m_editor->plot()->replot(QCustomPlot::rpQueuedReplot);
}

void MagicFormulaFitBar::apply() {
    if (!m_result.ok)
        return;
    const MagicFormulaCoefficients& k = m_result.coefficients;
    const EditResult result = m_document->changeValues({{m_prefix + QLatin1String("B"), k.B},
                                                        {m_prefix + QLatin1String("C"), k.C},
                                                        {m_prefix + QLatin1String("D"), k.D},
                                                        {m_prefix + QLatin1String("E"), k.E}},
                                                       tr("Apply magic-formula fit"));
    if (!result.accepted())
        m_label->setText(tr("Not applied: %1").arg(issueForPeople(result.problems.first())));
}

} // namespace vtw

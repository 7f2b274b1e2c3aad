#include "ui/compare/ParameterDiffView.h"

#include "ui/shared/CompareStyle.h"
#include "ui/compare/ComparisonData.h"
#include "ui/compare/FieldDisplayText.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace vtw {

ParameterDiffView::ParameterDiffView(QWidget* parent)
    : QWidget(parent), m_table(new QTableWidget(this)), m_curves(new QComboBox(this)),
      m_plot(new QCustomPlot(this)), m_noCurves(new QLabel(this)) {
    m_table->setObjectName(QStringLiteral("parameterDiffTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->setWordWrap(false);
    m_curves->setObjectName(QStringLiteral("diffCurveChoice"));
    m_plot->setObjectName(QStringLiteral("diffCurvePlot"));
    m_plot->setMinimumHeight(180);
    styleComparePlot(m_plot);
    m_noCurves->setText(tr("No curve differs between these setups."));
    m_noCurves->setEnabled(false);

    auto* curveBox = new QWidget(this);
    auto* curveLayout = new QVBoxLayout(curveBox);
    curveLayout->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Curve:"), curveBox));
    row->addWidget(m_curves, 1);
    row->addWidget(m_noCurves, 1);
    curveLayout->addLayout(row);
    curveLayout->addWidget(m_plot, 1);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(curveBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    connect(m_curves, &QComboBox::currentIndexChanged, this, &ParameterDiffView::plotCurve);
    rebuild();
}

void ParameterDiffView::setComparison(const ComparisonData* data) {
    m_data = data;
    rebuild();
}

void ParameterDiffView::setUnitSystem(UnitSystem system) {
    m_units = system;
    rebuild();
}

void ParameterDiffView::rebuild() {
    m_table->clear();
    m_table->setRowCount(0);
    const QString keep = m_curves->currentData().toString();
    {
        const QSignalBlocker block(m_curves);
        m_curves->clear();
    }
    if (!m_data) {
        m_table->setColumnCount(0);
        plotCurve();
        return;
    }
    const int setups = static_cast<int>(m_data->setupCount());
    QStringList headers{tr("Parameter"), tr("Path"), tr("Unit")};
    for (int s = 0; s < setups; ++s)
        headers << m_data->names.value(s);
    m_table->setColumnCount(headers.size());
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(m_data->differences.size()));
    int row = 0;
    for (const ParameterDifference& d : m_data->differences) {
        const FieldMeta& f = *d.field;
        auto* name = new QTableWidgetItem(fieldDisplayName(f));
        name->setData(pathRole, f.path);
        name->setToolTip(f.tooltip);
        m_table->setItem(row, 0, name);
        auto* path = new QTableWidgetItem(f.path);
        path->setForeground(QColor(0x70, 0x70, 0x70));
        m_table->setItem(row, 1, path);
        m_table->setItem(row, 2, new QTableWidgetItem(fieldDisplayUnit(f, m_units)));
        for (int s = 0; s < setups; ++s) {
            const Setup& setup = m_data->setups[static_cast<std::size_t>(s)];
            auto* value = new QTableWidgetItem(fieldDisplayValue(f, setup, m_units));
            value->setForeground(setupColour(s).darker(130));
            if (f.kind != FieldKind::Enum && f.kind != FieldKind::Curve)
                value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, firstSetupColumn + s, value);
        }
        if (f.kind == FieldKind::Curve)
            m_curves->addItem(fieldDisplayName(f), f.path);
        ++row;
    }
    m_table->resizeColumnsToContents();
    const int index = m_curves->findData(keep);
    m_curves->setCurrentIndex(index >= 0 ? index : 0);
    plotCurve();
}

void ParameterDiffView::plotCurve() {
    const bool any = m_curves->count() > 0;
    m_curves->setVisible(any);
    m_noCurves->setVisible(!any);
    m_plot->clearGraphs();
    const FieldMeta* f = any ? findField(m_curves->currentData().toString()) : nullptr;
    if (!m_data || !f) {
        replotIfSized(m_plot);
        return;
    }
    const DisplayUnit xu = displayUnit(f->xQuantity, m_units),
                      yu = displayUnit(f->yQuantity, m_units);
    for (std::size_t s = 0; s < m_data->setupCount(); ++s) {
        QCPGraph* g = m_plot->addGraph();
        g->setName(m_data->names.value(static_cast<int>(s)));
        g->setPen(QPen(setupColour(static_cast<int>(s)), 1.8));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
        for (const auto& p : f->curveOf(m_data->setups[s]).points())
            g->addData(p.x * xu.scale, p.y * yu.scale);
    }
    m_plot->xAxis->setLabel(axisTitleWithUnit(f->xLabel, xu.symbol));
    m_plot->yAxis->setLabel(axisTitleWithUnit(f->yLabel, yu.symbol));
    m_plot->rescaleAxes();
    // Room around the data so the end points' markers are not cut in half.
    m_plot->xAxis->scaleRange(1.05, m_plot->xAxis->range().center());
    m_plot->yAxis->scaleRange(1.1, m_plot->yAxis->range().center());
    replotIfSized(m_plot);
}

} // namespace vtw

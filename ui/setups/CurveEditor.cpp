#include "ui/setups/CurveEditor.h"

#include "ui/shared/DisplayUnits.h"
#include "ui/shared/PlotStyle.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace vtw {

namespace {
// Decimals that resolve about a thousandth of a span.
int decimalsFor(double span) {
    if (!(span > 0.0))
        return 3;
    return std::clamp(int(-std::floor(std::log10(span / 1000.0))), 0, 6);
}
} // namespace

CurveEditor::CurveEditor(SetupDocument* document, const QString& curvePath, QWidget* parent)
    : QWidget(parent), m_document(document), m_plot(new QCustomPlot),
      m_splitter(new QSplitter(this)), m_table(new QTableWidget(this)), m_problem(new QLabel) {
    const FieldMeta* f = findField(curvePath);
    Q_ASSERT(f && f->kind == FieldKind::Curve);
    applyPlotStyle(m_plot);
    m_dragger = new CurvePointDragger(document, *f, m_plot, this);
    m_dragger->setShowLine(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    m_splitter->setObjectName(QStringLiteral("curveSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_plot->setMinimumSize(320, 220);
    m_splitter->addWidget(m_plot);

    auto* side = new QWidget(m_splitter);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    m_table->setColumnCount(2);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setMinimumWidth(220);
    sideLayout->addWidget(m_table, 1);
    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add point"), side);
    auto* remove = new QPushButton(tr("Delete point"), side);
    add->setToolTip(tr("Insert a point after the selected one (or double-click the plot)"));
    remove->setToolTip(tr("Delete the selected point (Delete key on the plot)"));
    buttons->addWidget(add);
    buttons->addWidget(remove);
    sideLayout->addLayout(buttons);
    m_problem->setParent(side);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problem->hide();
    sideLayout->addWidget(m_problem);
    m_splitter->addWidget(side);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({760, 260});

    connect(add, &QPushButton::clicked, this, [this] {
        // Halfway to the next point, or one step past the last one.
        const auto& pts = curve().points();
        const int sel =
            m_dragger->selectedPoint() >= 0 ? m_dragger->selectedPoint() : int(pts.size()) - 1;
        if (pts.empty())
            return;
        const CurvePoint a = pts[std::size_t(sel)];
        if (sel + 1 < int(pts.size())) {
            const CurvePoint b = pts[std::size_t(sel + 1)];
            m_dragger->addPoint(0.5 * (a.x + b.x), 0.5 * (a.y + b.y));
        } else {
            const double step = pts.size() > 1 ? a.x - pts[pts.size() - 2].x : 1.0;
            m_dragger->addPoint(a.x + step, a.y);
        }
    });
    connect(remove, &QPushButton::clicked, this,
            [this] { m_dragger->removePoint(m_dragger->selectedPoint()); });
    connect(m_table, &QTableWidget::cellChanged, this, &CurveEditor::onCellChanged);
    connect(m_table, &QTableWidget::currentCellChanged, this,
            [this](int row) { m_dragger->setSelectedPoint(row); });
    connect(m_dragger, &CurvePointDragger::selectionChanged, this, [this](int index) {
        const QSignalBlocker block(m_table);
        if (index >= 0)
            m_table->selectRow(index);
        else
            m_table->clearSelection();
    });
    connect(m_dragger, &CurvePointDragger::message, this, &CurveEditor::showProblem);
    connect(m_dragger, &CurvePointDragger::dragFinished, this, &CurveEditor::rescale);
    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (!change.affects(field().path))
            return;
        m_problem->hide();
        refreshTable();
        if (!m_dragger->isDragging())
            rescale();
        emit curveRefreshed();
    });
    setUnitSystem(UnitSystem::SI);
}

QString CurveEditor::problem() const {
    return m_problem->isHidden() ? QString() : m_problem->text();
}

void CurveEditor::showProblem(const QString& text) {
    m_problem->setText(QStringLiteral("⚠ ") + text);
    m_problem->show();
    emit message(field().label + QStringLiteral(": ") + text);
}

void CurveEditor::setUnitSystem(UnitSystem system) {
    m_system = system;
    const ValueDisplay x = valueDisplay(field().xQuantity, system);
    const ValueDisplay y = valueDisplay(field().yQuantity, system);
    m_dragger->setScale({x.unit.scale, y.unit.scale}, x.unit.symbol, y.unit.symbol);
    m_plot->xAxis->setLabel(axisTitle(field().xLabel, x.unit.symbol));
    m_plot->yAxis->setLabel(axisTitle(field().yLabel, y.unit.symbol));
    m_table->setHorizontalHeaderLabels(
        {axisTitle(field().xLabel, x.unit.symbol), axisTitle(field().yLabel, y.unit.symbol)});
    refreshTable();
    rescale();
    emit curveRefreshed();
}

int CurveEditor::xDecimals() const {
    const Curve c = curve();
    return decimalsFor((c.maxX() - std::min(0.0, c.minX())) * scale().x);
}

int CurveEditor::yDecimals() const {
    return decimalsFor(curve().maxY() * scale().y);
}

void CurveEditor::refreshTable() {
    const QSignalBlocker block(m_table);
    const auto& pts = curve().points();
    m_table->setRowCount(int(pts.size()));
    const int dx = xDecimals(), dy = yDecimals();
    for (int i = 0; i < int(pts.size()); ++i) {
        const double values[2] = {pts[std::size_t(i)].x * scale().x,
                                  pts[std::size_t(i)].y * scale().y};
        const int decimals[2] = {dx, dy};
        for (int col = 0; col < 2; ++col) {
            auto* item = m_table->item(i, col);
            if (!item) {
                item = new QTableWidgetItem;
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                m_table->setItem(i, col, item);
            }
            item->setText(formatNumber(values[col], decimals[col]));
        }
    }
    if (m_dragger->selectedPoint() >= 0)
        m_table->selectRow(m_dragger->selectedPoint());
}

void CurveEditor::onCellChanged(int row, int column) {
    const auto& pts = curve().points();
    if (row < 0 || row >= int(pts.size()))
        return;
    double shown = 0.0;
    if (!parseNumber(m_table->item(row, column)->text(), &shown)) {
        showProblem(tr("“%1” is not a number").arg(m_table->item(row, column)->text()));
        refreshTable();
        return;
    }
    // Not clamped: an x out of order or a y below the floor is refused by the
    // document, which says why.
    Curve c = curve();
    CurvePoint& p = c.points()[std::size_t(row)];
    (column == 0 ? p.x : p.y) = shown / (column == 0 ? scale().x : scale().y);
    const EditResult result = m_document->changeCurve(field().path, c);
    if (!result.accepted()) {
        showProblem(issueForPeople(result.problems.first()));
        refreshTable();
    }
}

void CurveEditor::setExtraYRange(double low, double high) {
    m_extraLow = low;
    m_extraHigh = high;
    m_hasExtra = true;
}

void CurveEditor::rescale() {
    const Curve c = curve();
    if (c.empty())
        return;
    const double x0 = std::min(0.0, c.minX() * scale().x), x1 = c.maxX() * scale().x;
    double y0 = 0.0, y1 = c.maxY() * scale().y;
    for (const CurvePoint& p : c.points())
        y0 = std::min(y0, p.y * scale().y);
    if (m_hasExtra) {
        y0 = std::min(y0, m_extraLow);
        y1 = std::max(y1, m_extraHigh);
    }
    const double xPad = 0.03 * std::max(x1 - x0, 1e-9);
    const double yPad = 0.1 * std::max(y1 - y0, 1e-9);
    m_plot->xAxis->setRange(x0 - xPad, x1 + xPad);
    m_plot->yAxis->setRange(y0 < 0.0 ? y0 - yPad : 0.0, y1 + yPad);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace vtw

#include "ui/setups/TargetsEditor.h"

#include "ui/shared/DisplayUnits.h"
#include "core/vehicle/Targets.h"

#include <QComboBox>
#include <QDoubleValidator>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>

namespace vtw {

namespace {

/// A figure of `key` as the window shows it: km/h as mph, m as ft in imperial (DisplayUnits).
ValueDisplay targetDisplay(const std::string& key, UnitSystem units) {
    const TargetMetric* m = findTargetMetric(key);
    return {metricDisplayUnit(m ? QString::fromStdString(m->unit) : QString(), units)};
}

QString metricTitle(const std::string& key, UnitSystem units) {
    const TargetMetric* m = findTargetMetric(key);
    if (!m)
        return QString::fromStdString(key);
    return axisTitle(QString::fromStdString(m->label), targetDisplay(key, units).unit.symbol);
}

} // namespace

TargetsEditor::TargetsEditor(SetupDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_table(new QTableWidget(0, 3, this)),
      m_metric(new QComboBox(this)), m_value(new QLineEdit(this)), m_source(new QLineEdit(this)),
      m_add(new QPushButton(tr("Add"), this)), m_remove(new QPushButton(tr("Remove"), this)) {
    setObjectName(QStringLiteral("targetsEditor"));
    m_table->setObjectName(QStringLiteral("targetsTable"));
    m_table->setHorizontalHeaderLabels({tr("Metric (unit)"), tr("Published value"), tr("Source")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setToolTip(tr("Figures published for the real car, each with its source. The "
                           "derived figures and the comparison show the simulation against them. "
                           "Values are in the unit the metric names."));
    m_table->setMinimumHeight(fontMetrics().height() * 7);
    m_value->setObjectName(QStringLiteral("newTargetValue"));
    m_value->setPlaceholderText(tr("value"));
    auto* validator = new QDoubleValidator(m_value);
    validator->setBottom(0.0);
    m_value->setValidator(validator);
    m_source->setObjectName(QStringLiteral("newTargetSource"));
    m_source->setPlaceholderText(tr("source: magazine or maker, and year"));
    m_metric->setObjectName(QStringLiteral("newTargetMetric"));
    m_add->setObjectName(QStringLiteral("addTarget"));
    m_remove->setObjectName(QStringLiteral("removeTarget"));

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_table, 0, 0, 1, 4);
    grid->addWidget(m_metric, 1, 0);
    grid->addWidget(m_value, 1, 1);
    grid->addWidget(m_source, 1, 2);
    grid->addWidget(m_add, 1, 3);
    grid->addWidget(m_remove, 2, 3);
    grid->setColumnStretch(2, 1);

    connect(m_table, &QTableWidget::cellChanged, this, &TargetsEditor::cellEdited);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_table->selectedItems().isEmpty()); });
    connect(m_add, &QPushButton::clicked, this, &TargetsEditor::addFigure);
    connect(m_remove, &QPushButton::clicked, this, &TargetsEditor::removeSelected);
    connect(m_value, &QLineEdit::textChanged, this, &TargetsEditor::updateAddRow);
    connect(m_source, &QLineEdit::textChanged, this, &TargetsEditor::updateAddRow);
    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (change.kind == SetupChange::Kind::Whole || change.path == QLatin1String("targets"))
            refresh();
    });
    refresh();
}

void TargetsEditor::refresh() {
    m_filling = true;
    const std::vector<PublishedFigure>& targets = m_document->setup().targets;
    m_table->setRowCount(int(targets.size()));
    for (int r = 0; r < int(targets.size()); ++r) {
        const PublishedFigure& t = targets[std::size_t(r)];
        auto* metric = new QTableWidgetItem(metricTitle(t.metricKey, m_units));
        metric->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable); // remove and add to change it
        metric->setData(Qt::UserRole, QString::fromStdString(t.metricKey));
        auto* value = new QTableWidgetItem(QLocale().toString(targetDisplay(t.metricKey, m_units).toDisplay(t.value), 'g', 10));
        value->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto* source = new QTableWidgetItem(QString::fromStdString(t.source));
        source->setToolTip(QString::fromStdString(t.source));
        m_table->setItem(r, 0, metric);
        m_table->setItem(r, 1, value);
        m_table->setItem(r, 2, source);
    }
    // The add row offers the metrics that have no figure yet.
    const QString current = m_metric->currentData().toString();
    m_metric->clear();
    for (const TargetMetric& m : targetMetrics()) {
        if (!findTarget(m_document->setup(), m.key))
            m_metric->addItem(metricTitle(m.key, m_units), QString::fromStdString(m.key));
    }
    const int again = m_metric->findData(current);
    if (again >= 0)
        m_metric->setCurrentIndex(again);
    m_remove->setEnabled(!m_table->selectedItems().isEmpty());
    updateAddRow();
    m_filling = false;
}

void TargetsEditor::setUnitSystem(UnitSystem system) {
    m_units = system;
    refresh();
}

void TargetsEditor::updateAddRow() {
    double v = 0;
    m_add->setEnabled(m_metric->count() > 0 && parseNumber(m_value->text(), &v) && v > 0.0 &&
                      !m_source->text().trimmed().isEmpty());
    m_metric->setEnabled(m_metric->count() > 0);
}

void TargetsEditor::commit(const std::vector<PublishedFigure>& targets) {
    const EditResult result = m_document->changeTargets(targets);
    if (!result.accepted()) {
        emit refused(result.problems.first().toString());
        refresh(); // back to the document's figures
    }
}

void TargetsEditor::cellEdited(int row, int column) {
    if (m_filling)
        return;
    // Applied from the event loop: the edit rebuilds the table's items, which
    // must not happen inside the signal of the item being changed.
    const QString text = m_table->item(row, column)->text();
    QMetaObject::invokeMethod(
        this, [this, row, column, text] { applyCellText(row, column, text); }, Qt::QueuedConnection);
}

void TargetsEditor::applyCellText(int row, int column, const QString& text) {
    std::vector<PublishedFigure> targets = m_document->setup().targets;
    if (row < 0 || row >= int(targets.size()))
        return;
    PublishedFigure& t = targets[std::size_t(row)];
    if (column == 1) {
        double v = 0;
        if (!parseNumber(text, &v)) {
            emit refused(tr("targets[%1].value: must be a number").arg(row));
            refresh();
            return;
        }
        t.value = targetDisplay(t.metricKey, m_units).fromDisplay(v);
    } else if (column == 2) {
        t.source = text.trimmed().toStdString();
    }
    commit(targets);
}

void TargetsEditor::addFigure() {
    double v = 0;
    if (m_metric->count() == 0 || !parseNumber(m_value->text(), &v))
        return;
    std::vector<PublishedFigure> targets = m_document->setup().targets;
    const std::string key = m_metric->currentData().toString().toStdString();
    targets.push_back({key, targetDisplay(key, m_units).fromDisplay(v), m_source->text().trimmed().toStdString()});
    const std::size_t before = m_document->setup().targets.size();
    commit(targets);
    if (m_document->setup().targets.size() > before) {
        m_value->clear();
        m_source->clear();
    }
}

void TargetsEditor::removeSelected() {
    QList<int> rows;
    for (const QTableWidgetItem* item : m_table->selectedItems()) {
        if (!rows.contains(item->row()))
            rows.append(item->row());
    }
    if (rows.isEmpty())
        return;
    std::vector<PublishedFigure> targets;
    const std::vector<PublishedFigure>& current = m_document->setup().targets;
    for (int r = 0; r < int(current.size()); ++r) {
        if (!rows.contains(r))
            targets.push_back(current[std::size_t(r)]);
    }
    commit(targets);
}

} // namespace vtw

#include "ui/setups/TireTablePanel.h"

#include "ui/setups/CurveEditor.h"
#include "ui/setups/MagicFormulaFitBar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace vtw {

TireTablePanel::TireTablePanel(SetupDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_axle(new QComboBox(this)),
      m_modelNote(new QLabel(this)), m_useTable(new QPushButton(tr("Use the table model"), this)),
      m_pages(new QStackedWidget(this)) {
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    m_axle->addItem(tr("Front axle"), QStringLiteral("front"));
    m_axle->addItem(tr("Rear axle"), QStringLiteral("rear"));
    m_axle->setObjectName(QStringLiteral("tableAxle"));
    top->addWidget(new QLabel(tr("Tires:"), this));
    top->addWidget(m_axle);
    top->addSpacing(12);
    top->addWidget(m_modelNote, 1);
    top->addWidget(m_useTable);
    layout->addLayout(top);
    layout->addWidget(m_pages, 1);
    m_modelNote->setWordWrap(true);

    for (const char* axleKey : {"front", "rear"}) {
        const QString axle = QLatin1String(axleKey);
        auto* split = new QSplitter(Qt::Vertical, m_pages);
        split->setObjectName(QStringLiteral("tableSplitter_%1").arg(axle));
        split->setChildrenCollapsible(false);
        for (const char* whichKey : {"longitudinal", "lateral"}) {
            const QString which = QLatin1String(whichKey);
            auto* block = new QWidget(split);
            auto* column = new QVBoxLayout(block);
            column->setContentsMargins(0, 0, 0, 0);
            const QString base = QStringLiteral("tires.%1.").arg(axle);
            auto* editor = new CurveEditor(document, base + "table." + which, block);
            auto* fit = new MagicFormulaFitBar(document, editor,
                                               base + "magicFormula." + which + ".", block);
            column->addWidget(editor, 1);
            column->addWidget(fit);
            connect(editor, &CurveEditor::message, this, &TireTablePanel::message);
            m_editors.insert(axle + QLatin1Char('/') + which, editor);
            m_fits.insert(axle + QLatin1Char('/') + which, fit);
        }
        m_pages->addWidget(split);
    }
    connect(m_axle, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_pages->setCurrentIndex(index);
        updateModelNote();
    });
    connect(m_useTable, &QPushButton::clicked, this, [this] {
        const EditResult result =
            m_document->changeValue(QStringLiteral("tires.%1.model").arg(axle()), double(int(TireModelKind::Table)));
        if (!result.accepted())
            emit message(result.message());
    });
    connect(document, &SetupDocument::changed, this, [this](const SetupChange& change) {
        if (change.affects(QStringLiteral("tires.front.model")) ||
            change.affects(QStringLiteral("tires.rear.model")))
            updateModelNote();
    });
    updateModelNote();
}

QString TireTablePanel::axle() const {
    return m_axle->currentData().toString();
}

void TireTablePanel::showAxle(const QString& axle) {
    m_axle->setCurrentIndex(axle == QLatin1String("rear") ? 1 : 0);
}

CurveEditor* TireTablePanel::editor(const QString& axle, const QString& which) const {
    return m_editors.value(axle + QLatin1Char('/') + which);
}

MagicFormulaFitBar* TireTablePanel::fitBar(const QString& axle, const QString& which) const {
    return m_fits.value(axle + QLatin1Char('/') + which);
}

QList<CurveEditor*> TireTablePanel::editors() const {
    return m_editors.values();
}

void TireTablePanel::setUnitSystem(UnitSystem system) {
    for (CurveEditor* e : m_editors)
        e->setUnitSystem(system);
}

void TireTablePanel::updateModelNote() {
    const Setup& s = m_document->setup();
    const TireParams& t = axle() == QLatin1String("front") ? s.frontTires : s.rearTires;
    const bool isTable = t.model == TireModelKind::Table;
    m_modelNote->setText(isTable ? tr("This axle uses the table model: these points are its "
                                      "force curves.")
                                 : tr("This axle uses another tire model; the tables take effect "
                                      "when the model is “Table”."));
    m_useTable->setVisible(!isTable);
}

} // namespace vtw

#pragma once

// The live figures of the current document, recomputed in the background
// within a fraction of a second of every edit (see DerivedFigures.h).

#include "ui/setups/DerivedFigures.h"
#include "ui/document/SetupDocument.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace vtw {

class DerivedFiguresPanel : public QWidget {
    Q_OBJECT
public:
    explicit DerivedFiguresPanel(QWidget* parent = nullptr);

    /// Follows this document (nullptr: shows nothing).
    void setDocument(SetupDocument* document);
    void setUnitSystem(UnitSystem system);
    DerivedFiguresComputer* computer() { return &m_computer; }

    /// The figures on screen (for tests) and the value text of one of them.
    const DerivedFigures& figures() const { return m_figures; }
    QString valueText(const std::string& metricKey) const;
    /// The published figure and the deviation from it shown beside a figure
    /// (empty when the setup has no target for it).
    QString publishedText(const std::string& metricKey) const;
    QString deviationText(const std::string& metricKey) const;
    QTableWidget* gearTable() const { return m_gears; }
    bool isUpToDate() const { return m_upToDate; }

signals:
    /// New figures are on screen.
    void figuresShown();

private:
    void requestUpdate();
    void show(const DerivedFigures& figures);
    void render();
    void renderTarget(int row, const DerivedFigure* figure);
    void setStale(bool stale);

    QPointer<SetupDocument> m_document;
    DerivedFiguresComputer m_computer;
    DerivedFigures m_figures;
    bool m_hasFigures = false;
    bool m_upToDate = false;
    UnitSystem m_system = UnitSystem::SI;
    QList<QLabel*> m_values;
    QList<QLabel*> m_units;
    QList<QLabel*> m_published;
    QList<QLabel*> m_deviations;
    QTableWidget* m_gears;
    QLabel* m_status;
    QElapsedTimer m_clock;
    QMetaObject::Connection m_connection;
};

} // namespace vtw

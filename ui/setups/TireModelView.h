#pragma once

// What an axle's tire model does: Fx against slip ratio and Fy against slip
// angle at a load the user picks (with lighter lines for other loads), the
// friction ellipse with combined-slip curves inside it, and peak friction and
// cornering stiffness against load. A second tire (the other axle, another
// model with the same parameters, a pinned earlier parameter set, or a .tir
// file) can be overlaid dashed. For a .tir model, camber and pressure selectors
// show the tyre at other conditions than the setup's (the setup is not changed). Every number comes from core's tire
// sweeps and limits; a table model's points can be dragged here too.

#include "ui/document/SetupDocument.h"
#include "core/tires/TireParams.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace vtw {

class CurvePointDragger;
class StoredValueSpinBox;

class TireModelView : public QWidget {
    Q_OBJECT
public:
    explicit TireModelView(SetupDocument* document, QWidget* parent = nullptr);

    void setUnitSystem(UnitSystem system);
    QString axle() const;
    void showAxle(const QString& axle);
    /// Load in N.
    void setLoad(double newtons);
    double load() const;
    /// "none", "otherAxle", "pinned" or "model:<key>".
    bool setComparison(const QString& key);
    /// Remembers the current parameters as set B ("pinned").
    void pinCurrent();
    /// Reads a .tir file as set B ("file"); false (and a message) when it cannot be read.
    bool compareWithTirFile(const QString& path);
    /// The camber (rad) and pressure (Pa, 0 = the file's nominal) the .tir curves are
    /// drawn at; the selectors start at the axle's setup values.
    void setTirConditions(double camber, double pressure);

    QCustomPlot* longitudinalPlot() const { return m_fx; }
    QCustomPlot* lateralPlot() const { return m_fy; }
    QCustomPlot* ellipsePlot() const { return m_ellipse; }
    /// Peak friction (left axis) and cornering stiffness (right axis) against load.
    QCustomPlot* loadPlot() const { return m_loadPlot; }
    /// The plot the user last clicked (for plot export).
    QCustomPlot* currentPlot() const { return m_current; }
    CurvePointDragger* tableDragger(const QString& axle, const QString& which) const;

signals:
    void message(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();
    /// The load box in the unit system's tyre-load unit (kN or lbf).
    void showLoadUnit();
    /// "4.00 kN", "899.2 lbf": a load as the view writes it.
    QString shownLoad(double newtons) const;
    void rebuildComparisons();
    const TireParams& params(const QString& axle) const;
    std::optional<TireParams> comparisonParams(QString* name) const;
    void updateDraggers();
    void fitEllipseAxes();
    void resetTirConditions();
    /// The parameters drawn: a .tir model at the selectors' camber and pressure.
    TireParams drawn(TireParams params) const;
    void drawLoadDependence(const TireParams& a, const std::optional<TireParams>& b, double grip, double chosenLoad);

    SetupDocument* m_document;
    QComboBox* m_axle;
    StoredValueSpinBox* m_load; ///< N, shown in kN or lbf
    QComboBox* m_surface;
    QComboBox* m_compare;
    QLabel* m_camberLabel;
    QDoubleSpinBox* m_camber;
    QLabel* m_pressureLabel;
    QDoubleSpinBox* m_pressure;
    QPushButton* m_pin;
    QLabel* m_info;
    QCustomPlot* m_fx;
    QCustomPlot* m_fy;
    QCustomPlot* m_ellipse;
    QCustomPlot* m_loadPlot;
    QCustomPlot* m_current;
    QHash<QString, CurvePointDragger*> m_draggers;
    std::optional<TireParams> m_pinned;
    std::optional<TireParams> m_file; ///< set B read from a .tir file
    QString m_fileName;
    UnitSystem m_system = UnitSystem::SI;
    double m_ellipseExtent = 1.0;
};

} // namespace vtw

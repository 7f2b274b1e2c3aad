// Setup values as Compare's parameter table, its CSV and the PDF report show them:
// every number, curves included, in the display unit the column names.
#include "ui/compare/ComparisonData.h"
#include "ui/compare/FieldDisplayText.h"
#include "ui/compare/ParameterDiffView.h"
#include "core/base/Units.h"
#include "core/setupfile/CarLibrary.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/study/SetupDiff.h"

#include <QTableWidget>
#include <QtTest>

using namespace vtw;

namespace {

const FieldMeta& torqueCurveField() {
    const FieldMeta* field = findField(QStringLiteral("engine.torqueCurve_rpm_Nm"));
    if (!field)
        qFatal("no torque curve field");
    return *field;
}

Setup corvette() {
    return *loadLibraryCar(QStringLiteral(":/cars/corvette_c5.json")).setup;
}

} // namespace

class TestFieldDisplay : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Q_INIT_RESOURCE(resources); }

    // The Corvette's torque peak, 475 N m at 4400 rpm (Car Physics for Games' LS1 anchor, the
    // library car's curve), is 475 / 1.3558179483314004 = 350.34 lb-ft (1 lb-ft = 1.3558179483314004 N m exactly).
    void torquePeakFollowsTheUnitSystem() {
        const Setup setup = corvette();
        const FieldMeta& field = torqueCurveField();
        const CurvePoint peak = setup.engine.torqueCurve.peak();
        QCOMPARE(peak.y, 475.0);
        QCOMPARE(fieldDisplayValue(field, setup, UnitSystem::SI), QStringLiteral("%1 points, peak 475 at 4400")
                                                                      .arg(setup.engine.torqueCurve.size()));
        QCOMPARE(fieldDisplayUnit(field, UnitSystem::Imperial), QStringLiteral("rpm, lb-ft"));
        QCOMPARE(fieldDisplayValue(field, setup, UnitSystem::Imperial),
                 QStringLiteral("%1 points, peak 350.3 at 4400").arg(setup.engine.torqueCurve.size()));
    }

    // An edited point is shown rounded like every other cell, not with all its digits.
    void anEditedPeakIsRounded() {
        Setup setup = corvette();
        for (CurvePoint& p : setup.engine.torqueCurve.points()) {
            if (p.x == 4400.0)
                p.y = 505.313;
        }
        QVERIFY(fieldDisplayValue(torqueCurveField(), setup, UnitSystem::SI).endsWith(QStringLiteral("peak 505.3 at 4400")));
    }

    void significantTextKeepsFourDigits() {
        QCOMPARE(significantText(505.313), QStringLiteral("505.3"));
        QCOMPARE(significantText(4400.0), QStringLiteral("4400"));
        QCOMPARE(significantText(0.12345), QStringLiteral("0.1235"));
        QCOMPARE(significantText(-12.8), QStringLiteral("-12.8"));
        QCOMPARE(significantText(123456.0), QStringLiteral("123456"));
    }

    // The table of Compare > Parameters: the torque row in imperial reads lb-ft in its
    // unit column and its cells.
    void parameterTableShowsTheTorqueCurveInLbFt() {
        Setup edited = corvette();
        for (CurvePoint& p : edited.engine.torqueCurve.points())
            p.y *= 1.1;
        ComparisonData data;
        data.names = {QStringLiteral("stock"), QStringLiteral("edited")};
        data.setups = {corvette(), edited};
        data.differences = diffSetups(data.setups);
        ParameterDiffView view;
        view.setUnitSystem(UnitSystem::Imperial);
        view.setComparison(&data);
        QTableWidget* table = view.table();
        int row = -1;
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 0)->data(ParameterDiffView::pathRole).toString() == QLatin1String("engine.torqueCurve_rpm_Nm"))
                row = r;
        }
        QVERIFY(row >= 0);
        QCOMPARE(table->item(row, 2)->text(), QStringLiteral("rpm, lb-ft"));
        QVERIFY2(table->item(row, ParameterDiffView::firstSetupColumn)->text().contains(QStringLiteral("peak 350.3 at 4400")),
                 qPrintable(table->item(row, ParameterDiffView::firstSetupColumn)->text()));
        // 1.1 x 475 N m = 522.5 N m = 385.37 lb-ft.
        QVERIFY2(table->item(row, ParameterDiffView::firstSetupColumn + 1)->text().contains(QStringLiteral("peak 385.4 at 4400")),
                 qPrintable(table->item(row, ParameterDiffView::firstSetupColumn + 1)->text()));
    }
};

QTEST_MAIN(TestFieldDisplay)
#include "tst_field_display.moc"

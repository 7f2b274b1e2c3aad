#pragma once

// Driving the compare page offscreen, for its suites (tst_ui_compare,
// tst_ui_compare_lap, tst_ui_compare_sweep): library cars, single runs to hold the
// page's numbers to, setups checked in its pickers, runs and sweeps started from
// their buttons and waited for.

#include "core/maneuvers/ManeuverFactory.h"
#include "core/maneuvers/ManeuverRunner.h"
#include "core/setupfile/CarLibrary.h"
#include "ui/compare/ComparePage.h"
#include "ui/compare/ManeuverPicker.h"
#include "ui/compare/SweepPanel.h"

#include <QComboBox>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QtTest>

#include <cmath>
#include <string>

namespace vtw::test {

// Runs are deterministic: the page's numbers must equal single runs exactly.
inline constexpr int runTimeoutMs = 120000;

inline Setup libraryCar(const char* file) {
    return *loadLibraryCar(QStringLiteral(":/cars/%1.json").arg(QLatin1String(file))).setup;
}

inline RunResult singleRun(const Setup& setup, const std::string& id,
                    const ManeuverOptions& options = {}) {
    std::string error;
    auto maneuver = makeManeuver(id, options, &error);
    return runManeuver(setup, *maneuver);
}

inline double metricOf(const RunResult& r, const std::string& key) {
    const Metric* m = findMetric(r.metrics, key);
    return m && m->reached ? m->value : std::nan("");
}

inline void checkItem(QListWidget* list, const QString& text) {
    const QList<QListWidgetItem*> found = list->findItems(text, Qt::MatchExactly);
    QVERIFY2(found.size() == 1, qPrintable(text));
    found.first()->setCheckState(Qt::Checked);
}

// Runs the sweep panel's sweep from its button; whether it finished with its points.
inline bool runSweepPanel(SweepPanel* sweep) {
    QSignalSpy finished(sweep, &SweepPanel::sweepFinished);
    QTest::mouseClick(sweep->runButton(), Qt::LeftButton);
    return finished.wait(runTimeoutMs) && finished.first().first().toBool();
}

// The page shown with two setups, "Base" and "Tuned", both checked.
inline void showBaseAndTuned(ComparePage& page, const Setup& base, const Setup& tuned) {
    page.resize(1400, 900);
    page.show();
    page.setAvailableSetups({{QStringLiteral("base"), QStringLiteral("Base"), base}, {QStringLiteral("tuned"), QStringLiteral("Tuned"), tuned}});
    checkItem(page.setupPicker()->list(), QStringLiteral("Base"));
    checkItem(page.setupPicker()->list(), QStringLiteral("Tuned"));
}

// Pages of a PDF: page objects, not the page-tree node.
inline int pdfPageCount(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s\\w])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

// The page shown with its Sweeps tab on the given base setup (nullptr if the
// window never appeared).
inline SweepPanel* showSweepTab(ComparePage& page, const QString& baseSetup) {
    page.resize(1400, 900);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page))
        return nullptr;
    SweepPanel* sweep = page.sweepPanel();
    page.tabs()->setCurrentWidget(sweep);
    sweep->baseChoice()->setCurrentIndex(sweep->baseChoice()->findText(baseSetup));
    return sweep;
}

inline void saveShot(QWidget* widget, const QString& name) {
    const QString dir = qEnvironmentVariable("VTW_COMPARE_SHOTS");
    if (!dir.isEmpty())
        widget->grab().save(dir + QStringLiteral("/compare-%1.png").arg(name));
}

// The page shown with the library's Corvette and Lotus checked and no maneuver yet (the
// default acceleration run unchecked).
inline void showCorvetteAndLotus(ComparePage& page) {
    page.resize(1400, 900);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    checkItem(page.setupPicker()->list(), QStringLiteral("Corvette C5"));
    checkItem(page.setupPicker()->list(), QStringLiteral("Lotus Elise S2"));
    page.maneuverPicker()->setChecked("acceleration", false);
}

inline bool waitForRun(ComparePage& page) {
    QSignalSpy finished(&page, &ComparePage::comparisonFinished);
    QTest::mouseClick(page.runButton(), Qt::LeftButton);
    if (!finished.wait(runTimeoutMs))
        return false;
    return finished.first().first().toBool();
}

} // namespace vtw::test

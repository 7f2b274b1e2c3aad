// The window on a laptop's 1280x720 screen (an offscreen screen of that size, set by
// ctest through tests/support/screen-1280x720.json): it opens inside the screen, at its
// default size and with a geometry saved on a bigger monitor.
#include "ui/MainWindow.h"
#include "core/vehicle/Setup.h"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace vtw;

namespace {

const QSize laptopScreen(1280, 720);

QString describe(const QRect& r) {
    return QStringLiteral("%1x%2 at (%3, %4)").arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y());
}

// Opens the window as the program does (with the settings there are) and checks that
// its frame is inside the screen's available area.
void windowOpensInsideTheScreen() {
    QTemporaryDir dir;
    MainWindow window;
    window.setRecoveryFolder(dir.filePath(QStringLiteral("recovery")));
    window.newDocument(defaultSetup());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QRect available = window.screen()->availableGeometry();
    // The frame is fitted once the window has one, right after it is shown.
    QTRY_VERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(describe(window.frameGeometry()) + QStringLiteral(" is not inside ") + describe(available)));
}

} // namespace

class TestUiSmallScreen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        Q_INIT_RESOURCE(resources);
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("vtw-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_ui_small_screen"));
        QVERIFY(QGuiApplication::primaryScreen());
        QCOMPARE(QGuiApplication::primaryScreen()->availableGeometry().size(), laptopScreen);
    }

    void init() { QSettings().clear(); }

    void theDefaultSizeFitsTheScreen() {
        windowOpensInsideTheScreen();
    }

    void aGeometrySavedOnABiggerScreenIsFitted() {
        // What a 1600x1000 monitor left behind: a window wider and taller than this
        // screen, placed partly beyond its right edge.
        {
            QWidget bigger;
            bigger.setGeometry(300, 60, 1397, 880);
            QSettings().setValue(QStringLiteral("window/geometry"), bigger.saveGeometry());
        }
        windowOpensInsideTheScreen();
    }
};

QTEST_MAIN(TestUiSmallScreen)
#include "tst_ui_small_screen.moc"

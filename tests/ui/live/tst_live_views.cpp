// The live views fed with synthetic data: what they draw must sit
// where the numbers say. Views record the geometry of their last paint; the
// tests also look at the pixels there, so a view that computes a rectangle
// but draws something else fails.

#include "ui/live/DriveKeyboard.h"
#include "ui/live/FrictionEllipseView.h"
#include "core/sim/FrictionEnvelope.h"
#include "core/sim/Simulator.h"
#include "ui/live/GGDiagramView.h"
#include "ui/live/GGEnvelope.h"
#include "ui/live/LiveHistory.h"
#include "ui/live/LiveTracePlots.h"
#include "ui/live/LiveViewData.h"
#include "ui/live/PathTrace.h"
#include "core/sim/Telemetry.h"
#include "ui/live/TopDownView.h"
#include "ui/live/TraceDecimator.h"
#include "core/base/Units.h"
#include "ui/shared/ViewExport.h"
#include "core/setupfile/AtomicFile.h"
#include "core/step/VehicleModel.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QTest>
#include <qcustomplot.h>

#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

using namespace vtw;

namespace {

constexpr double pixelTolerance = 1.0; // px: rounding of the painted geometry

bool near(double a, double b, double tol = pixelTolerance) {
    return std::abs(a - b) <= tol;
}

bool isReddish(QRgb c) {
    return qRed(c) > 150 && qGreen(c) < 130 && qBlue(c) < 100;
}
bool isBluish(QRgb c) {
    return qBlue(c) > 120 && qRed(c) < 120;
}

/// Any pixel within r of p satisfies pred (anti-aliased edges are a pixel wide).
template <class Pred> bool pixelNear(const QImage& image, QPointF p, int r, Pred pred) {
    for (int dy = -r; dy <= r; ++dy) {
        for (int dx = -r; dx <= r; ++dx) {
            const QPoint q(qRound(p.x()) + dx, qRound(p.y()) + dy);
            if (image.rect().contains(q) && pred(image.pixel(q)))
                return true;
        }
    }
    return false;
}

QImage render(QWidget& w) {
    return w.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

/// A history with one channel filled by f(t) and the rest zero, at 1 kHz.
void fillHistory(LiveHistory& history, const std::string& channel, double seconds,
                 const std::function<double(double)>& f) {
    std::vector<double> row(channelCatalogue().size(), 0.0);
    const auto c = static_cast<std::size_t>(channelIndex(channel));
    const auto time = static_cast<std::size_t>(channelIndex("time"));
    const long n = std::lround(seconds * 1000.0);
    for (long i = 0; i < n; ++i) {
        row[time] = static_cast<double>(i) * 0.001;
        row[c] = f(row[time]);
        history.appendValues(row.data());
    }
}

} // namespace

class TestLiveViews : public QObject {
    Q_OBJECT
private slots:
    void frictionEllipseIsTheEnvelopeAtTheLoad();
    void frictionPointLiesAtFxFy_data();
    void frictionPointLiesAtFxFy();
    void ggPointAndEnvelope();
    void topDownWheelsAtTheirSteerAngles();
    void topDownReadouts();
    void tracesDecimateButKeepSpikes();
    void tracesGroupByUnitWithUnitsInTitles();
    void tracesKeepTheLegendClearOfTheData();
    void tracesScrollAndCursor();
    void tracesTickLabelsNeverOverlap();
    void tracesKeepInspectWindowWhenChannelsAreAdded();
    void historyStaysBounded();
    void decimatorPassesShortRanges();
    void pathTraceStaysBounded();
    void driveKeyboardRamps();
    void exportPngAndPdf();
    void exportRefusesFifoAndKeepsOldFile();
    void exportAtAChosenSize();
};

void TestLiveViews::frictionEllipseIsTheEnvelopeAtTheLoad() {
    // A status as the worker publishes it: a sample and the core's envelopes at its loads.
    const Simulator sim(defaultSetup());
    WorkerStatus status;
    status.hasSample = true;
    status.latest.load = {4200.0, 2500.0, 5200.0, 3100.0};
    status.latest.surfaceMu = {1.0, 1.0, 1.0, 1.0};
    status.latest.forces.fx = {1000.0, -800.0, 2500.0, 0.0};
    status.latest.forces.fy = {-1500.0, 600.0, 0.0, 2000.0};
    status.limits = frictionEnvelopes(sim, status.latest);
    LiveHistory history;
    const FrictionEllipseData data = makeFrictionData(status, history);

    FrictionEllipseView view;
    view.resize(500, 500);
    view.setFixedRange(8000.0);
    view.setData(data);
    const QImage image = render(view);
    const double k = view.pixelsPerNewton();
    QVERIFY(k > 0.0);
    for (int i = 0; i < 4; ++i) {
        const auto w = static_cast<std::size_t>(i);
        const FrictionLimits expected = sim.tire(i).limits(status.latest.load[w], 1.0);
        const QRectF e = view.paintedEllipse(i);
        QVERIFY2(near(e.width(), 2.0 * expected.fyMax * k),
                 qPrintable(QString("wheel %1 width %2 vs %3")
                                .arg(i)
                                .arg(e.width())
                                .arg(2.0 * expected.fyMax * k)));
        QVERIFY(near(e.height(), 2.0 * expected.fxMax * k));
        QVERIFY(near(e.center().x(), view.forceToWidget(i, 0, 0).x()));
        QVERIFY(near(e.center().y(), view.forceToWidget(i, 0, 0).y()));
        // The outline is drawn where the rectangle says (top, bottom, left, right).
        for (QPointF edge :
             {QPointF(e.center().x(), e.top()), QPointF(e.center().x(), e.bottom()),
              QPointF(e.left(), e.center().y()), QPointF(e.right(), e.center().y())}) {
            QVERIFY2(
                pixelNear(image, edge, 1, isBluish),
                qPrintable(
                    QString("wheel %1: no outline at %2,%3").arg(i).arg(edge.x()).arg(edge.y())));
        }
    }
    // A more loaded tire draws a bigger ellipse.
    QVERIFY(view.paintedEllipse(2).width() > view.paintedEllipse(1).width());
}

void TestLiveViews::frictionPointLiesAtFxFy_data() {
    QTest::addColumn<double>("fx");
    QTest::addColumn<double>("fy");
    QTest::newRow("accelerating, turning left") << 2000.0 << 1500.0;
    QTest::newRow("braking, turning right") << -3000.0 << -1000.0;
    QTest::newRow("pure lateral") << 0.0 << 3500.0;
}

void TestLiveViews::frictionPointLiesAtFxFy() {
    QFETCH(double, fx);
    QFETCH(double, fy);
    FrictionEllipseData data;
    for (auto& w : data.wheels) {
        w.fxMax = 4000.0;
        w.fyMax = 4200.0;
        w.fx = fx;
        w.fy = fy;
        w.usage = envelopeUsage(fx, fy, {w.fxMax, w.fyMax});
    }
    FrictionEllipseView view;
    view.resize(480, 480);
    view.setFixedRange(5000.0);
    view.setData(data);
    const QImage image = render(view);
    const double k = view.pixelsPerNewton();
    for (int i = 0; i < 4; ++i) {
        const QPointF centre = view.paintedEllipse(i).center();
        const QPointF p = view.paintedPoint(i);
        // Forward is up, left is left (as seen from above).
        QVERIFY(near(p.x(), centre.x() - fy * k));
        QVERIFY(near(p.y(), centre.y() - fx * k));
        QVERIFY2(pixelNear(image, p, 1, isReddish), "no dot where Fx, Fy say");
    }
}

void TestLiveViews::ggPointAndEnvelope() {
    GGEnvelope envelope(72);
    // A 1 g circle traced at 360 points, and a 1.2 g braking peak.
    for (int i = 0; i < 360; ++i) {
        const double a = i * std::numbers::pi / 180.0;
        envelope.add(std::cos(a), std::sin(a));
    }
    envelope.add(-1.2, 0.0);
    QCOMPARE(envelope.radius(envelope.sectorOf(-1.2, 0.0)), 1.2);
    QVERIFY(near(envelope.radius(envelope.sectorOf(-1.0, -0.2)), 1.0, 1e-12)); // two sectors on
    QVERIFY(near(envelope.radius(envelope.sectorOf(0.0, 1.0)), 1.0, 1e-12));
    QCOMPARE(envelope.maxRadius(), 1.2);

    WorkerStatus status;
    status.hasSample = true;
    status.latest.forces.longitudinalAccel = 0.5 * units::gravity;
    status.latest.forces.lateralAccel = -0.3 * units::gravity;
    LiveHistory history;
    const GGData data = makeGGData(status, history, envelope);
    QVERIFY(near(data.ax, 0.5, 1e-12));
    QVERIFY(near(data.ay, -0.3, 1e-12));

    GGDiagramView view;
    view.resize(400, 420);
    view.setFixedRange(1.5);
    view.setData(data);
    const QImage image = render(view);
    const QPointF centre = view.accelToWidget(0, 0);
    const double k = (view.accelToWidget(1.0, 0).y() - centre.y()) * -1.0; // px per g
    QVERIFY(k > 50.0);
    QVERIFY(near(view.paintedPoint().x(), centre.x() + 0.3 * k)); // right turn: to the right
    QVERIFY(near(view.paintedPoint().y(), centre.y() - 0.5 * k)); // accelerating: up
    QVERIFY(pixelNear(image, view.paintedPoint(), 1, isReddish));
    QCOMPARE(view.paintedEnvelopeVertices(), 72);
    // The envelope's braking peak: a vertex 1.2 g out at its sector's centre angle.
    const double a = envelope.sectorAngle(envelope.sectorOf(-1.2, 0.0));
    const QPointF peak = view.accelToWidget(1.2 * std::cos(a), 1.2 * std::sin(a));
    QVERIFY(near(peak.y() - centre.y(), 1.2 * k * -std::cos(a))); // below the centre
    QVERIFY(pixelNear(image, peak, 1, isBluish));
}

void TestLiveViews::topDownWheelsAtTheirSteerAngles() {
    TopDownData d;
    const VehicleModel model(defaultSetup());
    for (int i = 0; i < 4; ++i) {
        d.geometry.wheelX[static_cast<std::size_t>(i)] = model.wheelX(i);
        d.geometry.wheelY[static_cast<std::size_t>(i)] = model.wheelY(i);
        d.geometry.wheelRadius[static_cast<std::size_t>(i)] = model.wheelRadius(i);
    }
    d.heading = 0.4;
    d.wheelSteer = {0.30, 0.25, 0.0, 0.0};
    d.vx = 10.0;
    d.fx = {4000.0, 0.0, 0.0, 0.0};
    d.fy = {0.0, 0.0, 0.0, -2000.0};
    TopDownView view;
    view.resize(500, 500);
    view.setPixelsPerMetre(40.0);
    view.setData(d);
    const QImage image = render(view);

    for (int i = 0; i < 4; ++i) {
        const QPolygonF wheel = view.paintedWheel(i);
        QCOMPARE(wheel.size(), 4);
        // Rear-left corner to front-left corner: the wheel's forward direction on
        // screen (screen y points down, so the world angle is -atan2).
        const QPointF along = wheel[0] - wheel[3];
        const double drawn = std::atan2(-along.y(), along.x());
        const double expected = d.heading + d.wheelSteer[static_cast<std::size_t>(i)];
        QVERIFY2(
            std::abs(drawn - expected) < 1e-9,
            qPrintable(QString("wheel %1 at %2 rad, expected %3").arg(i).arg(drawn).arg(expected)));
        // The wheel sits where the model says, rotated with the body.
        const QPointF centre = (wheel[0] + wheel[2]) / 2.0;
        const double wx =
            model.wheelX(i) * std::cos(d.heading) - model.wheelY(i) * std::sin(d.heading);
        const double wy =
            model.wheelX(i) * std::sin(d.heading) + model.wheelY(i) * std::cos(d.heading);
        QVERIFY(near(centre.x(), view.worldToWidget(wx, wy).x()));
        QVERIFY(near(centre.y(), view.worldToWidget(wx, wy).y()));
    }
    // FL's 4000 N along its wheel, at the view's arrow scale, at heading + steer.
    const QPointF flCentre = (view.paintedWheel(0)[0] + view.paintedWheel(0)[2]) / 2.0;
    const QPointF tip = view.paintedForceTip(0) - flCentre;
    QVERIFY(near(std::hypot(tip.x(), tip.y()), 4000.0 * TopDownView::metresPerNewton * 40.0));
    QVERIFY(near(std::atan2(-tip.y(), tip.x()), 0.7, 1e-6));
    // RR's -2000 N lateral points to the car's right: heading - 90 deg.
    const QPointF rrCentre = (view.paintedWheel(3)[0] + view.paintedWheel(3)[2]) / 2.0;
    const QPointF rr = view.paintedForceTip(3) - rrCentre;
    QVERIFY(near(std::atan2(-rr.y(), rr.x()), 0.4 - std::numbers::pi / 2, 1e-6));
    // Velocity 10 m/s along the heading, at the view's arrow scale.
    const QPointF v = view.paintedVelocityTip() - view.worldToWidget(0, 0);
    QVERIFY(near(std::hypot(v.x(), v.y()), 10.0 * TopDownView::metresPerMps * 40.0));
    QVERIFY(near(std::atan2(-v.y(), v.x()), 0.4, 1e-6));
    QVERIFY(pixelNear(image,
                      view.paintedForceTip(0) - tip * 0.5 / std::hypot(tip.x(), tip.y()) * 10, 2,
                      isReddish));
}

void TestLiveViews::topDownReadouts() {
    TopDownData d;
    d.heading = std::numbers::pi / 2; // facing world +y
    d.vx = 20.0;
    d.vy = 1.0;
    d.steerAngle = units::degToRad(3.0);
    d.sideslip = std::atan2(1.0, 20.0);
    d.yawRate = units::degToRad(10.0);
    d.slipAngle = {units::degToRad(-2.0), units::degToRad(-2.5), units::degToRad(-1.0),
                   units::degToRad(-1.5)};
    TopDownView view;
    view.setData(d);
    const QString text = view.readouts().join('\n');
    QVERIFY2(text.contains("Steer angle 3.00°"), qPrintable(text));
    QVERIFY(text.contains("Yaw rate 10.00°/s"));
    QVERIFY(text.contains("Sideslip β 2.86°"));
    QVERIFY(text.contains("Slip front -2.00° / -2.50°"));
    // Speeds in the window's unit, like the traces: km/h (x 3.6), then mph (/ 0.44704).
    QVERIFY2(text.contains("Speed 72.1 km/h"), qPrintable(text)); // |(20, 1)| = 20.025 m/s
    QVERIFY(text.contains("v car x 72.00, y 3.60 km/h"));
    QVERIFY2(text.contains("v world X -3.60, Y 72.00 km/h"), qPrintable(text)); // rotated by heading
    view.setUnitSystem(UnitSystem::Imperial);
    const QString imperial = view.readouts().join('\n');
    QVERIFY2(imperial.contains("Speed 44.8 mph"), qPrintable(imperial));
    QVERIFY(imperial.contains("v car x 44.74, y 2.24 mph"));
    QVERIFY(imperial.contains("Steer angle 3.00°")); // angles stay in degrees
}

void TestLiveViews::tracesDecimateButKeepSpikes() {
    LiveHistory history;
    // 60 s at 1 kHz of a gentle sine, with one single-sample spike at t = 30 s.
    fillHistory(history, "speed", 60.0,
                [](double t) { return std::abs(t - 30.0) < 0.0005 ? 100.0 : 20.0 + std::sin(t); });
    LiveTracePlots plots;
    plots.resize(900, 600);
    plots.setSelectedChannels({"speed"});
    plots.setWindowSeconds(60.0);
    plots.setHistory(&history);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    // QCustomPlot lays out its axis rects when it replots, and the first refresh
    // sets the y range (so the tick labels' width): settle, then refresh again.
    plots.refresh();
    plots.plot()->replot();
    plots.refresh();
    QCPGraph* graph = plots.graph(0);
    QVERIFY(graph);
    const int columns = plots.rowRect(0)->width();
    QVERIFY(columns > 100);
    const int points = graph->data()->size();
    QVERIFY2(points <= 2 * columns + 4,
             qPrintable(QString("%1 points for %2 px").arg(points).arg(columns)));
    QVERIFY(points >= columns);
    double maxValue = 0.0;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        maxValue = std::max(maxValue, it->value);
    QCOMPARE(maxValue, 100.0 * units::kmhPerMps); // the spike survived (shown in km/h)
    const QCPRange x = plots.rowRect(0)->axis(QCPAxis::atBottom)->range();
    QVERIFY(near(x.lower, 0.0, 1e-9) && near(x.upper, 60.0, 1e-9)); // a full 60 s window
}

// A row of several traces has a legend in its top-left corner; the y range keeps
// room for it, so the highest point of any trace is drawn below the legend.
void TestLiveViews::tracesKeepTheLegendClearOfTheData() {
    LiveHistory history;
    fillHistory(history, "ax", 10.0, [](double t) { return 3.0 + std::sin(t); }); // ay stays 0
    LiveTracePlots plots;
    plots.resize(900, 500);
    plots.setSelectedChannels({"ax", "ay"});
    plots.setWindowSeconds(10.0);
    plots.setHistory(&history);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    plots.refresh(); // as in tracesDecimateButKeepSpikes: lay out, then refresh again
    plots.plot()->replot();
    plots.refresh();
    plots.plot()->replot();
    QCOMPARE(plots.rowCount(), 1);
    QCPAxisRect* rect = plots.rowRect(0);
    auto* legend = qobject_cast<QCPLegend*>(rect->insetLayout()->elementAt(0));
    QVERIFY(legend && legend->visible());
    const double highest = rect->axis(QCPAxis::atLeft)->coordToPixel(4.0 / units::gravity); // max of ax, in g
    QVERIFY2(highest > legend->outerRect().bottom(),
             qPrintable(QStringLiteral("data top at %1 px, legend bottom at %2 px")
                            .arg(highest)
                            .arg(legend->outerRect().bottom())));
}

void TestLiveViews::tracesGroupByUnitWithUnitsInTitles() {
    LiveHistory history;
    fillHistory(history, "steer_angle", 5.0, [](double) { return 0.1; }); // rad
    LiveTracePlots plots;
    plots.resize(800, 600);
    plots.setSelectedChannels({"speed", "vx", "ax", "steer_angle"});
    plots.setHistory(&history);
    QCOMPARE(plots.rowCount(), 3); // speeds (km/h in SI display), accelerations (g), deg
    QCOMPARE(plots.rowRect(0)->axis(QCPAxis::atLeft)->label(), QString("Motion (km/h)"));
    QCOMPARE(plots.rowRect(1)->axis(QCPAxis::atLeft)->label(),
             QString("Longitudinal acceleration (g)"));
    QCOMPARE(plots.rowRect(2)->axis(QCPAxis::atLeft)->label(), QString("Steer angle (deg)"));
    QCOMPARE(plots.rowRect(2)->axis(QCPAxis::atBottom)->label(), QString("Time (s)"));
    // Radians are shown in degrees.
    QCPGraph* steer = plots.graph(3);
    QVERIFY(steer && steer->data()->size() > 0);
    QVERIFY(near(steer->data()->constBegin()->value, units::radToDeg(0.1), 1e-9));
}

void TestLiveViews::tracesScrollAndCursor() {
    LiveHistory history;
    fillHistory(history, "speed", 45.0, [](double t) { return t; });
    LiveTracePlots plots;
    plots.resize(800, 500);
    plots.setSelectedChannels({"speed"});
    plots.setWindowSeconds(10.0);
    plots.setHistory(&history);
    const QCPRange x = plots.rowRect(0)->axis(QCPAxis::atBottom)->range();
    QVERIFY(near(x.upper, 44.999, 1e-6) && near(x.lower, 34.999, 1e-6));
    plots.showCursorAt(40.0);
    QVERIFY2(plots.cursorReadout().contains("Speed 144 km/h"), // 40 m/s
             qPrintable(plots.cursorReadout()));

    // Inspect: the window stays where the user put it while data arrives.
    plots.setInspecting(true);
    plots.rowRect(0)->axis(QCPAxis::atBottom)->setRange(5.0, 8.0);
    fillHistory(history, "speed", 1.0, [](double) { return 0.0; }); // more (odd) samples
    plots.refresh();
    const QCPRange held = plots.rowRect(0)->axis(QCPAxis::atBottom)->range();
    QCOMPARE(held.lower, 5.0);
    QCOMPARE(held.upper, 8.0);
}

// Six rows on a short widget: the plots scroll rather than squeeze, and on every row the
// y ticks stand at least a label's height apart, the time ticks a label's width apart,
// at the minimum row height and at a tall one alike.
void TestLiveViews::tracesTickLabelsNeverOverlap() {
    LiveHistory history;
    fillHistory(history, "speed", 20.0, [](double t) { return 3.7 * t; });
    LiveTracePlots plots;
    plots.setSelectedChannels({"speed", "ax", "yaw_rate", "steer_angle", "rpm", "engine_torque"});
    plots.setWindowSeconds(20.0);
    plots.setHistory(&history);
    QCOMPARE(plots.rowCount(), 6);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    for (const int height : {400, 1600}) {
        plots.resize(800, height);
        for (int pass = 0; pass < 3; ++pass) { // lay out, fit the heights, tick the laid-out rows
            QApplication::processEvents();
            plots.refresh();
            plots.plot()->replot();
        }
        for (int r = 0; r < plots.rowCount(); ++r) {
            QCPAxis* y = plots.rowRect(r)->axis(QCPAxis::atLeft);
            QCPAxis* x = plots.rowRect(r)->axis(QCPAxis::atBottom);
            const QFontMetrics yFont(y->tickLabelFont());
            const QFontMetrics xFont(x->tickLabelFont());
            const auto gaps = [](QCPAxis* axis) {
                QVector<double> pixels;
                for (double t : axis->tickVector()) {
                    if (axis->range().contains(t))
                        pixels << axis->coordToPixel(t);
                }
                std::sort(pixels.begin(), pixels.end());
                double smallest = std::numeric_limits<double>::infinity();
                for (qsizetype k = 1; k < pixels.size(); ++k)
                    smallest = std::min(smallest, pixels[k] - pixels[k - 1]);
                return std::pair{pixels.size(), smallest};
            };
            const auto [yTicks, yGap] = gaps(y);
            QVERIFY2(yTicks >= 2, qPrintable(QStringLiteral("row %1: %2 y ticks").arg(r).arg(yTicks)));
            QVERIFY2(yGap >= yFont.height(), qPrintable(QStringLiteral("height %1, row %2 (%3 px): y ticks %4 px apart")
                                                            .arg(height).arg(r).arg(plots.rowRect(r)->height())
                                                            .arg(yGap)));
            int widest = 0;
            for (const QString& label : x->tickVectorLabels())
                widest = std::max(widest, xFont.horizontalAdvance(label));
            const auto [xTicks, xGap] = gaps(x);
            QVERIFY(xTicks >= 2);
            QVERIFY2(xGap > widest, qPrintable(QStringLiteral("time ticks %1 px apart, labels %2 px wide")
                                                   .arg(xGap).arg(widest)));
        }
    }
}

void TestLiveViews::tracesKeepInspectWindowWhenChannelsAreAdded() {
    // Paused in Inspect, a channel ticked in the picker: every row keeps the zoomed
    // time window and the new row shows its data at its values' scale.
    LiveHistory history;
    std::vector<double> row(channelCatalogue().size(), 0.0);
    const auto time = static_cast<std::size_t>(channelIndex("time"));
    const auto speed = static_cast<std::size_t>(channelIndex("speed"));
    const auto rpm = static_cast<std::size_t>(channelIndex("rpm"));
    for (int i = 0; i < 30000; ++i) {
        row[time] = i * 0.001;
        row[speed] = row[time];
        row[rpm] = 1000.0 + 100.0 * row[time]; // 1500-1800 in the window below
        history.appendValues(row.data());
    }
    LiveTracePlots plots;
    plots.resize(800, 500);
    plots.setSelectedChannels({"speed"});
    plots.setHistory(&history);
    plots.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plots));
    plots.setInspecting(true);
    plots.rowRect(0)->axis(QCPAxis::atBottom)->setRange(5.0, 8.0);

    auto* picker = plots.findChild<QTreeWidget*>();
    QVERIFY(picker);
    QTreeWidgetItem* rpmItem = nullptr;
    for (QTreeWidgetItemIterator it(picker); *it; ++it) {
        if ((*it)->toolTip(0).endsWith(QLatin1String("\nrpm"))) // the title, then the key
            rpmItem = *it;
    }
    QVERIFY(rpmItem);
    rpmItem->setCheckState(0, Qt::Checked);
    QCOMPARE(plots.rowCount(), 2);
    for (int r = 0; r < plots.rowCount(); ++r) {
        const QCPRange x = plots.rowRect(r)->axis(QCPAxis::atBottom)->range();
        QCOMPARE(x.lower, 5.0);
        QCOMPARE(x.upper, 8.0);
    }
    QCPGraph* rpmGraph = plots.graph(1);
    QVERIFY(rpmGraph && !rpmGraph->data()->isEmpty());
    const QCPRange y = rpmGraph->valueAxis()->range();
    QVERIFY2(y.lower <= 1500.0 && y.upper >= 1800.0 && y.upper < 3000.0,
             qPrintable(QStringLiteral("rpm axis %1-%2").arg(y.lower).arg(y.upper)));
    QVERIFY(plots.isInspecting());
}

void TestLiveViews::historyStaysBounded() {
    LiveHistory history(LiveHistory::Capacity{1000, 500});
    const long total = 200000;
    fillHistory(history, "speed", total / 1000.0, [](double t) { return t; });
    QVERIFY(history.recentSize() >= 1000 && history.recentSize() <= 2000);
    QVERIFY(history.archiveSize() <= 500);
    QVERIFY(history.archiveStride() > 1);
    QVERIFY(history.memoryBytes() <= (2000 + 500) * history.channelCount() * sizeof(double));
    // Newest at full rate; everything in time order; the oldest sample kept.
    QCOMPARE(history.lastTime(), (total - 1) * 0.001);
    QCOMPARE(history.firstTime(), 0.0);
    const auto recent = history.recentTime();
    QVERIFY(near(recent[1] - recent[0], 0.001, 1e-9));
    const auto archive = history.archiveTime();
    for (std::size_t i = 1; i < archive.size(); ++i)
        QVERIFY(near(archive[i] - archive[i - 1], history.archiveStride() * 0.001, 1e-9));
    QVERIFY(archive.back() < recent.front());
    // speed == t was stored with its time.
    const auto speed = static_cast<std::size_t>(channelIndex("speed"));
    QCOMPARE(history.valueAt(speed, 199.5), 199.5);   // full rate
    const double old = history.valueAt(speed, 150.0); // thinned: the last kept sample before
    QVERIFY(old <= 150.0 && old > 150.0 - history.archiveStride() * 0.001);
    const QByteArray csv = history.toCsv();
    QVERIFY(csv.startsWith("time [s],"));
    QCOMPARE(csv.count('\n'), static_cast<qsizetype>(history.size() + 1));
}

void TestLiveViews::decimatorPassesShortRanges() {
    const std::vector<double> t{0, 1, 2, 3, 4}, v{1, 2, 3, 4, 5};
    std::vector<TracePoint> out;
    decimateMinMax(t, v, 1.0, 3.0, 100, 2.0, out);
    QCOMPARE(out.size(), std::size_t(5)); // the window and one sample each side
    QCOMPARE(out[2].v, 6.0);              // scaled
}

void TestLiveViews::pathTraceStaysBounded() {
    PathTrace path(0.5, 100);
    for (int i = 0; i < 100000; ++i)
        path.add(i * 0.1, 0.0);
    QVERIFY(path.points().size() < 100);
    QVERIFY(path.spacing() > 0.5);
    QCOMPARE(path.points().front().x(), 0.0);
}

void TestLiveViews::driveKeyboardRamps() {
    DriveKeyboard keys; // throttle up 2/s, down 4/s; steer 1.2/s, return 2.5/s
    // As the pad's timer does: small steps (update() ignores gaps over 0.1 s).
    auto advance = [&](double seconds) {
        for (int i = 0; i < qRound(seconds / 0.05); ++i)
            keys.update(0.05);
        return keys.inputs();
    };
    QVERIFY(keys.keyPress(Qt::Key_W));
    QVERIFY(near(advance(0.25).throttle, 0.5, 1e-12));
    QVERIFY(near(advance(1.0).throttle, 1.0, 1e-12)); // capped
    keys.keyRelease(Qt::Key_W);
    QVERIFY(near(advance(0.1).throttle, 0.6, 1e-12));
    keys.keyPress(Qt::Key_Left);
    QVERIFY(near(advance(0.5).steer, 0.6, 1e-12)); // + is left
    keys.keyRelease(Qt::Key_Left);
    keys.keyPress(Qt::Key_D);
    QVERIFY(near(advance(0.1).steer, 0.35, 1e-12)); // back towards centre at 2.5/s
    keys.keyPress(Qt::Key_Space);
    QVERIFY(advance(0.5).handbrake == 1.0);
    QVERIFY(near(keys.update(5.0).throttle, 0.0, 1e-12)); // a 5 s hiccup counts as 0.1 s
    keys.setTopGear(3);
    for (int i = 0; i < 5; ++i)
        keys.keyPress(Qt::Key_E);
    QCOMPARE(keys.requestedGear(), 3);
    for (int i = 0; i < 9; ++i)
        keys.keyPress(Qt::Key_PageDown);
    QCOMPARE(keys.requestedGear(), -1);
    QVERIFY(!keys.keyPress(Qt::Key_X));
}

void TestLiveViews::exportPngAndPdf() {
    QTemporaryDir dir;
    FrictionEllipseView friction;
    friction.resize(300, 300);
    LiveTracePlots plots;
    plots.resize(500, 400);
    for (QWidget* view : {static_cast<QWidget*>(&friction), static_cast<QWidget*>(&plots)}) {
        for (const char* suffix : {"png", "pdf"}) {
            const QString path = dir.filePath(
                QString("%1.%2").arg(view->metaObject()->className()).arg(suffix).remove("vtw::"));
            QString error;
            QVERIFY2(exportView(view, path, &error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 500);
            // The bytes are drawn into a buffer first: the file must still
            // carry the format its suffix names, not some default.
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray head = file.read(8);
            if (QByteArray(suffix) == "png")
                QCOMPARE(head, QByteArray("\x89PNG\r\n\x1a\n", 8));
            else
                QVERIFY2(head.startsWith("%PDF-"), head.constData());
        }
    }
}

// A save that cannot complete must say so and leave what was there: a FIFO
// target is refused by the checked writer (renaming over it would replace the
// node), and a regular file whose commit fails keeps its old bytes. Both
// kinds of view (QCustomPlot and QPainter) and both formats go through it.
// A PNG at the width asked for, its height in the view's proportions, with the
// resolution asked for written in the file (dots per metre = dpi / 0.0254).
void TestLiveViews::exportAtAChosenSize() {
    QTemporaryDir dir;
    QCustomPlot plot;
    plot.resize(400, 300);
    plot.addGraph()->setData({0.0, 1.0, 2.0}, {0.0, 1.0, 0.5});
    FrictionEllipseView friction;
    friction.resize(300, 200);
    struct Case {
        QWidget* view;
        int width, dpi, height;
    };
    for (const Case& c : {Case{&plot, 1200, 300, 900}, Case{&friction, 750, 96, 500}}) {
        const QString path = dir.filePath(QStringLiteral("%1.png").arg(c.width));
        QString error;
        QVERIFY2(exportView(c.view, path, &error, {c.width, c.dpi}), qPrintable(error));
        QCOMPARE(exportHeightFor(c.view, c.width), c.height);
        const QImage image(path);
        QCOMPARE(image.width(), c.width);
        QCOMPARE(image.height(), c.height);
        QCOMPARE(image.dotsPerMeterX(), int(std::lround(c.dpi / 0.0254)));
    }
}

void TestLiveViews::exportRefusesFifoAndKeepsOldFile() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    FrictionEllipseView friction;
    friction.resize(300, 300);
    LiveTracePlots plots;
    plots.resize(500, 400);
    QCustomPlot plot; // any plot of the window: written through the checked writer too
    plot.resize(300, 200);
    const QByteArray oldBytes("the previous export, not to be touched\n");
    for (QWidget* view : {static_cast<QWidget*>(&friction), static_cast<QWidget*>(&plots), static_cast<QWidget*>(&plot)}) {
        for (const char* suffix : {"png", "pdf"}) {
            const QString name =
                QString("%1.%2").arg(view->metaObject()->className()).arg(suffix).remove("vtw::");
            const QString fifo = dir.filePath("fifo-" + name);
            QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
            QString error;
            QVERIFY(!exportView(view, fifo, &error));
            QVERIFY2(error.contains("not a regular file"), qPrintable(error));
            struct stat st {};
            QCOMPARE(::stat(QFile::encodeName(fifo).constData(), &st), 0);
            QVERIFY(S_ISFIFO(st.st_mode)); // still the FIFO, not replaced by a file

            const QString old = dir.filePath("old-" + name);
            {
                QFile file(old);
                QVERIFY(file.open(QIODevice::WriteOnly));
                QCOMPARE(file.write(oldBytes), oldBytes.size());
            }
            error.clear();
            testing::setFailAtomicCommits(true);
            const bool saved = exportView(view, old, &error);
            testing::setFailAtomicCommits(false);
            QVERIFY(!saved);
            QVERIFY2(error.contains("cannot save"), qPrintable(error));
            QFile file(old);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(file.readAll(), oldBytes);
        }
    }
    // A FIFO and an old file for each of the 3 views and 2 formats, and nothing more.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot).size(),
             3 * 2 * 2);
}

QTEST_MAIN(TestLiveViews)
#include "tst_live_views.moc"

// The state is described once (core/vehicle/BodyState.h, bodyStateFields) and everything that
// walks it follows the list: each integrator advances every field, the telemetry has a
// channel for every field, and the divergence check names every field. BodyState.h
// itself refuses to compile when a field of BodyState has no entry; these tests check
// what the entries drive. They add nothing to the physics: the integrators run on a
// model that returns the rates the test chooses.
#include "core/vehicle/BodyState.h"
#include "core/sim/Simulator.h"
#include "core/sim/Telemetry.h"
#include "core/step/Integrators.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace vtw;

namespace {

// dt a power of two, so that dt times a small integer is exact.
constexpr double dt = 1.0 / 1024.0;
// RK4 advances by (dt / 6) (1 + 2 + 2 + 1) rates: dt / 6 rounds once and the product
// once, so the result is within two roundings of dt.
constexpr double rungeKuttaRounding = 2.0 * std::numeric_limits<double>::epsilon();
// fastSinCos's absolute error (docs/physics.md 11), in the semi-implicit integrator's
// pose update.
constexpr double fastSinCosError = 1e-9;

/// A model that answers as VehicleModel does, with chosen rates and no forces: every
/// tire force, envelope and wheel stiffness is zero, masses and inertias are one, and
/// the position rates are the chosen ones too (no kinematics).
struct RatesOnlyModel {
    BodyRates rates;

    void evaluate(const BodyState&, const StepContext&, ForceEvaluation& out) const {
        out = ForceEvaluation{};
        out.rates = rates;
    }
    static void addPositionRates(const BodyState&, BodyRates&) {}
    VTW_LANE Quad wheelTorqueStiffnesses(Quad, Quad) const { return Quad{}; }
    VTW_LANE Quad inverseWheelInertias() const { return quad(1.0); }
    VTW_LANE Quad inverseWheelRadii() const { return quad(1.0); }
    VTW_LANE Quad wheelRadii() const { return quad(1.0); }
    VTW_LANE Quad wheelXs() const { return Quad{}; }
    VTW_LANE Quad wheelYs() const { return Quad{}; }
    double inverseMass() const { return 1.0; }
    double inverseYawInertia() const { return 1.0; }
};

/// One value of the state: a field, and for a per-wheel field a wheel.
struct StateValue {
    std::string name;  ///< its telemetry channel
    std::string label; ///< and that channel's label and unit, as "Wheel spin FL (rad/s)"
    SemiImplicitRule rule;
    double (*read)(const BodyState&);
    void (*write)(BodyState&, double);
};

template <std::size_t I, std::size_t W> double readValue(const BodyState& b) {
    if constexpr (isWheelStateField<I>)
        return (b.*stateField<I>.member)[W];
    else
        return b.*stateField<I>.member;
}
template <std::size_t I, std::size_t W> void writeValue(BodyState& b, double v) {
    if constexpr (isWheelStateField<I>)
        (b.*stateField<I>.member).set(W, v);
    else
        b.*stateField<I>.member = v;
}

const char* const wheels[WheelCount] = {"FL", "FR", "RL", "RR"};

/// Every value of the state, field by field from bodyStateFields.
std::vector<StateValue> stateValues() {
    std::vector<StateValue> values;
    forEachStateField([&]<std::size_t I>() {
        constexpr auto& field = stateField<I>;
        if constexpr (isWheelStateField<I>) {
            [&]<std::size_t... W>(std::index_sequence<W...>) {
                (values.push_back({std::string(field.channel.name) + "_" + wheels[W],
                                   std::string(field.channel.label) + " " + wheels[W] + " (" +
                                       field.channel.unit + ")",
                                   field.semiImplicit, readValue<I, W>, writeValue<I, W>}),
                 ...);
            }(std::make_index_sequence<WheelCount>{});
        } else {
            values.push_back({field.channel.name,
                              std::string(field.channel.label) + " (" + field.channel.unit + ")",
                              field.semiImplicit, readValue<I, 0>, writeValue<I, 0>});
        }
    });
    return values;
}

const StateValue& valueNamed(const std::vector<StateValue>& values, const std::string& name) {
    for (const StateValue& v : values) {
        if (v.name == name)
            return v;
    }
    qFatal("no state value %s", name.c_str());
}

enum class Scheme { ExplicitEuler, SemiImplicitEuler, RungeKutta4 };

/// One step of dt from the zero state, with a unit rate in `moving` and zero elsewhere.
BodyState stepWithUnitRate(Scheme scheme, const StateValue& moving) {
    RatesOnlyModel model;
    moving.write(model.rates, 1.0);
    const StepContext ctx{};
    BodyState s;
    ForceEvaluation first;
    switch (scheme) {
    case Scheme::ExplicitEuler: explicitEulerStep(model, ctx, s, first, dt); break;
    case Scheme::SemiImplicitEuler: semiImplicitEulerStep(model, ctx, s, first, dt); break;
    case Scheme::RungeKutta4: rungeKutta4Step(model, ctx, s, first, dt); break;
    }
    return s;
}

/// "<value> = <got>, expected <expected>", for a failed comparison.
QByteArray mismatch(const StateValue& v, const BodyState& after, double expected) {
    return QStringLiteral("%1 = %2, expected %3")
        .arg(QString::fromStdString(v.name))
        .arg(v.read(after), 0, 'g', 17)
        .arg(expected)
        .toUtf8();
}

} // namespace

class TestStateFields : public QObject {
    Q_OBJECT
private slots:
    // Explicit Euler and RK4 treat the state as one vector: a unit rate of one value
    // moves that value by dt and nothing else.
    void unitRateMovesOnlyItsValue_data() {
        QTest::addColumn<int>("scheme");
        QTest::addColumn<QString>("value");
        for (const auto& [scheme, name] : {std::pair{Scheme::ExplicitEuler, "explicit Euler"},
                                          std::pair{Scheme::RungeKutta4, "RK4"}}) {
            for (const StateValue& v : stateValues())
                QTest::addRow("%s, %s", name, v.name.c_str()) << int(scheme) << QString::fromStdString(v.name);
        }
    }
    void unitRateMovesOnlyItsValue() {
        QFETCH(int, scheme);
        QFETCH(QString, value);
        const std::vector<StateValue> values = stateValues();
        const StateValue& moving = valueNamed(values, value.toStdString());
        const BodyState after = stepWithUnitRate(Scheme(scheme), moving);
        for (const StateValue& v : values) {
            const double expected = &v == &moving ? dt : 0.0;
            QVERIFY2(std::abs(v.read(after) - expected) <= rungeKuttaRounding * dt,
                     mismatch(v, after, expected).constData());
        }
    }

    // The semi-implicit integrator follows each field's rule (SemiImplicitRule): the
    // wheels (here with no tire to stiffen them) and the velocities move by dt times
    // their rate, a field with no rule of its own likewise, and the pose does not take
    // its rate but follows the new velocities: psi += dt r_new, (x, y) += dt R(psi_new)
    // (vx_new, vy_new) (docs/physics.md 7). From the zero state a unit rate of vx moves x
    // by dt^2, of vy y by dt^2, of r psi by dt^2; a unit rate of a pose field moves nothing.
    void semiImplicitFollowsEachRule_data() {
        QTest::addColumn<QString>("value");
        for (const StateValue& v : stateValues())
            QTest::addRow("%s", v.name.c_str()) << QString::fromStdString(v.name);
    }
    void semiImplicitFollowsEachRule() {
        QFETCH(QString, value);
        const std::vector<StateValue> values = stateValues();
        const StateValue& moving = valueNamed(values, value.toStdString());
        const BodyState after = stepWithUnitRate(Scheme::SemiImplicitEuler, moving);
        const std::string followedBy = moving.name == "vx"         ? "x"
                                       : moving.name == "vy"       ? "y"
                                       : moving.name == "yaw_rate" ? "heading"
                                                                   : "";
        for (const StateValue& v : values) {
            double expected = 0.0;
            if (&v == &moving && moving.rule != SemiImplicitRule::FromNewVelocity)
                expected = dt;
            else if (v.name == followedBy)
                expected = dt * dt;
            QVERIFY2(std::abs(v.read(after) - expected) <= fastSinCosError * expected,
                     mismatch(v, after, expected).constData());
        }
    }

    // Every value of the state has its telemetry channel, which reads that value.
    void everyValueHasItsChannel() {
        const std::vector<StateValue> values = stateValues();
        for (std::size_t k = 0; k < values.size(); ++k) {
            const StateValue& v = values[k];
            const int index = channelIndex(v.name);
            QVERIFY2(index >= 0, v.name.c_str());
            StepSample sample;
            const double marker = 100.0 + double(k); // a different value for each
            v.write(sample.body, marker);
            QCOMPARE(channelCatalogue()[std::size_t(index)].read(sample), marker);
        }
    }

    // A state value that is not finite stops the run, named by its channel's label: the
    // divergence check walks every field.
    void everyValueIsChecked() {
        const std::vector<StateValue> values = stateValues();
        for (const StateValue& v : values) {
            BodyState b;
            v.write(b, std::numeric_limits<double>::infinity());
            QCOMPARE(implausibleField(b), v.label + " = inf");
            BodyState fine;
            QVERIFY(implausibleField(fine).empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestStateFields)
#include "tst_state_fields.moc"

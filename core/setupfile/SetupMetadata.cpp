#include "core/setupfile/SetupMetadata.h"

#include "core/base/Metric.h"

#include "core/powertrain/Differentials.h"
#include "core/base/Units.h"
#include "core/setupfile/SetupEnumKeys.h"
#include "core/tires/TireModels.h"

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

// Limits (FieldLimits) are hard limits of what the model can run, not of what is
// typical: a modder may build a truck or a kart. "above" excludes the lower bound.
using Limits = FieldLimits;

using DoubleRef = std::function<double&(Setup&)>;

FieldMeta number(QString path, QString label, QString unit, Quantity quantity, Limits limits,
                 double step, int decimals, QString tooltip, DoubleRef ref) {
    FieldMeta f;
    f.path = std::move(path);
    f.label = std::move(label);
    f.unit = std::move(unit);
    f.quantity = quantity;
    f.min = limits.min;
    f.max = limits.max;
    f.minExclusive = limits.minExclusive;
    f.maxExclusive = limits.maxExclusive;
    f.step = step;
    f.decimals = decimals;
    f.tooltip = std::move(tooltip);
    f.kind = FieldKind::Number;
    f.get = [ref](const Setup& s) { return ref(const_cast<Setup&>(s)); };
    f.set = [ref](Setup& s, double v) { ref(s) = v; };
    return f;
}

FieldMeta integer(QString path, QString label, Limits limits, QString tooltip,
                  std::function<int&(Setup&)> ref) {
    FieldMeta f;
    f.path = std::move(path);
    f.label = std::move(label);
    f.min = limits.min;
    f.max = limits.max;
    f.step = 1.0;
    f.decimals = 0;
    f.tooltip = std::move(tooltip);
    f.kind = FieldKind::Integer;
    f.get = [ref](const Setup& s) { return double(ref(const_cast<Setup&>(s))); };
    f.set = [ref](Setup& s, double v) { ref(s) = static_cast<int>(v); };
    return f;
}

template <typename Enum>
FieldMeta enumeration(QString path, QString label, QString tooltip,
                      std::function<Enum&(Setup&)> ref) {
    FieldMeta f;
    f.path = std::move(path);
    f.label = std::move(label);
    f.tooltip = std::move(tooltip);
    f.kind = FieldKind::Enum;
    f.enumKeys = enumKeys<Enum>();
    f.enumNames = enumDisplayNames<Enum>();
    f.min = 0;
    f.max = double(f.enumKeys.size() - 1);
    f.decimals = 0;
    f.get = [ref](const Setup& s) { return double(static_cast<int>(ref(const_cast<Setup&>(s)))); };
    f.set = [ref](Setup& s, double v) { ref(s) = static_cast<Enum>(static_cast<int>(v)); };
    return f;
}

struct Axis {
    QString label;
    QString unit;
    Quantity quantity;
};

FieldMeta curve(QString path, QString label, Axis x, Axis y, CurveRules rules, QString tooltip,
                std::function<Curve&(Setup&)> ref) {
    FieldMeta f;
    f.path = std::move(path);
    f.label = std::move(label);
    f.tooltip = std::move(tooltip);
    f.kind = FieldKind::Curve;
    f.curve = std::move(ref);
    f.xLabel = x.label;
    f.xUnit = x.unit;
    f.xQuantity = x.quantity;
    f.yLabel = y.label;
    f.yUnit = y.unit;
    f.yQuantity = y.quantity;
    f.unit = y.unit;
    f.quantity = y.quantity;
    f.curveRules = rules;
    return f;
}

// A field added after files without it existed: read as its default when missing, and
// written only once it says something (so older files round-trip unchanged).
void optionalUnlessChanged(FieldMeta& field, std::function<bool(const Setup&)> changed) {
    field.optional = true;
    field.written = std::move(changed);
}

// The coupling of a limited-slip differential (LimitedSlipParams), written only while
// the differential it belongs to is of a type that uses it.
void addLimitedSlipFields(std::vector<FieldMeta>& out, const QString& p, const QString& which,
                          std::function<DifferentialType&(Setup&)> type,
                          std::function<LimitedSlipParams&(Setup&)> params) {
    using Q = Quantity;
    auto ref = [params](double LimitedSlipParams::*member) {
        return [params, member](Setup& s) -> double& { return params(s).*member; };
    };
    // All four are written with either limited-slip type, so that switching between
    // the two in a saved file keeps the other's values.
    const auto limitedSlip = [type](const Setup& s) { return isLimitedSlip(type(const_cast<Setup&>(s))); };
    out.push_back(number(p + "preload", which + " LSD preload", "N m", Q::Torque, within(0, 1e5), 5, 0,
                         "Clutch type: locking torque with no input torque",
                         ref(&LimitedSlipParams::preload)));
    optionalUnlessChanged(out.back(), limitedSlip);
    out.push_back(number(p + "powerLocking", which + " LSD power locking", "", Q::Share, within(0, 1), 0.01, 3,
                         "Clutch type: locking torque per unit of input torque under power (the power "
                         "ramp; AC's POWER)",
                         ref(&LimitedSlipParams::powerLocking)));
    optionalUnlessChanged(out.back(), limitedSlip);
    out.push_back(number(p + "coastLocking", which + " LSD coast locking", "", Q::Share, within(0, 1), 0.01, 3,
                         "Clutch type: the same on the overrun, engine braking (the coast ramp; AC's COAST)",
                         ref(&LimitedSlipParams::coastLocking)));
    optionalUnlessChanged(out.back(), limitedSlip);
    out.push_back(number(p + "viscousCoefficient", which + " viscous coefficient", "N m s/rad",
                         Q::TorquePerAngularSpeed, within(0, 1e4), 1, 1,
                         "Viscous type: torque passed per rad/s of speed difference between the outputs",
                         ref(&LimitedSlipParams::viscousCoefficient)));
    optionalUnlessChanged(out.back(), limitedSlip);
}

#define VTW_REF(expr)                                                                              \
    [](Setup & s) -> auto& {                                                                       \
        return expr;                                                                               \
    }
#define VTW_TIRE(expr)                                                                             \
    [axle](Setup & s) -> auto& {                                                                   \
        TireParams& t = axle(s);                                                                   \
        return expr;                                                                               \
    }

using AxleRef = TireParams& (*)(Setup&);

QString text(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// One row per field a tire model describes (core/tires/models/), under its section
// q = tires.<axle>.<key>.; Model::of picks its parameter set from the axle's.
template <class Model> struct TireFieldRows {
    std::vector<FieldMeta>& out;
    QString q;
    AxleRef axle;

    template <class Ref> void operator()(const NumberField<typename Model::Params, Ref>& f) const {
        out.push_back(number(q + text(f.key), text(f.label), text(f.unit), f.quantity, f.limits, f.step, f.decimals,
                             text(f.tooltip), [axle = axle, ref = f.ref](Setup& s) -> double& {
                                 return ref(Model::of(axle(s)));
                             }));
    }
    void operator()(const IntegerField<typename Model::Params>& f) const {
        out.push_back(integer(q + text(f.key), text(f.label), f.limits, text(f.tooltip),
                              [axle = axle, ref = f.ref](Setup& s) -> int& { return ref(Model::of(axle(s))); }));
    }
    template <class Enum> void operator()(const EnumField<typename Model::Params, Enum>& f) const {
        out.push_back(enumeration<Enum>(
            q + text(f.key), text(f.label), text(f.tooltip),
            [axle = axle, ref = f.ref](Setup& s) -> Enum& { return ref(Model::of(axle(s))); }));
    }
    void operator()(const FlagField<typename Model::Params>& f) const {
        FieldMeta m;
        m.path = q + text(f.key);
        m.label = text(f.label);
        m.kind = FieldKind::Enum;
        m.enumKeys = QStringList{text(f.keys[0]), text(f.keys[1])};
        m.enumNames = QStringList{text(f.names[0]), text(f.names[1])};
        m.min = 0;
        m.max = 1;
        m.decimals = 0;
        m.tooltip = text(f.tooltip);
        m.get = [axle = axle, ref = f.ref](const Setup& s) {
            return ref(Model::of(axle(const_cast<Setup&>(s)))) ? 1.0 : 0.0;
        };
        m.set = [axle = axle, ref = f.ref](Setup& s, double v) { ref(Model::of(axle(s))) = v != 0.0; };
        out.push_back(std::move(m));
    }
    void operator()(const CurveField<typename Model::Params>& f) const {
        const auto axis = [](const CurveAxis& a) { return Axis{text(a.label), text(a.unit), a.quantity}; };
        out.push_back(curve(q + text(f.key), text(f.label), axis(f.x), axis(f.y), f.rules, text(f.tooltip),
                            [axle = axle, ref = f.ref](Setup& s) -> Curve& { return ref(Model::of(axle(s))); }));
    }
    // A run-time list of fields (generated ones: numbered coefficients, a table's entries).
    template <class Group>
        requires Group::isFieldGroup
    void operator()(const Group& group) const {
        group.forEach([this](const auto& f) { (*this)(f); });
    }
};

// One model's fields under its key. (A function template rather than the body of the
// lambda below: clang 14, the fuzz build's compiler, crashes on that nesting.)
template <class Model> void addFieldsOf(std::vector<FieldMeta>& out, const QString& p, AxleRef axle) {
    const std::size_t first = out.size();
    const TireFieldRows<Model> rows{out, p + text(tireModel(Model::kind).key) + ".", axle};
    std::apply([&rows](const auto&... field) { (rows(field), ...); }, Model::fields);
    if constexpr (requires(const typename Model::Params& params) { Model::sectionWritten(params); }) {
        for (std::size_t i = first; i < out.size(); ++i) {
            out[i].optional = true;
            out[i].written = [axle](const Setup& s) {
                return Model::sectionWritten(Model::of(axle(const_cast<Setup&>(s))));
            };
        }
    }
}

// Each model's fields, in the order of TireModelList (the enum's), each under its key.
void addModelFields(std::vector<FieldMeta>& out, const QString& p, AxleRef axle) {
    forEachTireModel([&]<class Model>() { addFieldsOf<Model>(out, p, axle); });
}

void addTireFields(std::vector<FieldMeta>& out, const QString& axleKey, AxleRef axle) {
    const QString p = "tires." + axleKey + ".";

    out.push_back(enumeration<TireModelKind>(p + "model", "Tire model",
                                             "Which tire model computes this axle's forces",
                                             VTW_TIRE(t.model)));
    out.push_back(enumeration<CombinedSlipMethod>(
        p + "combinedSlip", "Combined slip",
        "How a pure-slip model combines longitudinal and lateral slip: normalised slip (the "
        "default) turns a sliding tire's force along its slip, so a locked wheel loses its "
        "cornering force; the friction ellipse only clamps the pure forces to their peaks", VTW_TIRE(t.combinedSlip)));
    out.push_back(number(p + "radius", "Radius", "m", Quantity::Length, within(0.05, 2.0), 0.001, 3,
                         "Loaded rolling radius", VTW_TIRE(t.radius)));
    out.push_back(number(p + "wheelInertia", "Wheel inertia", "kg m^2", Quantity::MomentOfInertia,
                         above(0, 200), 0.1, 2, "Spin inertia of one wheel with tire and brake",
                         VTW_TIRE(t.wheelInertia)));
    // Camber and pressure act on the models that have terms for them (the .tir model);
    // written once set, so files of cars that never set them stay as they were.
    out.push_back(number(p + "camber", "Static camber", "rad", Quantity::Angle, within(-0.2, 0.2), 0.001, 4,
                         "Negative: the tops of the wheels lean in towards the car (used by the .tir model)",
                         VTW_TIRE(t.camber)));
    out.back().optional = true;
    out.back().written = [axle](const Setup& s) { return axle(const_cast<Setup&>(s)).camber != 0.0; };
    out.push_back(number(p + "pressure", "Tyre pressure", "Pa", Quantity::Pressure, within(0, 1e6), 1000, 0,
                         "Inflation pressure; 0 is the .tir file's nominal pressure (used by MF 6.x .tir files)",
                         VTW_TIRE(t.pressure)));
    out.back().optional = true;
    out.back().written = [axle](const Setup& s) { return axle(const_cast<Setup&>(s)).pressure != 0.0; };

    addModelFields(out, p, axle);
}

// docs/physics.md 16. The section is new: a file without it is a rigid car (every field
// optional), and it is written only once it differs from the defaults, so that files of
// rigid cars stay as they were.
void addSuspensionFields(std::vector<FieldMeta>& f) {
    using Q = Quantity;
    const std::size_t first = f.size();
    f.push_back(enumeration<SuspensionModel>(
        "suspension.model", "Suspension model",
        "Rigid: load transfer follows the accelerations at once (quasi-static, the fast default). "
        "Dynamic: a sprung mass in heave, roll and pitch on springs and dampers",
        VTW_REF(s.suspension.model)));
    f.push_back(number("suspension.rollInertia", "Roll inertia (sprung)", "kg m^2", Q::MomentOfInertia,
                       above(0, 1e7), 10, 0, "Sprung mass's moment of inertia about its roll axis",
                       VTW_REF(s.suspension.rollInertia)));
    f.push_back(number("suspension.pitchInertia", "Pitch inertia (sprung)", "kg m^2", Q::MomentOfInertia,
                       above(0, 1e7), 10, 0, "Sprung mass's moment of inertia about its pitch axis",
                       VTW_REF(s.suspension.pitchInertia)));
    f.push_back(number("suspension.pitchCentreHeight", "Pitch-centre height", "m", Q::Length,
                       within(-5, 5), 0.005, 3,
                       "Height of the pitch axis; its ratio to the sprung CG height is the "
                       "anti-dive/anti-squat share (0 = none, at the CG = no pitch from ax)",
                       VTW_REF(s.suspension.pitchCentreHeight)));
    for (const bool front : {true, false}) {
        const QString p = front ? QStringLiteral("suspension.front.") : QStringLiteral("suspension.rear.");
        const auto axle = front ? +[](Setup& s) -> AxleSuspensionParams& { return s.suspension.front; }
                                : +[](Setup& s) -> AxleSuspensionParams& { return s.suspension.rear; };
        const auto ref = [axle](double AxleSuspensionParams::*m) -> DoubleRef {
            return [axle, m](Setup& s) -> double& { return axle(s).*m; };
        };
        using A = AxleSuspensionParams;
        f.push_back(number(p + "springRate", "Spring rate", "N/m", Q::Stiffness, above(0, 1e8), 1000, 0,
                           "Rate at the spring; at the wheel it is times the motion ratio squared",
                           ref(&A::springRate)));
        f.push_back(number(p + "motionRatio", "Motion ratio", "", Q::Dimensionless, above(0, 5), 0.01, 3,
                           "Spring and damper travel per unit of wheel travel (1 = a wheel rate)",
                           ref(&A::motionRatio)));
        f.push_back(number(p + "bumpDamping", "Bump damping", "N s/m", Q::ForcePerSpeed, within(0, 1e7), 100,
                           0, "Damper rate in compression, at the damper, below the knee",
                           ref(&A::bumpDamping)));
        f.push_back(number(p + "reboundDamping", "Rebound damping", "N s/m", Q::ForcePerSpeed, within(0, 1e7),
                           100, 0, "Damper rate in extension, at the damper, below the knee",
                           ref(&A::reboundDamping)));
        f.push_back(number(p + "kneeSpeed", "Damper knee speed", "m/s", Q::DamperSpeed, within(0, 10), 0.005,
                           3, "Damper speed where the high-speed rates take over; 0 = linear damper",
                           ref(&A::kneeSpeed)));
        f.push_back(number(p + "bumpDampingHigh", "High-speed bump damping", "N s/m", Q::ForcePerSpeed,
                           within(0, 1e7), 100, 0, "Compression rate above the knee",
                           ref(&A::bumpDampingHigh)));
        f.push_back(number(p + "reboundDampingHigh", "High-speed rebound damping", "N s/m", Q::ForcePerSpeed,
                           within(0, 1e7), 100, 0, "Extension rate above the knee",
                           ref(&A::reboundDampingHigh)));
        f.push_back(number(p + "bumpStopGap", "Bump-stop gap", "m", Q::Length, within(0, 1), 0.001, 3,
                           "Wheel travel in bump from static before the bump stop", ref(&A::bumpStopGap)));
        f.push_back(number(p + "bumpStopRate", "Bump-stop rate", "N/m", Q::Stiffness, within(0, 1e9), 1000, 0,
                           "Added wheel rate once on the bump stop", ref(&A::bumpStopRate)));
        f.push_back(number(p + "antiRollBarRate", "Anti-roll bar rate", "N/m", Q::Stiffness, within(0, 1e8),
                           500, 0,
                           "Force at each wheel per metre of travel difference between the two sides",
                           ref(&A::antiRollBarRate)));
        f.push_back(number(p + "rideHeight", "Ride height", "m", Q::Length, above(0, 2), 0.001, 3,
                           "Static height of the body above the ground at the axle", ref(&A::rideHeight)));
        f.push_back(number(p + "rollCentreHeight", "Roll-centre height", "m", Q::Length, within(-5, 5), 0.005,
                           3, "Height of the axle's roll centre above the ground", ref(&A::rollCentreHeight)));
        f.push_back(number(p + "unsprungMass", "Unsprung mass", "kg", Q::Mass, above(0, 10000), 1, 1,
                           "Per corner: wheel, tyre, upright, brake and half the links", ref(&A::unsprungMass)));
    }
    for (std::size_t i = first; i < f.size(); ++i) {
        f[i].optional = true;
        f[i].written = [](const Setup& s) { return s.suspension != SuspensionParams{}; };
    }
}

std::vector<FieldMeta> buildTable() {
    std::vector<FieldMeta> f;
    using Q = Quantity;

    // chassis
    f.push_back(number("chassis.mass", "Mass", "kg", Q::Mass, within(50, 100000), 10, 0,
                       "Total mass with driver", VTW_REF(s.chassis.mass)));
    f.push_back(number(
        "chassis.cgToFrontAxle", "CG to front axle (b)", "m", Q::Length, above(0, 10), 0.01, 3,
        "Distance from the centre of gravity to the front axle", VTW_REF(s.chassis.cgToFrontAxle)));
    f.push_back(number("chassis.cgToRearAxle", "CG to rear axle (c)", "m", Q::Length, above(0, 10),
                       0.01, 3, "Distance from the centre of gravity to the rear axle",
                       VTW_REF(s.chassis.cgToRearAxle)));
    f.push_back(number("chassis.cgHeight", "CG height (h)", "m", Q::Length, above(0, 5), 0.01, 3,
                       "Height of the centre of gravity above the ground",
                       VTW_REF(s.chassis.cgHeight)));
    f.push_back(number("chassis.trackFront", "Front track", "m", Q::Length, above(0.1, 5), 0.005, 3,
                       "Distance between the front tire centres", VTW_REF(s.chassis.trackFront)));
    f.push_back(number("chassis.trackRear", "Rear track", "m", Q::Length, above(0.1, 5), 0.005, 3,
                       "Distance between the rear tire centres", VTW_REF(s.chassis.trackRear)));
    f.push_back(number("chassis.yawInertia", "Yaw inertia (Iz)", "kg m^2", Q::MomentOfInertia,
                       above(0, 1e7), 10, 0, "Moment of inertia about the vertical axis",
                       VTW_REF(s.chassis.yawInertia)));
    f.push_back(number("chassis.rollStiffnessFront", "Front roll stiffness share", "", Q::Share,
                       within(0, 1), 0.01, 3,
                       "Share of lateral load transfer taken by the front axle",
                       VTW_REF(s.chassis.rollStiffnessFront)));

    // aero
    f.push_back(number("aero.dragCoefficient", "Drag coefficient (Cd)", "", Q::Dimensionless,
                       within(0, 5), 0.01, 3, "Aerodynamic drag coefficient",
                       VTW_REF(s.aero.dragCoefficient)));
    f.push_back(number("aero.frontalArea", "Frontal area", "m^2", Q::Area, within(0, 50), 0.01, 2,
                       "Frontal area for drag", VTW_REF(s.aero.frontalArea)));
    f.push_back(number("aero.airDensity", "Air density", "kg/m^3", Q::Density, within(0, 5), 0.01,
                       3, "Density of the air (1.225 at sea level, 15 C)",
                       VTW_REF(s.aero.airDensity)));
    f.push_back(number("aero.downforceCoefficientArea", "Downforce C_L*A", "m^2", Q::Area,
                       within(-20, 50), 0.01, 3,
                       "Lift coefficient times area; positive pushes the car down",
                       VTW_REF(s.aero.downforceCoefficientArea)));
    f.push_back(number("aero.downforceFrontShare", "Downforce front share", "", Q::Share,
                       within(0, 1), 0.01, 3, "Share of downforce on the front axle",
                       VTW_REF(s.aero.downforceFrontShare)));
    f.push_back(enumeration<RollingResistanceModel>(
        "aero.rollingResistanceModel", "Rolling resistance model",
        "Speed-linear body force (Monster) or per-wheel force proportional to load",
        VTW_REF(s.aero.rollingResistanceModel)));
    f.push_back(number("aero.rollingResistanceLinear", "Rolling resistance C_rr", "N s/m",
                       Q::ForcePerSpeed, within(0, 10000), 0.1, 2,
                       "Speed-linear model: force per unit speed",
                       VTW_REF(s.aero.rollingResistanceLinear)));
    f.push_back(number("aero.rollingResistanceCoefficient", "Rolling resistance c_rr", "",
                       Q::Dimensionless, within(0, 1), 0.001, 4,
                       "Load-based model: force per unit wheel load (0.01-0.015 on asphalt)",
                       VTW_REF(s.aero.rollingResistanceCoefficient)));

    // engine
    f.push_back(curve("engine.torqueCurve_rpm_Nm", "Torque curve",
                      {"Engine speed", "rpm", Q::EngineSpeed}, {"Torque", "N m", Q::Torque},
                      CurveRules{2, 10000, 0.0, 0.0, true},
                      "Full-throttle torque against engine speed, linear between points",
                      VTW_REF(s.engine.torqueCurve)));
    f.push_back(number("engine.idle_rpm", "Idle (launch floor)", "rpm", Q::EngineSpeed, within(100, 30000), 50, 0,
                       "Engine speed floor while driving: the speed a launch slips the clutch at, "
                       "often above the engine's real idle",
                       VTW_REF(s.engine.idleRpm)));
    // Added after files without it existed; nothing in the simulation reads it.
    f.push_back(number("engine.realIdle_rpm", "Real idle", "rpm", Q::EngineSpeed, within(0, 30000), 50, 0,
                       "The engine's own idle speed, for game files (Assetto Corsa's MINIMUM); 0 = not "
                       "given. The simulation's floor is the launch floor",
                       VTW_REF(s.engine.realIdleRpm)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.engine.realIdleRpm != 0.0; });
    f.push_back(number("engine.redline_rpm", "Redline", "rpm", Q::EngineSpeed, within(200, 50000),
                       50, 0, "The rev limiter cuts torque above it",
                       VTW_REF(s.engine.redlineRpm)));
    f.push_back(number("engine.engineBraking_NmPerRpm", "Engine braking", "N m/rpm",
                       Q::TorquePerRpm, within(0, 100), 0.001, 4,
                       "Braking torque per rpm with the throttle released",
                       VTW_REF(s.engine.engineBrakingCoefficient)));

    // gearbox
    {
        FieldMeta ratios;
        ratios.path = "gearbox.forwardRatios";
        ratios.label = "Forward gear ratios";
        ratios.tooltip = "Gear ratios x_g of gears 1..N, strictly descending";
        ratios.kind = FieldKind::NumberList;
        ratios.min = 0;
        ratios.minExclusive = true;
        ratios.max = 50;
        ratios.step = 0.01;
        ratios.decimals = 3;
        ratios.minCount = 1;
        ratios.maxCount = 16;
        ratios.list = VTW_REF(s.gearbox.forwardRatios);
        f.push_back(ratios);
    }
    f.push_back(number("gearbox.reverseRatio", "Reverse ratio", "", Q::Dimensionless, above(0, 50),
                       0.01, 3, "Gear ratio in reverse (positive)",
                       VTW_REF(s.gearbox.reverseRatio)));
    f.push_back(number("gearbox.finalDrive", "Final drive", "", Q::Dimensionless, above(0, 50),
                       0.01, 3, "Final drive ratio x_d", VTW_REF(s.gearbox.finalDrive)));
    f.push_back(number("gearbox.efficiency", "Efficiency", "", Q::Share, above(0, 1), 0.01, 3,
                       "Transmission efficiency eta", VTW_REF(s.gearbox.efficiency)));
    f.push_back(enumeration<ShiftMode>("gearbox.shiftMode", "Shift mode",
                                       "Automatic shifts on rpm thresholds or manual commands",
                                       VTW_REF(s.gearbox.shiftMode)));
    f.push_back(number("gearbox.upshift_rpm", "Upshift", "rpm", Q::EngineSpeed, within(100, 50000),
                       50, 0, "Automatic upshift threshold", VTW_REF(s.gearbox.upshiftRpm)));
    f.push_back(number("gearbox.downshift_rpm", "Downshift", "rpm", Q::EngineSpeed,
                       within(0, 50000), 50, 0, "Automatic downshift threshold",
                       VTW_REF(s.gearbox.downshiftRpm)));
    f.push_back(number("gearbox.shiftTime", "Shift time", "s", Q::Time, within(0, 5), 0.01, 3,
                       "Drive torque is cut while a shift completes",
                       VTW_REF(s.gearbox.shiftTime)));

    // driveline
    f.push_back(enumeration<DrivelineLayout>("driveline.layout", "Layout",
                                             "Which axles the engine drives",
                                             VTW_REF(s.driveline.layout)));
    f.push_back(number("driveline.frontTorqueShare", "Front torque share", "", Q::Share,
                       within(0, 1), 0.01, 3, "AWD only: share of drive torque to the front axle",
                       VTW_REF(s.driveline.frontTorqueShare)));
    f.push_back(enumeration<DifferentialType>(
        "driveline.differential", "Differential",
        "The driven axle's differential (the rear axle's on AWD): open (equal torque), locked "
        "(equal spin), clutch limited-slip (preload and ramps) or viscous",
        VTW_REF(s.driveline.differential)));
    addLimitedSlipFields(f, "driveline.axleLimitedSlip.", "Axle",
                         [](Setup& s) -> DifferentialType& { return s.driveline.differential; },
                         [](Setup& s) -> LimitedSlipParams& { return s.driveline.axleLimitedSlip; });
    // AWD's front axle has its own (SetupJson gives a file from before it the rear's).
    f.push_back(enumeration<DifferentialType>(
        "driveline.frontDifferential", "Front differential",
        "AWD only: the front axle's differential; Differential is then the rear axle's",
        VTW_REF(s.driveline.frontDifferential)));
    optionalUnlessChanged(f.back(), [](const Setup& s) {
        return s.driveline.layout == DrivelineLayout::AllWheelDrive ||
               s.driveline.frontDifferential != DifferentialType::Open;
    });
    addLimitedSlipFields(f, "driveline.frontLimitedSlip.", "Front",
                         [](Setup& s) -> DifferentialType& { return s.driveline.frontDifferential; },
                         [](Setup& s) -> LimitedSlipParams& { return s.driveline.frontLimitedSlip; });
    f.push_back(enumeration<DifferentialType>(
        "driveline.centreDifferential", "Centre differential",
        "AWD only: open splits the torque by the front share; the others couple the axles",
        VTW_REF(s.driveline.centreDifferential)));
    optionalUnlessChanged(f.back(), [](const Setup& s) {
        return s.driveline.centreDifferential != DifferentialType::Open;
    });
    addLimitedSlipFields(f, "driveline.centreLimitedSlip.", "Centre",
                         [](Setup& s) -> DifferentialType& { return s.driveline.centreDifferential; },
                         [](Setup& s) -> LimitedSlipParams& { return s.driveline.centreLimitedSlip; });

    // brakes
    f.push_back(number("brakes.maxTorque", "Brake torque", "N m", Q::Torque, within(0, 1e6), 50, 0,
                       "All four wheels together at full pedal", VTW_REF(s.brakes.maxTorque)));
    f.push_back(number("brakes.frontBias", "Front bias", "", Q::Share, within(0, 1), 0.01, 3,
                       "Share of brake torque on the front axle", VTW_REF(s.brakes.frontBias)));
    f.push_back(number("brakes.handbrakeTorque", "Handbrake torque", "N m", Q::Torque,
                       within(0, 1e6), 50, 0, "Per rear wheel at full handbrake",
                       VTW_REF(s.brakes.handbrakeTorque)));

    // driver aids (docs/physics.md 4); files from before them have none: off.
    f.push_back(enumeration<AidSwitch>("aids.abs", "ABS",
                                       "Anti-lock brakes: release a wheel's brake when it slips past the target",
                                       VTW_REF(s.aids.abs)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.aids.abs == AidSwitch::On; });
    f.push_back(number("aids.absSlipTarget", "ABS slip target", "", Q::Share, aboveBelow(0, 1), 0.01, 3,
                       "Braking slip ratio the ABS holds each wheel below",
                       VTW_REF(s.aids.absSlipTarget)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.aids.abs == AidSwitch::On; });
    f.push_back(number("aids.absCycleRate", "ABS cycle rate", "Hz", Q::Frequency, within(1, 100), 1, 1,
                       "Release-and-reapply cycles per second the modulator can make",
                       VTW_REF(s.aids.absCycleRate)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.aids.abs == AidSwitch::On; });
    f.push_back(enumeration<AidSwitch>("aids.tractionControl", "Traction control",
                                       "Cut the engine's torque while a driven wheel slips past the target",
                                       VTW_REF(s.aids.tractionControl)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.aids.tractionControl == AidSwitch::On; });
    f.push_back(number("aids.tractionSlipTarget", "TC slip target", "", Q::Share, aboveBelow(0, 1), 0.01, 3,
                       "Driven wheels' slip ratio the traction control holds them at",
                       VTW_REF(s.aids.tractionSlipTarget)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.aids.tractionControl == AidSwitch::On; });

    // steering
    f.push_back(number("steering.maxSteerAngle", "Max steer angle", "rad", Q::Angle,
                       aboveBelow(0, units::pi / 2), units::degToRad(0.5), 4, "Road-wheel angle at full lock",
                       VTW_REF(s.steering.maxSteerAngle)));
    f.push_back(number("steering.steerRate", "Steer rate", "rad/s", Q::AngularSpeed, above(0, 100),
                       0.05, 3, "Fastest change of the road-wheel angle",
                       VTW_REF(s.steering.steerRate)));
    f.push_back(number("steering.ackermann_pct", "Ackermann", "%", Q::Percent, within(-100, 200), 1,
                       1, "0 = parallel steer, 100 = full Ackermann, negative = anti-Ackermann",
                       VTW_REF(s.steering.ackermannPercent)));
    f.push_back(number("steering.frontToe", "Front toe", "rad", Q::Angle, within(-0.1, 0.1),
                       units::degToRad(0.05), 5, "Per wheel; positive = toe-in (the fronts of the wheels point inwards)",
                       VTW_REF(s.steering.frontToe)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.steering.frontToe != 0.0; });
    f.push_back(number("steering.rearToe", "Rear toe", "rad", Q::Angle, within(-0.1, 0.1),
                       units::degToRad(0.05), 5, "Per wheel; positive = toe-in (the fronts of the wheels point inwards)",
                       VTW_REF(s.steering.rearToe)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.steering.rearToe != 0.0; });

    // tires
    addTireFields(f, "front", [](Setup& s) -> TireParams& { return s.frontTires; });
    addTireFields(f, "rear", [](Setup& s) -> TireParams& { return s.rearTires; });

    // simulation
    // The time step's bounds (docs/physics.md 7). Upper: the wheel's spin is the stiffest
    // motion. A tire of slip stiffness Cs on a wheel of inertia I and radius R relaxes a
    // slip in I v / (Cs R^2): about 2 ms for a car wheel (I = 1 kg m^2, R = 0.3 m,
    // Cs = 1e5 N) at 20 m/s, less when slower. 10 ms is five such times per step, as
    // coarse as the linearly implicit wheel of the semi-implicit integrator takes it;
    // a coarser step also shifts gears and moves the driver's controls too late to
    // mean anything. Lower: cost. At 10 us a step resolves that 2 ms a hundred times
    // over, and the longest maneuver (400 s) is 4e7 steps, seconds of work; a finer
    // step adds no accuracy, only time (1e-9 s would hang a run for hours, and at
    // 1e-300 s simulated time stops advancing).
    f.push_back(number("simulation.timeStep", "Time step", "s", Q::Time, within(1e-5, 0.01),
                       0.0001, 5, "Fixed integration step",
                       VTW_REF(s.simulation.timeStep)));
    // 1000 substeps split the longest step into the shortest; validation also keeps
    // every substep (timeStep / substeps) at or above the shortest step.
    f.push_back(integer("simulation.substeps", "Substeps", within(1, 1000),
                        "Integration substeps per step", VTW_REF(s.simulation.substeps)));
    f.push_back(enumeration<Integrator>("simulation.integrator", "Integrator",
                                        "How each step advances the state (docs/physics.md 7)",
                                        VTW_REF(s.simulation.integrator)));
    f.push_back(number("simulation.surfaceMu", "Surface grip", "", Q::Dimensionless, above(0, 3),
                       0.01, 3, "Grip scale of the surface (dry 1.0, wet 0.35, gravel 0.7, ice 0.12)",
                       VTW_REF(s.simulation.surfaceMu)));
    f.push_back(number("simulation.lowSpeedFloor", "Low-speed floor", "m/s", Q::Speed, above(0, 20),
                       0.1, 2, "Denominator floor of slip ratio and slip angle",
                       VTW_REF(s.simulation.lowSpeedFloor)));
    f.push_back(number("simulation.rightSideGripShare", "Right-side grip share", "", Q::Share,
                       above(0, 1), 0.01, 3,
                       "Grip under the right-hand wheels as a share of the surface's: below 100 % a "
                       "split-mu surface",
                       VTW_REF(s.simulation.rightSideGripShare)));
    optionalUnlessChanged(f.back(), [](const Setup& s) { return s.simulation.rightSideGripShare != 1.0; });

    addSuspensionFields(f);
    return f;
}

#undef VTW_REF
#undef VTW_TIRE

QString formatLimit(double v) {
    return QString::number(v, 'g', 10);
}

} // namespace

QString FieldMeta::rangeProblem(double value) const {
    if (!std::isfinite(value))
        return QStringLiteral("must be a finite number");
    const bool lowOk = minExclusive ? value > min : value >= min;
    const bool highOk = maxExclusive ? value < max : value <= max;
    if (lowOk && highOk)
        return {};
    const QString withUnit = unit.isEmpty() ? QString() : QStringLiteral(" ") + unit;
    // A number closed on both sides is told both limits at once, so that a user who
    // typed far too little learns how much is too much as well. (An enum's limits are
    // its indices, which mean nothing to a user.)
    const bool closed = !minExclusive && !maxExclusive && min > -std::numeric_limits<double>::max() &&
                        max < std::numeric_limits<double>::max();
    if (closed && kind != FieldKind::Enum)
        return QString("must be between %1 and %2%3").arg(formatLimit(min), formatLimit(max), withUnit);
    if (!lowOk)
        return QString("must be %1 %2%3").arg(minExclusive ? ">" : ">=", formatLimit(min), withUnit);
    return QString("must be %1 %2%3").arg(maxExclusive ? "<" : "<=", formatLimit(max), withUnit);
}

const std::vector<FieldMeta>& setupFields() {
    static const std::vector<FieldMeta> table = buildTable();
    return table;
}

const FieldMeta* findField(const QString& path) {
    for (const FieldMeta& f : setupFields()) {
        if (f.path == path)
            return &f;
    }
    return nullptr;
}

namespace {
constexpr double kilogramsPerPound = 0.45359237; ///< the avoirdupois pound, exact by definition
} // namespace

DisplayUnit displayUnit(Quantity quantity, UnitSystem system) {
    const bool imp = system == UnitSystem::Imperial;
    switch (quantity) {
    case Quantity::Dimensionless:
        return {"", 1.0};
    case Quantity::Share:
        return {"%", 100.0};
    case Quantity::Percent:
        return {"%", 1.0};
    case Quantity::Length:
        return imp ? DisplayUnit{"in", 1.0 / units::metresPerInch} : DisplayUnit{"m", 1.0};
    case Quantity::Mass:
        return imp ? DisplayUnit{"lb", 1.0 / kilogramsPerPound} : DisplayUnit{"kg", 1.0};
    case Quantity::Area:
        return imp ? DisplayUnit{"ft^2", 1.0 / (0.3048 * 0.3048)} : DisplayUnit{"m^2", 1.0};
    case Quantity::Density:
        return imp ? DisplayUnit{"lb/ft^3", units::metresPerFoot * units::metresPerFoot * units::metresPerFoot /
                                                kilogramsPerPound}
                   : DisplayUnit{"kg/m^3", 1.0};
    case Quantity::MomentOfInertia:
        return imp ? DisplayUnit{"lb ft^2", 1.0 / (kilogramsPerPound * units::metresPerFoot * units::metresPerFoot)}
                   : DisplayUnit{"kg m^2", 1.0};
    case Quantity::Speed:
        return imp ? DisplayUnit{"mph", units::mphPerMps} : DisplayUnit{"km/h", units::kmhPerMps};
    case Quantity::EngineSpeed:
        return {"rpm", 1.0};
    case Quantity::Torque:
        return imp ? DisplayUnit{"lb-ft", 1.0 / units::newtonMetresPerPoundFoot}
                   : DisplayUnit{"N m", 1.0};
    case Quantity::TorquePerRpm:
        return imp ? DisplayUnit{"lb-ft/rpm", 1.0 / units::newtonMetresPerPoundFoot}
                   : DisplayUnit{"N m/rpm", 1.0};
    case Quantity::Angle:
        return {"deg", 180.0 / units::pi};
    case Quantity::AngularSpeed:
        return {"deg/s", 180.0 / units::pi};
    case Quantity::Time:
        return {"s", 1.0};
    case Quantity::ForcePerSlip:
        return imp ? DisplayUnit{"lbf", 1.0 / units::newtonsPerPound} : DisplayUnit{"N", 1.0};
    case Quantity::ForcePerAngle:
        return imp ? DisplayUnit{"lbf/deg", units::pi / 180.0 / units::newtonsPerPound}
                   : DisplayUnit{"N/deg", units::pi / 180.0};
    case Quantity::ForcePerSpeed:
        return imp ? DisplayUnit{"lbf s/ft", units::metresPerFoot / units::newtonsPerPound}
                   : DisplayUnit{"N s/m", 1.0};
    case Quantity::LengthInches:
        return {"in", 1.0};
    case Quantity::PressurePsi:
        return {"psi", 1.0};
    case Quantity::ForcePounds:
        return {"lb", 1.0};
    case Quantity::Force:
        return imp ? DisplayUnit{"lbf", 1.0 / units::newtonsPerPound} : DisplayUnit{"N", 1.0};
    case Quantity::Pressure:
        // 1 psi = 1 lbf / in^2.
        return imp ? DisplayUnit{"psi", units::metresPerInch * units::metresPerInch / units::newtonsPerPound}
                   : DisplayUnit{"kPa", 1e-3};
    case Quantity::TorquePerAngularSpeed:
        return imp ? DisplayUnit{"lb-ft s/rad", 1.0 / units::newtonMetresPerPoundFoot}
                   : DisplayUnit{"N m s/rad", 1.0};
    case Quantity::Frequency:
        return {"Hz", 1.0};
    case Quantity::Stiffness:
        // 1 lbf/in = 4.44822 N / 0.0254 m; racers read spring rates in N/mm or lbf/in.
        return imp ? DisplayUnit{"lbf/in", units::metresPerInch / units::newtonsPerPound}
                   : DisplayUnit{"N/mm", 1e-3};
    case Quantity::DamperSpeed:
        return imp ? DisplayUnit{"in/s", 1.0 / units::metresPerInch} : DisplayUnit{"mm/s", 1e3};
    case Quantity::Acceleration:
        // What drivers and data loggers read accelerations in, whatever the length unit:
        // lateral and longitudinal g, as the G-G views and the g metrics already show.
        return {"g", 1.0 / units::gravity};
    }
    return {"", 1.0};
}

DisplayUnit metricDisplayUnit(const QString& unit, UnitSystem system) {
    if (unit == QLatin1String(yesNoUnit))
        return {"", 1.0}; // the value reads "yes" or "no": no unit beside it
    if (unit == QLatin1String("m/s^2"))
        return displayUnit(Quantity::Acceleration, system);
    if (system == UnitSystem::Imperial) {
        if (unit == QLatin1String("km/h"))
            return {"mph", units::mphPerMps / units::kmhPerMps};
        if (unit == QLatin1String("m"))
            return {"ft", 1.0 / units::metresPerFoot};
    }
    return {unit, 1.0};
}

} // namespace vtw

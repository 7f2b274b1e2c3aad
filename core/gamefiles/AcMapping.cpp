#include "core/gamefiles/AcMapping.h"

#include "core/gamefiles/AcKeys.h"

#include "core/chassis/LoadTransfer.h"
#include "core/base/Units.h"
#include "core/setupfile/CsvIo.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/tires/TirExport.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vtw::ac {

namespace {

// ---- One key to one field, at most a change of unit -------------------------------

struct ScalarKey {
    const char* file;
    const char* section;
    const char* key;
    const char* field; ///< setup path (core/setupfile/SetupMetadata)
    double toSetup;    ///< the setup's value = the file's value * toSetup
    const char* approximation; ///< empty when the key maps one to one
};

// Conventions stated in docs/physics.md 15.
constexpr ScalarKey scalarKeys[] = {
    {"car.ini", "BASIC", "TOTALMASS", "chassis.mass", 1.0, ""},
    {"suspensions.ini", "FRONT", "TRACK", "chassis.trackFront", 1.0, ""},
    {"suspensions.ini", "REAR", "TRACK", "chassis.trackRear", 1.0, ""},
    {"engine.ini", "ENGINE_DATA", "LIMITER", "engine.redline_rpm", 1.0, ""},
    {"drivetrain.ini", "GEARS", "FINAL", "gearbox.finalDrive", 1.0, ""},
    {"drivetrain.ini", "AUTO_SHIFTER", "UP", "gearbox.upshift_rpm", 1.0, ""},
    {"drivetrain.ini", "AUTO_SHIFTER", "DOWN", "gearbox.downshift_rpm", 1.0, ""},
    {"drivetrain.ini", "GEARBOX", "CHANGE_UP_TIME", "gearbox.shiftTime", 1e-3,
     "ms to s; the workbench has one shift time for both directions (CHANGE_DN_TIME is not read)"},
    {"brakes.ini", "DATA", "FRONT_SHARE", "brakes.frontBias", 1.0, ""},
    {"brakes.ini", "DATA", "MAX_TORQUE", "brakes.maxTorque", 2.0,
     "read as the torque of one front and one rear wheel together, so the four wheels give "
     "2 x MAX_TORQUE"},
    {"brakes.ini", "DATA", "HANDBRAKE_TORQUE", "brakes.handbrakeTorque", 1.0, ""},
    {"tyres.ini", "FRONT", "RADIUS", "tires.front.radius", 1.0,
     "the unloaded radius used as the rolling radius"},
    {"tyres.ini", "REAR", "RADIUS", "tires.rear.radius", 1.0, "the unloaded radius used as the rolling radius"},
    {"tyres.ini", "FRONT", "ANGULAR_INERTIA", "tires.front.wheelInertia", 1.0, ""},
    {"tyres.ini", "REAR", "ANGULAR_INERTIA", "tires.rear.wheelInertia", 1.0, ""},
    // AC's bar pushes each hub with RATE x the two hubs' travel difference, the
    // setup's definition; HUB_MASS is the unsprung mass of one corner.
    {"suspensions.ini", "ARB", "FRONT", "suspension.front.antiRollBarRate", 1.0, ""},
    {"suspensions.ini", "ARB", "REAR", "suspension.rear.antiRollBarRate", 1.0, ""},
    {"suspensions.ini", "FRONT", "HUB_MASS", "suspension.front.unsprungMass", 1.0, ""},
    {"suspensions.ini", "REAR", "HUB_MASS", "suspension.rear.unsprungMass", 1.0, ""},
};

MappingEntry scalarEntry(const ScalarKey& k) {
    const FieldMeta* field = findField(QString::fromLatin1(k.field));
    const QString file = QString::fromLatin1(k.file), section = QString::fromLatin1(k.section),
                  key = QString::fromLatin1(k.key), how = QString::fromLatin1(k.approximation);
    const QString name = keyName(file, section, key);
    const double toSetup = k.toSetup;
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> value = number(files, file, section, key, errors);
        if (!value)
            return missing(report, name);
        field->set(setup, *value * toSetup);
        const QString line = QStringLiteral("%1 -> %2").arg(name, field->path);
        if (how.isEmpty())
            report.exact << line;
        else
            report.approximated << QStringLiteral("%1: %2").arg(line, how);
    };
    e.write = [=](const Setup& setup, Files& files, AcMappingReport&) {
        setNumber(files, file, section, key, field->get(setup) / toSetup);
    };
    e.same = [=](const Setup& a, const Setup& b) { return field->get(a) == field->get(b); };
    return e;
}

// ---- Entries of several keys or fields ------------------------------------------

// car.ini INERTIA is the size of a solid box (width, height, length in m) that AC
// gives the car's mass: its yaw inertia is m (w^2 + l^2) / 12.
MappingEntry inertiaBox() {
    const QString name = keyName("car.ini", "BASIC", "INERTIA");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const IniText* car = files.findIni("car.ini");
        const std::optional<QString> text = car ? car->value("BASIC", "INERTIA") : std::nullopt;
        if (!text)
            return missing(report, name);
        const std::optional<std::vector<double>> box = iniNumberList(*text);
        if (!box || box->size() != 3) {
            errors << QStringLiteral("%1: '%2' is not three numbers (width, height, length in m)").arg(name, *text);
            return;
        }
        const double w = (*box)[0], l = (*box)[2];
        setup.chassis.yawInertia = setup.chassis.mass * (w * w + l * l) / 12.0;
        report.approximated << QStringLiteral("%1 -> chassis.yawInertia: the yaw inertia of a solid box of "
                                              "the car's mass, m (w^2 + l^2) / 12")
                                   .arg(name);
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport& report) {
        const double m = setup.chassis.mass, iz = setup.chassis.yawInertia;
        const IniText& car = files.ini("car.ini");
        std::optional<std::vector<double>> box;
        if (const std::optional<QString> text = car.value("BASIC", "INERTIA"))
            box = iniNumberList(*text);
        std::vector<double> size;
        if (box && box->size() == 3 && (*box)[0] * (*box)[0] + (*box)[2] * (*box)[2] > 0.0) {
            // The box keeps its proportions and height; width and length scale together.
            const double k = std::sqrt(12.0 * iz / (m * ((*box)[0] * (*box)[0] + (*box)[2] * (*box)[2])));
            size = {(*box)[0] * k, (*box)[1], (*box)[2] * k};
        } else {
            // A new box: as wide as the mean track, as long as the yaw inertia needs.
            const double w = 0.5 * (setup.chassis.trackFront + setup.chassis.trackRear);
            const double l2 = 12.0 * iz / m - w * w;
            const double side = std::sqrt(6.0 * iz / m);
            size = l2 > 0.0 ? std::vector<double>{w, 1.0, std::sqrt(l2)} : std::vector<double>{side, 1.0, side};
            report.approximated << QStringLiteral("car.ini [BASIC] INERTIA: a new box 1 m high (the "
                                                  "workbench has no roll or pitch inertia)");
        }
        files.ini("car.ini").setValue("BASIC", "INERTIA",
                                      QStringLiteral("%1,%2,%3").arg(iniNumberText(size[0]), iniNumberText(size[1]),
                                                                     iniNumberText(size[2])));
    };
    e.same = [](const Setup& a, const Setup& b) {
        return a.chassis.yawInertia == b.chassis.yawInertia && a.chassis.mass == b.chassis.mass;
    };
    return e;
}

// CG_LOCATION is the share of the weight on the front axle.
MappingEntry cgLocation() {
    const QString name = keyName("suspensions.ini", "BASIC", "WHEELBASE, CG_LOCATION");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> wheelbase = number(files, "suspensions.ini", "BASIC", "WHEELBASE", errors);
        const std::optional<double> front = number(files, "suspensions.ini", "BASIC", "CG_LOCATION", errors);
        if (!wheelbase || !front)
            return missing(report, name);
        setup.chassis.cgToFrontAxle = (1.0 - *front) * *wheelbase;
        setup.chassis.cgToRearAxle = *front * *wheelbase;
        report.exact << QStringLiteral("%1 -> chassis.cgToFrontAxle, chassis.cgToRearAxle").arg(name);
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport&) {
        const double wheelbase = setup.chassis.wheelbase();
        setNumber(files, "suspensions.ini", "BASIC", "WHEELBASE", wheelbase);
        setNumber(files, "suspensions.ini", "BASIC", "CG_LOCATION", setup.chassis.cgToRearAxle / wheelbase);
    };
    e.same = [](const Setup& a, const Setup& b) {
        return a.chassis.cgToFrontAxle == b.chassis.cgToFrontAxle && a.chassis.cgToRearAxle == b.chassis.cgToRearAxle;
    };
    return e;
}

// MINIMUM is AC's idle. The setup's idle_rpm is the engine-speed floor a launch
// slips the clutch at, which the library cars set well above the real idle (the
// Lotus's 4000 rpm): MINIMUM maps to the real idle, and only starts the floor of a
// car read from AC, which has no launch speed.
MappingEntry idle() {
    const QString name = keyName("engine.ini", "ENGINE_DATA", "MINIMUM");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> minimum = number(files, "engine.ini", "ENGINE_DATA", "MINIMUM", errors);
        if (!minimum)
            return missing(report, name);
        setup.engine.realIdleRpm = *minimum;
        setup.engine.idleRpm = *minimum;
        report.exact << QStringLiteral("%1 (AC's idle) -> engine.realIdle_rpm").arg(name);
        report.approximated << QStringLiteral("%1 -> engine.idle_rpm, the launch floor: AC has no launch engine "
                                              "speed, the floor starts at the idle")
                                   .arg(name);
    };
    e.write = [=](const Setup& setup, Files& files, AcMappingReport& report) {
        if (setup.engine.realIdleRpm > 0.0)
            return setNumber(files, "engine.ini", "ENGINE_DATA", "MINIMUM", setup.engine.realIdleRpm);
        report.unmapped << QStringLiteral("%1: the setup gives no real idle (engine.realIdle_rpm is 0), and its "
                                          "launch floor engine.idle_rpm %2 rpm is not AC's idle: not written")
                               .arg(name, iniNumberText(setup.engine.idleRpm));
    };
    e.same = [](const Setup& a, const Setup& b) { return a.engine.realIdleRpm == b.engine.realIdleRpm; };
    return e;
}

// BASEY of [FRONT] and [REAR] is the wheel centre's height relative to the CG in AC's
// car frame, whose origin is the CG (negative: the wheel centre below it), so each
// axle puts the CG at tyre radius - BASEY above the ground. The two are weighted by
// the axles' shares of the weight (CG_LOCATION), where the CG lies between them.
MappingEntry cgHeight() {
    const QString name = keyName("suspensions.ini", "FRONT], [REAR", "BASEY");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> front = number(files, "suspensions.ini", "FRONT", "BASEY", errors);
        const std::optional<double> rear = number(files, "suspensions.ini", "REAR", "BASEY", errors);
        if (!front || !rear)
            return missing(report, name);
        ChassisParams& ch = setup.chassis;
        const double share = ch.cgToRearAxle / ch.wheelbase();
        const double height = share * (setup.frontTires.radius - *front) +
                              (1.0 - share) * (setup.rearTires.radius - *rear);
        if (!(height > 0.0)) {
            errors << QStringLiteral("%1: with the tyres' radii they put the CG %2 m above the ground")
                          .arg(name, iniNumberText(height));
            return;
        }
        ch.cgHeight = height;
        report.approximated << QStringLiteral("%1, tyres.ini RADIUS -> chassis.cgHeight: each axle's tyre radius - "
                                              "BASEY, weighted by CG_LOCATION; the unloaded radii, without tyre "
                                              "or spring deflection")
                                   .arg(name);
    };
    e.write = [=](const Setup& setup, Files& files, AcMappingReport& report) {
        const ChassisParams& ch = setup.chassis;
        const double share = ch.cgToRearAxle / ch.wheelbase();
        const double rf = setup.frontTires.radius, rr = setup.rearTires.radius;
        // In place the two BASEY keep their difference (the car's rake); a new car is level.
        double difference = rf - rr;
        QStringList ignored; // a bad old value is replaced
        const std::optional<double> oldFront = number(files, "suspensions.ini", "FRONT", "BASEY", ignored);
        const std::optional<double> oldRear = number(files, "suspensions.ini", "REAR", "BASEY", ignored);
        if (oldFront && oldRear)
            difference = *oldFront - *oldRear;
        // The axles' CG heights differ by the rake and average, weighted, to the CG height.
        const double rake = (rf - rr) - difference;
        const double frontHeight = ch.cgHeight + (1.0 - share) * rake, rearHeight = ch.cgHeight - share * rake;
        // To the micrometre: a file a user reads, not "-0.15500000000000003".
        const auto micrometres = [](double metres) { return std::round(metres * 1e6) / 1e6; };
        setNumber(files, "suspensions.ini", "FRONT", "BASEY", micrometres(rf - frontHeight));
        setNumber(files, "suspensions.ini", "REAR", "BASEY", micrometres(rr - rearHeight));
        report.approximated << QStringLiteral("%1 <- chassis.cgHeight and the tyres' radii, to the micrometre: %2")
                                   .arg(name, oldFront && oldRear ? QStringLiteral("the two keep their difference")
                                                                  : QStringLiteral("the wheel centres level"));
    };
    e.same = [](const Setup& a, const Setup& b) {
        return a.chassis.cgHeight == b.chassis.cgHeight && a.chassis.cgToFrontAxle == b.chassis.cgToFrontAxle &&
               a.chassis.cgToRearAxle == b.chassis.cgToRearAxle && a.frontTires.radius == b.frontTires.radius &&
               a.rearTires.radius == b.rearTires.radius;
    };
    return e;
}

MappingEntry gears() {
    const QString name = keyName("drivetrain.ini", "GEARS", "COUNT, GEAR_1..GEAR_n, GEAR_R");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> count = number(files, "drivetrain.ini", "GEARS", "COUNT", errors);
        if (!count)
            return missing(report, name);
        if (*count < 1 || *count > 12 || *count != std::floor(*count)) {
            errors << QStringLiteral("%1: COUNT must be a whole number of gears from 1 to 12").arg(name);
            return;
        }
        std::vector<double> ratios;
        for (int g = 1; g <= int(*count); ++g) {
            const QString key = QStringLiteral("GEAR_%1").arg(g);
            const std::optional<double> ratio = number(files, "drivetrain.ini", "GEARS", key, errors);
            if (!ratio) {
                errors << QStringLiteral("%1: COUNT is %2 but %3 is missing").arg(name).arg(int(*count)).arg(key);
                return;
            }
            ratios.push_back(*ratio);
        }
        setup.gearbox.forwardRatios = ratios;
        if (const std::optional<double> reverse = number(files, "drivetrain.ini", "GEARS", "GEAR_R", errors))
            setup.gearbox.reverseRatio = std::abs(*reverse); // AC writes it negative
        report.exact << QStringLiteral("%1 -> gearbox.forwardRatios, gearbox.reverseRatio").arg(name);
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport&) {
        const std::vector<double>& ratios = setup.gearbox.forwardRatios;
        setNumber(files, "drivetrain.ini", "GEARS", "COUNT", double(ratios.size()));
        setNumber(files, "drivetrain.ini", "GEARS", "GEAR_R", -setup.gearbox.reverseRatio);
        for (std::size_t g = 0; g < ratios.size(); ++g)
            setNumber(files, "drivetrain.ini", "GEARS", QStringLiteral("GEAR_%1").arg(g + 1), ratios[g]);
    };
    e.same = [](const Setup& a, const Setup& b) {
        return a.gearbox.forwardRatios == b.gearbox.forwardRatios && a.gearbox.reverseRatio == b.gearbox.reverseRatio;
    };
    return e;
}

// TRACTION TYPE, and for AWD the front share of [AWD] in percent.
MappingEntry traction() {
    const QString name = keyName("drivetrain.ini", "TRACTION", "TYPE");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const IniText* ini = files.findIni("drivetrain.ini");
        const std::optional<QString> type = ini ? ini->value("TRACTION", "TYPE") : std::nullopt;
        if (!type)
            return missing(report, name);
        const QString t = type->toUpper();
        if (t == QLatin1String("RWD"))
            setup.driveline.layout = DrivelineLayout::RearWheelDrive;
        else if (t == QLatin1String("FWD"))
            setup.driveline.layout = DrivelineLayout::FrontWheelDrive;
        else if (t == QLatin1String("AWD") || t == QLatin1String("AWD2"))
            setup.driveline.layout = DrivelineLayout::AllWheelDrive;
        else {
            errors << QStringLiteral("%1: '%2' is not RWD, FWD or AWD").arg(name, *type);
            return;
        }
        report.exact << QStringLiteral("%1 -> driveline.layout").arg(name);
        if (setup.driveline.layout != DrivelineLayout::AllWheelDrive)
            return;
        if (const std::optional<double> share = number(files, "drivetrain.ini", "AWD", "FRONT_SHARE", errors)) {
            setup.driveline.frontTorqueShare = *share / 100.0;
            report.exact << QStringLiteral("drivetrain.ini [AWD] FRONT_SHARE (percent) -> driveline.frontTorqueShare");
        }
        if (t == QLatin1String("AWD2"))
            report.approximated << QStringLiteral("%1: AWD2 read as AWD with a fixed torque split").arg(name);
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport&) {
        const DrivelineLayout layout = setup.driveline.layout;
        files.ini("drivetrain.ini")
            .setValue("TRACTION", "TYPE",
                      layout == DrivelineLayout::RearWheelDrive    ? QStringLiteral("RWD")
                      : layout == DrivelineLayout::FrontWheelDrive ? QStringLiteral("FWD")
                                                                   : QStringLiteral("AWD"));
        if (layout == DrivelineLayout::AllWheelDrive)
            setNumber(files, "drivetrain.ini", "AWD", "FRONT_SHARE", setup.driveline.frontTorqueShare * 100.0);
    };
    e.same = [](const Setup& a, const Setup& b) {
        return a.driveline.layout == b.driveline.layout &&
               (a.driveline.layout != DrivelineLayout::AllWheelDrive ||
                a.driveline.frontTorqueShare == b.driveline.frontTorqueShare);
    };
    return e;
}

// POWER and COAST are the locking shares under drive and overrun (1 = locked),
// PRELOAD a torque in N m: the clutch limited-slip differential's own coefficients
// (docs/physics.md 3.1). AC has no viscous type. [DIFFERENTIAL] is the driven axle's;
// an AWD car's [AWD] names the front, rear and centre ones with FRONT_DIFF_, REAR_DIFF_
// and CENTRE_DIFF_ keys.
struct DifferentialKeys {
    const char* section;
    const char* prefix; ///< before POWER, COAST and PRELOAD
    const char* field;  ///< the setup's type field, as reports name it
    DifferentialType DrivelineParams::*type;
    LimitedSlipParams DrivelineParams::*coupling;
};

constexpr DifferentialKeys axleDifferentialKeys{"DIFFERENTIAL", "", "driveline.differential",
                                                &DrivelineParams::differential,
                                                &DrivelineParams::axleLimitedSlip};
constexpr DifferentialKeys awdDifferentialKeys[] = {
    {"AWD", "FRONT_DIFF_", "driveline.frontDifferential", &DrivelineParams::frontDifferential,
     &DrivelineParams::frontLimitedSlip},
    {"AWD", "REAR_DIFF_", "driveline.differential", &DrivelineParams::differential,
     &DrivelineParams::axleLimitedSlip},
    {"AWD", "CENTRE_DIFF_", "driveline.centreDifferential", &DrivelineParams::centreDifferential,
     &DrivelineParams::centreLimitedSlip},
};

QString differentialKey(const DifferentialKeys& k, const char* which) {
    return QString::fromLatin1(k.prefix) + QString::fromLatin1(which);
}

QString differentialName(const DifferentialKeys& k) {
    return keyName("drivetrain.ini", QString::fromLatin1(k.section),
                   QStringLiteral("%1, %2, %3")
                       .arg(differentialKey(k, "POWER"), differentialKey(k, "COAST"), differentialKey(k, "PRELOAD")));
}

// Reads one differential's three keys; false when POWER or COAST is missing.
bool readDifferential(const DifferentialKeys& k, Files& files, DrivelineParams& d, AcMappingReport& report,
                      QStringList& errors) {
    const QString section = QString::fromLatin1(k.section);
    const std::optional<double> power = number(files, "drivetrain.ini", section, differentialKey(k, "POWER"), errors);
    const std::optional<double> coast = number(files, "drivetrain.ini", section, differentialKey(k, "COAST"), errors);
    const double preload =
        number(files, "drivetrain.ini", section, differentialKey(k, "PRELOAD"), errors).value_or(0.0);
    if (!power || !coast)
        return false;
    const QString name = differentialName(k), field = QString::fromLatin1(k.field);
    if (*power >= 1.0 && *coast >= 1.0) {
        d.*k.type = DifferentialType::Locked;
        report.exact << QStringLiteral("%1 -> %2 (locked)").arg(name, field);
    } else if (*power == 0.0 && *coast == 0.0 && preload == 0.0) {
        d.*k.type = DifferentialType::Open;
        report.exact << QStringLiteral("%1 -> %2 (open)").arg(name, field);
    } else {
        d.*k.type = DifferentialType::ClutchLimitedSlip;
        LimitedSlipParams& c = d.*k.coupling;
        c.powerLocking = std::clamp(*power, 0.0, 1.0);
        c.coastLocking = std::clamp(*coast, 0.0, 1.0);
        c.preload = std::max(0.0, preload);
        report.exact << QStringLiteral("%1 -> %2 (clutch limited-slip: POWER %3, COAST %4, PRELOAD %5 N m)")
                            .arg(name, field, iniNumberText(*power), iniNumberText(*coast), iniNumberText(preload));
    }
    return true;
}

void writeDifferential(const DifferentialKeys& k, const DrivelineParams& d, Files& files, AcMappingReport& report) {
    double power = 0.0, coast = 0.0, preload = 0.0;
    const LimitedSlipParams& c = d.*k.coupling;
    switch (d.*k.type) {
    case DifferentialType::Open: break;
    case DifferentialType::Locked: power = coast = 1.0; break;
    case DifferentialType::ClutchLimitedSlip:
        power = c.powerLocking;
        coast = c.coastLocking;
        preload = c.preload;
        break;
    case DifferentialType::Viscous:
        report.approximated << QStringLiteral("%1: a viscous differential written as open (AC has no viscous type)")
                                   .arg(QString::fromLatin1(k.field));
        break;
    }
    const QString section = QString::fromLatin1(k.section);
    setNumber(files, "drivetrain.ini", section, differentialKey(k, "POWER"), power);
    setNumber(files, "drivetrain.ini", section, differentialKey(k, "COAST"), coast);
    setNumber(files, "drivetrain.ini", section, differentialKey(k, "PRELOAD"), preload);
}

bool sameDifferential(const DifferentialKeys& k, const DrivelineParams& x, const DrivelineParams& y) {
    if (x.*k.type != y.*k.type)
        return false;
    const LimitedSlipParams &a = x.*k.coupling, &b = y.*k.coupling;
    return x.*k.type != DifferentialType::ClutchLimitedSlip ||
           (a.powerLocking == b.powerLocking && a.coastLocking == b.coastLocking && a.preload == b.preload);
}

// Runs after traction(): the layout decides whether [AWD]'s three are read.
MappingEntry differential() {
    const QString name = differentialName(axleDifferentialKeys);
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        DrivelineParams& d = setup.driveline;
        if (!readDifferential(axleDifferentialKeys, files, d, report, errors))
            missing(report, name);
        if (d.layout != DrivelineLayout::AllWheelDrive)
            return;
        // Without its own keys an AWD car's front axle has the driven axle's type.
        d.frontDifferential = d.differential;
        d.frontLimitedSlip = d.axleLimitedSlip;
        for (const DifferentialKeys& k : awdDifferentialKeys) {
            if (!readDifferential(k, files, d, report, errors))
                missing(report, differentialName(k));
        }
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport& report) {
        const DrivelineParams& d = setup.driveline;
        writeDifferential(axleDifferentialKeys, d, files, report);
        if (d.layout == DrivelineLayout::AllWheelDrive) {
            for (const DifferentialKeys& k : awdDifferentialKeys)
                writeDifferential(k, d, files, report);
        }
    };
    e.same = [](const Setup& a, const Setup& b) {
        const DrivelineParams &x = a.driveline, &y = b.driveline;
        if (!sameDifferential(axleDifferentialKeys, x, y) || x.layout != y.layout)
            return false;
        if (x.layout != DrivelineLayout::AllWheelDrive)
            return true;
        return std::all_of(std::begin(awdDifferentialKeys), std::end(awdDifferentialKeys),
                           [&](const DifferentialKeys& k) { return sameDifferential(k, x, y); });
    };
    return e;
}

// The torque curve, in the table engine.ini names (crankshaft torque, N m, no boost).
MappingEntry powerCurve() {
    const QString name = keyName("engine.ini", "HEADER", "POWER_CURVE");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const IniText* engine = files.findIni("engine.ini");
        const std::optional<QString> table = engine ? engine->value("HEADER", "POWER_CURVE") : std::nullopt;
        if (!table)
            return missing(report, name);
        const std::optional<QByteArray> bytes = files.table(*table, errors);
        if (!bytes)
            return;
        const FieldMeta* torque = findField(QStringLiteral("engine.torqueCurve_rpm_Nm"));
        const CurveImportResult curve = readLookupTable(*bytes, torque->curveRules, *table);
        if (!curve.ok()) {
            for (const QString& problem : curve.errors)
                errors << QStringLiteral("%1: %2").arg(*table, problem);
            return;
        }
        setup.engine.torqueCurve = *curve.curve;
        report.exact << QStringLiteral("%1 (%2) -> engine.torqueCurve_rpm_Nm: %3")
                            .arg(name, *table, acPowerCurveConvention());
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport&) {
        IniText& engine = files.ini("engine.ini");
        QString table = engine.value("HEADER", "POWER_CURVE").value_or(QString());
        if (!isPlainFileName(table)) {
            table = QStringLiteral("power.lut");
            engine.setValue("HEADER", "POWER_CURVE", table);
        }
        files.setTable(table, writeLookupTable(setup.engine.torqueCurve));
    };
    e.same = [](const Setup& a, const Setup& b) { return a.engine.torqueCurve == b.engine.torqueCurve; };
    return e;
}

// The coast torque AC gives at one rpm, as a braking torque proportional to rpm.
MappingEntry coastTorque() {
    const QString name = keyName("engine.ini", "COAST_REF", "RPM, TORQUE");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> rpm = number(files, "engine.ini", "COAST_REF", "RPM", errors);
        const std::optional<double> torque = number(files, "engine.ini", "COAST_REF", "TORQUE", errors);
        if (!rpm || !torque || *rpm <= 0.0)
            return missing(report, name);
        setup.engine.engineBrakingCoefficient = *torque / *rpm;
        report.approximated << QStringLiteral("%1 -> engine.engineBraking_NmPerRpm: TORQUE / RPM, a coast torque "
                                              "proportional to rpm (NON_LINEARITY is not read)")
                                   .arg(name);
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport&) {
        IniText& engine = files.ini("engine.ini");
        double rpm = setup.engine.redlineRpm;
        if (const std::optional<QString> text = engine.value("COAST_REF", "RPM"))
            rpm = iniNumber(*text).value_or(rpm);
        if (!engine.value("HEADER", "COAST_CURVE"))
            engine.setValue("HEADER", "COAST_CURVE", QStringLiteral("FROM_COAST_REF"));
        setNumber(files, "engine.ini", "COAST_REF", "RPM", rpm);
        setNumber(files, "engine.ini", "COAST_REF", "TORQUE", setup.engine.engineBrakingCoefficient * rpm);
    };
    e.same = [](const Setup& a, const Setup& b) {
        return a.engine.engineBrakingCoefficient == b.engine.engineBrakingCoefficient;
    };
    return e;
}

// The road wheels' lock: the steering wheel's lock over the steering ratio.
MappingEntry steeringLock() {
    const QString name = keyName("car.ini", "CONTROLS", "STEER_LOCK, STEER_RATIO");
    MappingEntry e;
    e.name = name;
    e.read = [=](Files& files, Setup& setup, AcMappingReport& report, QStringList& errors) {
        const std::optional<double> lock = number(files, "car.ini", "CONTROLS", "STEER_LOCK", errors);
        const std::optional<double> ratio = number(files, "car.ini", "CONTROLS", "STEER_RATIO", errors);
        if (!lock || !ratio || *ratio == 0.0)
            return missing(report, name);
        setup.steering.maxSteerAngle = units::degToRad(std::abs(*lock / *ratio));
        report.approximated << QStringLiteral("%1 -> steering.maxSteerAngle: STEER_LOCK / STEER_RATIO degrees at "
                                              "the road wheels, without AC's steering geometry")
                                   .arg(name);
    };
    e.write = [](const Setup& setup, Files& files, AcMappingReport&) {
        double ratio = 12.0; // a new folder's: a common road-car ratio
        if (const std::optional<QString> text = files.ini("car.ini").value("CONTROLS", "STEER_RATIO"))
            ratio = iniNumber(*text).value_or(ratio);
        setNumber(files, "car.ini", "CONTROLS", "STEER_RATIO", ratio);
        setNumber(files, "car.ini", "CONTROLS", "STEER_LOCK", units::radToDeg(setup.steering.maxSteerAngle) * std::abs(ratio));
    };
    e.same = [](const Setup& a, const Setup& b) { return a.steering.maxSteerAngle == b.steering.maxSteerAngle; };
    return e;
}

} // namespace

MappingEntry aeroEntry();                  // AcAeroMapping.cpp
MappingEntry tyreEntry(bool front);        // AcTyreMapping.cpp
MappingEntry springEntry(bool front);      // AcSuspensionMapping.cpp
MappingEntry damperEntry(bool front);      // AcSuspensionMapping.cpp

const std::vector<MappingEntry>& mappingEntries() {
    static const std::vector<MappingEntry> entries = [] {
        std::vector<MappingEntry> list;
        for (const ScalarKey& k : scalarKeys)
            list.push_back(scalarEntry(k));
        list.push_back(inertiaBox());
        list.push_back(cgLocation());
        list.push_back(cgHeight()); // after the radii and the axle positions
        list.push_back(idle());
        list.push_back(gears());
        list.push_back(traction());
        list.push_back(differential());
        list.push_back(powerCurve());
        list.push_back(coastTorque());
        list.push_back(steeringLock());
        list.push_back(tyreEntry(true));
        list.push_back(tyreEntry(false));
        for (const bool front : {true, false}) {
            list.push_back(springEntry(front));
            list.push_back(damperEntry(front));
        }
        list.push_back(aeroEntry()); // after the axle positions
        return list;
    }();
    return entries;
}

QStringList unmappedContent() {
    return {
        QStringLiteral("suspensions.ini: the geometry (wishbones, struts, ROD_LENGTH), so ride heights, "
                       "roll centres, camber and TOE_OUT; bump-stop and packer travel (BUMPSTOP_UP/DN, "
                       "PACKER_RANGE), heave springs. The springs, dampers, bars and hub masses fill the dynamic "
                       "suspension's fields; the rigid level's chassis.rollStiffnessFront keeps its value"),
        QStringLiteral("tyres.ini: AC's load sensitivity, thermal model, wear and every compound but the first"),
        QStringLiteral("car.ini: fuel, graphics offsets and the driver's position"),
        QStringLiteral("engine.ini: turbos, engine inertia, damage; drivetrain.ini: clutch, auto-clutch, "
                       "CHANGE_DN_TIME"),
        QStringLiteral("gearbox.efficiency, aero.airDensity, rolling resistance, steering.steerRate and "
                       "steering.ackermann_pct: no key in the files read, the setup's values kept"),
    };
}

} // namespace vtw::ac

namespace vtw {

QString AcMappingReport::text() const {
    QString out;
    auto list = [&out](const QString& title, const QStringList& lines) {
        out += title + QStringLiteral(" (%1)\n").arg(lines.size());
        for (const QString& line : lines)
            out += QStringLiteral("  %1\n").arg(line);
    };
    list(QStringLiteral("Mapped exactly"), exact);
    list(QStringLiteral("Approximated"), approximated);
    list(QStringLiteral("No equivalent"), unmapped);
    return out;
}

QString acPowerCurveConvention() {
    return QStringLiteral("engine torque at the crankshaft in N m against rpm, without boost");
}

} // namespace vtw

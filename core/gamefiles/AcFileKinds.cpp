#include "core/gamefiles/AcFileKinds.h"

#include <algorithm>
#include <map>

namespace vtw::ac {

namespace {

struct FileKind {
    QStringList sections;
    QStringList keys; ///< "SECTION/KEY"
};
const std::map<QString, FileKind> kinds = {
    {"car.ini", {{"BASIC", "CONTROLS"}, {"BASIC/TOTALMASS", "BASIC/INERTIA", "CONTROLS/STEER_LOCK"}}},
    {"engine.ini", {{"ENGINE_DATA", "HEADER"}, {"ENGINE_DATA/LIMITER", "ENGINE_DATA/MINIMUM", "HEADER/POWER_CURVE"}}},
    {"drivetrain.ini", {{"TRACTION", "GEARS"}, {"TRACTION/TYPE", "GEARS/COUNT", "GEARS/FINAL"}}},
    {"suspensions.ini",
     {{"BASIC", "FRONT", "REAR"}, {"BASIC/WHEELBASE", "BASIC/CG_LOCATION", "FRONT/TRACK", "REAR/TRACK"}}},
    {"brakes.ini", {{"DATA"}, {"DATA/MAX_TORQUE", "DATA/FRONT_SHARE"}}},
    {"tyres.ini", {{"FRONT", "REAR"}, {"FRONT/RADIUS", "FRONT/DX_REF", "REAR/RADIUS", "REAR/DX_REF"}}},
};

} // namespace

QString notOfItsKind(const QString& name, const IniText& ini) {
    const FileKind& kind = kinds.at(name);
    if (std::none_of(kind.sections.begin(), kind.sections.end(), [&](const QString& s) { return ini.hasSection(s); }))
        return QStringLiteral("%1 is not an Assetto Corsa %1: it has none of the sections [%2]")
            .arg(name, kind.sections.join(QStringLiteral("], [")));
    const auto has = [&](const QString& key) { return ini.value(key.section('/', 0, 0), key.section('/', 1)).has_value(); };
    if (std::none_of(kind.keys.begin(), kind.keys.end(), has)) {
        QStringList keys;
        for (const QString& key : kind.keys)
            keys << QStringLiteral("[%1] %2").arg(key.section('/', 0, 0), key.section('/', 1));
        return QStringLiteral("%1 is not an Assetto Corsa %1: it has none of the keys %2")
            .arg(name, keys.join(QStringLiteral(", ")));
    }
    return {};
}

} // namespace vtw::ac

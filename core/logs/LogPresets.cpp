#include "core/logs/LogPresets.h"

namespace vtw {

namespace {

// MoTeC's usual names for the channels a lap is compared on; the units come from the
// export's unit row. A car whose logger names them otherwise gets its own preset.
LogMapping motecPreset() {
    LogMapping m;
    m.preset = QStringLiteral("MoTeC i2 export");
    m.dialect = LogDialect::MotecI2;
    m.channels = {
        {"time", "Time", {}},
        {"distance", "Distance", {}},
        {"speed", "Ground Speed", {}},
        {"rpm", "Engine RPM", {}},
        {"gear", "Gear", {}},
        {"throttle", "Throttle Pos", {}},
        {"steer_angle", "Steered Angle", {}},
        {"ax", "G Force Long", {}},
        {"ay", "G Force Lat", {}},
    };
    return m;
}

// The columns a lap's trace (vtw-cli lap -t, run -m lap -t) and a maneuver's telemetry
// (run -t) both write, "name [unit]" each.
LogMapping workbenchPreset() {
    LogMapping m;
    m.preset = QStringLiteral("Workbench telemetry CSV");
    for (const char* name : {"time", "distance", "speed", "rpm", "gear", "throttle", "brake", "ax", "ay"})
        m.channels.push_back({name, name, {}});
    return m;
}

} // namespace

const std::vector<BuiltInLogPreset>& builtInLogPresets() {
    static const std::vector<BuiltInLogPreset> presets = {{"motec", motecPreset()},
                                                          {"workbench", workbenchPreset()}};
    return presets;
}

const LogMapping* findBuiltInLogPreset(const QString& key) {
    for (const BuiltInLogPreset& p : builtInLogPresets())
        if (key == QLatin1String(p.key))
            return &p.mapping;
    return nullptr;
}

} // namespace vtw

#include "core/logs/LogMapping.h"

#include "core/sim/Telemetry.h"
#include "core/logs/LogUnits.h"
#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/JsonShape.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cmath>

namespace vtw {

namespace {

constexpr const char* fileType = "vtw-log-mapping";
constexpr int fileVersion = 1;
// A mapping nests three levels (root, channels, a channel) and holds a few dozen values.
constexpr int maxDepth = 8;
constexpr qint64 maxValues = 2000;

const char* dialectKey(LogDialect dialect) {
    return dialect == LogDialect::MotecI2 ? "motec-i2" : "generic";
}

} // namespace

const LogChannelMap* LogMapping::find(const QString& target) const {
    for (const LogChannelMap& channel : channels)
        if (channel.target == target)
            return &channel;
    return nullptr;
}

const std::vector<LogTarget>& logTargets() {
    static const std::vector<LogTarget> targets = [] {
        std::vector<LogTarget> out;
        for (const char* name : {"time", "distance", "speed", "rpm", "gear", "throttle", "brake",
                                 "steer_angle", "steer_input", "ax", "ay", "yaw_rate"}) {
            const ChannelInfo& info = channelCatalogue()[std::size_t(channelIndex(name))];
            out.push_back({name, info.unit.c_str(), QString::fromStdString(info.label)});
        }
        return out;
    }();
    return targets;
}

const LogTarget* findLogTarget(const QString& name) {
    for (const LogTarget& target : logTargets())
        if (name == QLatin1String(target.name))
            return &target;
    return nullptr;
}

QByteArray logMappingToJson(const LogMapping& mapping) {
    QJsonObject channels;
    for (const LogChannelMap& c : mapping.channels) {
        QJsonObject entry{{"column", c.column}, {"unit", c.unit}};
        if (c.scale != 1.0)
            entry.insert("scale", c.scale);
        if (c.offset != 0.0)
            entry.insert("offset", c.offset);
        channels.insert(c.target, entry);
    }
    QJsonObject root{{"fileType", fileType},
                     {"version", fileVersion},
                     {"preset", mapping.preset},
                     {"dialect", dialectKey(mapping.dialect)},
                     {"channels", channels}};
    if (!mapping.lapBeacon.isEmpty())
        root.insert("lapBeacon", mapping.lapBeacon);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

LogMappingReadResult logMappingFromJson(const QByteArray& json) {
    LogMappingReadResult r;
    if (json.size() > maxLogMappingBytes) {
        r.errors << QString("file is %1 bytes, larger than the %2 KiB limit for a log mapping")
                        .arg(json.size())
                        .arg(maxLogMappingBytes / 1024);
        return r;
    }
    const JsonShape shape = jsonShape(json, maxDepth);
    if (shape.depth > maxDepth || shape.values > maxValues) {
        r.errors << QString("%1: nested more than %2 levels or more than %3 values, not a log mapping")
                        .arg(shape.depth > maxDepth ? shape.deepestPath : shape.largestPath)
                        .arg(maxDepth)
                        .arg(maxValues);
        return r;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        r.errors << QString("not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString());
        return r;
    }
    const QJsonObject root = doc.object();
    if (!doc.isObject() || root.value("fileType").toString() != QLatin1String(fileType)) {
        r.errors << QString("fileType: must be \"%1\" (not a log mapping)").arg(fileType);
        return r;
    }
    if (root.value("version").toDouble() != fileVersion)
        r.errors << QString("version: must be %1").arg(fileVersion);
    LogMapping m;
    m.preset = root.value("preset").toString();
    const QString dialect = root.value("dialect").toString(QStringLiteral("generic"));
    if (dialect == QLatin1String("motec-i2"))
        m.dialect = LogDialect::MotecI2;
    else if (dialect != QLatin1String("generic"))
        r.errors << QString("dialect: '%1' is none of generic, motec-i2").arg(dialect);
    m.lapBeacon = root.value("lapBeacon").toString();
    const QJsonObject channels = root.value("channels").toObject();
    for (auto it = channels.begin(); it != channels.end(); ++it) {
        const QString where = "channels." + it.key();
        const LogTarget* target = findLogTarget(it.key());
        if (!target) {
            r.errors << where + ": not a channel a log maps to";
            continue;
        }
        const QJsonObject entry = it.value().toObject();
        LogChannelMap c{it.key(), entry.value("column").toString(), entry.value("unit").toString(),
                        entry.value("scale").toDouble(1.0), entry.value("offset").toDouble(0.0)};
        if (c.column.isEmpty())
            r.errors << where + ".column: names no column";
        if (!c.unit.isEmpty()) {
            const auto conversion = unitConversion(c.unit);
            if (!conversion)
                r.errors << QString("%1.unit: '%2' is not a known unit").arg(where, c.unit);
            else if (conversion->siUnit != QLatin1String(target->siUnit))
                r.errors << QString("%1.unit: '%2' does not convert to %3").arg(where, c.unit, target->siUnit);
        }
        if (!std::isfinite(c.scale) || c.scale == 0.0 || !std::isfinite(c.offset))
            r.errors << where + ": scale must be a finite non-zero number and offset finite";
        m.channels.push_back(c);
    }
    if (!m.find("time") && !m.find("distance"))
        r.errors << "channels: map time or distance (a log is aligned on one of them)";
    if (r.errors.isEmpty())
        r.mapping = std::move(m);
    return r;
}

LogMappingReadResult loadLogMapping(const QString& path) {
    const BoundedReadResult read = readFileBounded(path, maxLogMappingBytes);
    if (!read.data)
        return {std::nullopt, {read.error}};
    LogMappingReadResult r = logMappingFromJson(*read.data);
    for (QString& e : r.errors)
        e = path + ": " + e;
    return r;
}

} // namespace vtw

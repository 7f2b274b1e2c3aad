#include "core/mathchannels/MathChannelJson.h"

#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/JsonShape.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>

namespace vtw {

namespace {

// An object per channel holding three strings: four levels cover it with room.
constexpr int maxDepth = 4;
constexpr qint64 maxValues = 2 + 4 * static_cast<qint64>(maxMathChannels) + 16;

MathChannelsReadResult failed(const QString& error) {
    MathChannelsReadResult r;
    r.errors << error;
    return r;
}

// A string member of a channel entry, within `limit` characters.
bool readText(const QJsonObject& entry, const char* key, std::size_t limit, int index, std::string& out,
              QStringList& errors) {
    const QJsonValue value = entry.value(QLatin1String(key));
    const QString where = QStringLiteral("channels[%1].%2").arg(index).arg(QLatin1String(key));
    if (!value.isString()) {
        errors << where + QStringLiteral(": must be a string");
        return false;
    }
    const QByteArray utf8 = value.toString().toUtf8();
    if (static_cast<std::size_t>(utf8.size()) > limit) {
        errors << where + QStringLiteral(": longer than %1 characters").arg(limit);
        return false;
    }
    out = utf8.toStdString();
    return true;
}

} // namespace

MathChannelsReadResult readMathChannelsJson(const QByteArray& bytes) {
    if (bytes.size() > maxMathChannelsFileBytes)
        return failed(QStringLiteral("the file is %1 bytes, more than the %2 KiB a list of math channels may hold")
                          .arg(bytes.size())
                          .arg(maxMathChannelsFileBytes / 1024));
    QStringDecoder utf8(QStringDecoder::Utf8);
    const QString decoded = utf8(bytes);
    Q_UNUSED(decoded);
    if (utf8.hasError())
        return failed(QStringLiteral("the file is not valid UTF-8 text"));
    const JsonShape shape = jsonShape(bytes, maxDepth);
    if (shape.depth > maxDepth)
        return failed(QStringLiteral("JSON nested more than %1 levels deep (at %2): not a list of math channels")
                          .arg(maxDepth)
                          .arg(shape.deepestPath));
    if (shape.values > maxValues)
        return failed(QStringLiteral("the file holds %1 JSON values, more than a list of %2 math channels needs")
                          .arg(shape.values)
                          .arg(maxMathChannels));
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return failed(QStringLiteral("not valid JSON at byte %1: %2").arg(parseError.offset).arg(parseError.errorString()));
    if (!doc.isObject())
        return failed(QStringLiteral("not a list of math channels: the top level must be a JSON object"));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("fileType")).toString() != QLatin1String(mathChannelsFileType))
        return failed(QStringLiteral("fileType: must be \"%1\"").arg(mathChannelsFileType));
    const QJsonValue version = root.value(QStringLiteral("version"));
    if (!version.isDouble() || version.toDouble() != mathChannelsFileVersion)
        return failed(QStringLiteral("version: must be %1 (this program reads that version)").arg(mathChannelsFileVersion));
    const QJsonValue list = root.value(QStringLiteral("channels"));
    if (!list.isArray())
        return failed(QStringLiteral("channels: must be an array"));
    const QJsonArray array = list.toArray();
    if (static_cast<std::size_t>(array.size()) > maxMathChannels)
        return failed(QStringLiteral("channels: %1 entries, more than the %2 allowed").arg(array.size()).arg(maxMathChannels));

    MathChannelsReadResult r;
    for (int i = 0; i < array.size(); ++i) {
        if (!array[i].isObject()) {
            r.errors << QStringLiteral("channels[%1]: must be an object with name, unit and formula").arg(i);
            continue;
        }
        const QJsonObject entry = array[i].toObject();
        MathChannel channel;
        if (!readText(entry, "name", maxMathChannelNameLength, i, channel.name, r.errors) ||
            !readText(entry, "unit", maxMathChannelUnitLength, i, channel.unit, r.errors) ||
            !readText(entry, "formula", maxFormulaLength, i, channel.formula, r.errors))
            continue;
        if (const std::string problem = mathChannelNameProblem(channel.name); !problem.empty()) {
            r.errors << QStringLiteral("channels[%1].name: %2").arg(i).arg(QString::fromStdString(problem));
            continue;
        }
        for (const MathChannel& earlier : r.channels) {
            if (earlier.name == channel.name)
                r.errors << QStringLiteral("channels[%1].name: '%2' is named twice").arg(i).arg(QString::fromStdString(channel.name));
        }
        r.channels.push_back(std::move(channel));
    }
    if (!r.errors.isEmpty())
        r.channels.clear();
    return r;
}

MathChannelsReadResult readMathChannelsFile(const QString& path) {
    const BoundedReadResult read = readFileBounded(path, maxMathChannelsFileBytes);
    if (!read.data)
        return failed(read.error);
    return readMathChannelsJson(*read.data);
}

QByteArray mathChannelsJson(const std::vector<MathChannel>& channels) {
    QJsonArray array;
    for (const MathChannel& c : channels) {
        array.append(QJsonObject{{QStringLiteral("name"), QString::fromStdString(c.name)},
                                 {QStringLiteral("unit"), QString::fromStdString(c.unit)},
                                 {QStringLiteral("formula"), QString::fromStdString(c.formula)}});
    }
    const QJsonObject root{{QStringLiteral("fileType"), QLatin1String(mathChannelsFileType)},
                           {QStringLiteral("version"), mathChannelsFileVersion},
                           {QStringLiteral("channels"), array}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace vtw

#include "core/setupfile/SetupJson.h"

#include "core/setupfile/BoundedRead.h"
#include "core/setupfile/JsonShape.h"
#include "core/setupfile/SetupMetadata.h"
#include "core/setupfile/SetupWarnings.h"

#include "core/setupfile/ProgramVersion.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>

#include <algorithm>
#include <cmath>
#include <functional>

namespace vtw {

namespace {

// "generator" names the program that saved the file; it is read and dropped, as a
// re-save names this program.
const QStringList topLevelKeys{"fileType", "version", "name", "notes", "targets", "generator"};

// Migration steps: migrations[v] turns a version-v object into version v+1.
// Version 1 is the first format, so there is no step yet; a version-2 format
// adds `{1, [](QJsonObject& root) { ... }}` here and bumps setupFileVersion.
const MigrationSteps& migrations() {
    static const MigrationSteps steps;
    return steps;
}

// Text kept inside a section beside its numbers: the file a .tir model came from,
// written with the model's section (only once it differs from the defaults).
struct TextField {
    QString path;
    std::string& (*text)(Setup&);
    const TireParams& (*axle)(const Setup&);
};

const std::vector<TextField>& textFields() {
    static const std::vector<TextField> fields{
        {"tires.front.tir.source", [](Setup& s) -> std::string& { return s.frontTires.tir.source; },
         [](const Setup& s) -> const TireParams& { return s.frontTires; }},
        {"tires.rear.tir.source", [](Setup& s) -> std::string& { return s.rearTires.tir.source; },
         [](const Setup& s) -> const TireParams& { return s.rearTires; }},
    };
    return fields;
}

bool tirSectionWritten(const TireParams& t) {
    static const TirTireParams defaults;
    return !(t.tir == defaults);
}

void insertAt(QJsonObject& obj, const QStringList& keys, qsizetype i, const QJsonValue& v) {
    if (i == keys.size() - 1) {
        obj.insert(keys[i], v);
        return;
    }
    QJsonObject child = obj.value(keys[i]).toObject();
    insertAt(child, keys, i + 1, v);
    obj.insert(keys[i], child);
}

void writeTextFields(QJsonObject& root, const Setup& setup) {
    for (const TextField& t : textFields())
        if (tirSectionWritten(t.axle(setup)))
            insertAt(root, t.path.split('.'), 0, QString::fromStdString(t.text(const_cast<Setup&>(setup))));
}

QJsonValue fieldToJson(const FieldMeta& f, const Setup& s) {
    switch (f.kind) {
    case FieldKind::Number:
        return f.get(s);
    case FieldKind::Integer:
        return static_cast<qint64>(f.get(s));
    case FieldKind::Enum:
        return f.enumKeys.value(static_cast<int>(f.get(s)));
    case FieldKind::NumberList: {
        QJsonArray a;
        for (double v : f.listOf(s))
            a.append(v);
        return a;
    }
    case FieldKind::Curve: {
        QJsonArray a;
        for (const CurvePoint& p : f.curveOf(s).points())
            a.append(QJsonArray{p.x, p.y});
        return a;
    }
    }
    return {};
}

/// Where the keys of a path lead in a file: the value, or why it is not there.
struct Lookup {
    QJsonValue value;
    bool found = false;
    QString missingSection; ///< path of the first absent section, if a section is absent
    QString badSection;     ///< path of the first section that is not an object
};

Lookup lookup(const QJsonObject& root, const QStringList& keys) {
    Lookup r;
    QJsonObject obj = root;
    QString at;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        at = at.isEmpty() ? keys[i] : at + '.' + keys[i];
        const auto it = obj.constFind(keys[i]);
        if (it == obj.constEnd()) {
            if (i < keys.size() - 1)
                r.missingSection = at;
            return r;
        }
        if (i == keys.size() - 1) {
            r.value = *it;
            r.found = true;
            return r;
        }
        if (!it->isObject()) {
            r.badSection = at;
            return r;
        }
        obj = it->toObject();
    }
    return r;
}

bool readNumber(const QJsonValue& v, double& out) {
    if (!v.isDouble())
        return false;
    out = v.toDouble();
    return true;
}

/// Reads one field from its JSON value into s; returns the problem or an empty string.
// "point 3 must be ...", "points 1, 4 and 7 must be ...": every bad entry of a
// list at once, the first ten by index.
QString badEntries(const QList<qsizetype>& bad, const char* one, const char* many,
                   const char* whatOne, const char* whatMany) {
    constexpr qsizetype listed = 10;
    if (bad.size() == 1)
        return QString("%1 %2 must be %3").arg(one).arg(bad.first()).arg(whatOne);
    QStringList indices;
    for (qsizetype i = 0; i < bad.size() && i < listed; ++i)
        indices << QString::number(bad[i]);
    QString which = indices.size() == bad.size()
                        ? indices.mid(0, indices.size() - 1).join(", ") + " and " + indices.last()
                        : indices.join(", ") + QString(" and %1 more").arg(bad.size() - listed);
    return QString("%1 %2 must be %3").arg(many, which, whatMany);
}

QString readField(const FieldMeta& f, const QJsonValue& v, Setup& s) {
    switch (f.kind) {
    case FieldKind::Number: {
        double d = 0;
        if (!readNumber(v, d))
            return "must be a number";
        f.set(s, d);
        return {};
    }
    case FieldKind::Integer: {
        double d = 0;
        if (!readNumber(v, d) || !std::isfinite(d) || d != std::floor(d))
            return "must be an integer";
        const QString range = f.rangeProblem(d); // before the cast: it must fit an int
        if (!range.isEmpty())
            return range;
        f.set(s, d);
        return {};
    }
    case FieldKind::Enum: {
        if (!v.isString())
            return "must be a string, one of: " + f.enumKeys.join(", ");
        const qsizetype index = f.enumKeys.indexOf(v.toString());
        if (index < 0)
            return QString("unknown value \"%1\", expected one of: %2")
                .arg(v.toString().left(64), f.enumKeys.join(", "));
        f.set(s, double(index));
        return {};
    }
    case FieldKind::NumberList: {
        if (!v.isArray())
            return "must be an array of numbers";
        const QJsonArray a = v.toArray();
        if (a.size() > f.maxCount)
            return QString("must have at most %1 entries").arg(f.maxCount);
        std::vector<double> list;
        list.reserve(std::size_t(a.size()));
        QList<qsizetype> bad;
        for (qsizetype i = 0; i < a.size(); ++i) {
            double d = 0;
            if (!readNumber(a[i], d))
                bad.append(i);
            list.push_back(d);
        }
        if (!bad.isEmpty())
            return badEntries(bad, "entry", "entries", "a number", "numbers");
        f.list(s) = std::move(list);
        return {};
    }
    case FieldKind::Curve: {
        if (!v.isArray())
            return "must be an array of [x, y] points";
        const QJsonArray a = v.toArray();
        if (a.size() > f.curveRules.maxPoints)
            return QString("must have at most %1 points").arg(f.curveRules.maxPoints);
        std::vector<CurvePoint> pts;
        pts.reserve(std::size_t(a.size()));
        QList<qsizetype> bad;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QJsonArray p = a[i].toArray();
            CurvePoint cp;
            if (!a[i].isArray() || p.size() != 2 || !readNumber(p[0], cp.x) ||
                !readNumber(p[1], cp.y)) {
                bad.append(i);
                continue;
            }
            pts.push_back(cp);
        }
        if (!bad.isEmpty())
            return badEntries(bad, "point", "points", "an [x, y] pair of numbers",
                              "[x, y] pairs of numbers");
        f.curve(s) = Curve(std::move(pts));
        return {};
    }
    }
    return {};
}

/// Known leaf paths and section paths, to tell unknown keys apart.
struct KnownPaths {
    QSet<QString> leaves;
    QSet<QString> sections;
};

const KnownPaths& knownPaths() {
    static const KnownPaths known = [] {
        KnownPaths k;
        for (const QString& key : topLevelKeys)
            k.leaves.insert(key);
        for (const TextField& t : textFields())
            k.leaves.insert(t.path);
        for (const FieldMeta& f : setupFields()) {
            k.leaves.insert(f.path);
            const QStringList keys = f.keys();
            QString at;
            for (qsizetype i = 0; i + 1 < keys.size(); ++i) {
                at = at.isEmpty() ? keys[i] : at + '.' + keys[i];
                k.sections.insert(at);
            }
        }
        return k;
    }();
    return known;
}

// Another tool's extras are a handful of keys; a file with more than this is
// refused rather than kept (and listed) key by key.
constexpr qsizetype maxUnknownKeys = 1000;
// Warnings listed one by one; the rest are counted.
constexpr qsizetype maxUnknownKeyWarnings = 20;
// An unknown key's value nested deeper than this is refused: another tool's
// extras are a few levels deep, and the value is kept and written back.
constexpr int maxUnknownDepth = 32;

// True when v holds more than limit levels of arrays and objects. Stops at
// the limit, so the walk is bounded whatever the input.
bool nestedDeeperThan(const QJsonValue& v, int limit) {
    if (!v.isArray() && !v.isObject())
        return false;
    if (limit == 0)
        return true;
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        return std::any_of(a.begin(), a.end(),
                           [&](const QJsonValue& e) { return nestedDeeperThan(e, limit - 1); });
    }
    const QJsonObject o = v.toObject();
    return std::any_of(o.begin(), o.end(),
                       [&](const QJsonValue& e) { return nestedDeeperThan(e, limit - 1); });
}

// Only known sections are descended into, so the walk is as deep as the
// format, whatever the nesting of the input. It stops one past the limit.
void collectUnknown(const QJsonObject& obj, const QStringList& prefix, UnknownKeys& out) {
    const KnownPaths& known = knownPaths();
    for (auto it = obj.constBegin(); it != obj.constEnd() && out.size() <= maxUnknownKeys; ++it) {
        QStringList path = prefix;
        path.append(it.key());
        const QString dotted = path.join('.');
        if (known.leaves.contains(dotted))
            continue;
        if (known.sections.contains(dotted) && it->isObject()) {
            collectUnknown(it->toObject(), path, out);
            continue;
        }
        if (known.sections.contains(dotted))
            continue; // a section of the wrong type is an error reported by the field reader
        out.append({path, *it});
    }
}

// "targets": [{"metric": key, "value": number, "source": text}, ...]. The
// entries' rules (known key, value > 0, a source) are validateTargets()'s;
// here only the shape. Returns false if any entry could not be read.
bool readTargets(const QJsonValue& v, Setup& s, SetupLoadResult& r) {
    if (!v.isArray()) {
        r.errors.append(SetupIssue{"targets", "must be an array of {metric, value, source} objects"});
        return false;
    }
    const QJsonArray a = v.toArray();
    bool ok = true;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString at = QString("targets[%1]").arg(i);
        if (!a[i].isObject()) {
            r.errors.append(SetupIssue{at, "must be an object with metric, value and source"});
            ok = false;
            continue;
        }
        const QJsonObject o = a[i].toObject();
        PublishedFigure t;
        bool entryOk = true;
        const auto need = [&](const char* key, bool good, const char* what) {
            if (!good) {
                r.errors.append(SetupIssue{at + '.' + key, o.contains(key)
                                                               ? QString("must be %1").arg(what)
                                                               : QString("missing (%1)").arg(what)});
                entryOk = false;
            }
        };
        need("metric", o.value("metric").isString(), "a metric key string");
        need("value", o.value("value").isDouble(), "a number");
        need("source", o.value("source").isString(), "a string");
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            if (it.key() != "metric" && it.key() != "value" && it.key() != "source")
                r.warnings.append(at + '.' + it.key() + ": unknown key, not kept");
        }
        if (!entryOk) {
            ok = false;
            continue;
        }
        t.metricKey = o.value("metric").toString().toStdString();
        t.value = o.value("value").toDouble();
        t.source = o.value("source").toString().toStdString();
        s.targets.push_back(std::move(t));
    }
    return ok;
}

bool coveredBy(const QString& path, const QSet<QString>& failed) {
    for (const QString& f : failed) {
        if (path == f || path.startsWith(f + '.') || path.startsWith(f + '['))
            return true;
    }
    return false;
}

// Decoded a piece at a time, each cut before an ASCII byte so that no sequence
// is split: the whole file decoded at once would be a second copy twice its
// size, only to be dropped.
bool isValidUtf8(const QByteArray& bytes) {
    constexpr qsizetype piece = 1 << 16;
    for (qsizetype at = 0; at < bytes.size();) {
        qsizetype end = std::min(at + piece, bytes.size());
        while (end < bytes.size() && static_cast<unsigned char>(bytes[end]) >= 0x80)
            ++end;
        QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString decoded = decoder(QByteArrayView(bytes).sliced(at, end - at));
        Q_UNUSED(decoded);
        if (decoder.hasError())
            return false;
        at = end;
    }
    return true;
}

SetupLoadResult fail(SetupLoadResult r, QString path, QString message) {
    r.errors.append({std::move(path), std::move(message)});
    return r;
}

} // namespace

QStringList SetupLoadResult::errorStrings() const {
    QStringList out;
    for (const SetupIssue& e : errors)
        out.append(e.toString());
    return out;
}

bool migrateJson(QJsonObject& root, int fromVersion, int toVersion, const MigrationSteps& steps,
                 QString* error) {
    for (int v = fromVersion; v < toVersion; ++v) {
        const auto step = std::find_if(steps.begin(), steps.end(),
                                       [v](const auto& s) { return s.first == v; });
        if (step == steps.end()) {
            if (error)
                *error = QString("no migration from file version %1").arg(v);
            return false;
        }
        step->second(root);
    }
    root.insert("version", toVersion);
    return true;
}

bool migrateSetupJson(QJsonObject& root, int fromVersion, QString* error) {
    return migrateJson(root, fromVersion, setupFileVersion, migrations(), error);
}

SetupLoadResult loadSetup(const QByteArray& bytes) {
    SetupLoadResult r;
    if (bytes.size() > maxSetupFileBytes)
        return fail(r, {},
                    QString("file is %1 bytes, larger than the %2 MiB limit for a setup")
                        .arg(bytes.size())
                        .arg(maxSetupFileBytes / (1024 * 1024)));
    if (!isValidUtf8(bytes))
        return fail(r, {}, "file is not valid UTF-8 text");
    const JsonShape shape = jsonShape(bytes, maxSetupJsonDepth);
    if (shape.depth > maxSetupJsonDepth)
        return fail(r, shape.deepestPath,
                    QString("JSON nested more than %1 levels deep: not a setup file")
                        .arg(maxSetupJsonDepth));
    if (shape.values > maxSetupJsonValues)
        return fail(r, {},
                    QString("the file holds %1 JSON values, more than the %2 a setup file may "
                            "hold; its largest array or object (%3) has %4 entries")
                        .arg(shape.values)
                        .arg(maxSetupJsonValues)
                        .arg(shape.largestPath.isEmpty() ? QStringLiteral("the top level")
                                                         : shape.largestPath)
                        .arg(shape.largestEntries));

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        const int offset = parseError.offset;
        const qsizetype line = bytes.left(offset).count('\n') + 1;
        QString why = parseError.errorString();
        if (parseError.error == QJsonParseError::IllegalNumber)
            why += " (malformed, or out of the range of a double)";
        return fail(
            r, {},
            QString("not valid JSON at line %1 (byte %2): %3").arg(line).arg(offset).arg(why));
    }
    if (!doc.isObject())
        return fail(r, {}, "not a setup file: the top level must be a JSON object");
    QJsonObject root = doc.object();

    if (root.value("fileType").toString() != QLatin1String(setupFileType))
        return fail(r, "fileType", QString("must be \"%1\"").arg(setupFileType));
    const QJsonValue versionValue = root.value("version");
    const double version = versionValue.toDouble(-1);
    if (!versionValue.isDouble() || version != std::floor(version) || version < 1)
        return fail(r, "version", "must be a positive integer");
    if (version > setupFileVersion)
        return fail(r, "version",
                    QString("file version %1 is newer than this program supports (%2); "
                            "open it with a newer version of the workbench")
                        .arg(version)
                        .arg(setupFileVersion));
    r.fileVersion = static_cast<int>(version);
    if (r.fileVersion < setupFileVersion) {
        QString why;
        if (!migrateSetupJson(root, r.fileVersion, &why))
            return fail(r, "version", why);
        r.warnings.append(QString("migrated from file version %1 to %2")
                              .arg(r.fileVersion)
                              .arg(setupFileVersion));
    }

    Setup s; // defaults fill keys an older writer did not know
    QSet<QString> failed;
    QSet<QString> reportedSections;
    if (root.contains("name")) {
        if (root.value("name").isString())
            s.name = root.value("name").toString().toStdString();
        else
            r.errors.append(SetupIssue{"name", "must be a string"});
    } else {
        r.warnings.append("name: missing, default used");
    }
    if (root.contains("notes")) {
        if (root.value("notes").isString())
            s.notes = root.value("notes").toString().toStdString();
        else
            r.errors.append(SetupIssue{"notes", "must be a string"});
    } else {
        s.notes.clear();
    }
    if (root.contains("generator") && !root.value("generator").isString())
        r.errors.append(SetupIssue{"generator", "must be a string"});

    // Published figures: optional, a file without them has none.
    if (root.contains("targets") && !readTargets(root.value("targets"), s, r))
        failed.insert("targets"); // indices would no longer match the file's

    for (const FieldMeta& f : setupFields()) {
        const Lookup at = lookup(root, f.keys());
        if (!at.badSection.isEmpty()) {
            if (!reportedSections.contains(at.badSection))
                r.errors.append({at.badSection, "must be an object"});
            reportedSections.insert(at.badSection);
            failed.insert(at.badSection);
            continue;
        }
        if (f.optional && (!at.missingSection.isEmpty() || !at.found))
            continue;
        if (!at.missingSection.isEmpty()) {
            if (!reportedSections.contains(at.missingSection))
                r.warnings.append(at.missingSection + ": missing section, defaults used");
            reportedSections.insert(at.missingSection);
            continue;
        }
        if (!at.found) {
            r.warnings.append(f.path + ": missing, default used");
            continue;
        }
        const QString problem = readField(f, at.value, s);
        if (!problem.isEmpty()) {
            r.errors.append({f.path, problem});
            failed.insert(f.path);
        }
    }

    // Before each axle had its own differential, an AWD car's front axle had the type and
    // coupling of driveline.differential.
    if (s.driveline.layout == DrivelineLayout::AllWheelDrive &&
        !lookup(root, {QStringLiteral("driveline"), QStringLiteral("frontDifferential")}).found) {
        s.driveline.frontDifferential = s.driveline.differential;
        s.driveline.frontLimitedSlip = s.driveline.axleLimitedSlip;
    }

    for (const TextField& t : textFields()) {
        const Lookup at = lookup(root, t.path.split('.'));
        if (!at.found)
            continue; // the default text goes with the default section
        if (at.value.isString())
            t.text(s) = at.value.toString().toStdString();
        else
            r.errors.append(SetupIssue{t.path, "must be a string"});
    }

    collectUnknown(root, {}, r.unknownKeys);
    if (r.unknownKeys.size() > maxUnknownKeys) {
        r.errors.append({QString(), QString("more than %1 unknown keys: not a setup file this "
                                            "program can keep intact")
                                        .arg(maxUnknownKeys)});
        r.unknownKeys.clear();
    }
    for (const UnknownKey& u : std::as_const(r.unknownKeys)) {
        if (nestedDeeperThan(u.value, maxUnknownDepth))
            r.errors.append({u.path.join('.'),
                             QString("unknown key nested more than %1 levels deep: not a setup "
                                     "file this program can keep intact")
                                 .arg(maxUnknownDepth)});
    }
    for (qsizetype i = 0; i < r.unknownKeys.size() && i < maxUnknownKeyWarnings; ++i)
        r.warnings.append(r.unknownKeys[i].path.join('.') + ": unknown key, kept as it is");
    if (r.unknownKeys.size() > maxUnknownKeyWarnings)
        r.warnings.append(QString("%1 more unknown keys, kept as they are")
                              .arg(r.unknownKeys.size() - maxUnknownKeyWarnings));

    // Range and cross-field rules; a field that failed to parse is reported once.
    for (const SetupIssue& issue : validateSetup(s)) {
        if (!coveredBy(issue.path, failed))
            r.errors.append(issue);
    }
    if (r.errors.isEmpty()) {
        for (const SetupIssue& advice : setupWarnings(s))
            r.warnings.append(advice.toString());
        r.setup = std::move(s);
    }
    return r;
}

SetupLoadResult loadSetupFile(const QString& path, InputKinds kinds) {
    const BoundedReadResult read = readFileBounded(path, maxSetupFileBytes, kinds);
    if (!read.data) {
        SetupLoadResult r;
        return fail(r, {}, read.error);
    }
    return loadSetup(*read.data);
}

QJsonObject setupToJson(const Setup& setup, const UnknownKeys& unknownKeys) {
    QJsonObject root;
    // Unknown keys first: a known field of the same path always wins.
    for (const UnknownKey& u : unknownKeys) {
        if (!u.path.isEmpty())
            insertAt(root, u.path, 0, u.value);
    }
    root.insert("fileType", QLatin1String(setupFileType));
    root.insert("version", setupFileVersion);
    root.insert("name", QString::fromStdString(setup.name));
    root.insert("notes", QString::fromStdString(setup.notes));
    for (const FieldMeta& f : setupFields())
        if (!f.written || f.written(setup))
            insertAt(root, f.keys(), 0, fieldToJson(f, setup));
    writeTextFields(root, setup);
    // Written only when there are some: a file without targets stays as it was.
    if (!setup.targets.empty()) {
        QJsonArray targets;
        for (const PublishedFigure& t : setup.targets)
            targets.append(QJsonObject{{"metric", QString::fromStdString(t.metricKey)},
                                       {"value", t.value},
                                       {"source", QString::fromStdString(t.source)}});
        root.insert("targets", targets);
    }
    return root;
}

namespace {

// An unknown key's array or object is written compact, on one line: indented,
// every line of a value nested n deep carries n levels of indentation, and a
// 28 KB file with nested extras grew to 40 MB. Each goes into the document as
// a placeholder string "<prefix><index>", replaced after indenting; the
// prefix is one that no text of the document contains.
struct CompactUnknowns {
    UnknownKeys placed;            ///< the keys, containers replaced by placeholders
    QList<QByteArray> compactJson; ///< by placeholder index
    QByteArray prefix;
};

CompactUnknowns compactUnknowns(const Setup& setup, const UnknownKeys& unknownKeys) {
    CompactUnknowns c{unknownKeys, {}, {}};
    const bool anyContainer = std::any_of(unknownKeys.begin(), unknownKeys.end(), [](const auto& u) {
        return u.value.isArray() || u.value.isObject();
    });
    if (!anyContainer)
        return c;
    const QByteArray whole =
        QJsonDocument(setupToJson(setup, unknownKeys)).toJson(QJsonDocument::Compact);
    for (int n = 0; c.prefix.isEmpty() || whole.contains(c.prefix); ++n)
        c.prefix = "vtw-unknown-" + QByteArray::number(n) + '-';
    for (UnknownKey& u : c.placed) {
        if (!u.value.isArray() && !u.value.isObject())
            continue;
        c.compactJson.append(u.value.isArray()
                                 ? QJsonDocument(u.value.toArray()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(u.value.toObject()).toJson(QJsonDocument::Compact));
        u.value = QString::fromLatin1(c.prefix + QByteArray::number(c.compactJson.size() - 1));
    }
    return c;
}

// Puts the compact values in place of their placeholders, in one pass.
QByteArray substituteUnknowns(const QByteArray& text, const CompactUnknowns& c) {
    if (c.compactJson.isEmpty())
        return text;
    const QByteArray open = '"' + c.prefix;
    QByteArray out;
    out.reserve(text.size());
    qsizetype from = 0;
    for (qsizetype at; (at = text.indexOf(open, from)) >= 0;) {
        const qsizetype digits = at + open.size();
        const qsizetype close = text.indexOf('"', digits);
        bool ok = false;
        const qsizetype index = text.mid(digits, close - digits).toLongLong(&ok);
        out.append(text.constData() + from, at - from);
        if (close < 0 || !ok || index < 0 || index >= c.compactJson.size()) { // not ours
            out.append(open);
            from = digits;
            continue;
        }
        out.append(c.compactJson[index]);
        from = close + 1;
    }
    out.append(text.constData() + from, text.size() - from);
    return out;
}

// The object's text with "fileType" and "version" first (QJsonObject keeps its keys
// sorted, so they are taken out and written ahead of the rest).
QByteArray textWithTypeFirst(QJsonObject root, QJsonDocument::JsonFormat format) {
    root.remove(QStringLiteral("fileType"));
    root.remove(QStringLiteral("version"));
    const QByteArray rest = QJsonDocument(root).toJson(format);
    const QByteArray type = QJsonDocument(QJsonObject{{"fileType", QLatin1String(setupFileType)},
                                                      {"version", setupFileVersion}})
                                .toJson(format);
    // Both open with "{" and a newline when indented; the type's members end where its
    // closing brace starts, and the rest's members follow them.
    const qsizetype typeEnd = type.lastIndexOf('}');
    const qsizetype typeMembersEnd = format == QJsonDocument::Indented ? type.lastIndexOf('\n', typeEnd) : typeEnd;
    const qsizetype restStart = format == QJsonDocument::Indented ? 2 : 1;
    return type.left(typeMembersEnd) + ',' + (format == QJsonDocument::Indented ? "\n" : "") + rest.mid(restStart);
}

// The file's text; with a generator, "generator" names it.
QByteArray setupText(const Setup& setup, const UnknownKeys& unknownKeys, const QString& generator) {
    const CompactUnknowns unknowns = compactUnknowns(setup, unknownKeys);
    QJsonObject root = setupToJson(setup, unknowns.placed);
    if (!generator.isEmpty())
        root.insert("generator", generator);
    QByteArray text = textWithTypeFirst(root, QJsonDocument::Indented);
    // Qt spreads each [x, y] point over four lines; put it on one so a curve
    // reads like a table. Only whitespace changes, and a JSON string cannot
    // contain the raw newlines the pattern needs, so string values are safe.
    static const QRegularExpression point(
        QStringLiteral(R"(\[\n *(-?[0-9][0-9.eE+-]*),\n *(-?[0-9][0-9.eE+-]*)\n *\])"));
    text = substituteUnknowns(QString::fromUtf8(text).replace(point, QStringLiteral("[\\1, \\2]")).toUtf8(),
                              unknowns);
    // Indenting adds bytes to every line: a setup read near the size limit (written
    // compact by another program) could come out past it, and never open again.
    if (!setupSizeProblem(text).isEmpty())
        text = substituteUnknowns(textWithTypeFirst(root, QJsonDocument::Compact), unknowns);
    return text;
}

} // namespace

QString setupGenerator() {
    return QStringLiteral("%1 %2").arg(QLatin1String(programPackageName), QLatin1String(programVersion));
}

QByteArray writeSetup(const Setup& setup, const UnknownKeys& unknownKeys) {
    return setupText(setup, unknownKeys, {});
}

QByteArray savedSetupBytes(const Setup& setup, const UnknownKeys& unknownKeys) {
    return setupText(setup, unknownKeys, setupGenerator());
}

QString setupSizeProblem(const QByteArray& bytes) {
    if (bytes.size() <= maxSetupFileBytes)
        return {};
    return QString("the setup takes %1 bytes as a file, more than the %2 MiB a setup file may have (it "
                   "could not be opened again); shorten its notes or texts")
        .arg(bytes.size())
        .arg(maxSetupFileBytes / (1024 * 1024));
}

SaveResult saveSetupFile(const QString& path, const Setup& setup, const UnknownKeys& unknownKeys) {
    const QByteArray bytes = savedSetupBytes(setup, unknownKeys);
    const QString problem = setupSizeProblem(bytes);
    if (!problem.isEmpty())
        return {false, QString("cannot save %1: %2").arg(path, problem)};
    return writeFileAtomically(path, bytes);
}

} // namespace vtw

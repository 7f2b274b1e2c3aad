#include "ui/document/ChangeSetupValue.h"

#include "core/setupfile/SetupMetadata.h"

namespace vtw {

namespace {
QString labelOf(const QString& path) {
    const FieldMeta* f = findField(path);
    return f ? f->label : path;
}
} // namespace

ChangeSetupNumber::ChangeSetupNumber(SetupDocument* document, const QString& path, double value)
    : ChangeSetupValue(document, path, value, QObject::tr("Change %1").arg(labelOf(path))) {}

double ChangeSetupNumber::getValue() const {
    return findField(path())->get(document()->setup());
}

void ChangeSetupNumber::setValue(const double& value) {
    document()->setValueRaw(path(), value);
}

ChangeSetupList::ChangeSetupList(SetupDocument* document, const QString& path,
                                 std::vector<double> values)
    : ChangeSetupValue(document, path, std::move(values),
                       QObject::tr("Change %1").arg(labelOf(path))) {}

std::vector<double> ChangeSetupList::getValue() const {
    return findField(path())->listOf(document()->setup());
}

void ChangeSetupList::setValue(const std::vector<double>& values) {
    document()->setListRaw(path(), values);
}

ChangeSetupCurve::ChangeSetupCurve(SetupDocument* document, const QString& path, Curve curve,
                                   int mergeSession)
    : ChangeSetupValue(document, path, std::move(curve), QObject::tr("Edit %1").arg(labelOf(path)),
                       mergeSession) {}

Curve ChangeSetupCurve::getValue() const {
    return findField(path())->curveOf(document()->setup());
}

void ChangeSetupCurve::setValue(const Curve& curve) {
    document()->setCurveRaw(path(), curve);
}

ChangeSetupText::ChangeSetupText(SetupDocument* document, const QString& which, QString text)
    : ChangeSetupValue(document, which, std::move(text),
                       which == QLatin1String("name") ? QObject::tr("Rename setup")
                                                      : QObject::tr("Change notes")) {}

QString ChangeSetupText::getValue() const {
    const Setup& s = document()->setup();
    return QString::fromStdString(path() == QLatin1String("name") ? s.name : s.notes);
}

void ChangeSetupText::setValue(const QString& text) {
    if (path() == QLatin1String("name"))
        document()->setNameRaw(text);
    else
        document()->setNotesRaw(text);
}

ChangeSetupTargets::ChangeSetupTargets(SetupDocument* document, std::vector<PublishedFigure> targets)
    : ChangeSetupValue(document, QStringLiteral("targets"), std::move(targets),
                       QObject::tr("Edit published figures")) {}

std::vector<PublishedFigure> ChangeSetupTargets::getValue() const {
    return document()->setup().targets;
}

void ChangeSetupTargets::setValue(const std::vector<PublishedFigure>& targets) {
    document()->setTargetsRaw(targets);
}

namespace {
std::vector<double> valuesOf(const std::vector<FieldValue>& values) {
    std::vector<double> out;
    for (const FieldValue& v : values)
        out.push_back(v.value);
    return out;
}
QStringList pathsOf(const std::vector<FieldValue>& values) {
    QStringList out;
    for (const FieldValue& v : values)
        out << v.path;
    return out;
}
} // namespace

ChangeSetupNumbers::ChangeSetupNumbers(SetupDocument* document, const std::vector<FieldValue>& values,
                                       const QString& text)
    : ChangeSetupValue(document, pathsOf(values).join(QLatin1Char(',')), valuesOf(values), text),
      m_paths(pathsOf(values)) {}

std::vector<double> ChangeSetupNumbers::getValue() const {
    std::vector<double> out;
    for (const QString& p : m_paths)
        out.push_back(findField(p)->get(document()->setup()));
    return out;
}

void ChangeSetupNumbers::setValue(const std::vector<double>& values) {
    for (qsizetype i = 0; i < m_paths.size(); ++i)
        document()->setValueRaw(m_paths[i], values[std::size_t(i)]);
}

ChangeTires::ChangeTires(SetupDocument* document, const TireParams& front, const TireParams& rear,
                         const QString& text)
    : ChangeSetupValue(document, QStringLiteral("tires"), {front, rear}, text) {}

std::pair<TireParams, TireParams> ChangeTires::getValue() const {
    return {document()->setup().frontTires, document()->setup().rearTires};
}

void ChangeTires::setValue(const std::pair<TireParams, TireParams>& tires) {
    document()->setTiresRaw(tires.first, tires.second);
}

} // namespace vtw

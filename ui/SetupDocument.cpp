#include "SetupDocument.h"

#include "ChangeSetupValue.h"
#include "setupfile/SetupMetadata.h"

#include <QFileInfo>
#include <QUuid>

#include <atomic>

namespace vtw {

SetupDocument::SetupDocument(Setup setup, QString filePath, UnknownKeys unknownKeys,
                             QObject* parent)
    : QObject(parent), m_setup(std::move(setup)), m_filePath(std::move(filePath)),
      m_unknownKeys(std::move(unknownKeys)),
      m_id(QUuid::createUuid().toString(QUuid::WithoutBraces)) {
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

QString SetupDocument::displayName() const {
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).completeBaseName();
    return m_setup.name.empty() ? tr("Untitled") : QString::fromStdString(m_setup.name);
}

SetupIssues SetupDocument::newProblems(const Setup& candidate) const {
    const SetupIssues before = validateSetup(m_setup);
    SetupIssues out;
    for (const SetupIssue& issue : validateSetup(candidate)) {
        if (!before.contains(issue))
            out.append(issue);
    }
    return out;
}

void SetupDocument::changeValue(const QString& path, double value) {
    const FieldMeta* f = findField(path);
    Q_ASSERT(f && f->get);
    if (f->get(m_setup) == value)
        return;
    m_undoStack.push(new ChangeSetupNumber(this, path, value));
}

void SetupDocument::changeList(const QString& path, const std::vector<double>& values) {
    const FieldMeta* f = findField(path);
    Q_ASSERT(f && f->list);
    if (f->listOf(m_setup) == values)
        return;
    m_undoStack.push(new ChangeSetupList(this, path, values));
}

void SetupDocument::changeCurve(const QString& path, const Curve& curve, int mergeSession) {
    const FieldMeta* f = findField(path);
    Q_ASSERT(f && f->curve);
    if (f->curveOf(m_setup) == curve)
        return;
    m_undoStack.push(new ChangeSetupCurve(this, path, curve, mergeSession));
}

void SetupDocument::rename(const QString& name) {
    if (QString::fromStdString(m_setup.name) == name)
        return;
    m_undoStack.push(new ChangeSetupText(this, QStringLiteral("name"), name));
}

void SetupDocument::changeNotes(const QString& notes) {
    if (QString::fromStdString(m_setup.notes) == notes)
        return;
    m_undoStack.push(new ChangeSetupText(this, QStringLiteral("notes"), notes));
}

void SetupDocument::changeTargets(const std::vector<PublishedFigure>& targets) {
    if (m_setup.targets == targets)
        return;
    m_undoStack.push(new ChangeSetupTargets(this, targets));
}

void SetupDocument::changeAxleTires(const QString& axle, const TireParams& tires, const QString& text) {
    const TireParams& now = axle == QLatin1String("front") ? m_setup.frontTires : m_setup.rearTires;
    if (now == tires)
        return;
    m_undoStack.push(new ChangeAxleTires(this, axle, tires, text));
}

int SetupDocument::newMergeSession() {
    static std::atomic<int> next{1};
    return next++;
}

SaveResult SetupDocument::saveAs(const QString& path) {
    const SaveResult result = saveSetupFile(path, m_setup, m_unknownKeys);
    if (!result.ok)
        return result;
    const bool pathChanged = path != m_filePath;
    m_filePath = path;
    m_undoStack.setClean();
    if (pathChanged)
        emit filePathChanged(m_filePath);
    return result;
}

void SetupDocument::setValueRaw(const QString& path, double value) {
    findField(path)->set(m_setup, value);
    emit changed({SetupChange::Kind::Value, path});
}

void SetupDocument::setListRaw(const QString& path, const std::vector<double>& values) {
    findField(path)->list(m_setup) = values;
    emit changed({SetupChange::Kind::List, path});
}

void SetupDocument::setCurveRaw(const QString& path, const Curve& curve) {
    findField(path)->curve(m_setup) = curve;
    emit changed({SetupChange::Kind::Curve, path});
}

void SetupDocument::setNameRaw(const QString& name) {
    m_setup.name = name.toStdString();
    emit changed({SetupChange::Kind::Name, QStringLiteral("name")});
}

void SetupDocument::setNotesRaw(const QString& notes) {
    m_setup.notes = notes.toStdString();
    emit changed({SetupChange::Kind::Name, QStringLiteral("notes")});
}

void SetupDocument::setAxleTiresRaw(const QString& axle, const TireParams& tires) {
    (axle == QLatin1String("front") ? m_setup.frontTires : m_setup.rearTires) = tires;
    emit changed({SetupChange::Kind::Whole, {}}); // every field of the axle may have changed
}

void SetupDocument::setTargetsRaw(const std::vector<PublishedFigure>& targets) {
    m_setup.targets = targets;
    emit changed({SetupChange::Kind::Name, QStringLiteral("targets")});
}

} // namespace vtw

#include "ui/document/SetupDocument.h"

#include "ui/document/ChangeSetupValue.h"
#include "core/setupfile/SetupMetadata.h"

#include <QFileInfo>
#include <QUuid>

#include <algorithm>
#include <atomic>
#include <cmath>

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

QString EditResult::message() const {
    QStringList lines;
    for (const SetupIssue& issue : problems)
        lines << issueForPeople(issue);
    lines.removeDuplicates();
    return lines.join(QLatin1Char('\n'));
}

namespace {

/// A field of the wanted kind, or the problem that names why not.
const FieldMeta* fieldOfKind(const QString& path, std::initializer_list<FieldKind> kinds, SetupIssues& problems) {
    const FieldMeta* f = findField(path);
    if (f && std::find(kinds.begin(), kinds.end(), f->kind) != kinds.end())
        return f;
    problems.append({path, f ? QStringLiteral("cannot be set this way") : QStringLiteral("is not a setup field")});
    return nullptr;
}

/// The checks a single number needs before it is stored: the metadata range,
/// and a whole number where the field holds one (an integer or an enum index
/// would otherwise be truncated unseen).
QString numberProblem(const FieldMeta& f, double value) {
    const QString range = f.rangeProblem(value);
    if (!range.isEmpty())
        return range;
    if (f.kind != FieldKind::Number && value != std::round(value))
        return QStringLiteral("must be a whole number");
    return {};
}

} // namespace

SetupIssues SetupDocument::newProblems(const Setup& candidate) const {
    const SetupIssues before = validateSetup(m_setup);
    SetupIssues out;
    for (const SetupIssue& issue : validateSetup(candidate)) {
        if (!before.contains(issue))
            out.append(issue);
    }
    return out;
}

template <typename MakeCommand>
EditResult SetupDocument::submit(const Setup& candidate, MakeCommand command) {
    if (candidate == m_setup)
        return {};
    EditResult result{newProblems(candidate)};
    if (result.accepted())
        m_undoStack.push(command());
    return result;
}

EditResult SetupDocument::changeValue(const QString& path, double value) {
    return changeValues({{path, value}}, {});
}

EditResult SetupDocument::changeValues(const std::vector<FieldValue>& values, const QString& text) {
    EditResult refused;
    Setup candidate = m_setup;
    for (const FieldValue& v : values) {
        const FieldMeta* f =
            fieldOfKind(v.path, {FieldKind::Number, FieldKind::Integer, FieldKind::Enum}, refused.problems);
        if (!f)
            continue;
        const QString problem = numberProblem(*f, v.value);
        if (!problem.isEmpty())
            refused.problems.append({v.path, problem});
        else
            f->set(candidate, v.value);
    }
    if (!refused.accepted())
        return refused;
    if (values.size() == 1)
        return submit(candidate, [&] { return new ChangeSetupNumber(this, values.front().path, values.front().value); });
    return submit(candidate, [&] { return new ChangeSetupNumbers(this, values, text); });
}

EditResult SetupDocument::changeList(const QString& path, const std::vector<double>& values) {
    EditResult refused;
    const FieldMeta* f = fieldOfKind(path, {FieldKind::NumberList}, refused.problems);
    if (!f)
        return refused;
    Setup candidate = m_setup;
    f->list(candidate) = values;
    return submit(candidate, [&] { return new ChangeSetupList(this, path, values); });
}

EditResult SetupDocument::changeCurve(const QString& path, const Curve& curve, int mergeSession) {
    EditResult refused;
    const FieldMeta* f = fieldOfKind(path, {FieldKind::Curve}, refused.problems);
    if (!f)
        return refused;
    Setup candidate = m_setup;
    f->curve(candidate) = curve;
    return submit(candidate, [&] { return new ChangeSetupCurve(this, path, curve, mergeSession); });
}

EditResult SetupDocument::rename(const QString& name) {
    Setup candidate = m_setup;
    candidate.name = name.toStdString();
    return submit(candidate, [&] { return new ChangeSetupText(this, QStringLiteral("name"), name); });
}

EditResult SetupDocument::changeNotes(const QString& notes) {
    Setup candidate = m_setup;
    candidate.notes = notes.toStdString();
    return submit(candidate, [&] { return new ChangeSetupText(this, QStringLiteral("notes"), notes); });
}

EditResult SetupDocument::changeTargets(const std::vector<PublishedFigure>& targets) {
    Setup candidate = m_setup;
    candidate.targets = targets;
    return submit(candidate, [&] { return new ChangeSetupTargets(this, targets); });
}

EditResult SetupDocument::changeTires(const TireParams& front, const TireParams& rear, const QString& text) {
    Setup candidate = m_setup;
    candidate.frontTires = front;
    candidate.rearTires = rear;
    return submit(candidate, [&] { return new ChangeTires(this, front, rear, text); });
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

void SetupDocument::setTiresRaw(const TireParams& front, const TireParams& rear) {
    m_setup.frontTires = front;
    m_setup.rearTires = rear;
    emit changed({SetupChange::Kind::Whole, {}}); // every tire field may have changed
}

void SetupDocument::setTargetsRaw(const std::vector<PublishedFigure>& targets) {
    m_setup.targets = targets;
    emit changed({SetupChange::Kind::Name, QStringLiteral("targets")});
}

} // namespace vtw

#pragma once

// Undo commands for setup edits. One generic command holds the value that is
// not in the document and swaps it in on undo and redo, so a command never
// needs both old and new values, and merging a drag's next step into it needs
// nothing but a check that it is the same field and drag (the idea of Tiled's
// changevalue.h; Qt's undoframework shows the merge).

#include "ui/document/SetupDocument.h"

#include <QUndoCommand>

namespace vtw {

/// Undo id shared by every setup-value command; mergeWith() decides by path and session.
inline constexpr int changeSetupValueCommandId = 0x5e7u;

template <typename Value> class ChangeSetupValue : public QUndoCommand {
public:
    ChangeSetupValue(SetupDocument* document, QString path, Value value, const QString& text,
                     int mergeSession = 0)
        : QUndoCommand(text), m_document(document), m_path(std::move(path)),
          m_value(std::move(value)), m_mergeSession(mergeSession) {}

    void undo() override { swap(); }
    void redo() override { swap(); }

    int id() const override { return m_mergeSession != 0 ? changeSetupValueCommandId : -1; }

    bool mergeWith(const QUndoCommand* other) override {
        const auto* o = dynamic_cast<const ChangeSetupValue*>(other);
        // The other command has already been applied: the document holds the
        // newest value and this command still holds the value before the drag.
        return o && o->m_mergeSession == m_mergeSession && o->m_path == m_path;
    }

protected:
    SetupDocument* document() const { return m_document; }
    const QString& path() const { return m_path; }
    virtual Value getValue() const = 0;
    virtual void setValue(const Value& value) = 0;

private:
    void swap() {
        Value current = getValue();
        setValue(m_value);
        m_value = std::move(current);
    }

    SetupDocument* m_document;
    QString m_path;
    Value m_value;
    int m_mergeSession;
};

/// A number, integer or enum field (the enum as its index).
class ChangeSetupNumber : public ChangeSetupValue<double> {
public:
    ChangeSetupNumber(SetupDocument* document, const QString& path, double value);

protected:
    double getValue() const override;
    void setValue(const double& value) override;
};

/// A number list (the forward gear ratios).
class ChangeSetupList : public ChangeSetupValue<std::vector<double>> {
public:
    ChangeSetupList(SetupDocument* document, const QString& path, std::vector<double> values);

protected:
    std::vector<double> getValue() const override;
    void setValue(const std::vector<double>& values) override;
};

/// A whole point list; a drag merges its steps into one command.
class ChangeSetupCurve : public ChangeSetupValue<Curve> {
public:
    ChangeSetupCurve(SetupDocument* document, const QString& path, Curve curve, int mergeSession);

protected:
    Curve getValue() const override;
    void setValue(const Curve& curve) override;
};

/// The setup's name (path "name") or notes (path "notes").
class ChangeSetupText : public ChangeSetupValue<QString> {
public:
    ChangeSetupText(SetupDocument* document, const QString& which, QString text);

protected:
    QString getValue() const override;
    void setValue(const QString& text) override;
};

/// The published figures (path "targets"), as one list.
class ChangeSetupTargets : public ChangeSetupValue<std::vector<PublishedFigure>> {
public:
    ChangeSetupTargets(SetupDocument* document, std::vector<PublishedFigure> targets);

protected:
    std::vector<PublishedFigure> getValue() const override;
    void setValue(const std::vector<PublishedFigure>& targets) override;
};

/// Several numbers at once (a fit's coefficients, a preset), as one step.
class ChangeSetupNumbers : public ChangeSetupValue<std::vector<double>> {
public:
    ChangeSetupNumbers(SetupDocument* document, const std::vector<FieldValue>& values, const QString& text);

protected:
    std::vector<double> getValue() const override;
    void setValue(const std::vector<double>& values) override;

private:
    QStringList m_paths;
};

/// Both axles' whole tire parameter sets at once (a .tir file imported onto them).
class ChangeTires : public ChangeSetupValue<std::pair<TireParams, TireParams>> {
public:
    ChangeTires(SetupDocument* document, const TireParams& front, const TireParams& rear, const QString& text);

protected:
    std::pair<TireParams, TireParams> getValue() const override;
    void setValue(const std::pair<TireParams, TireParams>& tires) override;
};

} // namespace vtw

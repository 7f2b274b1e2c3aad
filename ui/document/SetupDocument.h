#pragma once

// One open setup: the value, its file, its undo history. Widgets read the
// Setup through setup() and change it only through the edit functions, which
// are the one gate for every edit: each checks the whole setup the edit would
// give against the validation rules, refuses it untouched with the reasons, or
// pushes exactly one undo command. Every change is announced by changed() with
// the field path, so a view refreshes only what it shows (cf. Tiled's
// MapDocument and ChangeEvent).

#include "core/vehicle/Setup.h"
#include "core/setupfile/SetupJson.h"
#include "core/setupfile/SetupValidation.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <vector>

namespace vtw {

struct SetupChange {
    enum class Kind {
        Value, ///< a number, integer or enum field
        List,  ///< a number list (gear ratios)
        Curve, ///< a point list
        Name,  ///< the setup's name, notes or published figures (path "targets")
        Whole  ///< anything may have changed
    };
    Kind kind = Kind::Whole;
    QString path; ///< metadata path of the field; empty for Name and Whole

    /// True if a view that shows `fieldPath` must refresh.
    bool affects(const QString& fieldPath) const {
        return kind == Kind::Whole || path == fieldPath;
    }
};

/// The gate's answer to an edit. A refused edit changed nothing: neither the
/// setup nor the undo history.
struct EditResult {
    SetupIssues problems; ///< what the edit would break; empty when it was applied or changed nothing
    bool accepted() const { return problems.isEmpty(); }
    /// The problems as the window shows them (fields named by their labels), one a line.
    QString message() const;
};

/// One number of a several-field edit (a fit's coefficients, a preset).
struct FieldValue {
    QString path;
    double value = 0.0;
};

class ChangeSetupNumber;
class ChangeSetupNumbers;
class ChangeSetupList;
class ChangeSetupCurve;
class ChangeSetupText;
class ChangeSetupTargets;
class ChangeTires;

class SetupDocument : public QObject {
    Q_OBJECT
public:
    explicit SetupDocument(Setup setup, QString filePath = {}, UnknownKeys unknownKeys = {},
                           QObject* parent = nullptr);

    const Setup& setup() const { return m_setup; }
    QUndoStack* undoStack() { return &m_undoStack; }

    /// Stable id of this open document (names its autosave copy).
    const QString& id() const { return m_id; }
    /// A restored document takes its recovery copy's id: its next autosave
    /// replaces that copy and a save removes it, so the copy is never gone
    /// before something newer is on disk.
    void setId(const QString& id) { m_id = id; }
    const QString& filePath() const { return m_filePath; }
    /// The file's base name, or the setup's name for a document never saved.
    QString displayName() const;
    bool isModified() const { return !m_undoStack.isClean(); }
    /// Marks the document modified without an undo step (a recovered copy).
    void markModified() { m_undoStack.resetClean(); }
    const UnknownKeys& unknownKeys() const { return m_unknownKeys; }

    // The edits: the one way into the setup. Each validates the whole setup it
    // would give; refused, it returns the problems and changes nothing; accepted,
    // it pushes exactly one undo command (an equal value pushes nothing).
    // mergeSession != 0 merges consecutive commands of the same session and
    // field into one undo step (a mouse drag).
    EditResult changeValue(const QString& path, double value);
    /// Several numbers as one undo step named `text`.
    EditResult changeValues(const std::vector<FieldValue>& values, const QString& text);
    EditResult changeList(const QString& path, const std::vector<double>& values);
    EditResult changeCurve(const QString& path, const Curve& curve, int mergeSession = 0);
    EditResult rename(const QString& name);
    EditResult changeNotes(const QString& notes);
    /// The published figures, all at once (one undo step per add, edit or removal).
    EditResult changeTargets(const std::vector<PublishedFigure>& targets);
    /// Both axles' tires at once (an imported tyre file), as one undo step named `text`.
    EditResult changeTires(const TireParams& front, const TireParams& rear, const QString& text);

    /// A fresh number for a drag's merge session.
    static int newMergeSession();

    /// Writes the file atomically; on success the document takes the path and is clean.
    SaveResult saveAs(const QString& path);

signals:
    void changed(const vtw::SetupChange& change);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    // The undo commands apply what the gate let through, and nothing else does.
    friend class ChangeSetupNumber;
    friend class ChangeSetupNumbers;
    friend class ChangeSetupList;
    friend class ChangeSetupCurve;
    friend class ChangeSetupText;
    friend class ChangeSetupTargets;
    friend class ChangeTires;

    /// Problems a candidate setup has that the current one does not.
    SetupIssues newProblems(const Setup& candidate) const;
    /// The gate: refuses a candidate with new problems, else pushes the command
    /// made by `command` (which is never called for a refused or empty edit).
    template <typename MakeCommand>
    EditResult submit(const Setup& candidate, MakeCommand command);

    // Raw setters for the undo commands: no undo step, but changed() is emitted.
    void setValueRaw(const QString& path, double value);
    void setListRaw(const QString& path, const std::vector<double>& values);
    void setCurveRaw(const QString& path, const Curve& curve);
    void setNameRaw(const QString& name);
    void setNotesRaw(const QString& notes);
    void setTargetsRaw(const std::vector<PublishedFigure>& targets);
    void setTiresRaw(const TireParams& front, const TireParams& rear);

    Setup m_setup;
    QString m_filePath;
    UnknownKeys m_unknownKeys;
    QString m_id;
    QUndoStack m_undoStack;
};

} // namespace vtw

Q_DECLARE_METATYPE(vtw::SetupChange)

#pragma once

// One open setup: the value, its file, its undo history. Widgets read the
// Setup through setup() and change it only through the edit functions, which
// push undo commands; every change is announced by changed() with the field
// path, so a view refreshes only what it shows (cf. Tiled's MapDocument and
// ChangeEvent).

#include "Setup.h"
#include "setupfile/SetupJson.h"
#include "setupfile/SetupValidation.h"

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

    /// Problems a candidate setup has that the current one does not: the
    /// editors check an edit with it before pushing, so nothing invalid gets in.
    SetupIssues newProblems(const Setup& candidate) const;

    // Edits (each pushes one undo command; equal values push nothing).
    // mergeSession != 0 merges consecutive commands of the same session and
    // field into one undo step (a mouse drag).
    void changeValue(const QString& path, double value);
    void changeList(const QString& path, const std::vector<double>& values);
    void changeCurve(const QString& path, const Curve& curve, int mergeSession = 0);
    void rename(const QString& name);
    void changeNotes(const QString& notes);
    /// The published figures, all at once (one undo step per add, edit or removal).
    void changeTargets(const std::vector<PublishedFigure>& targets);

    /// One axle's tires ("front" or "rear") all at once, as one undo step named `text`.
    void changeAxleTires(const QString& axle, const TireParams& tires, const QString& text);

    /// A fresh number for a drag's merge session.
    static int newMergeSession();

    /// Writes the file atomically; on success the document takes the path and is clean.
    SaveResult saveAs(const QString& path);

    // Raw setters for the undo commands only: no undo step, but changed() is emitted.
    void setValueRaw(const QString& path, double value);
    void setListRaw(const QString& path, const std::vector<double>& values);
    void setCurveRaw(const QString& path, const Curve& curve);
    void setNameRaw(const QString& name);
    void setNotesRaw(const QString& notes);
    void setTargetsRaw(const std::vector<PublishedFigure>& targets);
    void setAxleTiresRaw(const QString& axle, const TireParams& tires);

signals:
    void changed(const vtw::SetupChange& change);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    Setup m_setup;
    QString m_filePath;
    UnknownKeys m_unknownKeys;
    QString m_id;
    QUndoStack m_undoStack;
};

} // namespace vtw

Q_DECLARE_METATYPE(vtw::SetupChange)

#pragma once

// The setup's way in and out of other files: a copy as JSON, one curve as CSV,
// a lookup table or another game's engine lines, Assetto Corsa car data, and a
// tyre property (.tir) file. Each asks for its file over the window and reports
// what it refused in a problem list; what it brings in goes through the
// document's gate like any edit.

#include "ui/setups/TirImport.h"
#include "core/setupfile/SetupMetadata.h"

#include <QObject>

#include <functional>

class QWidget;

namespace vtw {

class DocumentManager;
class SetupDocument;

/// "Front tires: Lateral table" for a curve field, as menus and dialogs name it.
QString curveTitle(const FieldMeta& f);

class SetupTransfers : public QObject {
    Q_OBJECT
public:
    /// The document the user works on (nullptr when none is open).
    using CurrentDocument = std::function<SetupDocument*()>;
    SetupTransfers(QWidget* window, DocumentManager* documents, CurrentDocument current);

    /// Asks where, then writes a copy of the setup (the document keeps its file).
    void exportSetupCopy();
    /// Asks for a file, then exportCurveFile().
    void exportCurve(const QString& fieldPath);
    /// The format from the extension (.csv, .lut/.txt, .ini rFactor 2 engine lines, .jbeam
    /// BeamNG table; the last two for the torque curve only). False, with the reason
    /// shown, when it was not written.
    bool exportCurveFile(const QString& fieldPath, const QString& path);
    /// Asks for a file, then importCurveFile().
    void importCurve(const QString& fieldPath);
    /// Reads a curve file through the bounded reader (the CLI's 16 MiB limit) into the
    /// current document's curve at fieldPath; a file that cannot be read, or a curve the
    /// document refuses, changes nothing and lists its problems.
    bool importCurveFile(const QString& fieldPath, const QString& path);
    /// An Assetto Corsa car folder opens as a new document, and the mapping report is
    /// shown; false (with the reasons shown) when the folder was refused.
    bool importAcCarData(const QString& folder);
    /// Asks where and how to write the current setup as Assetto Corsa car data.
    void exportAcCarData();
    /// Asks for a .tir file, then which axles take it ("front", "rear" or "both" preselected).
    void importTir(const QString& axle);
    /// A .tir file onto the current document's axles; false (with the reasons shown) when refused.
    bool importTirFile(const TirImportRequest& request);
    /// The units the import dialogs show values in (the window's choice).
    void setUnitSystem(UnitSystem system) { m_unitSystem = system; }

signals:
    void statusMessage(const QString& text);

private:
    void showProblems(const QString& title, const QString& text, const QStringList& problems);

    QWidget* m_window;
    DocumentManager* m_documents;
    CurrentDocument m_current;
    UnitSystem m_unitSystem = UnitSystem::SI;
};

} // namespace vtw

#pragma once

// A tyre property file (.tir) onto one or both axles of an open setup
// (docs/physics.md 12): read bounded, checked against the setup, applied as one
// undo step. The window's File menu and each tire form's button use it.

#include "ui/document/SetupDocument.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;

namespace vtw {

struct TirImportRequest {
    QString path;
    bool front = true;
    bool rear = true;
    bool useUnloadedRadius = false; ///< the file's UNLOADED_RADIUS becomes the wheel radius
};

struct TirImportOutcome {
    QStringList problems; ///< why nothing was imported (empty: imported)
    QStringList warnings; ///< what the file left out and took as defaults
};

/// Imports `request.path` onto the chosen axles of `document`: nothing changes when the
/// file is refused or would make the setup invalid.
TirImportOutcome importTirIntoDocument(SetupDocument* document, const TirImportRequest& request);

/// Asks which axles take the file and whether its unloaded radius becomes the wheel
/// radius, showing what the file is (version, nominal load, radius).
class TirImportDialog : public QDialog {
    Q_OBJECT
public:
    /// `coefficients` of the file at `path`; `axle` the one preselected ("front", "rear", "both");
    /// the file's figures in `units`.
    TirImportDialog(const QString& path, const TirCoefficients& coefficients, double currentRadius,
                    const QString& axle, QWidget* parent = nullptr, UnitSystem units = UnitSystem::SI);
    TirImportRequest request() const;

private:
    QString m_path;
    QComboBox* m_axles;
    QCheckBox* m_radius;
};

} // namespace vtw

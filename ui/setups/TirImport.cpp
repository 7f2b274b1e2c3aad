#include "ui/setups/TirImport.h"

#include "ui/shared/DisplayUnits.h"
#include "core/setupfile/TirFileRead.h"
#include "core/tires/TirImport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>

namespace vtw {

TirImportOutcome importTirIntoDocument(SetupDocument* document, const TirImportRequest& request) {
    TirImportOutcome out;
    // Files only: a FIFO would block the window in open().
    const TirLoadResult read = readTirFile(request.path, InputKinds::RegularFilesOnly);
    if (!read.ok()) {
        out.problems << QString::fromStdString(read.error);
        return out;
    }
    for (const std::string& w : read.warnings)
        out.warnings << QString::fromStdString(w);
    const std::string source = QFileInfo(request.path).fileName().toStdString();
    Setup candidate = document->setup();
    if (request.front)
        candidate.frontTires = tiresWithTir(candidate.frontTires, *read.coefficients, source, request.useUnloadedRadius);
    if (request.rear)
        candidate.rearTires = tiresWithTir(candidate.rearTires, *read.coefficients, source, request.useUnloadedRadius);
    const EditResult result = document->changeTires(
        candidate.frontTires, candidate.rearTires, QObject::tr("Import %1").arg(QFileInfo(request.path).fileName()));
    for (const SetupIssue& issue : result.problems)
        out.problems << issueForPeople(issue);
    return out;
}

TirImportDialog::TirImportDialog(const QString& path, const TirCoefficients& c, double currentRadius,
                                 const QString& axle, QWidget* parent, UnitSystem units)
    : QDialog(parent), m_path(path), m_axles(new QComboBox(this)), m_radius(new QCheckBox(this)) {
    // The wheel radius as the chassis form shows it (m or in), load and pressure likewise.
    const FieldMeta& radiusField = *findField(QStringLiteral("tires.front.radius"));
    const QString radiusUnit = valueDisplay(radiusField.quantity, units).unit.symbol;
    m_radius->setText(tr("Use the file's unloaded radius, %1 %3, as the wheel radius (now %2 %3)")
                          .arg(formatForField(radiusField, units, c.UNLOADED_RADIUS),
                               formatForField(radiusField, units, currentRadius), radiusUnit));
    const ValueDisplay force = valueDisplay(Quantity::Force, units);
    const ValueDisplay pressure = valueDisplay(Quantity::Pressure, units);
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));
    auto* form = new QFormLayout(this);
    const std::string_view version = tirVersionName(c.version);
    form->addRow(tr("Version:"), new QLabel(QString::fromUtf8(version.data(), qsizetype(version.size())), this));
    form->addRow(tr("Nominal load (FNOMIN):"),
                 new QLabel(QStringLiteral("%1 %2").arg(formatNumber(force.toDisplay(c.FNOMIN), 0), force.unit.symbol),
                            this));
    if (c.NOMPRES > 0.0)
        form->addRow(tr("Nominal pressure (NOMPRES):"),
                     new QLabel(QStringLiteral("%1 %2").arg(formatNumber(pressure.toDisplay(c.NOMPRES), 1),
                                                            pressure.unit.symbol),
                                this));
    m_axles->addItem(tr("Front and rear"), QStringLiteral("both"));
    m_axles->addItem(tr("Front"), QStringLiteral("front"));
    m_axles->addItem(tr("Rear"), QStringLiteral("rear"));
    m_axles->setCurrentIndex(std::max(0, m_axles->findData(axle)));
    form->addRow(tr("Axles:"), m_axles);
    // Offered, not forced: the setup's radius is the loaded rolling radius.
    m_radius->setChecked(false);
    form->addRow(m_radius);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

TirImportRequest TirImportDialog::request() const {
    const QString axle = m_axles->currentData().toString();
    TirImportRequest r;
    r.path = m_path;
    r.front = axle != QLatin1String("rear");
    r.rear = axle != QLatin1String("front");
    r.useUnloadedRadius = m_radius->isChecked();
    return r;
}

} // namespace vtw

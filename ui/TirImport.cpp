#include "TirImport.h"

#include "setupfile/TirFileRead.h"
#include "tires/TirImport.h"

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
                                 const QString& axle, QWidget* parent)
    : QDialog(parent), m_path(path), m_axles(new QComboBox(this)),
      m_radius(new QCheckBox(tr("Use the file's unloaded radius, %1 m, as the wheel radius (now %2 m)")
                                 .arg(c.UNLOADED_RADIUS, 0, 'f', 4)
                                 .arg(currentRadius, 0, 'f', 4),
                             this)) {
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));
    auto* form = new QFormLayout(this);
    const std::string_view version = tirVersionName(c.version);
    form->addRow(tr("Version:"), new QLabel(QString::fromUtf8(version.data(), qsizetype(version.size())), this));
    form->addRow(tr("Nominal load (FNOMIN):"), new QLabel(QStringLiteral("%1 N").arg(c.FNOMIN, 0, 'f', 0), this));
    if (c.NOMPRES > 0.0)
        form->addRow(tr("Nominal pressure (NOMPRES):"),
                     new QLabel(QStringLiteral("%1 kPa").arg(c.NOMPRES / 1000.0, 0, 'f', 1), this));
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

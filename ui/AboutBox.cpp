#include "ui/AboutBox.h"

#include "core/setupfile/ProgramVersion.h"

#include <QDirIterator>
#include <QImage>
#include <QMessageBox>
#include <QPixmap>

namespace vtw {

namespace {

// The About box's icon, in logical pixels (QMessageBox's own icons are 32 to 64).
constexpr int aboutIconSize = 64;

} // namespace

QIcon applicationIcon() {
    // Every size packaging/AppIcon.cmake rendered, compiled in as
    // :/icons/hicolor/<n>x<n>/apps/vehicle-workbench.png.
    QIcon icon;
    QDirIterator sizes(QStringLiteral(":/icons/hicolor"), QDir::Dirs | QDir::NoDotAndDotDot);
    while (sizes.hasNext()) {
        const QString png = sizes.next() + QStringLiteral("/apps/vehicle-workbench.png");
        const QImage image(png);
        if (!image.isNull())
            icon.addPixmap(QPixmap::fromImage(image));
    }
    return icon;
}

QString aboutText() {
    return QObject::tr("<b>Vehicle Tuning Workbench %1</b><p>Edit a car's setup, see what "
                       "each change does to its tires, torque and performance figures.</p>"
                       "<p>Tracks from the TUM racetrack-database (LGPL-3.0); their centre lines "
                       "derive from OpenStreetMap data, © OpenStreetMap contributors.</p>")
        .arg(QLatin1String(programVersion));
}

QMessageBox* createAboutBox(QWidget* parent) {
    auto* box = new QMessageBox(parent);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("aboutBox"));
    box->setWindowTitle(QObject::tr("About Vehicle Tuning Workbench"));
    box->setTextFormat(Qt::RichText);
    box->setText(aboutText());
    box->setIconPixmap(applicationIcon().pixmap(aboutIconSize));
    box->setStandardButtons(QMessageBox::Ok);
    return box;
}

} // namespace vtw

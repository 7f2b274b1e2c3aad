#include "ui/shared/ImageExportDialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>

#include <algorithm>

namespace vtw {

namespace {
const char* const widthKey = "imageExport/width";
const char* const dpiKey = "imageExport/dpi";
} // namespace

ImageExportDialog::ImageExportDialog(const QWidget* view, QWidget* parent)
    : QDialog(parent), m_view(view), m_width(new QSpinBox(this)), m_dpi(new QSpinBox(this)),
      m_height(new QLabel(this)) {
    setWindowTitle(tr("Image size"));
    m_width->setObjectName(QStringLiteral("imageWidth"));
    m_dpi->setObjectName(QStringLiteral("imageDpi"));
    // 100 px is the least a plot stays readable at; 12000 px (about 1 m at 300 dpi) is a
    // poster, and an image of that width already takes hundreds of MB to draw.
    m_width->setRange(100, 12000);
    m_width->setSuffix(QStringLiteral(" px"));
    m_dpi->setRange(72, 1200);
    m_dpi->setSuffix(QStringLiteral(" dpi"));
    const QSettings settings;
    m_width->setValue(settings.value(widthKey, 2 * std::max(1, view->width())).toInt());
    m_dpi->setValue(settings.value(dpiKey, ImageExportSize{}.dpi).toInt());
    auto* form = new QFormLayout(this);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("Resolution"), m_dpi);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_width, &QSpinBox::valueChanged, this, &ImageExportDialog::showHeight);
    connect(m_dpi, &QSpinBox::valueChanged, this, &ImageExportDialog::showHeight);
    showHeight();
}

ImageExportSize ImageExportDialog::size() const {
    return {m_width->value(), m_dpi->value()};
}

void ImageExportDialog::showHeight() {
    const int height = exportHeightFor(m_view, m_width->value());
    constexpr double centimetresPerInch = 2.54;
    m_height->setText(tr("%1 px (the view's proportions); printed %2 x %3 cm")
                          .arg(height)
                          .arg(m_width->value() * centimetresPerInch / m_dpi->value(), 0, 'f', 1)
                          .arg(height * centimetresPerInch / m_dpi->value(), 0, 'f', 1));
}

void ImageExportDialog::accept() {
    QSettings settings;
    settings.setValue(widthKey, m_width->value());
    settings.setValue(dpiKey, m_dpi->value());
    QDialog::accept();
}

QString exportViewAsked(QWidget* view, QWidget* parent, const QString& directory) {
    const QString path = QFileDialog::getSaveFileName(
        parent, ImageExportDialog::tr("Export plot"), directory + QStringLiteral("/plot.png"),
        ImageExportDialog::tr("PNG image (*.png);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return {};
    ImageExportSize size;
    if (!path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
        ImageExportDialog dialog(view, parent);
        if (dialog.exec() != QDialog::Accepted)
            return {};
        size = dialog.size();
    }
    QString error;
    const bool ok = exportView(view, path, &error, size);
    return ok ? ImageExportDialog::tr("Exported %1").arg(QDir::toNativeSeparators(path))
              : ImageExportDialog::tr("Could not write %1 %2").arg(QDir::toNativeSeparators(path), error);
}

} // namespace vtw

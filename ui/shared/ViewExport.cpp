#include "ui/shared/ViewExport.h"

#include "ui/shared/ExportableView.h"

#include "core/setupfile/AtomicFile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QWidget>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace vtw {

namespace {

QByteArray pngOf(QWidget* view, const ImageExportSize& size) {
    const double scale = size.width > 0 ? double(size.width) / std::max(1, view->width()) : 2.0;
    QImage image;
    if (auto* plot = qobject_cast<QCustomPlot*>(view)) {
        image = plot->toPixmap(0, 0, scale).toImage();
    } else {
        image = QImage(QSizeF(view->size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(scale);
        image.fill(Qt::white);
        QPainter painter(&image);
        view->render(&painter);
    }
    constexpr double metresPerInch = 0.0254;
    image.setDotsPerMeterX(static_cast<int>(std::lround(size.dpi / metresPerInch)));
    image.setDotsPerMeterY(static_cast<int>(std::lround(size.dpi / metresPerInch)));
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    return image.save(&buffer, "PNG") ? bytes : QByteArray();
}

} // namespace

int exportHeightFor(const QWidget* view, int width) {
    return static_cast<int>(std::lround(double(width) * view->height() / std::max(1, view->width())));
}

bool exportView(QWidget* view, const QString& path, QString* error, const ImageExportSize& size) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (!view)
        return fail(QCoreApplication::translate("vtw::exportView", "Nothing to export"));
    const bool pdf = path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive);
    if (!pdf) {
        auto* special = dynamic_cast<ExportableView*>(view);
        const QByteArray png = pngOf(special ? special->imageSource() : view, size);
        if (png.isEmpty())
            return fail(QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
        const SaveResult saved = writeFileAtomically(path, png);
        return saved.ok || fail(saved.error);
    }
    if (auto* special = dynamic_cast<ExportableView*>(view))
        return special->exportPdf(path, error);
    // Drawn in memory, then saved by the one checked writer.
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    setViewSizedPage(writer, view->size());
    if (auto* plot = qobject_cast<QCustomPlot*>(view)) {
        // The plot's own vector drawing.
        QCPPainter painter;
        if (!painter.begin(&writer))
            return fail(QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
        painter.setMode(QCPPainter::pmVectorized);
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.end();
    } else {
        QPainter painter;
        if (!painter.begin(&writer))
            return fail(QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
        view->render(&painter);
        painter.end();
    }
    const SaveResult saved = writeFileAtomically(path, bytes);
    return saved.ok || fail(saved.error);
}

void setViewSizedPage(QPdfWriter& writer, const QSize& viewSize) {
    constexpr double screenDpi = 96.0, pointsPerInch = 72.0;
    writer.setResolution(static_cast<int>(screenDpi));
    writer.setPageSize(QPageSize(QSizeF(viewSize) * pointsPerInch / screenDpi, QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
}

} // namespace vtw

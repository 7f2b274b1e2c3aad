#include "ViewExport.h"

#include "LiveTracePlots.h"

#include "setupfile/AtomicFile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QWidget>
#include <qcustomplot.h>

namespace vtw {

bool exportView(QWidget* view, const QString& path, QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (!view)
        return fail(QCoreApplication::translate("vtw::exportView", "Nothing to export"));
    if (auto* plots = qobject_cast<LiveTracePlots*>(view))
        return plots->exportTo(path, error);
    if (auto* plot = qobject_cast<QCustomPlot*>(view)) {
        // The plot's own export: vector PDF, PNG at twice the screen's resolution.
        const bool pdf = path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive);
        return (pdf ? plot->savePdf(path) : plot->savePng(path, 0, 0, 2.0)) ||
               fail(QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
    }
    if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
        // Drawn in memory, then saved by the one checked writer.
        QByteArray pdf;
        QBuffer buffer(&pdf);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        setViewSizedPage(writer, view->size());
        QPainter painter;
        if (!painter.begin(&writer))
            return fail(
                QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
        view->render(&painter);
        painter.end();
        const SaveResult saved = writeFileAtomically(path, pdf);
        return saved.ok || fail(saved.error);
    }
    QByteArray image;
    QBuffer buffer(&image);
    buffer.open(QIODevice::WriteOnly);
    const QByteArray format = QFileInfo(path).suffix().toUpper().toLatin1();
    if (!view->grab().save(&buffer, format.isEmpty() ? "PNG" : format.constData()))
        return fail(QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
    const SaveResult saved = writeFileAtomically(path, image);
    return saved.ok || fail(saved.error);
}

void setViewSizedPage(QPdfWriter& writer, const QSize& viewSize) {
    constexpr double screenDpi = 96.0, pointsPerInch = 72.0;
    writer.setResolution(static_cast<int>(screenDpi));
    writer.setPageSize(QPageSize(QSizeF(viewSize) * pointsPerInch / screenDpi, QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
}

} // namespace vtw

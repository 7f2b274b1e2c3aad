#include "ViewExport.h"

#include "LiveTracePlots.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QWidget>

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
    if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)) {
        QPdfWriter writer(path);
        writer.setResolution(96);
        writer.setPageSize(
            QPageSize(QSizeF(view->width(), view->height()) * 72.0 / 96.0, QPageSize::Point));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        QPainter painter;
        if (!painter.begin(&writer))
            return fail(
                QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
        view->render(&painter);
        painter.end();
        return true;
    }
    if (!view->grab().save(path))
        return fail(QCoreApplication::translate("vtw::exportView", "Could not write %1").arg(path));
    return true;
}

} // namespace vtw

#pragma once

#include <QString>

class QPdfWriter;
class QSize;
class QWidget;

namespace vtw {

/// Save a view as PNG or PDF (by the file's suffix). QCustomPlot views use
/// their own vector export; QPainter views are rendered onto a PDF page (vector)
/// or grabbed (PNG).
bool exportView(QWidget* view, const QString& path, QString* error = nullptr);

/// One PDF page the size of a view on screen (96 dpi, no margins), so the export
/// keeps the view's proportions and its text sizes.
void setViewSizedPage(QPdfWriter& writer, const QSize& viewSize);

} // namespace vtw

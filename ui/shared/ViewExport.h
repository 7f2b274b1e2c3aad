#pragma once

#include <QString>

class QPdfWriter;
class QSize;
class QWidget;

namespace vtw {

/// The size and resolution of an exported image (PNG). A width of 0 is twice the view's
/// width on screen; the height follows the view's proportions (the view is drawn as it
/// is laid out, scaled, so its text keeps its size relative to the plot).
struct ImageExportSize {
    int width = 0;   ///< pixels
    int dpi = 144;   ///< written in the PNG, for documents that place it by size
};

/// Save a view as PNG or PDF (by the file's suffix), through the checked atomic writer.
/// PDF: QCustomPlot views and the live traces as vectors, QPainter views rendered onto a
/// page the view's size. PNG: at `size`.
bool exportView(QWidget* view, const QString& path, QString* error = nullptr, const ImageExportSize& size = {});

/// The PNG height of a view exported at `width` pixels.
int exportHeightFor(const QWidget* view, int width);

/// One PDF page the size of a view on screen (96 dpi, no margins), so the export
/// keeps the view's proportions and its text sizes.
void setViewSizedPage(QPdfWriter& writer, const QSize& viewSize);

} // namespace vtw

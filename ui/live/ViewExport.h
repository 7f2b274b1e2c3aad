#pragma once

#include <QString>

class QWidget;

namespace vtw {

/// Save a view as PNG or PDF (by the file's suffix). QCustomPlot views use
/// their own vector export; QPainter views are rendered onto a PDF page (vector)
/// or grabbed (PNG).
bool exportView(QWidget* view, const QString& path, QString* error = nullptr);

} // namespace vtw

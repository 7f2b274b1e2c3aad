#pragma once

// A view that knows better than its widget how it is exported (exportView): its
// picture is a plot inside it, and it writes its own PDF. Shared views export any
// widget; a workspace's view that needs more implements this.

class QString;
class QWidget;

namespace vtw {

class ExportableView {
public:
    virtual ~ExportableView() = default;
    /// The widget a PNG shows.
    virtual QWidget* imageSource() const = 0;
    /// Writes the view as a PDF at `path`; false with `error` set when it cannot.
    virtual bool exportPdf(const QString& path, QString* error) = 0;
};

} // namespace vtw

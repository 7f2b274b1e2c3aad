#pragma once

// Asks for the size and resolution of a PNG export: the width in pixels (the height
// follows the view's proportions and is shown), the resolution written in the file.
// The last choice is remembered.

#include "ui/shared/ViewExport.h"

#include <QDialog>

class QLabel;
class QSpinBox;

namespace vtw {

class ImageExportDialog : public QDialog {
    Q_OBJECT
public:
    /// For `view` (its proportions give the height); starts at the last choice, or twice
    /// the view's width at 144 dpi.
    explicit ImageExportDialog(const QWidget* view, QWidget* parent = nullptr);

    ImageExportSize size() const;
    QSpinBox* widthBox() const { return m_width; }
    QSpinBox* dpiBox() const { return m_dpi; }
    QLabel* heightLabel() const { return m_height; }

    void accept() override;

private:
    void showHeight();

    const QWidget* m_view;
    QSpinBox* m_width;
    QSpinBox* m_dpi;
    QLabel* m_height;
};

/// Asks where to write `view` (a PNG or PDF file, first offered in `directory`)
/// and, for a PNG, how big, then writes it. Returns what happened for the status
/// bar, or nothing when the user cancelled.
QString exportViewAsked(QWidget* view, QWidget* parent, const QString& directory);

} // namespace vtw

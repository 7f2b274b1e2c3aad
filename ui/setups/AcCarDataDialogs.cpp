#include "ui/setups/AcCarDataDialogs.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace vtw {

QDialog* createAcReportDialog(const QString& title, const QString& summary, const AcMappingReport& report,
                              QWidget* parent) {
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("acReportDialog"));
    dialog->setWindowTitle(title);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto* layout = new QVBoxLayout(dialog);
    auto* text = new QLabel(summary, dialog);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto* lists = new QPlainTextEdit(report.text(), dialog);
    lists->setReadOnly(true);
    lists->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    layout->addWidget(lists, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(760, 480);
    return dialog;
}

AcExportDialog::AcExportDialog(Setup setup, const QString& startDirectory, QWidget* parent)
    : QDialog(parent), m_setup(std::move(setup)), m_folder(new QLineEdit(this)),
      m_newFolder(new QRadioButton(tr("Write a new car data folder (the mapped keys only)"), this)),
      m_inPlace(new QRadioButton(tr("Update an existing car's data folder in place"), this)), m_hint(new QLabel(this)) {
    setWindowTitle(tr("Export as Assetto Corsa car data"));
    setObjectName(QStringLiteral("acExportDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* folderRow = new QHBoxLayout;
    m_folder->setText(QDir(startDirectory).filePath(QString::fromStdString(m_setup.name) + QStringLiteral("_data")));
    auto* browse = new QPushButton(tr("Browse…"), this);
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    form->addRow(tr("Folder:"), folderRow);
    layout->addLayout(form);
    layout->addWidget(m_newFolder);
    layout->addWidget(m_inPlace);
    m_newFolder->setChecked(true);
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    auto* convention = new QLabel(
        tr("The power curve (power.lut) is written and read as the %1.").arg(acPowerCurveConvention()), this);
    convention->setWordWrap(true);
    layout->addWidget(convention);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Car data folder"), m_folder->text());
        if (!folder.isEmpty())
            m_folder->setText(folder);
    });
    connect(m_inPlace, &QRadioButton::toggled, this, &AcExportDialog::updateHint);
    updateHint();
    resize(620, sizeHint().height());
}

void AcExportDialog::updateHint() {
    m_hint->setText(m_inPlace->isChecked()
                        ? tr("Only the keys the workbench maps are changed; every other key, comment and file "
                             "stays as it is, and each changed file is first copied to <name>.<time>.bak. "
                             "All files or none: if one cannot be written, every file is put back.")
                        : tr("The game needs the rest of a car (suspension geometry, tyre thermal model, …): to "
                             "keep it, update a copy of a complete car's data folder in place instead."));
}

void AcExportDialog::setFolder(const QString& folder) { m_folder->setText(folder); }

void AcExportDialog::setMode(AcExportMode mode) {
    (mode == AcExportMode::InPlace ? m_inPlace : m_newFolder)->setChecked(true);
}

AcExportResult AcExportDialog::exportNow() const {
    return exportAcFolder(m_setup, m_folder->text(),
                          m_inPlace->isChecked() ? AcExportMode::InPlace : AcExportMode::NewFolder);
}

} // namespace vtw

#include "ui/logs/LogImportDialog.h"

#include "ui/logs/LogPresetStore.h"
#include "core/logs/LogPresets.h"
#include "core/logs/LogUnits.h"
#include "core/setupfile/AtomicFile.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace vtw {

namespace {

// The rows the preview shows: enough to see what each column holds.
constexpr int previewRows = 12;

QString durationText(double seconds) {
    if (!std::isfinite(seconds))
        return QObject::tr("no time channel");
    const int minutes = int(seconds / 60.0);
    return QStringLiteral("%1:%2").arg(minutes).arg(seconds - 60.0 * minutes, 6, 'f', 3, QLatin1Char('0'));
}

QDoubleSpinBox* numberBox(const QString& objectName, double value) {
    auto* box = new QDoubleSpinBox;
    box->setObjectName(objectName);
    box->setDecimals(6);
    box->setRange(-1e9, 1e9);
    box->setValue(value);
    box->setMaximumWidth(110);
    return box;
}

} // namespace

LogImportDialog::LogImportDialog(QWidget* parent)
    : QDialog(parent), m_file(new QLabel), m_preview(new QTableWidget), m_preset(new QComboBox),
      m_save(new QPushButton(tr("Save as preset\u2026"))), m_delete(new QPushButton(tr("Delete preset"))),
      m_saveFile(new QPushButton(tr("Save mapping file\u2026"))),
      m_beacon(new QComboBox), m_lapBox(new QComboBox), m_rate(new QDoubleSpinBox), m_status(new QLabel),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel)) {
    setObjectName(QStringLiteral("logImportDialog"));
    setWindowTitle(tr("Import logged data"));
    m_preview->setObjectName(QStringLiteral("logPreview"));
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->verticalHeader()->setVisible(false);
    m_preset->setObjectName(QStringLiteral("logPreset"));
    m_save->setObjectName(QStringLiteral("logSavePreset"));
    m_delete->setObjectName(QStringLiteral("logDeletePreset"));
    m_saveFile->setObjectName(QStringLiteral("logSaveMappingFile"));
    m_saveFile->setToolTip(tr("The mapping as a file for vtw-cli correlate --map"));
    m_beacon->setObjectName(QStringLiteral("logLapBeacon"));
    m_lapBox->setObjectName(QStringLiteral("logLap"));
    m_rate->setObjectName(QStringLiteral("logRate"));
    m_rate->setRange(0.0, 1000.0);
    m_rate->setDecimals(1);
    m_rate->setSuffix(tr(" Hz"));
    m_rate->setSpecialValueText(tr("as logged"));
    m_rate->setToolTip(tr("Resample the lap to one rate; \"as logged\" keeps the log's own samples."));
    m_status->setObjectName(QStringLiteral("logStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));

    auto* presetBar = new QHBoxLayout;
    presetBar->addWidget(new QLabel(tr("Preset:")));
    presetBar->addWidget(m_preset, 1);
    presetBar->addWidget(m_save);
    presetBar->addWidget(m_delete);

    auto* lapBox = new QGroupBox(tr("Laps"));
    auto* lapForm = new QGridLayout(lapBox);
    lapForm->addWidget(new QLabel(tr("Lap beacon column:")), 0, 0);
    lapForm->addWidget(m_beacon, 0, 1);
    lapForm->addWidget(new QLabel(tr("Lap:")), 1, 0);
    lapForm->addWidget(m_lapBox, 1, 1);
    lapForm->addWidget(new QLabel(tr("Resample to:")), 2, 0);
    lapForm->addWidget(m_rate, 2, 1);

    auto* mappingPane = new QWidget;
    auto* mappingLayout = new QVBoxLayout(mappingPane);
    mappingLayout->setContentsMargins(0, 0, 0, 0);
    mappingLayout->addLayout(presetBar);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(buildMappingGrid());
    mappingLayout->addWidget(scroll, 1);
    mappingLayout->addWidget(lapBox);

    auto* previewPane = new QWidget;
    auto* previewLayout = new QVBoxLayout(previewPane);
    previewLayout->setContentsMargins(0, 0, 0, 0);
    previewLayout->addWidget(m_file);
    previewLayout->addWidget(m_preview, 1);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(previewPane);
    split->addWidget(mappingPane);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    m_buttons->addButton(m_saveFile, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    resize(1100, 640);

    fillPresets(QString());
    connect(m_preset, &QComboBox::currentIndexChanged, this, &LogImportDialog::presetChosen);
    connect(m_save, &QPushButton::clicked, this, &LogImportDialog::choosePresetName);
    connect(m_delete, &QPushButton::clicked, this, &LogImportDialog::deletePreset);
    connect(m_saveFile, &QPushButton::clicked, this, &LogImportDialog::chooseMappingFile);
    connect(m_beacon, &QComboBox::currentIndexChanged, this, &LogImportDialog::reread);
    connect(m_lapBox, &QComboBox::currentIndexChanged, this, &LogImportDialog::reread);
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, &LogImportDialog::reread);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    reread();
}

QWidget* LogImportDialog::buildMappingGrid() {
    auto* grid = new QWidget;
    auto* layout = new QGridLayout(grid);
    int row = 0;
    for (const QString& heading : {tr("Channel"), tr("Column"), tr("Unit"), tr("Scale"), tr("Offset")})
        layout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(heading)), 0, row++);
    row = 1;
    for (const LogTarget& target : logTargets()) {
        const QString name = QLatin1String(target.name);
        Row r{new QComboBox, new QComboBox, numberBox("logScale_" + name, 1.0), numberBox("logOffset_" + name, 0.0)};
        r.column->setObjectName("logColumn_" + name);
        r.unit->setObjectName("logUnit_" + name);
        r.unit->addItem(tr("from the file"), QString());
        for (const QString& unit : unitsConvertibleTo(QLatin1String(target.siUnit)))
            r.unit->addItem(unit, unit);
        r.scale->setToolTip(tr("value = raw \u00d7 scale + offset, in the unit, then converted to %1")
                                .arg(QLatin1String(target.siUnit)));
        r.offset->setToolTip(r.scale->toolTip());
        layout->addWidget(new QLabel(QStringLiteral("%1 (%2)").arg(target.label, QLatin1String(target.siUnit))), row, 0);
        layout->addWidget(r.column, row, 1);
        layout->addWidget(r.unit, row, 2);
        layout->addWidget(r.scale, row, 3);
        layout->addWidget(r.offset, row, 4);
        connect(r.column, &QComboBox::currentIndexChanged, this, &LogImportDialog::reread);
        connect(r.unit, &QComboBox::currentIndexChanged, this, &LogImportDialog::reread);
        connect(r.scale, &QDoubleSpinBox::valueChanged, this, &LogImportDialog::reread);
        connect(r.offset, &QDoubleSpinBox::valueChanged, this, &LogImportDialog::reread);
        m_rows.insert(name, r);
        ++row;
    }
    layout->setColumnStretch(1, 1);
    layout->setRowStretch(row, 1);
    return grid;
}

QPushButton* LogImportDialog::okButton() const {
    return m_buttons->button(QDialogButtonBox::Ok);
}

bool LogImportDialog::openLog(const QString& path) {
    const BoundedReadResult read = readFileBounded(path, maxLogBytes, InputKinds::RegularFilesOnly);
    if (!read.data) {
        m_errors = {read.error};
        m_status->setText(problems());
        return false;
    }
    return setLog(*read.data, QFileInfo(path).fileName());
}

bool LogImportDialog::setLog(const QByteArray& bytes, const QString& name) {
    m_bytes = bytes;
    m_name = name;
    m_columns = inspectLog(bytes, previewRows);
    m_file->setText(m_columns.error.isEmpty()
                        ? tr("<b>%1</b>: %2, %3 columns")
                              .arg(name.toHtmlEscaped(),
                                   m_columns.dialect == LogDialect::MotecI2 ? tr("a MoTeC i2 export")
                                                                            : tr("a CSV with a header row"))
                              .arg(m_columns.names.size())
                        : tr("<b>%1</b>").arg(name.toHtmlEscaped()));
    m_preview->clear();
    m_preview->setColumnCount(int(m_columns.names.size()));
    m_preview->setRowCount(int(m_columns.rows.size()));
    for (int c = 0; c < m_columns.names.size(); ++c) {
        const QString unit = m_columns.units.value(c);
        m_preview->setHorizontalHeaderItem(
            c, new QTableWidgetItem(unit.isEmpty() ? m_columns.names[c]
                                                   : QStringLiteral("%1\n[%2]").arg(m_columns.names[c], unit)));
    }
    for (int r = 0; r < int(m_columns.rows.size()); ++r)
        for (int c = 0; c < m_columns.rows[std::size_t(r)].size() && c < m_columns.names.size(); ++c)
            m_preview->setItem(r, c, new QTableWidgetItem(m_columns.rows[std::size_t(r)][c]));
    m_preview->resizeColumnsToContents();
    fillColumns();
    // The preset that fits the file: MoTeC's for a MoTeC export, otherwise the one shown.
    if (m_columns.dialect == LogDialect::MotecI2)
        m_preset->setCurrentIndex(m_preset->findText(findBuiltInLogPreset(QStringLiteral("motec"))->preset));
    presetChosen();
    if (!m_columns.error.isEmpty()) {
        m_errors = {m_columns.error};
        m_status->setText(problems());
        okButton()->setEnabled(false);
        return false;
    }
    return true;
}

void LogImportDialog::fillPresets(const QString& current) {
    const QSignalBlocker block(m_preset);
    m_preset->clear();
    for (const LogMapping& m : logPresets())
        m_preset->addItem(m.preset);
    const int at = m_preset->findText(current);
    m_preset->setCurrentIndex(at < 0 ? 0 : at);
    m_delete->setEnabled(!isBuiltInLogPreset(m_preset->currentText()));
}

void LogImportDialog::fillColumns() {
    m_updating = true;
    for (Row& r : m_rows) {
        r.column->clear();
        r.column->addItem(tr("(not in the log)"), QString());
        for (const QString& name : std::as_const(m_columns.names))
            r.column->addItem(name, name);
    }
    m_beacon->clear();
    m_beacon->addItem(tr("none: where the distance wraps"), QString());
    for (const QString& name : std::as_const(m_columns.names))
        m_beacon->addItem(name, name);
    m_updating = false;
}

void LogImportDialog::presetChosen() {
    const QList<LogMapping> presets = logPresets();
    for (const LogMapping& m : presets) {
        if (m.preset == m_preset->currentText()) {
            applyMapping(m);
            break;
        }
    }
    m_delete->setEnabled(!isBuiltInLogPreset(m_preset->currentText()));
}

void LogImportDialog::applyMapping(const LogMapping& mapping) {
    m_updating = true;
    m_missing.clear();
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it) {
        Row& r = it.value();
        const LogChannelMap* c = mapping.find(it.key());
        int column = 0;
        if (c) {
            column = r.column->findData(c->column);
            if (column < 0) {
                m_missing << c->column;
                column = 0;
            }
        }
        r.column->setCurrentIndex(column);
        const int unit = c ? r.unit->findData(c->unit) : 0;
        r.unit->setCurrentIndex(unit < 0 ? 0 : unit);
        r.scale->setValue(c ? c->scale : 1.0);
        r.offset->setValue(c ? c->offset : 0.0);
    }
    const int beacon = m_beacon->findData(mapping.lapBeacon);
    m_beacon->setCurrentIndex(beacon < 0 ? 0 : beacon);
    if (beacon < 0 && !mapping.lapBeacon.isEmpty())
        m_missing << mapping.lapBeacon;
    m_updating = false;
    reread();
}

LogMapping LogImportDialog::mapping() const {
    LogMapping m;
    m.preset = m_preset->currentText();
    m.dialect = m_columns.dialect;
    for (const LogTarget& target : logTargets()) {
        const Row& r = m_rows[QLatin1String(target.name)];
        const QString column = r.column->currentData().toString();
        if (!column.isEmpty())
            m.channels.push_back({QLatin1String(target.name), column, r.unit->currentData().toString(),
                                  r.scale->value(), r.offset->value()});
    }
    m.lapBeacon = m_beacon->currentData().toString();
    return m;
}

bool LogImportDialog::savePreset(const QString& name) {
    LogMapping m = mapping();
    m.preset = name.trimmed();
    if (!saveLogPreset(m))
        return false;
    fillPresets(m.preset);
    return true;
}

void LogImportDialog::choosePresetName() {
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save preset"), tr("Name of the preset:"), QLineEdit::Normal,
                                               isBuiltInLogPreset(m_preset->currentText()) ? QString()
                                                                                           : m_preset->currentText(),
                                               &ok);
    if (ok && !savePreset(name))
        m_status->setText(tr("A preset needs a name other than a built-in one's."));
}

bool LogImportDialog::saveMappingFile(const QString& path, QString* error) const {
    const SaveResult saved = writeFileAtomically(path, logMappingToJson(mapping()));
    if (!saved.ok && error)
        *error = saved.error;
    return saved.ok;
}

void LogImportDialog::chooseMappingFile() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save mapping file"), QStringLiteral("mapping.json"),
                                                      tr("Log mapping (*.json)"));
    QString error;
    if (!path.isEmpty() && !saveMappingFile(path, &error))
        m_status->setText(tr("Could not write %1: %2").arg(path, error));
}

void LogImportDialog::deletePreset() {
    if (isBuiltInLogPreset(m_preset->currentText()))
        return;
    removeLogPreset(m_preset->currentText());
    fillPresets(QString());
    presetChosen();
}

QString LogImportDialog::problems() const {
    return m_errors.join(QLatin1Char('\n'));
}

void LogImportDialog::reread() {
    if (m_updating)
        return;
    m_lap.reset();
    m_errors.clear();
    const LogMapping m = mapping();
    if (m_bytes.isEmpty()) {
        m_errors << tr("No log read.");
    } else if (!m.find(QStringLiteral("distance"))) {
        m_errors << tr("Choose the log's distance column: the log is laid over the lap by distance.");
    } else {
        const int lap = std::max(1, m_lapBox->currentIndex() + 1);
        LoggedLapResult read = loggedLapFromBytes(m_bytes, m_name, m, {lap, m_rate->value()});
        if (!read.lap && lap > 1) // fewer laps with this mapping: the first
            read = loggedLapFromBytes(m_bytes, m_name, m, {1, m_rate->value()});
        m_errors = read.errors;
        m_lap = std::move(read.lap);
    }
    // The lap list follows the laps this mapping finds.
    m_updating = true;
    const int chosen = m_lap ? m_lap->lap - 1 : 0;
    m_lapBox->clear();
    if (m_lap)
        for (std::size_t k = 0; k < m_lap->lapDurations.size(); ++k)
            m_lapBox->addItem(tr("Lap %1 (%2)").arg(k + 1).arg(durationText(m_lap->lapDurations[k])));
    m_lapBox->setCurrentIndex(chosen);
    m_updating = false;

    QString text;
    if (m_lap)
        text = tr("%1: %2 samples, %3 channels.")
                   .arg(m_lap->name)
                   .arg(m_lap->table.sampleCount())
                   .arg(m_lap->table.channelCount());
    else
        text = problems();
    if (!m_missing.isEmpty())
        text += QLatin1Char('\n') + tr("The preset's columns not in this log: %1").arg(m_missing.join(QStringLiteral(", ")));
    m_status->setText(text);
    QPalette p = m_status->palette();
    p.setColor(QPalette::WindowText, m_lap ? palette().color(QPalette::WindowText) : QColor(0xa0, 0x10, 0x10));
    m_status->setPalette(p);
    okButton()->setEnabled(m_lap.has_value());
}

} // namespace vtw

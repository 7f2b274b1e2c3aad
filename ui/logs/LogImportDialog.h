#pragma once

// File > Import logged data: which column of the log is time, distance, speed, ...; the
// unit each is in and a scale and offset; a preset of all that (the built-in ones and
// the user's, remembered); the lap beacon, the lap to use and a common rate. The log's
// first rows show beside it, and what the mapping makes of the log (or why it cannot)
// shows as it is edited.

#include "core/logs/LogMapping.h"
#include "core/logs/LogReader.h"
#include "core/logs/LoggedLap.h"

#include <QDialog>
#include <QMap>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace vtw {

class LogImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit LogImportDialog(QWidget* parent = nullptr);

    /// Reads a log file (bounded; regular files only). False, with the reason in
    /// problems(), when it cannot be read or has no header.
    bool openLog(const QString& path);
    /// The same for a log already in memory, shown under `name`.
    bool setLog(const QByteArray& bytes, const QString& name);

    /// The mapping the widgets show.
    LogMapping mapping() const;
    /// Shows a mapping in the widgets: its columns that the log has, the rest unmapped.
    void applyMapping(const LogMapping& mapping);
    /// Saves the widgets' mapping as the user's preset of that name and chooses it.
    bool savePreset(const QString& name);
    /// Writes the widgets' mapping as a mapping file (what `vtw-cli correlate --map`
    /// reads); false with `error` set when it cannot be written.
    bool saveMappingFile(const QString& path, QString* error = nullptr) const;

    /// The chosen lap as the mapping reads it, or nullopt with problems() saying why.
    const std::optional<LoggedLap>& loggedLap() const { return m_lap; }
    QString problems() const;

    QTableWidget* preview() const { return m_preview; }
    QComboBox* presetBox() const { return m_preset; }
    QComboBox* columnBox(const QString& target) const { return m_rows.value(target).column; }
    QComboBox* unitBox(const QString& target) const { return m_rows.value(target).unit; }
    QDoubleSpinBox* scaleBox(const QString& target) const { return m_rows.value(target).scale; }
    QDoubleSpinBox* offsetBox(const QString& target) const { return m_rows.value(target).offset; }
    QComboBox* beaconBox() const { return m_beacon; }
    QComboBox* lapBox() const { return m_lapBox; }
    QDoubleSpinBox* rateBox() const { return m_rate; }
    QLabel* status() const { return m_status; }
    QPushButton* okButton() const;

private:
    struct Row {
        QComboBox* column = nullptr;
        QComboBox* unit = nullptr;
        QDoubleSpinBox* scale = nullptr;
        QDoubleSpinBox* offset = nullptr;
    };
    QWidget* buildMappingGrid();
    void fillPresets(const QString& current);
    void fillColumns();
    void presetChosen();
    void choosePresetName();
    void chooseMappingFile();
    void deletePreset();
    void reread();

    QLabel* m_file;
    QTableWidget* m_preview;
    QComboBox* m_preset;
    QPushButton* m_save;
    QPushButton* m_delete;
    QPushButton* m_saveFile;
    QMap<QString, Row> m_rows;
    QComboBox* m_beacon;
    QComboBox* m_lapBox;
    QDoubleSpinBox* m_rate;
    QLabel* m_status;
    QDialogButtonBox* m_buttons;

    QByteArray m_bytes;
    QString m_name;
    LogColumns m_columns;
    QStringList m_missing; ///< the applied preset's columns this log lacks
    std::optional<LoggedLap> m_lap;
    QStringList m_errors;
    bool m_updating = false; ///< widgets being filled: no reading on each change
};

} // namespace vtw

#include "ui/compare/SetupPicker.h"

#include "core/setupfile/CarLibrary.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace vtw {

SetupPicker::SetupPicker(QWidget* parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_baseline(new QComboBox(this)),
      m_addFile(new QPushButton(tr("Add file\u2026"), this)) {
    m_list->setObjectName(QStringLiteral("setupList"));
    m_baseline->setObjectName(QStringLiteral("baselineChoice"));
    m_addFile->setObjectName(QStringLiteral("addSetupFile"));
    m_addFile->setToolTip(tr("Add a setup file to compare without opening it in the editor"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_addFile);
    auto* form = new QFormLayout;
    form->addRow(tr("Baseline:"), m_baseline);
    layout->addLayout(form);

    for (const LibraryCar& car : libraryCars()) {
        const SetupLoadResult loaded = loadLibraryCar(car.resourcePath);
        if (loaded.ok())
            m_entries.push_back({{QStringLiteral("library:") + car.resourcePath, uniqueName(car.name), *loaded.setup},
                                 Source::Library});
    }
    rebuildList();
    connect(m_list, &QListWidget::itemChanged, this, [this] {
        rebuildBaseline();
        emit selectionChanged();
    });
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &SetupPicker::selectionChanged);
    connect(m_addFile, &QPushButton::clicked, this, &SetupPicker::browseFile);
}

bool SetupPicker::isTaken(const QString& name, const std::vector<Entry>& pending) const {
    const auto named = [&name](const Entry& e) { return e.offered.name == name; };
    return std::any_of(m_entries.begin(), m_entries.end(), named) ||
           std::any_of(pending.begin(), pending.end(), named);
}

QString SetupPicker::uniqueName(const QString& name) const {
    QString candidate = name.isEmpty() ? tr("Unnamed setup") : name;
    for (int k = 2; isTaken(candidate); ++k)
        candidate = QStringLiteral("%1 (%2)").arg(name).arg(k);
    return candidate;
}

void SetupPicker::setOpenSetups(const QList<OfferedSetup>& setups) {
    std::erase_if(m_entries, [](const Entry& e) { return e.source == Source::Open; });
    // Open documents come first: they are what the user is working on. Checks
    // survive by id (rebuildList), so an edited or renamed document stays picked.
    // A document opened from a library car keeps that car's name; "(open)"
    // tells the two apart, so the edited copy can be compared with the original.
    std::vector<Entry> open;
    for (const OfferedSetup& s : setups) {
        QString name = s.name;
        if (isTaken(name, open))
            name = tr("%1 (open)").arg(s.name);
        for (int k = 2; isTaken(name, open); ++k)
            name = tr("%1 (open %2)").arg(s.name).arg(k);
        open.push_back({{s.id, name, s.setup}, Source::Open});
    }
    m_entries.insert(m_entries.begin(), open.begin(), open.end());
    rebuildList();
    emit setupsChanged();
}

bool SetupPicker::addSetupFile(const QString& path, QString* error) {
    const SetupLoadResult loaded = loadSetupFile(path, InputKinds::RegularFilesOnly);
    if (!loaded.ok()) {
        if (error)
            *error = loaded.errorStrings().join(QLatin1Char('\n'));
        return false;
    }
    QString name = QString::fromStdString(loaded.setup->name);
    if (name.isEmpty())
        name = QFileInfo(path).completeBaseName();
    // The same file added twice is two entries: it may have changed in between.
    const QString id = QStringLiteral("file:%1:%2").arg(++m_filesAdded).arg(QFileInfo(path).absoluteFilePath());
    addEntry({{id, uniqueName(name), *loaded.setup}, Source::File}, true);
    return true;
}

void SetupPicker::addEntry(Entry entry, bool checked) {
    m_entries.push_back(std::move(entry));
    rebuildList();
    if (checked)
        m_list->item(m_list->count() - 1)->setCheckState(Qt::Checked);
    emit setupsChanged();
}

int SetupPicker::rowOf(const QString& id) const {
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(Qt::UserRole).toString() == id)
            return i;
    }
    return -1;
}

void SetupPicker::rebuildList() {
    // Keep the checks of entries that survive (matched by id).
    std::set<QString> checked;
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->checkState() == Qt::Checked)
            checked.insert(m_list->item(i)->data(Qt::UserRole).toString());
    }
    {
        const QSignalBlocker block(m_list);
        m_list->clear();
        for (const Entry& e : m_entries) {
            auto* item = new QListWidgetItem(e.offered.name, m_list);
            item->setData(Qt::UserRole, e.offered.id);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
            item->setCheckState(checked.count(e.offered.id) ? Qt::Checked : Qt::Unchecked);
            item->setToolTip(e.source == Source::Open      ? tr("Open in the editor")
                             : e.source == Source::Library ? tr("Library car")
                                                           : tr("Added from a file"));
        }
    }
    rebuildBaseline();
}

void SetupPicker::rebuildBaseline() {
    const QString keep = baselineId();
    const QSignalBlocker block(m_baseline);
    m_baseline->clear();
    for (const OfferedSetup& s : checkedSetups())
        m_baseline->addItem(s.name, s.id);
    const int index = m_baseline->findData(keep);
    m_baseline->setCurrentIndex(index >= 0 ? index : 0);
}

QString SetupPicker::baselineId() const {
    return m_baseline->currentData().toString();
}

QList<OfferedSetup> SetupPicker::allSetups() const {
    QList<OfferedSetup> out;
    for (const Entry& e : m_entries)
        out.append(e.offered);
    return out;
}

QList<OfferedSetup> SetupPicker::checkedSetups() const {
    QList<OfferedSetup> out;
    for (int i = 0; i < m_list->count() && i < static_cast<int>(m_entries.size()); ++i) {
        if (m_list->item(i)->checkState() == Qt::Checked)
            out.append(m_entries[static_cast<std::size_t>(i)].offered);
    }
    return out;
}

int SetupPicker::baselineIndex() const {
    return std::max(0, m_baseline->currentIndex());
}

void SetupPicker::setBaselineIndex(int index) {
    m_baseline->setCurrentIndex(index);
}

bool SetupPicker::setChecked(const QString& id, bool checked) {
    const int row = rowOf(id);
    if (row < 0)
        return false;
    m_list->item(row)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    return true;
}

void SetupPicker::browseFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Add setup file"), QString(),
                                                      tr("Setup files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!addSetupFile(path, &error))
        QMessageBox::warning(this, tr("Setup not added"),
                             tr("%1 does not load:\n%2").arg(QFileInfo(path).fileName(), error));
}

} // namespace vtw

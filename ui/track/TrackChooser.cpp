#include "ui/track/TrackChooser.h"

#include "core/trackfiles/TrackLibrary.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace vtw {

namespace {
constexpr int sourceRole = Qt::UserRole; // library key or file path
} // namespace

TrackChooser::TrackChooser(QWidget* parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_line(new QComboBox(this)),
      m_start(new QComboBox(this)), m_open(new QPushButton(tr("Open track file\u2026"), this)),
      m_run(new QPushButton(tr("Run lap"), this)) {
    m_list->setObjectName(QStringLiteral("trackList"));
    m_line->setObjectName(QStringLiteral("trackLine"));
    m_start->setObjectName(QStringLiteral("trackStart"));
    m_open->setObjectName(QStringLiteral("openTrackFile"));
    m_run->setObjectName(QStringLiteral("runLap"));
    for (const LibraryTrack& entry : libraryTracks()) {
        auto* item = new QListWidgetItem(entry.name, m_list);
        item->setData(sourceRole, entry.key);
        item->setToolTip(entry.source);
    }
    for (const auto& option : lineChoiceOptions)
        m_line->addItem(QString::fromUtf8(option.displayName.data(), qsizetype(option.displayName.size())),
                        static_cast<int>(option.value));
    m_line->setToolTip(tr("The line the lap follows; a track without a race line is driven on its centre line."));
    m_start->addItem(tr("Flying lap"), false);
    m_start->addItem(tr("Standing start"), true);
    m_start->setToolTip(tr("A flying lap crosses the line at the speed it finishes with; a standing start "
                           "leaves from rest in first gear."));
    m_open->setToolTip(tr("A track CSV: the TUM centre line with widths (x_m, y_m, w_tr_right_m, "
                          "w_tr_left_m), a line of points (x_m, y_m), or curvature against distance "
                          "(distance_m, curvature_per_m, optional sector)."));
    m_run->setDefault(true);
    m_run->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));

    auto* form = new QFormLayout;
    form->addRow(tr("Line:"), m_line);
    form->addRow(tr("Start:"), m_start);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_open);
    layout->addLayout(form);
    layout->addWidget(m_run);

    m_list->setCurrentRow(0);
    connect(m_list, &QListWidget::currentRowChanged, this, &TrackChooser::requestChanged);
    connect(m_list, &QListWidget::itemActivated, this, &TrackChooser::runRequested);
    connect(m_line, &QComboBox::currentIndexChanged, this, &TrackChooser::requestChanged);
    connect(m_start, &QComboBox::currentIndexChanged, this, &TrackChooser::requestChanged);
    connect(m_open, &QPushButton::clicked, this, &TrackChooser::chooseFile);
    connect(m_run, &QPushButton::clicked, this, &TrackChooser::runRequested);
}

LapRequest TrackChooser::request() const {
    LapRequest r;
    if (const QListWidgetItem* item = m_list->currentItem())
        r.track = item->data(sourceRole).toString();
    r.line = static_cast<LineChoice>(m_line->currentData().toInt());
    r.standingStart = m_start->currentData().toBool();
    return r;
}

bool TrackChooser::selectTrack(const QString& key) {
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(sourceRole).toString() == key) {
            m_list->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

QStringList TrackChooser::addTrackFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const TrackReadResult read = loadTrackFile(absolute);
    if (!read.ok())
        return read.errors.isEmpty() ? QStringList{tr("not a track file")} : read.errors;
    if (!selectTrack(absolute)) {
        auto* item = new QListWidgetItem(tr("%1 (file)").arg(QFileInfo(absolute).completeBaseName()), m_list);
        item->setData(sourceRole, absolute);
        item->setToolTip(QDir::toNativeSeparators(absolute));
        m_list->setCurrentItem(item);
    }
    return {};
}

void TrackChooser::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open track file"), QString(),
                                                      tr("Track CSV (*.csv);;All files (*)"));
    if (!path.isEmpty())
        emit fileChosen(path);
}

} // namespace vtw

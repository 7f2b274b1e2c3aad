#include "ui/shared/ManeuverWordChoice.h"

#include "core/track/Track.h"
#include "core/trackfiles/TrackLibrary.h"

#include <QComboBox>
#include <QFileInfo>

namespace vtw {

namespace {
const char* const kindProperty = "vtwWordKind";
const QString trackKind = QStringLiteral("track");
const QString lineKind = QStringLiteral("line");
const QString driverKind = QStringLiteral("driver");
} // namespace

QString trackDisplayName(const QString& keyOrPath) {
    for (const LibraryTrack& entry : libraryTracks()) {
        if (entry.key == keyOrPath)
            return entry.name;
    }
    return QFileInfo(keyOrPath).completeBaseName();
}

QComboBox* makeWordChoice(const ManeuverWord& word, const std::string& value, QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->setObjectName(QString::fromStdString("param_" + word.key));
    box->setToolTip(QString::fromStdString(word.label));
    const QString key = QString::fromStdString(word.key);
    box->setProperty(kindProperty, key);
    // As narrow as a short name: a long track name must not widen the page's controls.
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(10);
    if (key == trackKind) {
        for (const LibraryTrack& entry : libraryTracks())
            box->addItem(entry.name, entry.key);
    } else if (key == lineKind) {
        for (const auto& option : lineChoiceOptions)
            box->addItem(QString::fromUtf8(option.displayName.data(), qsizetype(option.displayName.size())),
                         QString::fromUtf8(option.cliName.data(), qsizetype(option.cliName.size())));
    } else if (key == driverKind) {
        box->addItem(QObject::tr("Fixed share (the pace)"), QStringLiteral("pace"));
        box->addItem(QObject::tr("Limit (learns over laps)"), QStringLiteral("limit"));
    } else {
        // A word the window knows no list for: typed as the command line takes it.
        box->setEditable(true);
    }
    setWordChoiceValue(box, value.empty() ? word.defaultValue : value);
    return box;
}

QString wordChoiceLabel(const ManeuverWord& word) {
    const QString label = QString::fromStdString(word.label);
    const qsizetype bracket = label.indexOf(QStringLiteral(" ("));
    return bracket > 0 ? label.left(bracket) : label;
}

std::string wordChoiceValue(const QComboBox* box) {
    if (box->isEditable())
        return box->currentText().toStdString();
    return box->currentData().toString().toStdString();
}

void setWordChoiceValue(QComboBox* box, const std::string& value) {
    const QString v = QString::fromStdString(value);
    if (box->isEditable()) {
        box->setEditText(v);
        return;
    }
    int index = box->findData(v);
    if (index < 0 && box->property(kindProperty).toString() == trackKind && !v.isEmpty()) {
        box->addItem(trackDisplayName(v), v); // a track file
        index = box->count() - 1;
    }
    if (index >= 0)
        box->setCurrentIndex(index);
}

} // namespace vtw

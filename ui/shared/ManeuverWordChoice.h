#pragma once

// The editor of a maneuver's word parameter (ManeuverWord): a choice of the library's
// tracks for "track", of the lines for "line", and a box to type in for any other word.
// The live page and the compare page's maneuver form both edit words through it.

#include "core/maneuvers/ManeuverFactory.h"

#include <QString>

#include <string>

class QComboBox;
class QWidget;

namespace vtw {

/// The box for `word`, showing `value` (a track file's path is added as its own entry).
QComboBox* makeWordChoice(const ManeuverWord& word, const std::string& value, QWidget* parent = nullptr);
/// The label of the box's row: the word's label up to its explanation in brackets
/// ("Track (a library key or a track file)" -> "Track"), which the box's tooltip shows.
QString wordChoiceLabel(const ManeuverWord& word);
/// The word the box stands for: the track's key or path, the line's command-line name.
std::string wordChoiceValue(const QComboBox* box);
/// Shows `value` in the box, adding it when it is a track file the box does not list.
void setWordChoiceValue(QComboBox* box, const std::string& value);

/// The library track's name for a key ("monza" -> "Monza"), a file's base name for a path.
QString trackDisplayName(const QString& keyOrPath);

} // namespace vtw

#pragma once

// What makes each file an Assetto Corsa car needs one of its kind: one of its
// sections, holding one of its main keys. A file without them (another file under
// the name, binary garbage) is refused rather than read as "every key missing, the
// default car's values kept".

#include "core/gamefiles/IniText.h"

#include <QString>

namespace vtw::ac {

/// Empty when `ini` is a `name` (car.ini, engine.ini, drivetrain.ini, suspensions.ini,
/// brakes.ini, tyres.ini) of its kind, else why not, naming the file.
QString notOfItsKind(const QString& name, const IniText& ini);

} // namespace vtw::ac

#pragma once

// An axis whose coordinates stay in SI (metres, seconds: what cursors, reference runs
// and hover read-outs share) while its ticks and title read in the unit system's unit
// (feet in imperial). Only the labels are converted; the data are not touched.

#include "core/setupfile/SetupMetadata.h"

#include <QString>

#include <string>

class QCPAxis;

namespace vtw {

/// Titles `axis` "label (unit)" and labels its ticks in the shown unit of a channel
/// recorded in `siUnit` (ChannelDisplay): round numbers of feet on a metre axis.
void showAxisIn(QCPAxis* axis, const QString& label, const std::string& siUnit, UnitSystem system);
/// The ticks alone, for an axis that shares another's coordinates without a title.
void showAxisTicksIn(QCPAxis* axis, const std::string& siUnit, UnitSystem system);

} // namespace vtw

#pragma once

// One lap of the track workspace, worked out away from the widgets: the track prepared
// on the chosen line, the lap of the setup on it and the envelope to draw the lap's
// points against. Pure computation, so it runs on any thread.

#include "core/lap/LapSimulation.h"
#include "core/trackfiles/TrackPreparation.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace vtw {

struct Setup;

/// Station spacing of the workspace's laps, m: the CLI's default, so both give one lap time.
inline constexpr double lapStationStep = 1.0;

struct LapRequest {
    QString track;                          ///< a library key or a track file's path
    LineChoice line = LineChoice::RaceLine;
    bool standingStart = false;
};

struct LapRun {
    LapRequest request; ///< what was asked for
    /// Why there is no lap (a setup that does not validate, a track that does not load,
    /// a car that cannot get round); empty when `lap` is a lap.
    QString error;
    /// What the user should know about a lap that ran: "no race line, the centre line is driven".
    QStringList notes;
    std::shared_ptr<const PreparedTrack> track; ///< set whenever the track loaded
    LapResult lap;
    /// The car's envelope at a few speeds (sampleEnvelope), for the G-G-V view.
    std::vector<EnvelopePoint> envelope;
    bool ok() const { return error.isEmpty(); }
};

/// Speeds and lateral accelerations sampled for the G-G-V view.
inline constexpr int envelopeSpeeds = 4;
inline constexpr int envelopeLaterals = 41;

LapRun runLap(const Setup& setup, const LapRequest& request);

} // namespace vtw

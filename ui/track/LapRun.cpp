#include "ui/track/LapRun.h"

#include "core/vehicle/Setup.h"
#include "core/setupfile/SetupValidation.h"

#include <QCoreApplication>

#include <exception>

namespace vtw {

namespace {
QString tr(const char* text) {
    return QCoreApplication::translate("vtw::LapRun", text);
}
} // namespace

LapRun runLap(const Setup& setup, const LapRequest& request) {
    LapRun run;
    run.request = request;
    const SetupIssues issues = validateSetup(setup);
    if (!issues.isEmpty()) {
        QStringList lines;
        for (const SetupIssue& issue : issues)
            lines << issue.toString();
        run.error = tr("The setup cannot be driven round a track until it is valid: %1")
                        .arg(lines.join(QStringLiteral("; ")));
        return run;
    }
    PreparedTrackResult prepared = prepareTrackCached(request.track, request.line, lapStationStep);
    if (!prepared.prepared) {
        run.error = tr("The track %1 cannot be used: %2")
                        .arg(request.track, prepared.errors.join(QStringLiteral("; ")));
        return run;
    }
    run.track = std::move(prepared.prepared);
    if (request.line == LineChoice::RaceLine && run.track->line != LineChoice::RaceLine)
        run.notes << tr("This track has no race line; the lap follows its centre line.");
    // The core reports a car it cannot drive in its result; an exception here would be a
    // setup the validation let through, and must not take the window down with it.
    try {
        const PerformanceEnvelope envelope(setup);
        LapOptions options;
        options.standingStart = request.standingStart;
        run.lap = simulateLap(envelope, run.track->path, run.track->sectorStarts, options);
        if (!run.lap.ok) {
            run.error = tr("No lap: %1").arg(QString::fromStdString(run.lap.error));
            return run;
        }
        run.envelope = sampleEnvelope(envelope, envelopeSpeeds, envelopeLaterals);
    } catch (const std::exception& e) {
        run.error = tr("No lap: %1").arg(QString::fromUtf8(e.what()));
    }
    return run;
}

} // namespace vtw

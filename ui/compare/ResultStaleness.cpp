#include "ui/compare/ResultStaleness.h"

#include <QCoreApplication>

namespace vtw {

QString staleResultsReason(const ComparisonData& results, const QList<OfferedSetup>& offered) {
    QStringList edited, gone;
    for (std::size_t s = 0; s < results.setups.size(); ++s) {
        const QString& name = results.names.value(static_cast<int>(s));
        const QString& id = results.ids.value(static_cast<int>(s));
        const auto match = std::find_if(offered.begin(), offered.end(),
                                        [&](const OfferedSetup& o) { return o.id == id; });
        if (match == offered.end())
            gone << name;
        else if (!(match->setup == results.setups[s]) || match->name != name)
            edited << name;
    }
    QStringList reasons;
    if (!edited.isEmpty())
        reasons << QCoreApplication::translate("ComparePage", "%1 changed since the run")
                       .arg(edited.join(QStringLiteral(", ")));
    if (!gone.isEmpty())
        reasons << QCoreApplication::translate("ComparePage", "%1 is no longer open")
                       .arg(gone.join(QStringLiteral(", ")));
    return reasons.join(QStringLiteral("; "));
}

} // namespace vtw

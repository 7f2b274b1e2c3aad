#include "setupfile/SetupEnumKeys.h"

namespace vtw {

// Each list must follow its enum's declaration order; the metadata test checks
// that every key maps back to its own value.

template <> const QStringList& enumKeys<TireModelKind>() {
    static const QStringList keys{"linear", "table",   "magicFormula", "pacejka94",
                                  "brush",  "calspan", "slipSpeed"};
    return keys;
}

template <> const QStringList& enumKeys<CombinedSlipMethod>() {
    static const QStringList keys{"frictionEllipse", "normalisedSlip"};
    return keys;
}

template <> const QStringList& enumKeys<RollingResistanceModel>() {
    static const QStringList keys{"speedLinear", "loadBased"};
    return keys;
}

template <> const QStringList& enumKeys<DrivelineLayout>() {
    static const QStringList keys{"rwd", "fwd", "awd"};
    return keys;
}

template <> const QStringList& enumKeys<DifferentialType>() {
    static const QStringList keys{"open", "locked"};
    return keys;
}

template <> const QStringList& enumKeys<ShiftMode>() {
    static const QStringList keys{"automatic", "manual"};
    return keys;
}

template <> const QStringList& enumKeys<Integrator>() {
    static const QStringList keys{"explicitEuler", "semiImplicitEuler", "rungeKutta4"};
    return keys;
}

} // namespace vtw

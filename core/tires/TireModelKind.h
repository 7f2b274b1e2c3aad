#pragma once

namespace vtw {

/// Which tire model an axle uses. The order is part of nothing persistent:
/// files store the model by its key (see tireModelKey()). Each value has its model's
/// file in core/tires/models/ and its entry in TireModels.h, in this order.
enum class TireModelKind { Linear, Table, MagicFormula, Pacejka94, Brush, Calspan, SlipSpeed, Tir };

/// How a pure-slip model (linear, table, magic formula, Pacejka '94) combines
/// longitudinal and lateral slip (docs/physics.md 6.8). Brush, Calspan and
/// slip-speed are combined-slip models by construction and ignore this.
enum class CombinedSlipMethod { FrictionEllipse, NormalisedSlip };

} // namespace vtw

// libFuzzer entry point for the curve CSV reader (Import curve, `vtw-cli import`).
// Besides the curve promises (CurveReaderChecks.h), a short input is read as one
// number both by the reader's number parser and by Qt's: the two must agree.

#include "CurveReaderChecks.h"

#include "core/setupfile/CsvLines.h"

#include <cmath>

using namespace vtw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray bytes = fuzz::bytesOf(data, size);
    fuzz::checkCurveReader(
        bytes, [](const QByteArray& b, const CurveRules& rules) { return readCurveCsv(b, rules); },
        [](const Curve& c) { return writeCurveCsv(c, "x", "y"); });
    if (size <= 64) {
        const QString text = QString::fromUtf8(bytes);
        bool ok = false;
        const double qt = text.toDouble(&ok);
        const std::optional<double> ours = csv::parseNumber(text);
        fuzz::require(ours.has_value() == ok, "a number cell is a number as Qt reads it");
        fuzz::require(!ok || std::isnan(qt) || (*ours == qt && std::signbit(*ours) == std::signbit(qt)),
                      "a number cell has the value Qt reads");
    }
    return 0;
}

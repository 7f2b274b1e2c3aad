#pragma once

// A look at a JSON text's shape before it is parsed: how deep it nests and how
// many values it holds. Parsing builds a node per value (a 16 MiB file of nested
// arrays took seconds and more than a gigabyte), while this walk over the bytes
// costs a few milliseconds and no memory, so the loader refuses an outsized file
// before building anything.

#include <QByteArray>
#include <QString>

namespace vtw {

struct JsonShape {
    int depth = 0;            ///< deepest nesting of arrays and objects (a bare value: 0)
    QString deepestPath;      ///< the first array or object that deep, e.g. "x[0][0]"
    qint64 values = 0;        ///< the root, and every array entry and object member
    qint64 largestEntries = 0; ///< entries of the largest array or object
    QString largestPath;      ///< its path, e.g. "engine.torqueCurve_rpm_Nm"; "" for the root
};

/// The shape of a JSON text. It does not validate: on malformed text the
/// figures are those of the brackets, commas and strings it holds, which the
/// parser then refuses. Keys in paths are shown as written (escapes included),
/// cut to 64 bytes. Stops at the first nesting deeper than maxDepth: depth is
/// then maxDepth + 1, deepestPath says where, and the counts stop there.
JsonShape jsonShape(const QByteArray& text, int maxDepth);

} // namespace vtw

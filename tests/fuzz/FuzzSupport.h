#pragma once

// What the fuzz targets share: the input as bytes or as pieces, and a check that
// stops the run with the promise it found broken (libFuzzer then saves the input
// that broke it).

#include <QByteArray>
#include <QList>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace vtw::fuzz {

inline QByteArray bytesOf(const std::uint8_t* data, std::size_t size) {
    return QByteArray(reinterpret_cast<const char*>(data), qsizetype(size));
}

/// Aborts, naming the promise, when it does not hold.
inline void require(bool holds, const char* promise) {
    if (holds)
        return;
    std::fprintf(stderr, "fuzz: broken promise: %s\n", promise);
    std::abort();
}

/// The input cut at NUL bytes into at most maxPieces pieces (the last keeps any
/// further NULs): one input carries several files, and the fuzzer moves the cuts
/// as it mutates. The file formats are text, so a NUL is otherwise rare in them.
inline QList<QByteArray> piecesOf(const QByteArray& bytes, int maxPieces) {
    QList<QByteArray> pieces;
    qsizetype from = 0;
    while (pieces.size() + 1 < maxPieces) {
        const qsizetype cut = bytes.indexOf('\0', from);
        if (cut < 0)
            break;
        pieces.append(bytes.mid(from, cut - from));
        from = cut + 1;
    }
    pieces.append(bytes.mid(from));
    return pieces;
}

} // namespace vtw::fuzz

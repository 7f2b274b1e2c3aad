#pragma once

// Where a sweep's rows go as its points finish: standard output, or OUT.partial
// beside the output file, which the finished table replaces atomically at the end.
// So a sweep interrupted after hours keeps the rows it finished (to resume from)
// and the old OUT stays intact until the whole table replaces it. A resumed
// sweep's earlier rows go out with the new ones, in index order.

#include "core/study/SweepTable.h"

#include <QFile>
#include <QString>

#include <string>
#include <vector>

namespace vtw::cli {

class SweepOutput {
public:
    /// path "-" is standard output. earlier: rows of an earlier run, by index; the
    /// text they point into must outlive this object.
    SweepOutput(const QString& path, std::vector<SweepRow> earlier);

    /// Writes the header and the earlier rows: for a file, to a new partial file
    /// that then takes the place of any old one (which may be the file resumed
    /// from, so its rows are never only in memory). Prints the error on failure.
    bool begin(const std::string& header);
    /// The row of a new point; rows come in index order, one call at a time. A
    /// failed write prints the error and turns failed() true.
    void row(int index, const std::string& text);
    bool failed() const { return m_failed; }
    /// After the last row: writes the earlier rows still due and, for a file, the
    /// finished table over the output. Prints the error on failure.
    bool finish();
    /// The partial file (empty for standard output).
    QString partialPath() const;

private:
    /// The earlier rows before point index (all of them for -1), taken.
    std::string earlierRowsBefore(int index);
    bool log(const std::string& text);

    QString m_path;
    bool m_toStdout = false;
    std::vector<SweepRow> m_earlier;
    std::size_t m_nextEarlier = 0;
    QFile m_partial;
    std::string m_table; ///< for a file: the table so far, in index order
    bool m_failed = false;
};

} // namespace vtw::cli

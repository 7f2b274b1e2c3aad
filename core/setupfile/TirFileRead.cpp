#include "core/setupfile/TirFileRead.h"

#include <string_view>

namespace vtw {

TirLoadResult readTirFile(const QString& path, InputKinds kinds) {
    const BoundedReadResult read = readFileBounded(path, maxTirFileBytes, kinds);
    if (!read.data) {
        TirLoadResult failed;
        failed.error = read.error.toStdString();
        return failed;
    }
    return loadTir(std::string_view(read.data->constData(), std::size_t(read.data->size())));
}

} // namespace vtw

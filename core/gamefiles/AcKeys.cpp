#include "core/gamefiles/AcKeys.h"

namespace vtw::ac {

QString keyName(const QString& file, const QString& section, const QString& keys) {
    return QStringLiteral("%1 [%2] %3").arg(file, section, keys);
}

std::optional<double> number(Files& files, const QString& file, const QString& section, const QString& key,
                             QStringList& errors) {
    const IniText* ini = files.findIni(file);
    if (!ini)
        return std::nullopt;
    const std::optional<QString> text = ini->value(section, key);
    if (!text)
        return std::nullopt;
    const std::optional<double> value = iniNumber(*text);
    if (!value)
        errors << QStringLiteral("%1: '%2' is not a number").arg(keyName(file, section, key), *text);
    return value;
}

void setNumber(Files& files, const QString& file, const QString& section, const QString& key, double value) {
    IniText& ini = files.ini(file);
    // A value that reads as the same number keeps its spelling ("1.20" stays "1.20").
    if (const std::optional<QString> old = ini.value(section, key); old && iniNumber(*old) == value)
        return;
    ini.setValue(section, key, iniNumberText(value));
}

void missing(AcMappingReport& report, const QString& what) {
    report.unmapped << QStringLiteral("%1: not in the files, the default car's value kept").arg(what);
}

} // namespace vtw::ac

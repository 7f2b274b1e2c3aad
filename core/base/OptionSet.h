#pragma once

// An option set is an enum the user picks a value of: a tire model, an integrator, a
// driveline layout... Each set has one table, in enumerator order, that every place
// naming its values reads: setup files take the key, the command line the CLI name,
// the window the display name. A table is found from its enum by optionTable(Enum{})
// (declared beside the table, found by argument-dependent lookup), so the helpers here
// serve every set alike. tests/core/base/tst_option_sets checks every table.

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>

namespace vtw {

/// The names of one value of an option set.
template <typename Enum> struct OptionName {
    Enum value;
    /// In setup files. A file stores the key, never the enumerator's number, so reordering
    /// the enum changes no file; a key is never renamed once files use it.
    std::string_view key;
    /// On the command line: lower-case words joined by hyphens ("magic-formula").
    std::string_view cliName;
    /// In the window.
    std::string_view displayName;
    /// An older command-line spelling, still accepted so existing scripts keep working.
    std::string_view formerCliName = {};
};

/// The table of an option set: a std::array of OptionName<Enum>, or of a type derived
/// from it that adds what the set's users need (tires/TireModels.h).
template <typename Enum> constexpr const auto& options() {
    return optionTable(Enum{});
}

/// The names of a value, or nullptr for a number that is no value of the set (a value
/// cast from a corrupt number, which validation reports).
template <typename Enum> constexpr const auto* findOption(Enum value) {
    const auto& table = options<Enum>();
    const auto index = static_cast<std::size_t>(value);
    return index < table.size() ? &table[index] : nullptr;
}

/// The entry whose file key is `key`, or nullptr.
template <typename Enum> constexpr const auto* optionByKey(std::string_view key) {
    for (const auto& entry : options<Enum>())
        if (entry.key == key)
            return &entry;
    return static_cast<decltype(&options<Enum>()[0])>(nullptr);
}

/// The entry a command-line argument names: its CLI name, its file key (so a name copied
/// out of a setup file works) or its former CLI name. nullptr for none.
template <typename Enum> constexpr const auto* optionByCliName(std::string_view name) {
    for (const auto& entry : options<Enum>())
        if (entry.cliName == name || entry.key == name ||
            (!entry.formerCliName.empty() && entry.formerCliName == name))
            return &entry;
    return static_cast<decltype(&options<Enum>()[0])>(nullptr);
}

namespace optionset_detail {

// The compiler spells a template argument that is a named enumerator by its name
// ("vtw::Integrator::RungeKutta4") and any other value of the enum as a cast
// ("(vtw::Integrator)3"); GCC and Clang both do. This is the one way to ask at compile
// time whether an enum has a value past the last one a table lists.
template <auto value> constexpr bool isNamedEnumerator() {
    constexpr std::string_view signature = __PRETTY_FUNCTION__;
    constexpr std::size_t at = signature.find("value = ");
    static_assert(at != std::string_view::npos, "unknown __PRETTY_FUNCTION__ layout");
    constexpr char first = signature[at + 8];
    return first != '(' && first != '-' && !(first >= '0' && first <= '9');
}

} // namespace optionset_detail

/// True when the table lists the values 0, 1, ... in order and the enum has no named
/// value after the last one listed: every value is in the table, at its own index.
/// Each table's header asserts it, so an enumerator added without its entry stops the build.
template <typename Enum> constexpr bool coversEveryValue() {
    const auto& table = options<Enum>();
    for (std::size_t i = 0; i < table.size(); ++i)
        if (table[i].value != static_cast<Enum>(i))
            return false;
    constexpr std::size_t count = std::tuple_size_v<std::remove_cvref_t<decltype(options<Enum>())>>;
    return !optionset_detail::isNamedEnumerator<static_cast<Enum>(count)>();
}

} // namespace vtw

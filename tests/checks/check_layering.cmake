# The layering rules of docs/architecture.md, checked over the source tree. ctest runs
# this script (layering):
#
#   cmake -DSOURCE_DIR=<source> [-DTARGETS_FILE=<build>/tests/layering_targets.txt]
#         -P check_layering.cmake
#
# The rules are one table in docs/architecture.md, between the lines
# "<!-- layering:begin -->" and "<!-- layering:end -->": a row per folder, with the
# library its sources belong to and the folders its files may include from. Checked:
#   - every folder of core/, ui/ and app/ with sources has a row;
#   - a file includes the project's headers by their path from the project root
#     ("core/vehicle/Setup.h"): never "../", never a bare name (Qt's generated .moc
#     files aside);
#   - an include from another folder names a folder the row allows;
#   - the folders of the library "vtw_physics" include no Qt header;
#   - (with TARGETS_FILE, written at configure time: "target|source" lines) every
#     source of a library lies in a folder whose row names that library.
# Every problem is listed, then the script fails.
cmake_minimum_required(VERSION 3.21)

if(NOT DEFINED SOURCE_DIR)
    message(FATAL_ERROR "check_layering.cmake: -DSOURCE_DIR=... is missing")
endif()
set(table_file "${SOURCE_DIR}/docs/architecture.md")
if(NOT EXISTS "${table_file}")
    message(FATAL_ERROR "${table_file} does not exist")
endif()

# The table: folder -> library, folder -> allowed folders.
file(STRINGS "${table_file}" lines)
set(in_table FALSE)
set(folders "")
foreach(line IN LISTS lines)
    if(line MATCHES "<!-- layering:begin -->")
        set(in_table TRUE)
        continue()
    elseif(line MATCHES "<!-- layering:end -->")
        set(in_table FALSE)
        continue()
    endif()
    if(NOT in_table OR NOT line MATCHES "^\\| *`([a-z/]+)` *\\| *([a-z_-]+) *\\|(.*)\\| *$")
        continue()
    endif()
    set(folder "${CMAKE_MATCH_1}")
    set(library "${CMAKE_MATCH_2}")
    set(allowed_text "${CMAKE_MATCH_3}")
    list(APPEND folders "${folder}")
    string(MAKE_C_IDENTIFIER "${folder}" key)
    set(library_of_${key} "${library}")
    string(REGEX MATCHALL "`[a-z/*]+`" allowed "${allowed_text}")
    string(REPLACE "`" "" allowed "${allowed}")
    set(allowed_of_${key} "${allowed}")
endforeach()
if(NOT folders)
    message(FATAL_ERROR "${table_file}: no layering table between <!-- layering:begin --> and <!-- layering:end -->")
endif()

set(problems "")
file(GLOB_RECURSE sources RELATIVE "${SOURCE_DIR}"
     "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp"
     "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp"
     "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
foreach(source IN LISTS sources)
    get_filename_component(folder "${source}" DIRECTORY)
    string(MAKE_C_IDENTIFIER "${folder}" key)
    if(NOT DEFINED library_of_${key})
        list(APPEND problems "${source}: its folder ${folder} has no row in docs/architecture.md's layering table")
        continue()
    endif()
    file(STRINGS "${SOURCE_DIR}/${source}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
    foreach(include IN LISTS includes)
        if(include MATCHES "<(Q[A-Za-z]*)>" AND library_of_${key} STREQUAL "vtw_physics")
            list(APPEND problems "${source}: includes <${CMAKE_MATCH_1}>, but ${folder} is part of vtw_physics, which has no Qt")
        endif()
        if(NOT include MATCHES "\"([^\"]+)\"")
            continue()
        endif()
        set(path "${CMAKE_MATCH_1}")
        if(path MATCHES "\\.moc$" OR path MATCHES "^moc_")
            continue()
        endif()
        if(path MATCHES "^\\.\\./|/\\.\\./")
            list(APPEND problems "${source}: includes \"${path}\": write the path from the project root")
            continue()
        endif()
        if(NOT path MATCHES "^(core|ui|app)/")
            # A bare name: allowed only in app/ for its own folder's headers.
            if(folder MATCHES "^app" AND EXISTS "${SOURCE_DIR}/${folder}/${path}")
                continue()
            endif()
            list(APPEND problems "${source}: includes \"${path}\": write the path from the project root")
            continue()
        endif()
        get_filename_component(target_folder "${path}" DIRECTORY)
        if(target_folder STREQUAL folder)
            continue()
        endif()
        # `core/*`: any folder of the core but its private step (core/step, core/lanes).
        if("core/*" IN_LIST allowed_of_${key} AND target_folder MATCHES "^core/"
           AND NOT target_folder MATCHES "^core/(step|lanes)$")
            continue()
        endif()
        if(NOT target_folder IN_LIST allowed_of_${key})
            list(APPEND problems "${source}: includes \"${path}\": ${folder} may not include from ${target_folder} (docs/architecture.md)")
        endif()
    endforeach()
endforeach()

if(DEFINED TARGETS_FILE)
    file(STRINGS "${TARGETS_FILE}" target_sources)
    foreach(entry IN LISTS target_sources)
        if(NOT entry MATCHES "^([^|]+)\\|(.+)$")
            continue()
        endif()
        set(target "${CMAKE_MATCH_1}")
        set(source "${CMAKE_MATCH_2}")
        if(IS_ABSOLUTE "${source}")
            file(RELATIVE_PATH source "${SOURCE_DIR}" "${source}")
        endif()
        get_filename_component(folder "${source}" DIRECTORY)
        string(MAKE_C_IDENTIFIER "${folder}" key)
        if(DEFINED library_of_${key} AND NOT library_of_${key} STREQUAL target)
            list(APPEND problems "${source}: built into ${target}, but ${folder} belongs to ${library_of_${key}} (docs/architecture.md)")
        endif()
    endforeach()
endif()

if(problems)
    list(LENGTH problems count)
    string(REPLACE ";" "\n  " listed "${problems}")
    message(FATAL_ERROR "${count} layering problem(s):\n  ${listed}")
endif()
list(LENGTH sources checked)
list(LENGTH folders rows)
message(STATUS "layering: ${checked} files in ${rows} folders follow docs/architecture.md")

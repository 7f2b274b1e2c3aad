# The step is private to the core: no translation unit of the window (ui/) or of the
# command-line tool (app/) may reach a header under core/step/, directly or through
# other headers. ctest runs this script (step_headers_private):
#
#   cmake -DCOMPILE_COMMANDS=<build>/compile_commands.json -DSOURCE_DIR=<source>
#         -DBINARY_DIR=<build> -P step_headers_private.cmake
#
# Each unit's own compile command runs again with -M -H in place of -c and -o: -M
# only preprocesses and prints the dependencies (to stdout, kept here; no file is
# written), and -H prints every header as it is opened, one dot per level of
# nesting (to stderr), which gives the chain that led to a step header. The build's
# generated files (moc) must exist, so run it after a build. It also reads every
# header of core/ outside step/ and fails if one includes a step header.
cmake_minimum_required(VERSION 3.21)

foreach(var COMPILE_COMMANDS SOURCE_DIR BINARY_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "step_headers_private.cmake: -D${var}=... is missing")
    endif()
endforeach()
if(NOT EXISTS "${COMPILE_COMMANDS}")
    message(FATAL_ERROR "${COMPILE_COMMANDS} does not exist: configure with CMAKE_EXPORT_COMPILE_COMMANDS ON")
endif()

cmake_path(SET step_dir NORMALIZE "${SOURCE_DIR}/core/step/")
set(checked_roots "${SOURCE_DIR}/ui/" "${SOURCE_DIR}/app/" "${BINARY_DIR}/ui/" "${BINARY_DIR}/app/")

# The first chain in the -H output `tree` that ends in a header under core/step/, as
# "a -> b -> c" (empty if there is none).
function(step_chain tree out)
    set(${out} "" PARENT_SCOPE)
    if(NOT tree MATCHES "/step/")
        return()
    endif()
    string(REPLACE ";" "," tree "${tree}")
    string(REPLACE "\n" ";" lines "${tree}")
    foreach(line IN LISTS lines)
        if(NOT line MATCHES "^(\\.+) (.+)$")
            continue()
        endif()
        string(LENGTH "${CMAKE_MATCH_1}" depth)
        cmake_path(SET header NORMALIZE "${CMAKE_MATCH_2}")
        set(level_${depth} "${header}")
        string(FIND "${header}" "${step_dir}" at)
        if(at EQUAL 0)
            set(chain "")
            foreach(level RANGE 1 ${depth})
                file(RELATIVE_PATH shown "${SOURCE_DIR}" "${level_${level}}")
                list(APPEND chain "${shown}")
            endforeach()
            list(JOIN chain " -> " chain)
            set(${out} "${chain}" PARENT_SCOPE)
            return()
        endif()
    endforeach()
endfunction()

file(READ "${COMPILE_COMMANDS}" json)
string(JSON entries LENGTH "${json}")
set(checked 0)
set(failures "")
math(EXPR last "${entries} - 1")
foreach(i RANGE ${last})
    string(JSON file GET "${json}" ${i} file)
    cmake_path(SET file NORMALIZE "${file}")
    set(in_scope FALSE)
    foreach(root IN LISTS checked_roots)
        string(FIND "${file}" "${root}" at)
        if(at EQUAL 0)
            set(in_scope TRUE)
        endif()
    endforeach()
    if(NOT in_scope)
        continue()
    endif()
    string(JSON directory GET "${json}" ${i} directory)
    string(JSON command ERROR_VARIABLE no_command GET "${json}" ${i} command)
    if(no_command)
        # Some generators write an "arguments" array instead of one command line.
        string(JSON count LENGTH "${json}" ${i} arguments)
        math(EXPR count_last "${count} - 1")
        set(words "")
        foreach(k RANGE ${count_last})
            string(JSON word GET "${json}" ${i} arguments ${k})
            list(APPEND words "${word}")
        endforeach()
    else()
        separate_arguments(words UNIX_COMMAND "${command}")
    endif()
    # The compile command without its outputs (-c, -o, dependency files), plus -M -H.
    set(args "")
    set(skip_next FALSE)
    foreach(word IN LISTS words)
        if(skip_next)
            set(skip_next FALSE)
        elseif(word STREQUAL "-o" OR word STREQUAL "-MF" OR word STREQUAL "-MT" OR word STREQUAL "-MQ")
            set(skip_next TRUE)
        elseif(NOT (word STREQUAL "-c" OR word STREQUAL "-MD" OR word STREQUAL "-MMD"))
            list(APPEND args "${word}")
        endif()
    endforeach()
    execute_process(COMMAND ${args} -M -H
                    WORKING_DIRECTORY "${directory}"
                    RESULT_VARIABLE result
                    OUTPUT_VARIABLE dependencies
                    ERROR_VARIABLE tree)
    file(RELATIVE_PATH shown "${SOURCE_DIR}" "${file}")
    if(NOT result EQUAL 0)
        list(APPEND failures "${shown}: its compile command failed to preprocess it (${result}):\n${tree}")
        continue()
    endif()
    math(EXPR checked "${checked} + 1")
    step_chain("${tree}" chain)
    if(chain)
        list(APPEND failures "${shown} reaches the private step: ${shown} -> ${chain}")
    endif()
endforeach()

# The headers of the core outside step/ are its public interface: none includes a step
# header itself (a header no unit of ui/ or app/ includes yet would slip through the
# check above). An include resolves as the compiler resolves it: next to the header,
# then in core/.
file(GLOB_RECURSE core_headers "${SOURCE_DIR}/core/*.h")
set(public_headers 0)
foreach(header IN LISTS core_headers)
    cmake_path(SET header NORMALIZE "${header}")
    string(FIND "${header}" "${step_dir}" at)
    if(at EQUAL 0)
        continue()
    endif()
    math(EXPR public_headers "${public_headers} + 1")
    get_filename_component(header_dir "${header}" DIRECTORY)
    file(STRINGS "${header}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS includes)
        if(NOT line MATCHES "include[ \t]*\"([^\"]+)\"")
            continue()
        endif()
        set(name "${CMAKE_MATCH_1}")
        foreach(candidate "${header_dir}/${name}" "${SOURCE_DIR}/core/${name}")
            cmake_path(SET candidate NORMALIZE "${candidate}")
            if(EXISTS "${candidate}")
                string(FIND "${candidate}" "${step_dir}" at)
                if(at EQUAL 0)
                    file(RELATIVE_PATH shown "${SOURCE_DIR}" "${header}")
                    file(RELATIVE_PATH included "${SOURCE_DIR}" "${candidate}")
                    list(APPEND failures "${shown}, a public header, includes ${included}")
                endif()
                break()
            endif()
        endforeach()
    endforeach()
endforeach()

if(checked EQUAL 0)
    message(FATAL_ERROR "no translation unit of ui/ or app/ in ${COMPILE_COMMANDS}: nothing was checked")
endif()
if(failures)
    list(LENGTH failures failed)
    list(JOIN failures "\n" report)
    message(FATAL_ERROR "core/step/ is private to the core, but ${failed} file(s) reach it (use "
                        "Simulator, StepSample and the other headers outside step/):\n${report}")
endif()
message(STATUS "${checked} translation units of ui/ and app/ checked, none reaches core/step/; "
               "none of the ${public_headers} headers of core/ outside step/ includes one")

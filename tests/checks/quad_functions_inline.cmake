# Every function that takes or returns a Quad (core/lanes/Lanes.h) by value is VTW_LANE,
# forced inline. The step is built twice, for AVX2 and for the baseline instruction set
# (VTW_WHEEL_LANES_CLONES), and the two pass a 32-byte vector differently: an AVX2 clone
# calling an out-of-line function of the baseline would hand it its arguments in the
# wrong place. Forced inlining leaves no such call. ctest runs this script
# (quad_functions_inline):
#
#   cmake -DCLANG_QUERY=<clang-query> -DSOURCE_DIR=<source> -DSOURCES="a.cpp|b.cpp"
#         -P quad_functions_inline.cmake
#
# SOURCES are the physics library's translation units (relative to core/, or absolute);
# the check parses those that include core/lanes/Lanes.h, directly or through other
# headers of the project.
# With -DEXPECTED="name|name", the check's own test: the sources break the rule on purpose
# (quad_functions_inline_fixture.cpp), and it passes only if exactly the functions named
# are reported.
# clang-query parses each with the project root on the include path and lists every function
# declaration, template instantiations included, whose return type or a parameter's
# type is a Quad or a QuadMask, or a struct with one as a member (a struct of one Quad
# travels in a vector register too), and that is not always_inline. Only clang can list
# template instantiations with their attributes; GCC's own -Wpsabi note cannot serve:
# it comes once per file and for forced-inline functions too.
cmake_minimum_required(VERSION 3.21)

foreach(var CLANG_QUERY SOURCE_DIR SOURCES)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "quad_functions_inline.cmake: -D${var}=... is missing")
    endif()
endforeach()
if(NOT CLANG_QUERY)
    # ctest skips the test on this line (SKIP_REGULAR_EXPRESSION).
    message("clang-query not found: the Quad inlining rule is not checked")
    return()
endif()

string(REPLACE "|" ";" sources "${SOURCES}")
set(files "")
foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cpp$")
        continue()
    endif()
    cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${SOURCE_DIR}/core" NORMALIZE OUTPUT_VARIABLE file)
    list(APPEND files "${file}")
endforeach()
list(LENGTH files count)
if(count EQUAL 0)
    message(FATAL_ERROR "no .cpp file in SOURCES: nothing was checked")
endif()

# Only a translation unit that sees the vector type can break the rule: keep the sources
# that reach core/lanes/Lanes.h through the project's own includes (by their path from
# the root), followed header by header. Parsing the others with clang-query would take
# most of the time and find nothing.
set(lanes_header "${SOURCE_DIR}/core/lanes/Lanes.h")
# Whether `file` is the lane header or includes it, directly or through other project
# headers, in the global property reaches:<file>; each file is read once (the property
# outlives the function's scope, unlike a variable).
function(reaches_lanes file)
    get_property(known GLOBAL PROPERTY "reaches:${file}" SET)
    if(known)
        return()
    endif()
    set_property(GLOBAL PROPERTY "reaches:${file}" FALSE) # a cycle of includes ends here
    set(reaches FALSE)
    if(file STREQUAL lanes_header)
        set(reaches TRUE)
    else()
        file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
        foreach(line IN LISTS includes)
            string(REGEX REPLACE "^[^\"]*\"([^\"]+)\".*$" "\\1" included "${line}")
            set(path "${SOURCE_DIR}/${included}")
            if(NOT EXISTS "${path}")
                continue() # a system or generated header
            endif()
            reaches_lanes("${path}")
            get_property(reaches GLOBAL PROPERTY "reaches:${path}")
            if(reaches)
                break()
            endif()
        endforeach()
    endif()
    set_property(GLOBAL PROPERTY "reaches:${file}" ${reaches})
endfunction()
set(lane_files "")
foreach(file IN LISTS files)
    reaches_lanes("${file}")
    get_property(reaches GLOBAL PROPERTY "reaches:${file}")
    if(reaches)
        list(APPEND lane_files "${file}")
    endif()
endforeach()
list(LENGTH lane_files lane_count)
if(lane_count EQUAL 0)
    message(FATAL_ERROR "none of the ${count} sources includes core/lanes/Lanes.h: nothing was checked")
endif()

# How clang prints the two vector types once their names are resolved (Lanes.h: Quad is
# four doubles in 32 bytes, QuadMask four 64-bit integers).
set(quad_types
    "__attribute__((__vector_size__(4 * sizeof(double)))) double"
    "__attribute__((__vector_size__(4 * sizeof(long long)))) long long"
    "__attribute__((__vector_size__(4 * sizeof(long)))) long")
set(type_matchers "")
foreach(type IN LISTS quad_types)
    list(APPEND type_matchers "asString(\"${type}\")")
endforeach()
list(JOIN type_matchers ", " type_matchers)
set(query
    "let quad qualType(hasCanonicalType(anyOf(${type_matchers})))"
    "let quadRecord qualType(hasCanonicalType(recordType(hasDeclaration(recordDecl(has(fieldDecl(hasType(quad))))))))"
    "let passed anyOf(quad, quadRecord)"
    "match functionDecl(anyOf(returns(passed), hasAnyParameter(hasType(passed))), \
unless(hasAttr(\"attr::AlwaysInline\")), unless(isImplicit()), \
unless(isExpansionInSystemHeader())).bind(\"notInline\")")
set(commands -c "set output diag")
foreach(command IN LISTS query)
    list(APPEND commands -c "${command}")
endforeach()

execute_process(COMMAND "${CLANG_QUERY}" ${commands} ${lane_files}
                        -- -std=c++20 -I${SOURCE_DIR} -DVTW_NO_TARGET_CLONES -DVTW_STEP_INTERNALS
                RESULT_VARIABLE result
                OUTPUT_VARIABLE output
                ERROR_VARIABLE errors)
if(NOT result EQUAL 0 OR output MATCHES "error:" OR errors MATCHES "error:")
    message(FATAL_ERROR "clang-query could not parse the sources (${result}):\n${errors}\n${output}")
endif()

# Each match is "<file>:<line>:<column>: note: "notInline" binds here" followed by the
# line's source; a header's functions come once per file that includes it.
string(REPLACE ";" "@semicolon@" output "${output}")
string(REPLACE "\n" ";" lines "${output}")
set(found "")
set(take_source FALSE)
foreach(line IN LISTS lines)
    if(take_source)
        string(STRIP "${line}" code)
        list(APPEND found "${where}: ${code}")
        set(take_source FALSE)
    elseif(line MATCHES "^(.+):([0-9]+):[0-9]+: note: \"notInline\" binds here")
        file(RELATIVE_PATH where "${SOURCE_DIR}" "${CMAKE_MATCH_1}")
        set(where "${where}:${CMAKE_MATCH_2}")
        set(take_source TRUE)
    endif()
endforeach()
list(REMOVE_DUPLICATES found)
list(LENGTH found failed)
list(JOIN found "\n" report)
string(REPLACE "@semicolon@" ";" report "${report}")

if(DEFINED EXPECTED)
    string(REPLACE "|" ";" expected "${EXPECTED}")
    list(LENGTH expected wanted)
    foreach(name IN LISTS expected)
        if(NOT report MATCHES "[^A-Za-z0-9_]${name}[ (]")
            message(FATAL_ERROR "the check missed ${name}, which breaks the rule on purpose; it reported:\n${report}")
        endif()
    endforeach()
    if(NOT failed EQUAL wanted)
        message(FATAL_ERROR "expected ${wanted} reports (${EXPECTED}), got ${failed}:\n${report}")
    endif()
    message(STATUS "the check reports each of the ${wanted} functions that break the rule on purpose")
    return()
endif()

if(found)
    message(FATAL_ERROR "${failed} function(s) take or return a Quad but are not VTW_LANE (forced "
                        "inline; core/lanes/Lanes.h says why):\n${report}")
endif()
message(STATUS "${lane_count} of ${count} translation units include the lanes and were checked: "
               "every function taking or returning a Quad is VTW_LANE")

# The step is private to vtw_physics at compile time (docs/architecture.md, rule 2): every
# header under core/step/ and core/lanes/ stops with #error unless VTW_STEP_INTERNALS is
# defined, which only the targets of vtw_compiles_step_lanes() define. ctest runs this
# script (step_headers_guarded):
#
#   cmake -DCXX=<compiler> -DSOURCE_DIR=<source> -P step_headers_guarded.cmake
#
# Each header is compiled on its own as a translation unit, as a stray include in the
# window or the CLI would see it: without the definition it must fail with its own
# message, which names the header. -fsyntax-only writes nothing; -Wfatal-errors stops at
# the #error, so each header costs a few milliseconds.
cmake_minimum_required(VERSION 3.21)

foreach(var CXX SOURCE_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "step_headers_guarded.cmake: -D${var}=... is missing")
    endif()
endforeach()

file(GLOB headers RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/core/step/*.h" "${SOURCE_DIR}/core/lanes/*.h")
list(LENGTH headers count)
if(count EQUAL 0)
    message(FATAL_ERROR "no header under ${SOURCE_DIR}/core/step or core/lanes: nothing was checked")
endif()
set(unguarded "")
foreach(header IN LISTS headers)
    execute_process(COMMAND "${CXX}" -std=c++20 -fsyntax-only -Wfatal-errors
                            -I${SOURCE_DIR} -x c++ "${SOURCE_DIR}/${header}"
                    RESULT_VARIABLE result
                    OUTPUT_VARIABLE output
                    ERROR_VARIABLE errors)
    string(REGEX REPLACE "([][+.*()^$?])" "\\\\\\1" pattern "${header} is private to vtw_physics")
    if(result EQUAL 0 OR NOT errors MATCHES "#error.*${pattern}")
        list(APPEND unguarded "${header} (exit ${result}): ${errors}")
    endif()
endforeach()
if(unguarded)
    list(JOIN unguarded "\n" report)
    message(FATAL_ERROR "these step headers compile, or fail for another reason, without "
                        "VTW_STEP_INTERNALS (each must begin with its #error guard):\n${report}")
endif()
message(STATUS "each of the ${count} headers of core/step and core/lanes refuses to compile outside vtw_physics")

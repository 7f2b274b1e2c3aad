# Writes vtw-cli's manual page and its bash completion from the program's own help,
# so that neither can drift from it. Run at build time, after vtw-cli is built:
#
#   cmake -DCLI=path/to/vtw-cli -DMAN=out/vtw-cli.1 -DCOMPLETION=out/vtw-cli -P CliDocs.cmake
#
# MAN.gz is written beside MAN, compressed as Debian installs manual pages.
#
# The help it reads: `vtw-cli --help` (a paragraph, "commands:" with one
# "  name   description" line each, closing lines) and `vtw-cli <command> --help`
# (QCommandLineParser's: "Usage: ...", the description, "Options:" and
# "Arguments:" with "  -s, --setup <file>   text" entries, continued on lines
# indented further).
cmake_minimum_required(VERSION 3.21)
foreach(var CLI MAN COMPLETION)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "CliDocs.cmake needs -D${var}=...")
    endif()
endforeach()

# Runs the program; its standard output goes to out_var. A failure stops the build.
function(run_cli out_var)
    execute_process(COMMAND ${CLI} ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "'vtw-cli ${ARGN}' failed (${rc}): ${err}")
    endif()
    set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

# ';' and brackets would split or join list items: in a list they travel as
# placeholders, "@CHAR59@" for ';' and so on, put back by unmask().
function(swap_placeholders out_var text masking)
    foreach(code 59 91 93)
        string(ASCII ${code} char)
        if(masking)
            string(REPLACE "${char}" "@CHAR${code}@" text "${text}")
        else()
            string(REPLACE "@CHAR${code}@" "${char}" text "${text}")
        endif()
    endforeach()
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()
# The lines of a text as a list.
function(text_lines out_var text)
    swap_placeholders(text "${text}" TRUE)
    string(REGEX REPLACE "\n$" "" text "${text}")
    string(REPLACE "\n" ";" lines "${text}")
    set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()
function(unmask out_var text)
    swap_placeholders(text "${text}" FALSE)
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# Text for roff: backslashes written as \e, '-' as \- (a minus, which copies as
# the ASCII hyphen options need), a line starting with '.' or "'" guarded by \&.
function(roff out_var text)
    unmask(text "${text}")
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# One help entry's name part, "-s, --setup <file>", in roff: names bold, the value italic.
function(roff_entry_name out_var text)
    roff(text "${text}")
    string(REGEX REPLACE "<([^>]*)>" "\\\\fI\\1\\\\fR" text "${text}")
    string(REGEX REPLACE "(^|, )(\\\\-[^ ,]*)" "\\1\\\\fB\\2\\\\fR" text "${text}")
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

run_cli(version_text --version)
string(STRIP "${version_text}" version_text) # "vtw-cli 0.1.0"
run_cli(usage --help)
text_lines(usage_lines "${usage}")

# The top-level help: its first paragraph, the commands, the closing lines.
set(commands)
set(section intro)
set(intro "")
set(closing "")
foreach(line IN LISTS usage_lines)
    if(line STREQUAL "commands:")
        set(section commands)
    elseif(section STREQUAL "commands" AND line MATCHES "^  ([a-z][a-z0-9-]*)  +(.*)$")
        list(APPEND commands ${CMAKE_MATCH_1})
        set(summary_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
    elseif(section STREQUAL "commands" AND line STREQUAL "")
        set(section closing)
    elseif(section STREQUAL "intro" AND NOT line STREQUAL "")
        string(APPEND intro "${line}\n")
    elseif(section STREQUAL "closing" AND NOT line STREQUAL "")
        string(APPEND closing "${line}\n")
    endif()
endforeach()
if(NOT commands)
    message(FATAL_ERROR "no commands found in 'vtw-cli --help':\n${usage}")
endif()

set(man ".\\\" The manual page of vtw-cli, generated from its help by packaging/CliDocs.cmake.\n")
string(APPEND man ".TH VTW\\-CLI 1 \"\" \"${version_text}\" \"User Commands\"\n")
# Option names and file names read better unhyphenated and ragged right.
string(APPEND man ".nh\n.ad l\n")
string(APPEND man ".SH NAME\nvtw\\-cli \\- run the vehicle tuning workbench's physics without a window\n")
string(APPEND man ".SH SYNOPSIS\n.B vtw\\-cli\n.I command\n.RI [ options ]\n.br\n"
                  ".B vtw\\-cli\n.I command\n.B \\-\\-help\n.br\n"
                  ".B vtw\\-cli\n.BR \\-\\-help \" | \" \\-\\-version\n")
string(APPEND man ".SH DESCRIPTION\n")
text_lines(intro_lines "${intro}")
foreach(line IN LISTS intro_lines)
    if(NOT line MATCHES "^usage:")
        roff(line "${line}")
        string(APPEND man "${line}\n")
    endif()
endforeach()
string(APPEND man "vtw\\-cli runs the physics of the Vehicle Tuning Workbench: maneuvers and their "
                  "metrics, tire sweeps, comparisons and parameter sweeps, and reads and writes "
                  "setup files.\n")
string(APPEND man ".SH COMMANDS\n")
foreach(command IN LISTS commands)
    roff(summary "${summary_${command}}")
    string(APPEND man ".TP\n.B ${command}\n${summary}\n")
endforeach()
text_lines(closing_lines "${closing}")
set(exit_status "")
foreach(line IN LISTS closing_lines)
    if(line MATCHES "^exit status: (.*)$")
        roff(exit_status "${CMAKE_MATCH_1}")
    else()
        roff(line "${line}")
        string(APPEND man ".PP\n${line}\n")
    endif()
endforeach()
if(exit_status STREQUAL "")
    message(FATAL_ERROR "no 'exit status:' line in 'vtw-cli --help':\n${usage}")
endif()

# Each command's help: its description, then its options and arguments as tagged
# paragraphs; the long and short option names go to the completion.
string(APPEND man ".SH \"COMMAND OPTIONS\"\n")
set(completion_cases "")
foreach(command IN LISTS commands)
    run_cli(help ${command} --help)
    text_lines(help_lines "${help}")
    set(options)
    set(in_entries FALSE)
    set(entry_open FALSE)
    foreach(line IN LISTS help_lines)
        if(line MATCHES "^Usage: (.*)$")
            # "vtw-cli COMMAND [options] ...", as each command's help names itself.
            roff(synopsis "${CMAKE_MATCH_1}")
            string(APPEND man ".SS \"${synopsis}\"\n")
        elseif(line MATCHES "^(Options|Arguments):$")
            set(in_entries TRUE)
            set(entry_open FALSE)
            string(APPEND man "${CMAKE_MATCH_1}:\n")
        elseif(in_entries AND line MATCHES "^  ([^ ].*[^ ]|[^ ])   *([^ ].*)$")
            # An entry: its name part, at least two spaces, its text.
            set(name "${CMAKE_MATCH_1}")
            set(text "${CMAKE_MATCH_2}")
            roff_entry_name(name_roff "${name}")
            roff(text "${text}")
            string(APPEND man ".TP\n${name_roff}\n${text}\n")
            set(entry_open TRUE)
            string(REGEX MATCHALL "(^|, )--?[A-Za-z0-9][A-Za-z0-9-]*" names "${name}")
            foreach(n IN LISTS names)
                string(REGEX REPLACE "^, " "" n "${n}")
                list(APPEND options ${n})
            endforeach()
        elseif(in_entries AND entry_open AND line MATCHES "^    +([^ ].*)$")
            roff(text "${CMAKE_MATCH_1}")
            string(APPEND man "${text}\n")
        elseif(line STREQUAL "")
            set(entry_open FALSE)
            string(APPEND man ".PP\n")
        else()
            # The description (a paragraph of its own lines).
            roff(text "${line}")
            string(APPEND man "${text}\n")
        endif()
    endforeach()
    if(NOT options)
        message(FATAL_ERROR "no options found in 'vtw-cli ${command} --help':\n${help}")
    endif()
    list(JOIN options " " words)
    string(APPEND completion_cases "        ${command}) options=\"${words}\" ;;\n")
endforeach()

string(APPEND man ".SH \"EXIT STATUS\"\n${exit_status}\n")
string(APPEND man ".SH \"SEE ALSO\"\n"
                  "README.md and physics.md, installed with the program in "
                  "share/doc/vehicle\\-workbench under its prefix (/usr for the Debian package).\n")
file(WRITE "${MAN}" "${man}")
# -n: no name or time stamp inside, so the same page compresses to the same bytes.
execute_process(COMMAND gzip -9 -n -c ${MAN} OUTPUT_FILE ${MAN}.gz RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip ${MAN} failed (${rc})")
endif()

list(JOIN commands " " command_words)
file(WRITE "${COMPLETION}" "# bash completion for vtw-cli: its commands, then each command's options.
# Generated from the program's help by packaging/CliDocs.cmake (${version_text}).
# A maneuver (-m) completes as the ids 'vtw-cli maneuvers' lists; other words as
# file names (setups, curves, scripts, outputs).
_vtw_cli() {
    local cur=\${COMP_WORDS[COMP_CWORD]}
    local prev=\${COMP_WORDS[COMP_CWORD-1]}
    if [[ \$COMP_CWORD -eq 1 ]]; then
        COMPREPLY=(\$(compgen -W \"${command_words} --help --version\" -- \"\$cur\"))
        return
    fi
    local options
    case \${COMP_WORDS[1]} in
${completion_cases}        *) return ;;
    esac
    case \$prev in
        -m|--maneuver)
            # The program as typed, if it is one (a path, or a name on PATH).
            if [[ -n \$(type -P \"\${COMP_WORDS[0]}\") ]]; then
                COMPREPLY=(\$(compgen -W \"\$(\"\${COMP_WORDS[0]}\" maneuvers | awk -F'\\t' '!/^ /{print \$1}')\" -- \"\$cur\"))
            fi
            return ;;
    esac
    if [[ \$cur == -* ]]; then
        COMPREPLY=(\$(compgen -W \"\$options\" -- \"\$cur\"))
    fi
}
complete -o default -F _vtw_cli vtw-cli
")

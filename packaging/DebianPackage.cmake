# The Debian package: `cpack -G DEB` in the build folder writes
# vehicle-workbench_<version>_<arch>.deb from the install rules (packaging/CMakeLists.txt),
# with the version of project(). dpkg-shlibdeps (Debian: dpkg-dev) works out the
# libraries' packages (Qt 6, QCustomPlot, the C and C++ runtimes) from the programs;
# the window's X11 platform plugin (loaded, not linked) comes with libqt6gui6.

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME vehicle-workbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Vehicle Tuning Workbench: car physics setups, maneuvers and comparisons")
# The extended description: CPack indents each line and marks the empty one as
# Debian's paragraph break.
set(CPACK_PACKAGE_DESCRIPTION
    "A desktop workbench for car-physics programmers, sim-racing modders and
vehicle-dynamics students: edit a car's parameters and curves, run the physics
(longitudinal and lateral dynamics, tire models up to Magic Formula property
files) on standard maneuvers, watch the traces, compare setups, and export
what you tuned.

The package holds the window (vehicle-workbench), the command-line tool
(vtw-cli) with its manual page and bash completion, the library data (cars,
tyre property files) with their licences, and the documentation.")
set(VTW_PACKAGE_MAINTAINER "Vehicle Tuning Workbench maintainers"
    CACHE STRING "The Debian package's Maintainer field (name <address>)")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${VTW_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# GNU parallel runs sweep shards side by side (README).
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "parallel")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)

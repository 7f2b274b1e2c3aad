# The application icon: packaging/icons/vehicle-workbench.svg, rendered to PNG at the
# sizes menus, docks and the window use, with rsvg-convert (Debian: librsvg2-bin,
# which tools/install-deps.sh installs). The PNGs go to <build>/icons/hicolor/<n>x<n>/apps/,
# the layout of the icon theme they are installed into.

set(VTW_ICON_SVG ${CMAKE_CURRENT_LIST_DIR}/icons/vehicle-workbench.svg)
set(VTW_ICON_SIZES 16 24 32 48 64 128 256)
set(VTW_ICON_BUILD_DIR ${PROJECT_BINARY_DIR}/icons)

find_program(VTW_RSVG_CONVERT rsvg-convert)
if(NOT VTW_RSVG_CONVERT)
    message(FATAL_ERROR "rsvg-convert renders the application icon: install librsvg2-bin "
                        "(bash tools/install-deps.sh)")
endif()

# Adds the rules that render every size in the calling directory; out_var receives the PNGs.
function(vtw_render_app_icons out_var)
    set(pngs)
    foreach(size ${VTW_ICON_SIZES})
        set(png ${VTW_ICON_BUILD_DIR}/hicolor/${size}x${size}/apps/vehicle-workbench.png)
        add_custom_command(
            OUTPUT ${png}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${VTW_ICON_BUILD_DIR}/hicolor/${size}x${size}/apps
            COMMAND ${VTW_RSVG_CONVERT} --width ${size} --height ${size} --output ${png} ${VTW_ICON_SVG}
            DEPENDS ${VTW_ICON_SVG}
            COMMENT "Rendering the application icon at ${size}x${size}"
            VERBATIM)
        list(APPEND pngs ${png})
    endforeach()
    set(${out_var} ${pngs} PARENT_SCOPE)
endfunction()

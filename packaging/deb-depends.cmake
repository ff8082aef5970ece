# SPDX-License-Identifier: MIT
# Read by cpack (CPACK_PROJECT_CONFIG_FILE, through the build's deb-depends.cmake,
# which sets GEN_DEB_LIBRARY and GEN_DEB_WORK): libperceptv0's Depends, from
# dpkg-shlibdeps on the built library, as CPack finds the other packages'.
if(CPACK_GENERATOR STREQUAL "DEB")
  find_program(_dpkg_shlibdeps dpkg-shlibdeps)
  if(NOT _dpkg_shlibdeps)
    message(FATAL_ERROR "dpkg-shlibdeps is not installed (Debian: apt install dpkg-dev): it gives libperceptv0's Depends")
  endif()
  # dpkg-shlibdeps reads debian/control from where it runs
  file(MAKE_DIRECTORY "${GEN_DEB_WORK}/debian")
  file(WRITE "${GEN_DEB_WORK}/debian/control" "Source: gen\n\nPackage: libperceptv0\nArchitecture: any\n")
  execute_process(COMMAND "${_dpkg_shlibdeps}" -O "${GEN_DEB_LIBRARY}" WORKING_DIRECTORY "${GEN_DEB_WORK}"
                  OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0 OR NOT _out MATCHES "shlibs:Depends=([^\n]+)")
    message(FATAL_ERROR "dpkg-shlibdeps ${GEN_DEB_LIBRARY} failed: ${_err}")
  endif()
  set(CPACK_DEBIAN_LIB_PACKAGE_DEPENDS "${CMAKE_MATCH_1}")
endif()

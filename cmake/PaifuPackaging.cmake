# Debian packages: `cpack -G DEB` in a build folder (configured with the default
# CMAKE_INSTALL_PREFIX; the packages install under /usr) makes one package per install
# component:
#
#   libpaifu0      the shared library (component lib)
#   libpaifu-dev   headers, the static library, CMake and pkg-config files (dev)
#   paifu          the command, man pages, bash completion, JSON Schemas (tool)
#   python3-paifu  the Python package, which loads libpaifu.so.0 from libpaifu0 (python)
#
# The copy of the library that `cmake --install` puts beside the Python package (component
# python_bundle) is not packaged. tests/tools/package_test.sh installs the four with dpkg, runs
# the tool and the package from the installed files only, and removes them (.ci/run, as root).
set(CPACK_PACKAGE_NAME paifu)
set(CPACK_PACKAGE_VENDOR "the paifu project")
set(CPACK_PACKAGE_CONTACT "paifu developers <paifu@localhost>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL lib dev tool python)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS OFF)

set(_paifu_deb_version "${PROJECT_VERSION}")
set(CPACK_DEBIAN_LIB_PACKAGE_NAME "libpaifu${PAIFU_SOVERSION}")
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
# the libraries the engine and the readers link, found by dpkg-shlibdeps from the binary
set(CPACK_DEBIAN_LIB_PACKAGE_SHLIBDEPS ON)
set(CPACK_COMPONENT_LIB_DESCRIPTION
  "paifu: mahjong game records (shared library)\nThe paifu engine: reads Tenhou, tenhou.net/6, MahjongSoul, mjai, Pantheon and\nBotzone MCR logs into one model, re-simulates every deal and verifies it under a\ntournament rule set (RRC 2024, EMA 2012, WRC, JHC 2016, MCR).")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME "libpaifu-dev")
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "libpaifu${PAIFU_SOVERSION} (= ${_paifu_deb_version}), libxml2-dev, libjansson-dev, zlib1g-dev, libsqlite3-dev, libarchive-dev, libdeflate-dev")
set(CPACK_COMPONENT_DEV_DESCRIPTION
  "paifu: mahjong game records (development files)\nHeaders, the static library and the CMake and pkg-config files of libpaifu.")

set(CPACK_DEBIAN_TOOL_PACKAGE_NAME "paifu")
set(CPACK_DEBIAN_TOOL_PACKAGE_SECTION games)
set(CPACK_DEBIAN_TOOL_PACKAGE_DEPENDS "libpaifu${PAIFU_SOVERSION} (= ${_paifu_deb_version}), libc6")
set(CPACK_DEBIAN_TOOL_PACKAGE_SUGGESTS "bash-completion")
set(CPACK_COMPONENT_TOOL_DESCRIPTION
  "mahjong game records: validate, convert, report\nThe paifu command: re-simulates and verifies game logs, converts between formats,\nwrites audit reports with standings, and exports tables for analysis.")

set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME "python3-paifu")
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_DEBIAN_PYTHON_PACKAGE_ARCHITECTURE all)
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "libpaifu${PAIFU_SOVERSION} (= ${_paifu_deb_version}), python3")
set(CPACK_DEBIAN_PYTHON_PACKAGE_SUGGESTS "python3-dask, python3-distributed")
set(CPACK_DEBIAN_PYTHON_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/cmake/deb/python3-paifu/prerm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_COMPONENT_PYTHON_DESCRIPTION
  "mahjong game records from Python\nThe paifu package: games, deals, events and findings as Python values, tables for\nanalysis, and paifu.dask to spread an archive over a Dask cluster.")

include(CPack)

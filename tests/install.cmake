# Packaging: install to a staging prefix and build consumers with find_package and pkg-config.
# (Not in sanitizer builds: an uninstrumented consumer cannot link the instrumented library.)
if(NOT PAIFU_SANITIZE)
  add_test(NAME install.consumer
    COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/install_test.sh ${PROJECT_BINARY_DIR}
            ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/install-work)
  set_tests_properties(install.consumer PROPERTIES LABELS install)
endif()
# Issue 37: a program built against the build tree with PKG_CONFIG_PATH=build (the uninstalled
# pkg-config file, paifu-uninstalled.pc), before any install.
if(NOT PAIFU_SANITIZE)
  add_test(NAME install.pkgconfig_uninstalled
    COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/pkgconfig_uninstalled.sh
            ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/pkgconfig-work)
  set_tests_properties(install.pkgconfig_uninstalled PROPERTIES LABELS install SKIP_RETURN_CODE 77)
endif()

# The deal viewer of the HTML report (cli/report_viewer.c) in headless Chromium: every event of
# every deal of a 4-player log with a kan and riichi, a 3-player log with kita and an MCR log with
# flowers, compared with the library's table walk (paifu view --format json); a finding's link
# opens the viewer at its event; screenshots left in the build folder as tests/viewer/*.png
# (viewer_test.py, skipped without Chromium).
add_test(NAME report.viewer
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/viewer_test.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_SOURCE_DIR}/data
          ${CMAKE_CURRENT_BINARY_DIR}/viewer)
set_tests_properties(report.viewer PROPERTIES LABELS report SKIP_RETURN_CODE 77)

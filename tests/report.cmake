# paifu report over a small tournament built from samples/ (tests/tools/tournament.py): the CSV,
# Markdown, JSON and text tables, and the rule sets, names and numbering of paifu validate
# (report_tests.py); the HTML report in headless Chromium with a screenshot left in the build
# folder as tests/report-html/report.png (report_html_test.py, skipped without Chromium).
find_program(PAIFU_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH) # Debian's, with jsonschema
if(NOT PAIFU_PYTHON)
  find_program(PAIFU_PYTHON NAMES python3 REQUIRED)
endif()
add_test(NAME report.tables
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/report_tests.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/samples ${PROJECT_SOURCE_DIR}/schemas
          ${CMAKE_CURRENT_BINARY_DIR}/report-tables)
add_test(NAME report.html
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/report_html_test.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/samples
          ${CMAKE_CURRENT_BINARY_DIR}/report-html)
set_tests_properties(report.tables report.html PROPERTIES LABELS report SKIP_RETURN_CODE 77)

# Bulk inputs and outputs (issue 17): houou-logs databases and zip/tar archives read as folders,
# hostile archives, validate --format jsonl, export to SQLite, stats, the progress line,
# convert --gzip per game. Needs python3 (Debian's, with jsonschema), sqlite3 and script.
find_program(PAIFU_SQLITE3 sqlite3)
find_program(PAIFU_BULK_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(PAIFU_SQLITE3 AND PAIFU_BULK_PYTHON)
  add_test(NAME cli.bulk
    COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/bulk_tests.sh $<TARGET_FILE:paifu_cli>
            ${PROJECT_SOURCE_DIR} "${PAIFU_CORPUS_DIR}/" ${CMAKE_CURRENT_BINARY_DIR}/bulk-work
            ${PAIFU_BULK_PYTHON})
  set_tests_properties(cli.bulk PROPERTIES LABELS cli)
endif()
# Other tools' layouts (issue 27): Mortal's and mjai.app's log directories and Tenhou's raw
# archive, laid out as those tools write them (tests/tools/make_layouts.py cites their source).
if(PAIFU_BULK_PYTHON)
  add_test(NAME cli.layouts
    COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/layouts_tests.sh $<TARGET_FILE:paifu_cli>
            ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/layouts-work ${PAIFU_BULK_PYTHON})
  set_tests_properties(cli.layouts PROPERTIES LABELS cli)
endif()

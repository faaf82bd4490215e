# Findings cite the game's own rule document, through the CLI's output (issue 26); the words of
# every finding are checked by unit.test_finding_words.
add_test(NAME cli.finding_cites
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/finding_cites.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.finding_cites PROPERTIES LABELS cli)

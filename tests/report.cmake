# paifu report over a small tournament built from samples/ (tests/tools/tournament.py): the CSV,
# Markdown, JSON and text tables, and the rule sets, names and numbering of paifu validate
# (report_tests.py); the HTML report of a mixed tournament in headless Chromium, its DOM, a
# screenshot left in the build folder as tests/report-html/report.png and its A4 print read back
# by pdftotext (report_html_test.py, skipped without Chromium or poppler-utils).
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
          ${CMAKE_CURRENT_SOURCE_DIR}/data/tournament-mixed ${CMAKE_CURRENT_BINARY_DIR}/report-html)
# the CSV of the mixed tournament: plain numbers, no formula (report_csv_test.py)
add_test(NAME report.csv
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/report_csv_test.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/samples
          ${CMAKE_CURRENT_SOURCE_DIR}/data/tournament-mixed ${CMAKE_CURRENT_BINARY_DIR}/report-csv)
set_tests_properties(report.tables report.html report.csv PROPERTIES LABELS report
                     SKIP_RETURN_CODE 77)
# One settled view read by every output (issue 26): a score sheet deal by deal, info, export,
# stats and Python against the report, and the mixed folder tests/data/tournament-mixed (every
# game ranked under its own rule set or listed with its reason, unnamed seats kept apart).
add_test(NAME report.settled
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/report_settled_tests.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR} $<TARGET_FILE:paifu>
          ${CMAKE_CURRENT_BINARY_DIR}/report-settled)
set_tests_properties(report.settled PROPERTIES LABELS report)
if(PAIFU_PY_SANITIZE_ENV) # its Python part loads the library
  set_tests_properties(report.settled PROPERTIES ENVIRONMENT "${PAIFU_PY_SANITIZE_ENV}")
endif()
# A tournament's report as its referee checks it (issue 35): every tile log and sheet of
# ../shared/corpus (samples/ without it) under no --rules and --rules ema, rrc and ema2012, in
# HTML, Markdown, text, CSV and JSON: rows that add up, one standings table per number of players
# whose scores are the rule document's from the final points, player sections = the tables, no
# NoName player (report_tournament_test.py).
add_test(NAME report.tournament
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/report_tournament_test.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/report-tournament
          "${PAIFU_CORPUS_DIR}")
set_tests_properties(report.tournament PROPERTIES LABELS "report;corpus" TIMEOUT 600)
# A corpus tournament's report (Pantheon sheets, Tenhou XML with unnamed seats and a 3-player
# game, tenhou.net/6, mjai; samples/ without the corpus) in headless Chromium: at 1280 px every
# deal table fits, the viewer opened from every finding shows the report's event, axe-core finds
# no serious or critical violation, and its A4 print keeps every word inside its page and every
# number whole (report_print_test.py; axe-core from tests/browser/, installed by the README's
# set-up command; skipped without Chromium or poppler-utils).
add_test(NAME report.print
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/report_print_test.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/samples "${PAIFU_CORPUS_DIR}"
          ${CMAKE_CURRENT_BINARY_DIR}/report-print
          ${PROJECT_SOURCE_DIR}/tests/browser/node_modules/axe-core/axe.min.js)
set_tests_properties(report.print PROPERTIES LABELS report SKIP_RETURN_CODE 77)
# Findings a referee acts on, over every corpus log (samples/ without it) under each log's own
# rules and every preset: each names the players it concerns (the seats whose values differ
# among them), and no message holds a snake_case word or quotes a rule parameter
# (finding_words_corpus.py).
add_test(NAME report.finding_words
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/finding_words_corpus.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/samples "${PAIFU_CORPUS_DIR}")
set_tests_properties(report.finding_words PROPERTIES LABELS report)
# A 3-player game under a four-player rule set (RRC 2024 §6.2: a sanma tournament leaves its
# rules): no final scores given or expected, listed apart from the standings with the reason;
# ranked under its own 3-player room or when --rule gives its players and scoring
# (three_player_test.py; the corpus's 3-player Tenhou logs too when present).
add_test(NAME report.three_players
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/three_player_test.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR} "${PAIFU_CORPUS_DIR}")
set_tests_properties(report.three_players PROPERTIES LABELS report)

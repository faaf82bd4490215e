# CLI contract: exit statuses, help, stdin, gzip, conversions, error positions.
find_program(PAIFU_BASH bash REQUIRED)
add_test(NAME cli.contract
  COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/cli_tests.sh $<TARGET_FILE:paifu_cli>
          ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/cli-work)
set_tests_properties(cli.contract PROPERTIES LABELS cli)
add_test(NAME cli.directories
  COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/cli_dir_tests.sh $<TARGET_FILE:paifu_cli>
          ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/cli-dir-work)
set_tests_properties(cli.directories PROPERTIES LABELS cli)
add_test(NAME cli.seed_rules
  COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/seed_rules_cli.sh $<TARGET_FILE:paifu_cli>
          ${PROJECT_SOURCE_DIR}/tests/data/seed-rules ${CMAKE_CURRENT_BINARY_DIR}/cli-seed-rules-work)
set_tests_properties(cli.seed_rules PROPERTIES LABELS cli)
# One row of doc/rules.md's enforcement tables per case file (tests/data/seed-rules/cases).
add_test(NAME cli.seed_rule_cases
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/seed_rule_cases.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/tests/data/seed-rules)
set_tests_properties(cli.seed_rule_cases PROPERTIES LABELS cli)
# Issue 16: every hostile input is refused within 2 s of CPU and 256 MB of peak memory, at -j 1
# and -j 4 (wait4's rusage of the child; skipped under the sanitizers, whose memory is theirs).
if(PAIFU_SANITIZE)
  set(PAIFU_HOSTILE_SANITIZED --sanitized)
endif()
add_test(NAME cli.hostile_bounds
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/hostile_bounds.py
          $<TARGET_FILE:paifu_cli> ${CMAKE_CURRENT_BINARY_DIR}/hostile-bounds-work
          ${PAIFU_HOSTILE_SANITIZED})
set_tests_properties(cli.hostile_bounds PROPERTIES LABELS cli SKIP_RETURN_CODE 77)
# Issue 16: convert --fill computes what a log lacks from the tiles, equal to what the original
# Tenhou log records (XML -> tenhou6 -> XML, XML -> mjai without fu/fan/yakus -> XML): the
# samples, and every 4th Tenhou XML file of the corpus when it is there (16th under the
# sanitizers).
# (session-tenhou.paifu.json holds result-only deals, which Tenhou XML cannot hold: the
# hand-made RRC deal is the sample with tiles and recorded values)
# (the corpus's Tenhou XML logs are added at run time when the folder is there: a test's
# commands do not depend on whether the corpus existed when the build was configured)
set(PAIFU_FILL_LOGS ${PROJECT_SOURCE_DIR}/samples/handmade-rrc-one-deal.paifu.json)
set(PAIFU_FILL_EVERY 4)
if(PAIFU_SANITIZE)
  set(PAIFU_FILL_EVERY 16) # the sanitizers' tool is slower: fewer files, the same checks
endif()
add_test(NAME cli.fill_roundtrip
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/fill_roundtrip.py
          $<TARGET_FILE:paifu_cli> ${CMAKE_CURRENT_BINARY_DIR}/fill-roundtrip-work
          --every=${PAIFU_FILL_EVERY} "--corpus=${PAIFU_CORPUS_DIR}" ${PAIFU_FILL_LOGS})
set_tests_properties(cli.fill_roundtrip PROPERTIES LABELS cli)
# validate -j N over single large inputs split into pieces: the output of -j 1 (issue 19).
find_program(PAIFU_JOBS_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(PAIFU_JOBS_PYTHON)
  add_test(NAME cli.jobs
    COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/jobs_tests.sh $<TARGET_FILE:paifu_cli>
            ${PROJECT_SOURCE_DIR} "${PAIFU_CORPUS_DIR}/" ${CMAKE_CURRENT_BINARY_DIR}/jobs-work
            ${PAIFU_JOBS_PYTHON})
  set_tests_properties(cli.jobs PROPERTIES LABELS cli)
endif()
# Issue 27 (command line) and issue 28's escaping: damaged logs named with their reader's error,
# skipped files named, --severity/--ignore/--only/-q/--summary, the rule-set note, the option
# and -o slips, every output line escaped, the progress line recorded under script (-j 1, -j 2).
# The corpus, when present, is checked for notes where a log names its rule set.
set(PAIFU_ISSUE27_CORPUS "${PAIFU_CORPUS_DIR}") # the script looks for it at run time
add_test(NAME cli.issue27
  COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/cli_issue27.sh $<TARGET_FILE:paifu_cli>
          ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/cli-issue27-work ${PAIFU_PYTHON}
          "${PAIFU_ISSUE27_CORPUS}")
set_tests_properties(cli.issue27 PROPERTIES LABELS cli TIMEOUT 600)
# Issue 30 (paifu convert read as a tool builder would): a refused game is named with its
# source and the run goes on (a multi-game file, a zip, a houou-logs database), each kind of
# loss once per game, Tenhou XML named after the log id (or the id reported lost), --fill's
# line without zero counts, loss lines printed as errors are. The corpus's tenhou.net/6 log
# with a ref is checked too when present.
set(PAIFU_CONVERT_CORPUS "${PAIFU_CORPUS_DIR}") # the script looks for it at run time
add_test(NAME cli.convert
  COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/convert_tests.sh $<TARGET_FILE:paifu_cli>
          ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/cli-convert-work ${PAIFU_PYTHON}
          "${PAIFU_CONVERT_CORPUS}")
set_tests_properties(cli.convert PROPERTIES LABELS cli)
# Issue 30's read-through: a game of the other family refused by name (the next one checked),
# and a rule file written by `rules show --format json` read back.
add_test(NAME cli.rules_choice
  COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/rules_choice_cli.sh $<TARGET_FILE:paifu_cli>
          ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_BINARY_DIR}/cli-rules-choice-work)
set_tests_properties(cli.rules_choice PROPERTIES LABELS cli)
# Issue 36: damaged copies of real logs of every format (cut, a byte order mark, CRLF, UTF-16,
# NUL padding, typos, a renamed key, a missing bracket, swapped lines, a cut gzip), alone and in
# a folder: read as the original, refused with a place, or a finding with a place; never "not
# a log", never fewer games read clean. The corpus's logs when present, else samples/.
set(PAIFU_DAMAGE_CORPUS "")
if(EXISTS "${PAIFU_CORPUS_DIR}")
  set(PAIFU_DAMAGE_CORPUS "${PAIFU_CORPUS_DIR}")
endif()
add_test(NAME cli.damage
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/damage.py $<TARGET_FILE:paifu_cli>
          ${CMAKE_CURRENT_BINARY_DIR}/damage-work ${PROJECT_SOURCE_DIR}/samples
          "${PAIFU_DAMAGE_CORPUS}" ${PAIFU_HOSTILE_SANITIZED})
set_tests_properties(cli.damage PROPERTIES LABELS cli TIMEOUT 300)
# Issue 39: the corpus's findings per family before the seed documents' remaining rules and now,
# printed side by side; a difference fails until the table and the rule that explains it change
# together. Skipped without the corpus.
add_test(NAME cli.corpus_findings
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/corpus_findings.py
          $<TARGET_FILE:paifu_cli> "${PAIFU_DAMAGE_CORPUS}"
          ${CMAKE_CURRENT_SOURCE_DIR}/data/corpus-findings/before-issue-39.tsv)
set_tests_properties(cli.corpus_findings PROPERTIES LABELS "cli;corpus" SKIP_RETURN_CODE 77
                     TIMEOUT 600)

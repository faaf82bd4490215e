# The project's measuring tools checked before they are believed. mutate.py on a project small
# enough to know its verdicts (mutate_selftest.py): a planted mutant only a unit test's program
# catches is killed, one no test catches survives beside a test that runs a nested ctest, and
# the self-check (the whole suite again in a clean tree) confirms both. Skipped without ninja
# or gcov.
add_test(NAME tools.mutate
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/mutate_selftest.py
          ${CMAKE_CURRENT_SOURCE_DIR}/tools/mutate.py ${CMAKE_CURRENT_BINARY_DIR}/mutate-selftest)
set_tests_properties(tools.mutate PROPERTIES LABELS tools SKIP_RETURN_CODE 77 TIMEOUT 900)

# Cross-check of the hand engine against the scores Tenhou recorded in the corpus
# (tests/corpus/crosscheck_scores.c). Skipped (exit 77) when the corpus is absent.
add_executable(crosscheck_scores ${CMAKE_CURRENT_SOURCE_DIR}/corpus/crosscheck_scores.c)
target_link_libraries(crosscheck_scores PRIVATE paifu_test_objs paifu_warnings)
target_compile_definitions(crosscheck_scores PRIVATE ${PAIFU_TEST_DEFS})
add_test(NAME corpus.crosscheck_scores COMMAND crosscheck_scores)
set_tests_properties(corpus.crosscheck_scores PROPERTIES LABELS corpus SKIP_RETURN_CODE 77)

# Rules survive conversion (tests/corpus/test_corpus_roundtrip_rules.c): every corpus game
# converted to every writer and validated again under default options. Skipped (exit 77) when
# the corpus is absent.
add_executable(test_corpus_roundtrip_rules
  ${CMAKE_CURRENT_SOURCE_DIR}/corpus/test_corpus_roundtrip_rules.c)
target_include_directories(test_corpus_roundtrip_rules PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/unit)
target_link_libraries(test_corpus_roundtrip_rules PRIVATE paifu_test_objs PkgConfig::CMOCKA
  paifu_warnings)
target_compile_definitions(test_corpus_roundtrip_rules PRIVATE ${PAIFU_TEST_DEFS})
add_test(NAME corpus.test_corpus_roundtrip_rules COMMAND test_corpus_roundtrip_rules)
set_tests_properties(corpus.test_corpus_roundtrip_rules PROPERTIES LABELS corpus
  SKIP_RETURN_CODE 77)

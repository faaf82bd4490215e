# Malformed inputs kept as data (STYLE §7): tests/malformed/<case>/{input,expect}, each run
# through `paifu validate` by tests/malformed/run_case.cmake (format of `expect`:
# tests/malformed/README.md). Adding a case is adding a directory. A case whose expect names a
# corpus file is reported as skipped when the corpus is absent.
file(GLOB PAIFU_MALFORMED_CASES LIST_DIRECTORIES true CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/malformed/*)
foreach(dir ${PAIFU_MALFORMED_CASES})
  if(IS_DIRECTORY ${dir} AND EXISTS ${dir}/expect)
    get_filename_component(name ${dir} NAME)
    add_test(NAME malformed.${name}
      COMMAND ${CMAKE_COMMAND} -DPAIFU=$<TARGET_FILE:paifu_cli> -DCASE=${dir}
              -DCORPUS=${PAIFU_CORPUS_DIR}
              -DWORK=${CMAKE_CURRENT_BINARY_DIR}/malformed-work -P ${CMAKE_CURRENT_SOURCE_DIR}/malformed/run_case.cmake)
    # a case that reads a corpus file carries the corpus label too (`ctest -LE corpus` is then
    # exactly what runs without the corpus)
    file(STRINGS ${dir}/expect corpus_line REGEX "^corpus[ \t]")
    if(corpus_line)
      set(labels "malformed;corpus")
    else()
      set(labels malformed)
    endif()
    set_tests_properties(malformed.${name} PROPERTIES LABELS "${labels}"
                         SKIP_REGULAR_EXPRESSION "malformed case skipped:")
  endif()
endforeach()

# Fuzz targets (tests/fuzz/, STYLE.md §7). fuzz_read reads any format from a buffer and verifies
# every game read; fuzz_convert writes every game read in every format and reads it back;
# tests/fuzz/fuzz_read.c says how to run them, tests/fuzz/smoke.sh runs each for a short while.
#   Every build: fuzz_read_replay, the same target behind a plain main() (tests/fuzz/standalone.c),
#   replays samples/ and tests/fuzz/corpus/read/ as the ctest fuzz.read, so the seeds and every
#   crash input kept there run in each build, gcc's included.
#   -DPAIFU_FUZZ=ON (clang only): fuzz_read, the libFuzzer executable; the library is then built
#   with coverage instrumentation and the sanitizers (cmake/PaifuWarnings.cmake).
add_executable(fuzz_read_replay ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_read.c
  ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/standalone.c)
target_link_libraries(fuzz_read_replay PRIVATE paifu::paifu paifu_warnings paifu_sanitize)
add_test(NAME fuzz.read COMMAND fuzz_read_replay ${PROJECT_SOURCE_DIR}/samples
  ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/read)
set_tests_properties(fuzz.read PROPERTIES LABELS fuzz)
add_executable(fuzz_convert_replay ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_convert.c
  ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/standalone.c)
target_link_libraries(fuzz_convert_replay PRIVATE paifu::paifu paifu_warnings paifu_sanitize)
add_test(NAME fuzz.convert COMMAND fuzz_convert_replay ${PROJECT_SOURCE_DIR}/samples
  ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/read ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/convert)
set_tests_properties(fuzz.convert PROPERTIES LABELS fuzz)

if(PAIFU_FUZZ)
  add_executable(fuzz_read ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_read.c)
  target_link_libraries(fuzz_read PRIVATE paifu::paifu_static paifu_warnings paifu_sanitize)
  target_link_options(fuzz_read PRIVATE -fsanitize=fuzzer)
  add_executable(fuzz_convert ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/fuzz_convert.c)
  target_link_libraries(fuzz_convert PRIVATE paifu::paifu_static paifu_warnings paifu_sanitize)
  target_link_options(fuzz_convert PRIVATE -fsanitize=fuzzer)
endif()

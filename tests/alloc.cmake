# Allocation-failure injection (tests/alloc/): paifu_allocfail is the paifu CLI linked
# statically with lib/ and formats/ and with malloc, calloc, realloc, strdup and strndup wrapped
# (tests/alloc/alloc_fail.c): PAIFU_ALLOC_FAIL=N fails the N-th call. alloc.cli runs it over the
# samples (read, verify, convert, report, export, stats) for every N up to the number of calls,
# or a spread of them when there are more (tests/alloc/alloc_fail.py says how many), and checks
# that each failure ends in a clean error: exit status 2 and a message, or the same output as
# without the failure; never a signal or a sanitizer report (CI's build-asan: leaks included).
# cli/main.c comes in through alloc/alloc_main.c: tests/mcr.cmake renames its main() for every
# target of this folder.
file(GLOB PAIFU_ALLOC_CLI_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/cli/*.c
     ${PROJECT_SOURCE_DIR}/cli/report/*.c)
list(REMOVE_ITEM PAIFU_ALLOC_CLI_SOURCES ${PROJECT_SOURCE_DIR}/cli/main.c)
find_package(Threads REQUIRED)
add_executable(paifu_allocfail ${PAIFU_ALLOC_CLI_SOURCES} ${CMAKE_CURRENT_SOURCE_DIR}/alloc/alloc_fail.c
  ${CMAKE_CURRENT_SOURCE_DIR}/alloc/alloc_main.c)
target_include_directories(paifu_allocfail PRIVATE ${PROJECT_SOURCE_DIR}/cli)
target_link_libraries(paifu_allocfail PRIVATE paifu_test_objs paifu_warnings Threads::Threads paifu_viewer_assets
                      PkgConfig::SQLITE3 m)
target_link_options(paifu_allocfail PRIVATE
  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup)
add_test(NAME alloc.cli COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/alloc/alloc_fail.py
  $<TARGET_FILE:paifu_allocfail> ${PROJECT_SOURCE_DIR})
set_tests_properties(alloc.cli PROPERTIES LABELS alloc TIMEOUT 1200)

# alloc.game: building a game when an allocation fails (tests/alloc/test_alloc_game.c), in-process
# with the same hook.
add_executable(test_alloc_game ${CMAKE_CURRENT_SOURCE_DIR}/alloc/test_alloc_game.c
  ${CMAKE_CURRENT_SOURCE_DIR}/alloc/alloc_fail.c)
target_link_libraries(test_alloc_game PRIVATE paifu_test_objs PkgConfig::CMOCKA paifu_warnings)
target_link_options(test_alloc_game PRIVATE
  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup)
add_test(NAME alloc.game COMMAND test_alloc_game)
set_tests_properties(alloc.game PROPERTIES LABELS alloc)

# alloc.read: reading every format when an allocation fails, in-process: an error or the same
# games, and the input budget given back (tests/alloc/test_alloc_read.c).
add_executable(test_alloc_read ${CMAKE_CURRENT_SOURCE_DIR}/alloc/test_alloc_read.c
  ${CMAKE_CURRENT_SOURCE_DIR}/alloc/alloc_fail.c)
target_link_libraries(test_alloc_read PRIVATE paifu_test_objs PkgConfig::CMOCKA paifu_warnings)
target_compile_definitions(test_alloc_read PRIVATE ${PAIFU_TEST_DEFS})
target_link_options(test_alloc_read PRIVATE
  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,--wrap=strndup)
add_test(NAME alloc.read COMMAND test_alloc_read)
set_tests_properties(alloc.read PROPERTIES LABELS alloc)

# MCR checks beyond the unit tests: `paifu score --rules mcr` through cli_score_mcr().
# The CLI's own main.c is compiled in under another name so that the command's helpers link.
find_package(Threads REQUIRED)
file(GLOB PAIFU_MCR_CLI_SOURCES ${PROJECT_SOURCE_DIR}/cli/*.c ${PROJECT_SOURCE_DIR}/cli/report/*.c)
set_source_files_properties(${PROJECT_SOURCE_DIR}/cli/main.c PROPERTIES
  COMPILE_DEFINITIONS main=paifu_cli_main_unused COMPILE_OPTIONS -Wno-missing-prototypes)
add_executable(test_score_mcr_cli ${CMAKE_CURRENT_SOURCE_DIR}/mcr/score_mcr_cli.c
  ${PAIFU_MCR_CLI_SOURCES})
target_include_directories(test_score_mcr_cli PRIVATE ${PROJECT_SOURCE_DIR}/cli)
target_link_libraries(test_score_mcr_cli PRIVATE paifu::paifu paifu_warnings paifu_sanitize
  Threads::Threads PkgConfig::SQLITE3 m paifu_viewer_assets) # the deal viewer's script (cli/)

# name, expected exit status (0 a valid win, 1 not a valid win, 2 usage or input error),
# expected output (regex), then the arguments. Values from shared/rules/mcr.md §6 and §8:
# a Pure Straight (16) + All Chows (2) + Concealed Hand (2) + Single Wait (1) with 2 flowers is
# B = 23 and the discarder pays 8 + 23; Seven Pairs + Full Flush self-drawn scores Fully
# Concealed Hand (seed, vector mcr-ex-FF-2s) or Self-Drawn (practice, its notes: 49).
# The exit status is printed after the output by a bash wrapper and is part of the regex: ctest
# ignores a command's status when PASS_REGULAR_EXPRESSION is set.
function(paifu_mcr_cli_test name status regex)
  add_test(NAME mcr.score_cli.${name}
    COMMAND ${PAIFU_BASH} -c "\"$@\" 2>&1; echo \"exit status $?.\"" test_score_mcr_cli
            $<TARGET_FILE:test_score_mcr_cli> ${ARGN})
  set_tests_properties(mcr.score_cli.${name} PROPERTIES LABELS cli
    PASS_REGULAR_EXPRESSION "${regex}.*\nexit status ${status}\\.\n$")
endfunction()
paifu_mcr_cli_test(discard 0 "fan points 21 .*total B = 23\n.*winner \\+47; the discarder -31, the two others -8"
  --rules mcr 123456789m234p5s +5s --flowers 2)
paifu_mcr_cli_test(seed_self_draw 0 "Fully Concealed Hand .*total B = 52"
  --rules mcr 11224455778m89m +9m --self-draw)
paifu_mcr_cli_test(practice_self_draw 0 "\"total\": 49, \"payments\": {\"winner\": 171, \"each\": -57}"
  --rules mcr --rule mcr_special_self_draw=self_drawn --format json 11224455778m89m +9m --tsumo)
paifu_mcr_cli_test(melds 0 "Two Dragon Pungs .*total B = 11"
  -r mcr 666z345678s9p pon:777z +9p --self-draw --seat-wind W --flowers 1)
paifu_mcr_cli_test(below_minimum 1 "not enough"
  --rules mcr 234567m345p67s22s +8s)
paifu_mcr_cli_test(bad_hand 2 "expected the winning tile" --rules mcr 123m456p789s23s55z)
paifu_mcr_cli_test(not_mcr 2 "not an MCR rule set" --rules rrc 123456789m234p5s +5s)

# The MCR vectors are a unit executable; label them for `ctest -L vectors` too.
if(TEST unit.test_mcr_vectors)
  set_tests_properties(unit.test_mcr_vectors PROPERTIES LABELS "unit;vectors")
endif()

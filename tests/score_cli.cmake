# paifu score: the exit-status contract (0 valid win, 1 not a valid win, 2 usage or input
# error) and the values of one hand from shared/rules/vectors.json (rrc-3.7.5-ex1: dealer,
# 3 han 30 fu; its derived ron value is 5800).
find_program(PAIFU_SCORE_BASH bash REQUIRED)
set(_paifu $<TARGET_FILE:paifu_cli>)
set(_score_cases
  "valid|0|points   5800 \\(ron\\)|score 123m99p13s-2s chi:789s pon:666z --round S --dealer --dora 9m"
  "json|0|\"total\": 5800|score 123m99p13s chi:789s pon:666z +2s --round S --dealer --dora 9m --format json"
  "no_yaku|1|status   no_yaku|score 123m456p789s5s pon:777s +5s"
  "not_complete|1|status   not_complete|score 123m456p789s5s pon:777s +6s"
  "no_win_tile|2|no winning tile|score 123m456p789s5s pon:777s"
  "bad_tile|2|expected a suit letter|score 123m4x"
  "bad_rule|2|unknown rule|score 123m456p789s5s pon:777s +5s --rule nosuch=1"
  "help|0|usage: paifu score|score --help")
foreach(c ${_score_cases})
  string(REPLACE "|" ";" f "${c}")
  list(GET f 0 name)
  list(GET f 1 status)
  list(GET f 2 pattern)
  list(GET f 3 args)
  add_test(NAME cli.score.${name} COMMAND ${PAIFU_SCORE_BASH} -c
    "out=$(eval \"$0 ${args}\" 2>&1); rc=$?; echo \"$out\"; test $rc -eq ${status} && echo \"$out\" | grep -Eq -- \"$1\""
    ${_paifu} "${pattern}")
  set_tests_properties(cli.score.${name} PROPERTIES LABELS cli)
endforeach()

# paifu score --batch: line for line the same results as single runs (tests/tools/score_batch_test.py)
find_program(PAIFU_SCORE_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT PAIFU_SCORE_PYTHON)
  find_program(PAIFU_SCORE_PYTHON NAMES python3 REQUIRED)
endif()
add_test(NAME cli.score.batch COMMAND ${PAIFU_SCORE_PYTHON}
  ${CMAKE_CURRENT_SOURCE_DIR}/tools/score_batch_test.py ${_paifu})
set_tests_properties(cli.score.batch PROPERTIES LABELS cli)

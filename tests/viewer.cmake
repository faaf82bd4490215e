# The deal viewer of the HTML report (cli/report_viewer.c) in headless Chromium: every event of
# every deal of a 4-player log with a kan and riichi, a 3-player log with kita and an MCR log with
# flowers, compared with the library's table walk (paifu view --format json); a finding's link
# opens the viewer at its event; screenshots left in the build folder as tests/viewer/*.png
# (viewer_test.py, skipped without Chromium).
add_test(NAME report.viewer
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/viewer_test.py
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/samples ${CMAKE_CURRENT_SOURCE_DIR}/data
          ${CMAKE_CURRENT_BINARY_DIR}/viewer)
set_tests_properties(report.viewer PROPERTIES LABELS report SKIP_RETURN_CODE 77)

# paifu view: the page opens at --deal's deal; its errors name the file, the place and what was
# expected (exit 2). The exit status is printed after the output (see tests/mcr.cmake).
function(paifu_view_test name regex)
  add_test(NAME cli.view.${name}
    COMMAND ${PAIFU_BASH} -c "\"$@\" 2>&1; echo \"exit status $?.\"" view $<TARGET_FILE:paifu_cli>
            view ${ARGN})
  set_tests_properties(cli.view.${name} PROPERTIES LABELS cli PASS_REGULAR_EXPRESSION "${regex}")
endfunction()
paifu_view_test(deal "data-deal=\"2\".*viewer-data.*exit status 0\\."
  --deal E2-0 ${PROJECT_SOURCE_DIR}/samples/riichienv-selfplay.mjai.jsonl)
paifu_view_test(no_such_deal "mcr-east-round.paifu.json: error: game 1 has no deal X9-9.*exit status 2\\."
  --deal X9-9 ${PROJECT_SOURCE_DIR}/samples/mcr-east-round.paifu.json)
paifu_view_test(no_such_game "error: --game 2, but the file holds 1 game.*exit status 2\\."
  --game 2 ${PROJECT_SOURCE_DIR}/samples/mcr-east-round.paifu.json)
paifu_view_test(score_sheet "pantheon-ema-sheet.txt: error: the game records no deal with tiles.*exit status 2\\."
  ${PROJECT_SOURCE_DIR}/samples/pantheon-ema-sheet.txt)
paifu_view_test(json "\"deals\":\\[.*\"label\":\"E1-0\",\"steps\":\\[.*\"wall\":92.*exit status 0\\."
  --format json ${PROJECT_SOURCE_DIR}/samples/mcr-east-round.paifu.json)

# No file of lib/ calls a file that calls it back (tools/callgraph.sh; needs cflow, else skipped).
find_program(PAIFU_BASH bash REQUIRED)
add_test(NAME unit.callgraph COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/callgraph.sh ${PROJECT_SOURCE_DIR}/lib)
set_tests_properties(unit.callgraph PROPERTIES LABELS unit SKIP_RETURN_CODE 77)

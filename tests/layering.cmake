add_test(NAME unit.layering COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/layering.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(unit.layering PROPERTIES LABELS unit)

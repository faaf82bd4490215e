# Every document paifu writes validates against its schema, with a real validator
# (Debian's python3-jsonschema, draft 2020-12).
find_program(PAIFU_PYTHON NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT PAIFU_PYTHON)
  find_program(PAIFU_PYTHON NAMES python3 REQUIRED)
endif()
set(PAIFU_SCHEMA_WORK ${CMAKE_CURRENT_BINARY_DIR}/schema-work)
add_test(NAME schema.paifu
  COMMAND ${PAIFU_BASH} -c "set -e; mkdir -p '${PAIFU_SCHEMA_WORK}'; \
    for f in '${PROJECT_SOURCE_DIR}'/samples/* '${PROJECT_SOURCE_DIR}'/tests/data/seed-rules/*; do \
      case \"$f\" in *.md) continue;; esac; \
      '$<TARGET_FILE:paifu_cli>' convert --to paifu -q \"$f\" > '${PAIFU_SCHEMA_WORK}'/\$(basename \"$f\").out.json; \
    done; \
    '${PAIFU_PYTHON}' '${CMAKE_CURRENT_SOURCE_DIR}/tools/check_schema.py' '${PROJECT_SOURCE_DIR}/schemas/paifu.schema.json' \
      '${PAIFU_SCHEMA_WORK}'/*.out.json '${PROJECT_SOURCE_DIR}'/samples/*.paifu.json \
      '${PROJECT_SOURCE_DIR}'/tests/data/seed-rules/*.paifu.json")
add_test(NAME schema.report
  COMMAND ${PAIFU_BASH} -c "mkdir -p '${PAIFU_SCHEMA_WORK}'; \
    '$<TARGET_FILE:paifu_cli>' validate --format json '${PROJECT_SOURCE_DIR}'/samples/* /nonexistent > '${PAIFU_SCHEMA_WORK}/report.json'; \
    test $? -le 2 && '${PAIFU_PYTHON}' '${CMAKE_CURRENT_SOURCE_DIR}/tools/check_schema.py' '${PROJECT_SOURCE_DIR}/schemas/report.schema.json' '${PAIFU_SCHEMA_WORK}/report.json'")
# a rule file, and what `paifu rules show PRESET --format json` writes for every preset (a rule
# file too, to be saved and edited)
add_test(NAME schema.rules
  COMMAND ${PAIFU_BASH} -c "set -e; mkdir -p '${PAIFU_SCHEMA_WORK}'; \
    for p in \$('$<TARGET_FILE:paifu_cli>' rules list | cut -d' ' -f1); do \
      '$<TARGET_FILE:paifu_cli>' rules show \$p --format json > '${PAIFU_SCHEMA_WORK}'/rules-\$p.json; \
    done; \
    '${PAIFU_PYTHON}' '${CMAKE_CURRENT_SOURCE_DIR}/tools/check_schema.py' '${PROJECT_SOURCE_DIR}/schemas/rules.schema.json' \
      '${CMAKE_CURRENT_SOURCE_DIR}/data/rules-example.json' '${PAIFU_SCHEMA_WORK}'/rules-*.json")
set_tests_properties(schema.paifu schema.report schema.rules PROPERTIES LABELS schema)

# The release surface: man pages and completion that follow the --help texts, and the ABI that
# programs and the Python binding were built against (abi/libpaifu.abi). The Debian packages
# are tested by .ci/run (tests/tools/package_test.sh: it installs them as root).

# doc/man/*.1 are doc/man/gen_man.py's output from the built tool's --help texts: made again
# here and compared, so that a --help text changed without its page fails.
add_test(NAME doc.man
  COMMAND ${PAIFU_BASH} -c "out=$(mktemp -d) && trap 'rm -rf \"$out\"' EXIT && \"$0\" \"$1/doc/man/gen_man.py\" \"$2\" \"$out\" && for f in \"$out\"/*.1 \"$1\"/doc/man/*.1; do n=$(basename \"$f\"); diff -u \"$1/doc/man/$n\" \"$out/$n\" || { echo \"doc.man: doc/man/$n differs from --help: run python3 doc/man/gen_man.py build/cli/paifu doc/man\"; exit 1; }; done"
          ${PAIFU_PYTHON} ${PROJECT_SOURCE_DIR} $<TARGET_FILE:paifu_cli>)
set_tests_properties(doc.man PROPERTIES LABELS doc)

add_test(NAME doc.completion
  COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/completion_test.sh
          $<TARGET_FILE:paifu_cli> ${PROJECT_SOURCE_DIR}/doc/completion/paifu)
set_tests_properties(doc.completion PROPERTIES LABELS doc)

# An uninstrumented record against an instrumented library would differ: not in sanitizer builds.
if(NOT PAIFU_SANITIZE AND NOT PAIFU_FUZZ)
  add_test(NAME abi.check
    COMMAND ${PAIFU_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/tools/abi_check.sh $<TARGET_FILE:paifu>
            ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR})
  set_tests_properties(abi.check PROPERTIES LABELS abi)
endif()

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

# Every command, Python and C block of README.md and doc/*.md runs (tests/tools/doc_blocks.py
# says which cannot, and why), and the README stays a front door (at most 250 lines).
add_test(NAME doc.blocks
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/doc_blocks.py ${PROJECT_SOURCE_DIR}
          ${PROJECT_BINARY_DIR})
set_tests_properties(doc.blocks PROPERTIES LABELS doc TIMEOUT 600)
if(PAIFU_PY_SANITIZE_ENV) # its Python blocks load the library
  set_tests_properties(doc.blocks PROPERTIES ENVIRONMENT "${PAIFU_PY_SANITIZE_ENV}")
endif()

# The referee's guide lists every finding code of lib/base/finding_codes.def with its meaning
# and what to do about it (doc/gen_codes.py writes the first columns).
add_test(NAME doc.codes COMMAND ${PAIFU_PYTHON} ${PROJECT_SOURCE_DIR}/doc/gen_codes.py --check)
set_tests_properties(doc.codes PROPERTIES LABELS doc)

# The C library guide's example program, built and run on a sample.
add_executable(doc_example ${PROJECT_SOURCE_DIR}/doc/example.c)
target_link_libraries(doc_example PRIVATE paifu paifu_warnings paifu_sanitize)
add_test(NAME doc.example
  COMMAND doc_example ${PROJECT_SOURCE_DIR}/samples/session-rrc.paifu.json)
set_tests_properties(doc.example PROPERTIES LABELS doc)

# CHANGELOG.md keeps an Unreleased section, and its newest release is the version being built.
add_test(NAME doc.changelog
  COMMAND ${PAIFU_PYTHON} -c "import re,sys; t=open(sys.argv[1],encoding='utf-8').read(); v=re.findall(r'^## \\[([^]]+)\\]', t, re.M); ok = v[:1] == ['Unreleased'] and len(v) > 1 and v[1] == sys.argv[2]; print('doc.changelog:', 'ok' if ok else 'CHANGELOG.md must start with [Unreleased], then [%s]; it has %s' % (sys.argv[2], v[:2])); sys.exit(0 if ok else 1)"
          ${PROJECT_SOURCE_DIR}/CHANGELOG.md ${PROJECT_VERSION})
set_tests_properties(doc.changelog PROPERTIES LABELS doc)

# What the manual points to exists: every relative link and #anchor of README.md, CHANGELOG.md
# and doc/*.md, every `paifu COMMAND` and every option written with it, and doc/export.md's
# columns and statistics against what export and stats write (tests/tools/doc_refs.py).
add_test(NAME doc.refs
  COMMAND ${PAIFU_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/tools/doc_refs.py ${PROJECT_SOURCE_DIR}
          $<TARGET_FILE:paifu_cli>)
set_tests_properties(doc.refs PROPERTIES LABELS doc)

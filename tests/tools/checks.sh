# checks.sh: the assertions of the CLI test scripts, sourced by them (one copy).
#   check NAME EXPECTED ACTUAL   the two equal (an exit status, a count, a line)
#   same NAME EXPECTED ACTUAL    the same as check
#   contains NAME FILE TEXT      FILE holds TEXT (fixed string)
#   lacks NAME FILE TEXT         FILE does not hold TEXT
#   ok / fail TEXT               one check passed / failed (TEXT says what)
#   checks_done                  prints the counts; its status is the script's
failures=0
pass=0
ok() { pass=$((pass + 1)); }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() {
    if [ "$2" != "$3" ]; then
        echo "FAIL: $1: got '$3', expected '$2'"; failures=$((failures + 1))
    else
        pass=$((pass + 1))
    fi
}
same() { check "$@"; }
contains() {
    if grep -qF -- "$3" "$2"; then pass=$((pass + 1)); else
        echo "FAIL: $1: '$3' not in output:"; sed 's/^/    /' "$2" | head -20
        failures=$((failures + 1))
    fi
}
lacks() {
    if grep -qF -- "$3" "$2"; then
        echo "FAIL: $1: '$3' in output:"; grep -F -- "$3" "$2" | head -3 | sed 's/^/    /'
        failures=$((failures + 1))
    else
        pass=$((pass + 1))
    fi
}
checks_done() {
    echo "$pass checks passed, $failures failed"
    [ "$failures" -eq 0 ]
}

#!/usr/bin/env bash
# asan_corpus.sh BUILD CORPUS WORK: every log of the corpus through the sanitizer build's CLI.
# CI's sanitizer build runs the suite without the corpus (the same build is CI's check that the
# suite passes where the corpus is absent); this script then takes every corpus file through
# the commands whose C code the corpus tests drive in the Release build: validate (-j 1 and
# -j 2), convert to every format paifu writes and validate the copies, report (HTML and JSON),
# export (SQLite and CSV) and stats. A finding or a refused game is no failure here (status 1
# or 2: the Release suite checks what they say); a signal, a status above 2 or a sanitizer's
# report (AddressSanitizer, LeakSanitizer, UndefinedBehaviorSanitizer) is.
set -u
build=${1:?usage: asan_corpus.sh BUILD CORPUS WORK} corpus=${2:?} work=${3:?}
paifu=$build/cli/paifu
if [ ! -f "$corpus/MANIFEST.tsv" ]; then
    echo "asan_corpus: no corpus at $corpus: skipped"
    exit 0
fi
rm -rf "$work" && mkdir -p "$work"
failures=0 runs=0
run() { # run NAME ARGS...: paifu ARGS, its status at most 2 and no sanitizer report
    local name=$1 rc
    shift
    runs=$((runs + 1))
    "$paifu" "$@" >"$work/out" 2>"$work/err"
    rc=$?
    if [ "$rc" -gt 2 ] || grep -Eq 'Sanitizer|runtime error:' "$work/err"; then
        echo "FAIL: $name (status $rc)"
        grep -E -m 20 'Sanitizer|runtime error:|#[0-9]+ ' "$work/err"
        failures=$((failures + 1))
    fi
}
run "validate -j 1" validate -q -j 1 "$corpus"
run "validate -j 2" validate -q -j 2 --format jsonl "$corpus"
for fmt in $("$paifu" info --formats | awk 'NR > 1 && $3 == "yes" {print $1}'); do
    run "convert --to $fmt" convert --to "$fmt" -o "$work/$fmt/" "$corpus"
    run "validate the $fmt copies" validate -q -j 2 "$work/$fmt"
    rm -rf "${work:?}/$fmt"
done
run "report html" report --format html -o "$work/report.html" "$corpus"
run "report json" report --format json -o "$work/report.json" "$corpus"
run "export sqlite" export -f sqlite -o "$work/corpus.db" "$corpus"
run "export csv" export -f csv -o "$work/csv/" "$corpus"
run "stats" stats "$corpus"
echo "asan_corpus: $runs commands over $corpus, $failures failed"
[ "$failures" -eq 0 ]

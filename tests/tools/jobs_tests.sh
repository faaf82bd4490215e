#!/usr/bin/env bash
# validate -j N over single large inputs split into pieces (games of a file of concatenated
# mjlogs, the same through stdin and gzipped, members of a houou-logs database and of zip and
# tar.gz archives), alone and beside small files: the output (text, json, jsonl), the error
# lines and the exit status are those of -j 1, byte for byte. The inputs hold errors that end a
# file (a bad seed, broken XML in a middle game, a truncated last game) and errors of one
# member (a database row that is no gzip, a member that is no log, a truncated member).
# Inputs are built from samples/synthetic-tenhou.mjlog (and the corpus's Tenhou XML when
# present) repeated past the 1 MiB from which validate splits a file.
# usage: jobs_tests.sh PAIFU SOURCE_DIR CORPUS_DIR WORK_DIR PYTHON
set -u
paifu=$1 src=$2 corpus=$3 work=$4 py=$5
rm -rf "$work" && mkdir -p "$work/logs" "$work/arch"
failures=0 pass=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

logs=("$src/samples/synthetic-tenhou.mjlog")
if [ -d "$corpus/tenhou-xml" ]; then
    while IFS= read -r f; do logs+=("$f"); done < <(find "$corpus/tenhou-xml" -path '*/_partial' -prune -o -type f -print | sort | head -40)
fi
i=0
for f in "${logs[@]}"; do zcat -f "$f" > "$work/logs/$(printf %03d $i).xml"; i=$((i + 1)); done
# one file of concatenated games, past 1 MiB
: > "$work/multi.xml"
while [ "$(stat -c %s "$work/multi.xml")" -lt 1300000 ]; do
    for f in "$work"/logs/*.xml; do cat "$f"; echo; done >> "$work/multi.xml"
done
gzip -c "$work/multi.xml" > "$work/multi.xml.gz"
"$py" - "$work" <<'PY'
import sys
w = sys.argv[1]
d = open(w + "/multi.xml").read()
def nth(k):
    i = -1
    for _ in range(k):
        i = d.index("<mjloggm", i + 1)
    return i
n = d.count("<mjloggm")
mid = nth(n // 2)
seed = d.index("<INIT", mid)
open(w + "/badseed.xml", "w").write(d[:seed] + '<INIT seed="bogus"' + d[seed + 5:])
cut = nth(n // 3) + 300
open(w + "/badxml.xml", "w").write(d[:cut] + "<<" + d[cut:])
open(w + "/truncated.xml", "w").write(d[: len(d) - 200])
PY
# a database (a corrupt row) and archives (a README, a member that is no gzip, a truncated one)
copies=$(( 1300000 / $(cat "$work"/logs/*.xml | wc -c) + 1 ))
"$py" "$src/tests/tools/make_bulk.py" db "$work/houou.db" --copies "$copies" --bad "$work"/logs/*.xml >/dev/null || fail "make db"
for c in $(seq "$copies"); do for f in "$work"/logs/*.xml; do cp "$f" "$work/arch/$c-$(basename "$f")"; done; done
echo "no log" > "$work/arch/0-README.txt"
printf 'not a log' | gzip > "$work/arch/1-zzz.xml.gz"
head -c 2000 "$work/logs/000.xml" > "$work/arch/2-truncated.xml"
"$py" - "$work" <<'PY'
import os, sys, tarfile, zipfile
w = sys.argv[1]
names = sorted(os.listdir(w + "/arch"))
with zipfile.ZipFile(w + "/a.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for n in names:
        z.write(w + "/arch/" + n, n)
with tarfile.open(w + "/a.tar.gz", "w:gz") as t:
    for n in names:
        t.add(w + "/arch/" + n, n)
PY

same() { # same NAME ARGS...: -j 2 and -j 4 print what -j 1 prints, in every report format
    local name=$1
    shift
    for fmt in text json jsonl; do
        for j in 1 2 4; do
            "$paifu" validate -j $j --format $fmt "$@" >"$work/o$j" 2>"$work/e$j" <"$work/stdin"
            echo "exit $?" >>"$work/e$j"
        done
        if cmp -s "$work/o1" "$work/o2" && cmp -s "$work/o1" "$work/o4" &&
            cmp -s "$work/e1" "$work/e2" && cmp -s "$work/e1" "$work/e4"; then
            pass=$((pass + 1))
        else
            fail "$name --format $fmt: -j 2/-j 4 differ from -j 1"
            diff "$work/o1" "$work/o2" | head -5
            diff "$work/e1" "$work/e2" | head -5
        fi
    done
    [ -s "$work/o1" ] || fail "$name: no output"
}
cp "$work/multi.xml" "$work/stdin"
same "concatenated file" "$work/multi.xml"
same "stdin" -
same "gzip" "$work/multi.xml.gz"
same "bad seed" "$work/badseed.xml"
same "broken XML" "$work/badxml.xml"
same "truncated last game" "$work/truncated.xml"
same "database" "$work/houou.db"
same "zip" "$work/a.zip"
same "tar.gz" "$work/a.tar.gz"
same "mixed" "$work/logs" "$work/multi.xml" "$work/houou.db" "$work/badxml.xml" \
    "$work/missing.xml" "$work/a.zip" "$src/samples"
# a folder's files that are no log are told by the workers as they read them (a file is read
# once): skipped in the order of -j 1, named on stderr in that order with -v, a large one too
mkdir -p "$work/other"
cp "$work/logs/000.xml" "$work/other/a.xml"
echo "notes beside the logs" > "$work/other/b-README.md"
: > "$work/other/c-empty.txt"
head -c 1500000 /dev/zero | tr '\0' 'x' > "$work/other/d-large.txt"
gzip -c "$work/other/b-README.md" > "$work/other/e-notes.gz"
cp "$work/multi.xml" "$work/other/f-multi.xml"
printf '{"title": ["a", "b"], "log": [' > "$work/other/g-cut.json"
same "folder with files that are no log" -v "$work/other"
for j in 1 2; do "$paifu" validate -v -j $j "$work/other" >"$work/both$j" 2>&1; done
cmp -s "$work/both1" "$work/both2" ||
    fail "other/ -v: the skipped files are not named where -j 1 names them among the output"
"$paifu" validate -j 2 "$work/other" >"$work/o" 2>&1
grep -q "4 skipped: 3 not a log, 1 empty" "$work/o" || fail "other/: skipped: $(tail -1 "$work/o")"
# a large file of a format that streams but does not split (tenhou.net/6 JSON): one piece, its
# reader moved whole into it
if [ -d "$corpus/tenhou6" ]; then
    : > "$work/t6.txt"
    while [ "$(stat -c %s "$work/t6.txt")" -lt 1300000 ]; do
        find "$corpus/tenhou6" -type f ! -name '*.md' | sort | while read -r f; do zcat -f "$f"; echo; done >> "$work/t6.txt"
    done
    cp "$work/t6.txt" "$work/stdin"
    same "tenhou6 file" "$work/t6.txt"
    same "tenhou6 stdin" -
fi
# the inputs are what they claim: games, and the errors they were built to hold
"$paifu" validate --summary "$work/multi.xml" >"$work/o" 2>&1
grep -Eq '1 file .* [0-9]{2,} games' "$work/o" || fail "multi.xml holds many games: $(tail -1 "$work/o")"
"$paifu" validate --summary "$work/badxml.xml" >"$work/o" 2>&1
grep -q "error" "$work/o" || fail "badxml.xml: no error"
"$paifu" validate --summary "$work/houou.db" >"$work/o" 2>&1
grep -q "badbad01: error" "$work/o" || fail "houou.db: the corrupt row is not reported"
"$paifu" validate --summary "$work/a.zip" >"$work/o" 2>&1
grep -q "2 skipped: not a log" "$work/o" || fail "a.zip: the README and the gzip that is no log are not skipped: $(tail -1 "$work/o")"
echo "jobs tests: $pass passed, $failures failed"
[ "$failures" -eq 0 ]

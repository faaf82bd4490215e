#!/usr/bin/env bash
# Directory operands of validate, info and report: walked recursively in name order, files of
# no known format skipped and counted, hidden entries ignored, gzip detected, a broken log in a
# directory still an error. usage: cli_dir_tests.sh PAIFU SAMPLES_DIR WORK_DIR
set -u
paifu=$1 samples=$2 work=$3
rm -rf "$work" && mkdir -p "$work/logs/sub/deeper" "$work/logs/.hidden"
. "$(dirname "$0")/checks.sh"

cp "$samples/handmade-rrc-one-deal.paifu.json" "$work/logs/b.paifu.json"
cp "$samples/session-rrc.paifu.json" "$work/logs/sub/a.json"
gzip -c "$samples/synthetic-tenhou.mjlog" >"$work/logs/sub/deeper/game.mjlog.gz"
cp "$samples/PROVENANCE.md" "$work/logs/README.md"
printf 'not,a,log\n' >"$work/logs/sub/notes.csv"
cp "$samples/session-rrc.paifu.json" "$work/logs/.hidden/x.json"

"$paifu" validate "$work/logs" >"$work/out" 2>"$work/err"; check "walk clean" 0 $?
contains "walk counts" "$work/out" "3 files (0 unreadable, 2 skipped: not a log)"
"$paifu" validate --format json "$work/logs" >"$work/out" 2>"$work/err"; check "walk json" 0 $?
contains "walk json skipped" "$work/out" "\"skipped\": 2"
lacks "hidden entries ignored" "$work/out" ".hidden"
# name order, depth first: logs/b.paifu.json, logs/sub/a.json, logs/sub/deeper/game.mjlog.gz
"$paifu" info "$work/logs" >"$work/out" 2>"$work/err"; check "info walk" 0 $?
grep -E '^/' "$work/out" | sed "s|$work/||; s|:.*||" >"$work/order"
printf 'logs/b.paifu.json\nlogs/sub/a.json\nlogs/sub/deeper/game.mjlog.gz\n' >"$work/order.expected"
cmp -s "$work/order" "$work/order.expected" || { echo "FAIL: walk order:"; cat "$work/order"; failures=$((failures + 1)); }
"$paifu" report --standings "$work/logs/sub" >"$work/out" 2>"$work/err"; check "report walk" 0 $?
contains "report walk" "$work/out" "Rank"
# a log that is broken stays an error inside a directory; the others are still checked
printf '{"paifu": 1, "players": ["a","b","c","d"],\n "deals": [' >"$work/logs/sub/broken.json"
"$paifu" validate "$work/logs" >"$work/out" 2>"$work/err"; check "broken log in a walk" 2 $?
contains "broken log named" "$work/err" "broken.json:2:"
contains "others checked" "$work/out" "4 files (1 unreadable, 2 skipped: not a log)"
# --from takes every file of the walk (no detection)
"$paifu" validate --from paifu "$work/logs/sub/deeper" >"$work/out" 2>"$work/err"; check "from in a walk" 2 $?
"$paifu" validate "$work/nonexistent-dir/" >"$work/out" 2>"$work/err"; check "missing operand" 2 $?

# --jobs: several files at once, the same output in the same order
"$paifu" validate -j 1 --format json "$samples" "$work/logs" >"$work/j1" 2>"$work/e1"; s1=$?
"$paifu" validate -j 4 --format json "$samples" "$work/logs" >"$work/j4" 2>"$work/e4"; check "jobs status" $s1 $?
cmp -s "$work/j1" "$work/j4" && cmp -s "$work/e1" "$work/e4" || { echo "FAIL: -j 4 output differs from -j 1"; failures=$((failures + 1)); }
"$paifu" validate -j 0 -q "$samples" >"$work/o" 2>"$work/err"; check "jobs 0 (one per processor)" 0 $?
"$paifu" validate -j x "$samples" >"$work/o" 2>"$work/err"; check "jobs not a number" 2 $?
contains "jobs message" "$work/err" "--jobs expects a number"

# convert: a walked directory mirrored under -o DIR; one output name twice is an error, not an
# overwrite
rm -f "$work/logs/sub/broken.json"
mkdir -p "$work/conv"
"$paifu" convert --to paifu -q -o "$work/conv" "$work/logs" >"$work/o" 2>"$work/err"; check "convert walk" 0 $?
for f in b-1.paifu.json sub/a-1.paifu.json sub/deeper/game-1.paifu.json; do
    [ -f "$work/conv/$f" ] || { echo "FAIL: convert walk: $f missing"; ls -R "$work/conv"; failures=$((failures + 1)); }
done
"$paifu" validate "$work/conv" >"$work/o" 2>"$work/err"; check "converted walk validates" 0 $?
contains "converted walk counts" "$work/o" "3 files (0 unreadable)"
cp "$samples/handmade-rrc-one-deal.paifu.json" "$work/logs/b.json"
mkdir -p "$work/conv2"
"$paifu" convert --to paifu -q -o "$work/conv2" "$work/logs" >"$work/o" 2>"$work/err"; check "convert name clash" 2 $?
contains "name clash message" "$work/err" "already written from another input"

# a file whose detection fails (a truncated gzip) is reported and counted, and the walk goes on
# to the files after it (issue 16: the walk stopped there, and later files were not validated)
rm -rf "$work/bad" && mkdir -p "$work/bad"
gzip -c "$samples/synthetic-tenhou.mjlog" | head -c 200 >"$work/bad/a-truncated.mjlog.gz"
cp "$samples/handmade-rrc-one-deal.paifu.json" "$work/bad/b.paifu.json"
"$paifu" validate "$work/bad" >"$work/out" 2>"$work/err"; check "bad file in walk" 2 $?
contains "bad file reported" "$work/err" "a-truncated.mjlog.gz"
contains "bad file counted, walk goes on" "$work/out" "2 files (1 unreadable"
contains "later file validated" "$work/out" "1 game, 1 deal"

checks_done

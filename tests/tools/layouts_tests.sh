#!/usr/bin/env bash
# Other tools' layouts read as they write them (tests/tools/make_layouts.py cites each tool's
# source): Mortal's arena log directory (one gzip'd mjai game per file) and the same as a
# tar.gz, mjai.app's logs directory (mjai_log.json beside its errors, summary and bot output,
# which are no logs), Tenhou's yearly raw archive (pages listing log ids: no log). Each game
# reads as the same log given as a plain file: the same deals, wins, draws and findings.
# usage: layouts_tests.sh PAIFU SOURCE_DIR WORK_DIR PYTHON
set -u
paifu=$1 src=$2 work=$3 py=$4
make=$src/tests/tools/make_layouts.py log=$src/samples/riichienv-selfplay.mjai.jsonl
rm -rf "$work" && mkdir -p "$work"
failures=0 pass=0
check() { if [ "$2" = "$3" ]; then pass=$((pass + 1)); else echo "FAIL: $1: got '$3', expected '$2'"; failures=$((failures + 1)); fi; }

"$py" "$make" mortal "$work/mortal" "$log" >/dev/null || check "make mortal" 0 1
"$py" "$make" mjai-app "$work/app" "$log" >/dev/null || check "make mjai-app" 0 1
"$py" "$make" tenhou-raw "$work/scraw2023.zip" >/dev/null || check "make tenhou-raw" 0 1
tar -C "$work/mortal" -czf "$work/mortal.tar.gz" . || check "tar" 0 1

"$paifu" validate --format json "$log" >"$work/file.json" 2>/dev/null
# summary of a report: games, deals, wins, draws, findings, errors, skipped; and the status
summ() { "$py" -c "import json,sys; d=json.load(open(sys.argv[1])); s=d['summary']; print(s['games'], s['deals'], s['wins'], s['draws'], s['findings'], s['errors'], s['skipped'], d['exit_status'])" "$1"; }
one=$(summ "$work/file.json")
read -r g d w dr f e sk st <<<"$one"
check "the sample is one game" "1" "$g"
times4="$((4 * g)) $((4 * d)) $((4 * w)) $((4 * dr)) $((4 * f)) 0 0 $st"

"$paifu" validate --format json "$work/mortal" >"$work/mortal.json" 2>/dev/null
check "Mortal's log directory: 4 games (splits a-d), each the sample" "$times4" "$(summ "$work/mortal.json")"
"$paifu" validate --format json "$work/mortal.tar.gz" >"$work/mortal-tgz.json" 2>/dev/null
check "Mortal's log directory as tar.gz" "$times4" "$(summ "$work/mortal-tgz.json")"
"$paifu" validate --format json "$work/app" >"$work/app.json" 2>/dev/null
check "mjai.app's logs directory: mjai_log.json read, its 10 other files skipped" \
    "$g $d $w $dr $f 0 10 $st" "$(summ "$work/app.json")"
"$paifu" validate --format json "$work/scraw2023.zip" >"$work/raw.json" 2>/dev/null
check "Tenhou's raw archive: no log, its 2 pages skipped, status 0" "0 0 0 0 0 0 2 0" "$(summ "$work/raw.json")"

# game by game: the same events as the plain file (paifu export's events table)
"$paifu" export -q -f jsonl -o "$work/file.jsonl" "$log" 2>/dev/null
for input in "$work/mortal/20189_59287_c.json.gz" "$work/app/mjai_log.json" "$work/mortal.tar.gz"; do
    "$paifu" export -q -f jsonl -o "$work/in.jsonl" "$input" 2>/dev/null
    "$py" - "$work/file.jsonl" "$work/in.jsonl" <<'PY' >"$work/cmp.out" 2>&1
import json, sys
def ev(p):
    out = {}
    for l in open(p):
        o = json.loads(l)
        if o["table"] == "events":
            out.setdefault(o.pop("game_id"), []).append(o)
    return list(out.values())
a, b = ev(sys.argv[1]), ev(sys.argv[2])
assert a and all(g == a[0] for g in b) and len(b) in (1, 4), (len(a), len(b))
PY
    check "$(basename "$input"): the same events as the file ($(cat "$work/cmp.out"))" 0 $?
done

echo "layouts tests: $pass passed, $failures failed"
[ "$failures" = 0 ]

#!/usr/bin/env bash
# CLI contract tests: exit statuses, --help/--version, stdin, gzip, conversion round trips,
# error positions. usage: cli_tests.sh PAIFU SAMPLES_DIR WORK_DIR
set -u
paifu=$1 samples=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
. "$(dirname "$0")/checks.sh"
sample=$samples/handmade-rrc-one-deal.paifu.json

"$paifu" --version >"$work/out" 2>&1; check version 0 $?
contains version "$work/out" "paifu "
"$paifu" --help >"$work/out" 2>&1; check help 0 $?
contains help "$work/out" "validate"
"$paifu" >"$work/out" 2>&1; check "no command" 2 $?
"$paifu" frobnicate >"$work/out" 2>&1; check "unknown command" 2 $?
contains "unknown command" "$work/out" "unknown command 'frobnicate'"
for cmd in validate convert info rules; do
    "$paifu" $cmd --help >"$work/help1" 2>&1; check "$cmd --help" 0 $?
    "$paifu" help $cmd >"$work/help2" 2>&1; check "help $cmd" 0 $?
    cmp -s "$work/help1" "$work/help2" || { echo "FAIL: help $cmd differs from $cmd --help"; failures=$((failures + 1)); }
    contains "$cmd --help usage" "$work/help1" "usage: paifu $cmd"
done
"$paifu" validate --bogus "$sample" >"$work/out" 2>&1; check "bad option" 2 $?
"$paifu" validate >"$work/out" 2>&1; check "validate without file" 2 $?

# clean sample: exit 0, from a file, from stdin, gzip-compressed from stdin
"$paifu" validate "$sample" >"$work/out" 2>&1; check "validate sample" 0 $?
contains "validate summary" "$work/out" "0 findings"
"$paifu" validate - <"$sample" >"$work/out" 2>&1; check "validate stdin" 0 $?
gzip -c "$sample" >"$work/sample.gz"
"$paifu" validate - <"$work/sample.gz" >"$work/out" 2>&1; check "validate gzip stdin" 0 $?
"$paifu" info "$work/sample.gz" >"$work/out" 2>&1; check "info gzip" 0 $?
contains "info gzip" "$work/out" "paifu (gzip)"

# a finding: exit 1, with the deal and the code
# (the deal's start scores changed: the win's recorded scores_before no longer match them)
sed 's/"scores": \[30000, 30000, 30000, 30000\]/"scores": [30000, 30000, 30000, 31000]/' "$sample" >"$work/finding.json"
cmp -s "$sample" "$work/finding.json" && { echo "FAIL: finding.json: the sed changed nothing"; failures=$((failures + 1)); }
"$paifu" validate "$work/finding.json" >"$work/out" 2>&1; check "validate finding.json" 1 $?
contains "finding.json code" "$work/out" "finding.json: error: score.scores_before:"
contains "finding.json deal" "$work/out" "[game 1, deal E1-0, event 11"
contains "finding.json values" "$work/out" "(expected 30000,30000,30000,31000, recorded 30000,30000,30000,30000)"
"$paifu" convert --to paifu "$sample" "$sample" >"$work/two.json" 2>"$work/err"; check "convert two inputs" 0 $?
python3 - "$work/two.json" "$work/two-bad.json" <<'PY'
import sys
t = open(sys.argv[1]).read()
i = t.index('"deals"', t.index('"paifu"', 10))
# second game: the start scores of its only deal contradict nothing; make the first game's
# result points wrong instead, so the score flow is inconsistent
first_end = t.index('"result"')
t = t[:first_end] + t[first_end:].replace('[28000, 32000, 30000, 30000]', '[28000, 32000, 30000, 31000]', 1)
open(sys.argv[2], 'w').write(t)
PY
"$paifu" validate "$work/two-bad.json" >"$work/out" 2>&1; check "validate finding" 1 $?
contains "finding code" "$work/out" "game.final_points"
contains "finding location" "$work/out" "two-bad.json: error: game.final_points"
contains "finding game" "$work/out" "[game 1, players "
"$paifu" validate --format json "$work/two-bad.json" >"$work/report.json" 2>&1; check "validate json finding" 1 $?
contains "json report" "$work/report.json" '"code": "game.final_points"'

# input errors: exit 2 with file:line:col or path; other files still checked
printf '{"paifu": 1, "players": ["a","b","c","d"], "deals": [{"round": "E1", "dealer": 0,\n "events": [{"type": "discard", "seat": 0, "tile": "8z"}]}]}\n' >"$work/badtile.json"
"$paifu" validate "$work/badtile.json" "$sample" >"$work/out" 2>"$work/err"; check "bad tile" 2 $?
contains "bad tile message" "$work/err" "badtile.json: error: expected one tile such as \"5m\", found \"8z\" [at \$.deals[0].events[0].tile]"
contains "later file still checked" "$work/out" "2 files (1 unreadable)"
printf '{"paifu": 1, "players": ["a","b","c","d"],\n "deals": [' >"$work/trunc.json"
"$paifu" validate "$work/trunc.json" >"$work/out" 2>"$work/err"; check "truncated json" 2 $?
contains "truncated position" "$work/err" "trunc.json:2:"
"$paifu" validate "$work/nonexistent.json" >"$work/out" 2>"$work/err"; check "missing file" 2 $?
contains "missing file message" "$work/err" "cannot open"
echo "just some text" >"$work/text.txt"
"$paifu" validate "$work/text.txt" >"$work/out" 2>"$work/err"; check "unrecognised" 2 $?
contains "unrecognised message" "$work/err" "unrecognised input"
"$paifu" validate --rules nosuch "$sample" >"$work/out" 2>"$work/err"; check "unknown preset" 2 $?
contains "unknown preset message" "$work/err" "unknown rule set \"nosuch\""
"$paifu" validate --rule kiriage=maybe "$sample" >"$work/out" 2>"$work/err"; check "bad rule value" 2 $?

# conversion: byte-identical round trip, several games to one output, a directory
"$paifu" convert --to paifu "$sample" >"$work/a.json" 2>"$work/err"; check "convert" 0 $?
cmp -s "$work/a.json" "$sample" || { echo "FAIL: sample does not round-trip byte for byte"; failures=$((failures + 1)); }
"$paifu" convert --to paifu - <"$work/a.json" >"$work/b.json" 2>"$work/err"; check "convert stdin" 0 $?
cmp -s "$work/a.json" "$work/b.json" || { echo "FAIL: stdin conversion differs"; failures=$((failures + 1)); }
"$paifu" info "$work/two.json" >"$work/out" 2>&1; check "info two games" 0 $?
contains "info two games" "$work/out" "game 2"
mkdir -p "$work/dir"
"$paifu" convert --to paifu -o "$work/dir" "$work/two.json" >"$work/out" 2>&1; check "convert to dir" 0 $?
[ -f "$work/dir/two-1.paifu.json" ] && [ -f "$work/dir/two-2.paifu.json" ] || { echo "FAIL: per-game files missing"; ls "$work/dir"; failures=$((failures + 1)); }
"$paifu" convert --to nosuch "$sample" >"$work/out" 2>&1; check "convert unknown format" 2 $?
"$paifu" convert "$sample" >"$work/out" 2>&1; check "convert without --to" 2 $?
# a score sheet's deal labels follow from its results, in JSON as in text (issue 13): in
# samples/pantheon-ema-sheet.txt the dealer anna wins E1 (E1-1 next), a double ron E1-1 without
# her, dana's tsumo E2, a draw with the dealer chen noten and boris' stick on the table (E4-1)
sheet=$samples/pantheon-ema-sheet.txt
"$paifu" info --rules ema "$sheet" >"$work/out" 2>&1; check "info sheet" 0 $?
contains "info sheet labels" "$work/out" "E4-1      2 events  ron 2 from 0"
"$paifu" info --format json --rules ema "$sheet" >"$work/out" 2>&1; check "info sheet json" 0 $?
python3 - "$work/out" <<'PY' || { echo "FAIL: info --format json deal labels"; failures=$((failures + 1)); }
import json, sys
games = json.load(open(sys.argv[1]))[0]["games"]
got = [(d["label"], d["round"], d["dealer"], d["honba"], d["riichi_sticks"]) for d in games[0]["deal_list"]]
want = [("E1-0", "E1", 0, 0, 0), ("E1-1", "E1", 0, 1, 0), ("E2-0", "E2", 1, 0, 0),
        ("E3-0", "E3", 2, 0, 0), ("E4-1", "E4", 3, 1, 1)]
if got != want:
    sys.exit("deal_list %r, expected %r" % (got, want))
PY
"$paifu" info --formats >"$work/out" 2>&1; check "info --formats" 0 $?
contains "formats list" "$work/out" "paifu"
"$paifu" rules show wrc >"$work/out" 2>&1; check "rules show" 0 $?
contains "rules show wrc" "$work/out" "kiriage                  true"
"$paifu" rules show rrc --rule kiriage=true >"$work/out" 2>&1; check "rules show override" 0 $?
contains "rules show override" "$work/out" "kiriage                  true"
# a rule file (schemas/rules.schema.json): its overrides on its preset; a bad one is an input error
"$paifu" rules show --rules-file "$samples/../tests/data/rules-example.json" >"$work/out" 2>&1; check "rules file" 0 $?
contains "rules file preset" "$work/out" "rule set: rrc (with overrides)"
contains "rules file uma" "$work/out" "uma                      30000,10000,-10000,-30000"
contains "rules file kiriage" "$work/out" "kiriage                  true"
contains "rules file abortive" "$work/out" "abortive                 kyuushu,suucha_riichi"
printf '{"overrides": {"kiriage": true}}' >"$work/no-preset.json" # the preset defaults to rrc
"$paifu" rules show --rules-file "$work/no-preset.json" >"$work/out" 2>&1; check "rules file without preset" 0 $?
contains "rules file default preset" "$work/out" "rule set: rrc (with overrides)"
contains "rules file default preset override" "$work/out" "kiriage                  true"
printf '{"preset": "rrc", "overrides": {"kiriage": "maybe"}}' >"$work/bad-rules.json"
"$paifu" rules show --rules-file "$work/bad-rules.json" >"$work/out" 2>&1; check "bad rules file" 2 $?
contains "bad rules file message" "$work/out" "bad-rules.json"
printf '{"preset": "rrc", "overrides": {}, "kiriage": true}' >"$work/bad-rules.json"
"$paifu" rules show --rules-file "$work/bad-rules.json" >"$work/out" 2>&1; check "rules file unknown key" 2 $?
"$paifu" rules list >"$work/out" 2>&1; check "rules list" 0 $?
contains "rules list" "$work/out" "jhc2016"
# validate says when it assumed a rule set (issue 15 point 9): mjai names none (Tenhou's assumed);
# --rules chooses one, and then nothing is assumed
"$paifu" validate "$samples/riichienv-selfplay.mjai.jsonl" >"$work/out" 2>&1; check "validate mjai" 0 $?
contains "validate says Tenhou's rules are assumed" "$work/out" "tenhou (Tenhou's rules), assumed: the log names no rule set"
"$paifu" validate --rules tenhou "$samples/riichienv-selfplay.mjai.jsonl" >"$work/out" 2>&1; check "validate mjai --rules" 0 $?
if grep -q "assumed" "$work/out"; then echo "FAIL: a rule set chosen with --rules is said to be assumed"; failures=$((failures + 1)); fi

# hostile output (issue 16 point 6): write errors on stdout, control characters in names,
# --max-findings that is not a number, %00 in a player name
if [ -w /dev/full ]; then
    "$paifu" validate "$sample" >/dev/full 2>"$work/err"; check "validate to a full disk" 2 $?
    contains "validate write error" "$work/err" "writing standard output"
    "$paifu" info "$sample" >/dev/full 2>"$work/err"; check "info to a full disk" 2 $?
    contains "info write error" "$work/err" "writing standard output"
fi
"$paifu" validate --max-findings abc "$sample" >"$work/out" 2>"$work/err"; check "max-findings abc" 2 $?
contains "max-findings message" "$work/err" "paifu validate: --max-findings expects a number of findings kept per game, 1 or more, found 'abc'"
mkdir -p "$work/ctl"
printf 'x' >"$work/ctl/$(printf 'forged\nb.json: error: fake\033[31m')"
"$paifu" validate "$work/ctl" >"$work/out" 2>"$work/err"; check "control characters in a name" 0 $?
"$paifu" validate "$work/ctl/$(printf 'forged\nb.json: error: fake\033[31m')" >"$work/out" 2>"$work/err"
check "control characters in a name, read" 2 $?
contains "newline escaped" "$work/err" 'forged\nb.json: error: fake\x1b[31m'
[ "$(wc -l <"$work/err")" -eq 1 ] && pass=$((pass + 1)) || { echo "FAIL: the name forged a line"; failures=$((failures + 1)); }
sed 's/n0="[^"]*"/n0="%41%00%42"/' "$samples/synthetic-tenhou.mjlog" >"$work/nul.mjlog"
"$paifu" validate "$work/nul.mjlog" >"$work/out" 2>"$work/err"; check "%00 in a name" 2 $?
contains "%00 refused" "$work/err" "a NUL byte (%00) at character 4 of n0"

# conversions that leave no empty file, --allow-loss, the batch summary (issue 16 points 9-10)
mkdir -p "$work/conv16/in" "$work/conv16/out"
cp "$sample" "$work/conv16/in/a.paifu.json"
cp "$samples/mcr-east-round.paifu.json" "$work/conv16/in/b.paifu.json"
"$paifu" convert --to tenhou-xml -q -o "$work/conv16/out" "$work/conv16/in" >"$work/out" 2>"$work/err"
check "convert with a refused game" 2 $?
contains "refused game reported" "$work/err" "tenhou-xml cannot hold this game"
[ -z "$(find "$work/conv16/out" -type f -size 0)" ] && pass=$((pass + 1)) || { echo "FAIL: a refused game left an empty file"; failures=$((failures + 1)); }
contains "batch summary" "$work/err" "game converted, 1 refused"
# -o ending in '/' names a folder: made when missing (issue 27: -o means a folder exactly then)
"$paifu" convert --to paifu -o "$work/conv16/missing/" "$sample" >"$work/out" 2>"$work/err"; check "-o missing/" 0 $?
[ -n "$(find "$work/conv16/missing" -type f -name '*.paifu.json')" ] && pass=$((pass + 1)) || { echo "FAIL: -o missing/: no file in the folder made"; failures=$((failures + 1)); }
"$paifu" convert --to tenhou-xml "$work/conv16/in" >"$work/out" 2>"$work/err"; check "tenhou-xml DIR to stdout" 2 $?
contains "refused up front" "$work/err" "give a directory with -o"
[ ! -s "$work/out" ] && pass=$((pass + 1)) || { echo "FAIL: tenhou-xml DIR wrote to stdout"; failures=$((failures + 1)); }
"$paifu" convert --to tenhou6 --strict "$samples/synthetic-tenhou.mjlog" >"$work/out" 2>"$work/err"; check "strict loses the wall" 2 $?
contains "loss names its kind" "$work/err" "(loss: wall)"
"$paifu" convert --to tenhou6 "$samples/synthetic-tenhou.mjlog" >"$work/out" 2>"$work/err"
kinds=$(grep -o '(loss: [a-z-]*)' "$work/err" | sed 's/(loss: //; s/)//' | sort -u | paste -sd, -)
"$paifu" convert --to tenhou6 --strict --allow-loss "$kinds" "$samples/synthetic-tenhou.mjlog" >"$work/out" 2>"$work/err"
check "strict with --allow-loss" 0 $?
"$paifu" convert --to tenhou6 --allow-loss nonsense "$sample" >"$work/out" 2>"$work/err"; check "unknown loss kind" 2 $?

checks_done

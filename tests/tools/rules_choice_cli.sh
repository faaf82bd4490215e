#!/usr/bin/env bash
# The rule set a referee chooses, through the command line (issue 30's read-through):
#  1. a game's family (riichi or MCR) is a fact of the log: a rule set of the other family is
#     refused for it, with an error naming the file, the game and the preset to use, and the
#     next game is read (exit 2), in validate, report, export and stats alike. Riichi is
#     played with 136 tiles (RRC 2024 §3.1.1; EMA 2012 §1.3), MCR with flowers and seasons and
#     its own 8-point scoring (MCR seed, item 23 and "Правила"): the other game's rules cannot
#     check it.
#  2. a rule file written by `paifu rules show PRESET --format json` is read back by
#     --rules-file as the same rule set, and one value edited in it is that value.
# Expected counts come from how the inputs are built here, never from paifu's own output.
# usage: rules_choice_cli.sh PAIFU SAMPLES_DIR WORK_DIR
set -u
paifu=$1 samples=$2 work=$3
rm -rf "$work" && mkdir -p "$work/logs"
. "$(dirname "$0")/checks.sh"
same() { # same NAME EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then echo "FAIL: $1: '$3', expected '$2'"; failures=$((failures + 1)); else pass=$((pass + 1)); fi
}

# ---- 1. the family is the log's ----
ema=$samples/session-ema.paifu.json mcr=$samples/mcr-east-round.paifu.json
# a folder: an MCR log, a riichi log, and one file of three games (riichi, MCR, riichi): each
# sample holds one game, so 3 riichi games are checked and 2 MCR games refused under ema
cp "$mcr" "$work/logs/a-mcr.paifu.json"
cp "$ema" "$work/logs/b-ema.paifu.json"
cat "$ema" "$mcr" "$ema" >"$work/logs/c-mixed.paifu.json"
refusal="error: an MCR game cannot be checked under ema, a riichi rule set"

"$paifu" validate --rules ema "$samples/mcr-east-round.paifu.json" >"$work/out" 2>"$work/err"
check "validate mcr under ema" 2 $?
contains "refusal named" "$work/err" "mcr-east-round.paifu.json: $refusal"
contains "the preset to use" "$work/err" "use --rules mcr [game 1]"
lacks "no riichi findings on MCR tiles" "$work/out" "deal.tile_count"
lacks "no riichi points on MCR scores" "$work/out" "score.delta"

for j in 1 2; do
    "$paifu" validate -j $j --rules ema "$work/logs" >"$work/out$j" 2>"$work/err$j"
    check "folder -j $j" 2 $?
    contains "folder: the MCR log named" "$work/err$j" "a-mcr.paifu.json: $refusal"
    contains "folder: the MCR game of the mixed file named" "$work/err$j" "c-mixed.paifu.json: $refusal"
    contains "folder: by its number" "$work/err$j" "use --rules mcr [game 2]"
    same "folder: two refusals" 2 "$(grep -c "$refusal" "$work/err$j")"
    contains "folder: every riichi game checked, the two refused counted apart" "$work/out$j" \
        ", 3 games (and 2 refused: another family's rule set),"
    contains "folder: no file unreadable (a refused game's file was read)" "$work/out$j" \
        "(0 unreadable"
done
cmp -s "$work/out1" "$work/out2" && cmp -s "$work/err1" "$work/err2" || {
    echo "FAIL: -j 2 output differs from -j 1"; failures=$((failures + 1)); }

"$paifu" validate --format json --rules ema "$work/logs/c-mixed.paifu.json" >"$work/json" 2>/dev/null
check "json" 2 $?
contains "json: the refused game among the file's errors" "$work/json" '"where": {"file": "'"$work"'/logs/c-mixed.paifu.json", "game": 2}'
contains "json: games 1 and 3 checked" "$work/json" '"game_rules": [
    {"game": 1,'
contains "json: game 3" "$work/json" '{"game": 3,'
contains "json: the summary counts the refused game, not an unreadable file" "$work/json" \
    '"errors": 0, "skipped": 0, "refused": 1,'
"$paifu" validate --format jsonl --rules ema "$work/logs/c-mixed.paifu.json" >"$work/jsonl" 2>/dev/null
same "jsonl: two games and one error" "game error game summary" \
    "$(grep -o '^{"type": "[a-z]*"' "$work/jsonl" | cut -d'"' -f4 | paste -sd' ' -)"

# report, export and stats share the resolution: the same refusals, the riichi games kept
"$paifu" report --format json -o "$work/report.json" --rules ema "$work/logs" >/dev/null 2>"$work/err"
check "report" 2 $?
same "report: two refusals" 2 "$(grep -c "$refusal" "$work/err")"
contains "report: the refused game listed" "$work/report.json" "c-mixed.paifu.json [game 2]: an MCR game cannot be checked under ema"
contains "report: the riichi games in it" "$work/report.json" '"games_total": 3'
"$paifu" export --format jsonl -o "$work/tables.jsonl" --rules ema "$work/logs" >/dev/null 2>"$work/err"
check "export" 2 $?
same "export: two refusals" 2 "$(grep -c "$refusal" "$work/err")"
same "export: three games" 3 "$(grep -c '"table": "games"' "$work/tables.jsonl")"
"$paifu" stats --rules ema "$work/logs" >"$work/out" 2>"$work/err"
check "stats" 2 $?
same "stats: two refusals" 2 "$(grep -c "$refusal" "$work/err")"
contains "stats: the riichi players" "$work/out" "Anna"

# the other way round: riichi logs under mcr, each told to use its own preset
"$paifu" validate --rules mcr "$samples/session-tenhou.paifu.json" "$samples/synthetic-tenhou.mjlog" \
    >"$work/out" 2>"$work/err"
check "riichi under mcr" 2 $?
contains "riichi under mcr named" "$work/err" "session-tenhou.paifu.json: error: a riichi game cannot be checked under mcr, an MCR rule set"
contains "its own preset" "$work/err" "use --rules tenhou [game 1]"
# a score sheet names no rule set, but Pantheon's grammar is riichi's (han, fu, riichi deposits)
"$paifu" validate --rules mcr "$samples/pantheon-ema-sheet.txt" >"$work/out" 2>"$work/err"
check "sheet under mcr" 2 $?
contains "sheet under mcr refused" "$work/err" "pantheon-ema-sheet.txt: error: a riichi game cannot be checked under mcr"
# a rule file of the other family, and --rule family=...: refused alike
"$paifu" rules show ema --format json >"$work/ema-rules.json"
"$paifu" validate --rules-file "$work/ema-rules.json" "$mcr" >"$work/out" 2>"$work/err"
check "rule file of the other family" 2 $?
contains "rule file refused" "$work/err" "$refusal"
"$paifu" validate --rule family=riichi "$mcr" >"$work/out" 2>"$work/err"
check "--rule family" 2 $?
contains "--rule family refused" "$work/err" "an MCR game cannot be checked under mcr, a riichi rule set"
# the right family is still checked: the MCR sample is clean under its own preset
"$paifu" validate --rules mcr "$mcr" >"$work/out" 2>"$work/err"
check "mcr under mcr" 0 $?

# ---- 2. what `rules show --format json` writes is a rule file ----
for p in $("$paifu" rules list | cut -d' ' -f1); do
    "$paifu" rules show "$p" --format json >"$work/$p.json"
    "$paifu" rules show --rules-file "$work/$p.json" --format json >"$work/$p.again.json" 2>"$work/err"
    check "rules show --rules-file of $p's json" 0 $?
    cmp -s "$work/$p.json" "$work/$p.again.json" || {
        echo "FAIL: $p: the rule file read back is another rule set"; failures=$((failures + 1)); }
    "$paifu" rules show "$p" >"$work/$p.txt"
    "$paifu" rules show --rules-file "$work/$p.json" >"$work/$p.again.txt"
    cmp -s "$work/$p.txt" "$work/$p.again.txt" || {
        echo "FAIL: $p: the text differs (a change where there is none?)"; failures=$((failures + 1)); }
done
# one value edited, as a referee would: EMA 2012 §3.6.1's uma 15000/5000 made 30000/10000 (the
# EMA column of RRC 2024 Table 3 names 15/5 too); the rest stays ema's
sed 's/"uma": "15000,5000,-5000,-15000"/"uma": "30000,10000,-10000,-30000"/' "$work/ema.json" >"$work/ema-edited.json"
lacks "the edit took" "$work/ema-edited.json" '"uma": "15000,5000,-5000,-15000"'
"$paifu" rules show --rules-file "$work/ema-edited.json" >"$work/out" 2>"$work/err"
check "edited rule file" 0 $?
contains "the edited value" "$work/out" "uma                      30000,10000,-10000,-30000"
contains "said to differ from the preset" "$work/out" "rule set: ema (with overrides)"
diff "$work/ema.txt" "$work/out" | grep -c '^>' >"$work/n"
same "only uma (and the heading) changed" 2 "$(cat "$work/n")"
"$paifu" validate --rules-file "$work/ema-edited.json" --format json "$ema" >"$work/out" 2>"$work/err"
contains "validate names the change" "$work/out" '"overrides": ["uma=30000,10000,-10000,-30000"]'
# a bad value in parameters is named by its place
sed 's/"kiriage": "false"/"kiriage": "perhaps"/' "$work/ema.json" >"$work/bad.json"
"$paifu" validate --rules-file "$work/bad.json" "$ema" >"$work/out" 2>"$work/err"
check "bad parameter" 2 $?
contains "bad parameter named" "$work/err" "at \$.parameters.kiriage"

# ---- 3. a citation says when the value compared was set for the game ----
# EMA 2012 §3.6.1 gives uma 30000/10000; the referee's --rule another: the finding says both
"$paifu" validate --rules ema2012 --rule uma=20000,10000,-10000,-20000 \
    "$samples/session-ema2012.paifu.json" >"$work/out" 2>"$work/err"
check "uma set by --rule" 1 $?
contains "the citation names the value set" "$work/out" \
    "[EMA 2012 §3.6.1; uma set to 20000,10000,-10000,-20000 for this game (EMA 2012 §3.6.1 gives 30000,10000,-10000,-30000)]"
"$paifu" validate --rules ema2012 "$samples/session-ema2012.paifu.json" >"$work/out" 2>"$work/err"
check "the preset's uma" 0 $?

checks_done

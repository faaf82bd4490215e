#!/usr/bin/env bash
# Issue 20 through the CLI. Standings through `paifu report` (points 6 and 7), from the seeds'
# words, and the enforcement tables of `paifu rules show PRESET`.
#   MCR, seed 001 L284-286 ("Подсчёт очков полной игры"): after each session the first gets 4
#   table points, the second 2, the third 1, the last 0; the tournament ranks by them.
#   JHC 2016, seed 003 §6.3.1 (average place ranks) and §8.3.2 (a sanction of 0.05 to 0.5 of a
#   place on a player's average place), carried by a paifu log (result.place_sanctions) and by
#   the option --sanction NAME=PLACES.
# The check reads only the order in which the players' names appear (the rank order), not the
# layout of the table. usage: seed_rules_cli.sh PAIFU DATA_DIR WORK_DIR
set -u
paifu=$1 data=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
failures=0
order() { # order FILE NAME...: the NAMEs in the order of their first appearance in FILE
    local f=$1; shift
    grep -oE "$(IFS='|'; echo "$*")" "$f" | awk '!seen[$0]++' | paste -sd' ' -
}
expect() { # expect NAME EXPECTED ACTUAL
    if [ "$2" != "$3" ]; then echo "FAIL: $1: order '$3', expected '$2'"; failures=$((failures + 1)); fi
}
mcr=$data/mcr-sessions.paifu.json jhc=$data/jhc-sanctions.paifu.json

# MCR: sessions of 200/10/-100/-110, 10/20/-10/-20, -1/5/4/-8 (each sums to 0): Anna has the
# largest total (209) but Boris the most table points (2+4+4 = 10 against Anna's 4+2+1 = 7).
"$paifu" report --standings "$mcr" >"$work/mcr" 2>&1 || { echo "FAIL: mcr: exit $?"; failures=$((failures + 1)); }
expect "mcr by table points (001 L284-286)" "Boris Anna Clara Denis" "$(order "$work/mcr" Anna Boris Clara Denis)"
"$paifu" report --standings --rules mcr "$mcr" >"$work/mcr2" 2>&1
expect "--rules mcr" "Boris Anna Clara Denis" "$(order "$work/mcr2" Anna Boris Clara Denis)"
# the same sessions ranked by total score: the criterion is the rule parameter, not the data
"$paifu" report --standings --rules mcr --rule standings=total_score "$mcr" >"$work/mcr3" 2>&1
expect "mcr standings=total_score" "Anna Boris Clara Denis" "$(order "$work/mcr3" Anna Boris Clara Denis)"
# the session sheet itself is clean (every session sums to 0) ...
"$paifu" validate "$mcr" >"$work/mcr4" 2>&1 || { echo "FAIL: mcr sheet has findings"; cat "$work/mcr4"; failures=$((failures + 1)); }

# JHC: places Xenia 1,1,4 (2.00), Yuri 2,2,1 (1.67); game 3 records a sanction of 0.5 on Yuri:
# 2.17, so Xenia ranks first.
"$paifu" report --standings "$jhc" >"$work/jhc" 2>&1 || { echo "FAIL: jhc: exit $?"; failures=$((failures + 1)); }
expect "jhc sanction from the log (003 §8.3.2)" "Xenia Yuri Zoe Walter" "$(order "$work/jhc" Xenia Yuri Zoe Walter)"
grep -q "2\.17" "$work/jhc" || { echo "FAIL: jhc: Yuri's 2.17 not shown"; failures=$((failures + 1)); }
# a sanction of 0.5 on Xenia from the command line too: 2.50 against 2.17
"$paifu" report --standings --sanction Xenia=0.5 "$jhc" >"$work/jhc2" 2>&1
expect "jhc --sanction" "Yuri Xenia Zoe Walter" "$(order "$work/jhc2" Xenia Yuri Zoe Walter)"
"$paifu" report --standings --sanction Xenia "$jhc" >"$work/jhc3" 2>&1
[ $? = 2 ] || { echo "FAIL: --sanction without a value is not a usage error"; failures=$((failures + 1)); }
# the log obeys §8.3.2 (0.5 is in range): no finding; 0.75 breaks it, and under rrc (no such
# sanctions) any sanction is a finding
"$paifu" validate "$jhc" >"$work/v1" 2>&1 || { echo "FAIL: jhc sanctions in range flagged"; cat "$work/v1"; failures=$((failures + 1)); }
sed 's/"place_sanctions": \[0, 50, 0, 0\]/"place_sanctions": [0, 75, 0, 0]/' "$jhc" >"$work/bad.paifu.json"
"$paifu" validate "$work/bad.paifu.json" >"$work/v2" 2>&1
grep -q "game.sanction" "$work/v2" || { echo "FAIL: a sanction of 0.75 not flagged"; cat "$work/v2"; failures=$((failures + 1)); }
"$paifu" validate --rules rrc "$jhc" >"$work/v3" 2>&1
grep -q "game.sanction" "$work/v3" || { echo "FAIL: a sanction under rrc not flagged"; failures=$((failures + 1)); }

# every preset with a rule document prints what paifu enforces of it, clause by clause
for p in jhc2016:"JHC 2016 §7.3.1.16" ema2012:"EMA 2012 §3.4.5" rrc:"RRC 2024 §3.13" mcr:"MCR 2006 (Green Book), how to kong" \
         wrc:"RRC 2024 Table 3 (WRC)"; do
    preset=${p%%:*} clause=${p#*:}
    "$paifu" rules show "$preset" >"$work/show-$preset" 2>&1 || { echo "FAIL: rules show $preset"; failures=$((failures + 1)); }
    for want in "$clause" "enforced on tile logs only" "cannot be checked from a log" "findings: "; do
        grep -qF -- "$want" "$work/show-$preset" || { echo "FAIL: rules show $preset: no '$want'"; failures=$((failures + 1)); }
    done
done
"$paifu" rules show jhc2016 --format json >"$work/show.json" 2>&1
grep -q '"enforcement": \[' "$work/show.json" || { echo "FAIL: rules show --format json has no enforcement"; failures=$((failures + 1)); }

# issue 39 through the CLI: the new parameters and their values per preset, and the bankruptcy
# variation's riichi minimum (RRC 2024 §3.11) set and unset by --rule
"$paifu" rules show rrc >"$work/p-rrc" 2>&1
"$paifu" rules show mcr >"$work/p-mcr" 2>&1
for w in rrc:"tobi_riichi_points +1000" rrc:"riichi_change_chombo +true" rrc:"fine_steps_only +false" \
         mcr:"fine_base +5$" mcr:"fine_steps_only +true" mcr:"knocked_tile_min +5$" mcr:"knocked_tile_max +60"; do
    preset=${w%%:*} want=${w#*:}
    grep -qE -- "^ *$want" "$work/p-$preset" || { echo "FAIL: rules show $preset: no '$want'"; failures=$((failures + 1)); }
done
"$paifu" rules params >"$work/params" 2>&1
for k in tobi_riichi_points riichi_change_chombo fine_steps_only knocked_tile_min knocked_tile_max; do
    grep -q "^$k " "$work/params" || { echo "FAIL: rules params: no $k"; failures=$((failures + 1)); }
done
t=$data/rrc-tobi-riichi-500.paifu.json
"$paifu" validate "$t" >"$work/t1" 2>&1
grep -q "deal.riichi.*RRC 2024 §3.11" "$work/t1" || { echo "FAIL: riichi with 500 points under tobi not flagged with §3.11"; cat "$work/t1"; failures=$((failures + 1)); }
"$paifu" validate --rule tobi_riichi_points=0 "$t" >"$work/t2" 2>&1 || { echo "FAIL: tobi_riichi_points=0 still flags"; cat "$work/t2"; failures=$((failures + 1)); }
"$paifu" validate --rule tobi=false "$t" >"$work/t3" 2>&1 || { echo "FAIL: rrc without tobi flags a riichi with 500 points"; failures=$((failures + 1)); }
"$paifu" validate --rules ema --rule tobi=true "$t" >"$work/t4" 2>&1
grep -q "deal.riichi" "$work/t4" || { echo "FAIL: --rule tobi=true does not bring the riichi minimum"; failures=$((failures + 1)); }

# The time limit of the two columns of RRC 2024 Table 3 (the JSON report's codes; the rows of
# `paifu rules show wrc` and `ema` that carry it name only this code among their columns' rows):
# RRC 2024 Table 3 (WRC) "После окончания турнирного таймера: доиграть текущую раздачу" (the
# game ends with the deal the time ran out in); RRC 2024 Table 3 (EMA) "доиграть текущую раздачу
# и сыграть еще одну" (and one more).
"$paifu" validate --format json --rules wrc "$data/wrc-time-up-no-more.paifu.json" >"$work/tl1" 2>&1
grep -q '"flow.game_end"' "$work/tl1" && { echo "FAIL: wrc: the current deal only flagged"; failures=$((failures + 1)); }
"$paifu" validate --format json --rules ema "$data/wrc-time-up-no-more.paifu.json" >"$work/tl2" 2>&1
grep -q '"flow.game_end"' "$work/tl2" || { echo "FAIL: ema: no one more deal not flagged"; failures=$((failures + 1)); }
grep -q 'RRC 2024 Table 3 (EMA): finish the current deal and play one more' "$work/tl2" || { echo "FAIL: ema: the clause"; failures=$((failures + 1)); }
"$paifu" validate --format json --rules wrc "$data/rrc-time-up-one-more.paifu.json" >"$work/tl3" 2>&1
grep -q '"flow.game_end"' "$work/tl3" || { echo "FAIL: wrc: a deal after the current one not flagged"; failures=$((failures + 1)); }
grep -q 'RRC 2024 Table 3 (WRC): finish the current deal' "$work/tl3" || { echo "FAIL: wrc: the clause"; failures=$((failures + 1)); }

[ $failures -eq 0 ] && echo "seed rules cli: ok"
exit $((failures > 0))

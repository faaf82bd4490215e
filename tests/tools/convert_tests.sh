#!/usr/bin/env bash
# paifu convert over whole inputs, as a tool builder runs it (issue 30's reading of
# doc/converting.md): a refused game is counted, named with its source and the run goes on with
# the next game of the same file, archive member or database row; each kind of loss is reported
# once per game; a tenhou-xml file is named after the game's Tenhou log id, or the id is
# reported lost; --fill lists only what it computed; losses and refusals print alike.
# usage: convert_tests.sh PAIFU SOURCE_DIR WORK_DIR PYTHON [CORPUS_DIR]
set -u
paifu=$1 src=$2 work=$3 py=$4 corpus=${5:-}
samples=$src/samples
rm -rf "$work" && mkdir -p "$work"
. "$(dirname "$0")/checks.sh"

# ---- 1. a refused game ends nothing: archive, database and multi-game file ----
# The samples as a folder and as a zip: the zip converts the same games to the same names, and
# ends with the same summary line (issue 30: the zip converted 2 games, the folder 3).
mkdir -p "$work/in"
cp "$samples"/*.paifu.json "$samples"/*.mjlog "$samples"/*.jsonl "$work/in/"
"$py" - "$work/in" "$work/samples.zip" <<'EOF'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[2], "w") as z:
    for name in sorted(os.listdir(sys.argv[1])):
        z.write(os.path.join(sys.argv[1], name), name)
EOF
"$paifu" convert -q --to tenhou-xml -o "$work/dir-out/" "$work/in" >/dev/null 2>"$work/dir.err"
check "folder: refusals exit 2" 2 $?
"$paifu" convert -q --to tenhou-xml -o "$work/zip-out/" "$work/samples.zip" >/dev/null 2>"$work/zip.err"
check "zip: refusals exit 2" 2 $?
check "zip converts the folder's games" "$(cd "$work/dir-out" && ls | sort | paste -sd' ')" \
      "$(cd "$work/zip-out" && ls | sort | paste -sd' ')"
check "zip summary as the folder's" "$(grep '^paifu convert: ' "$work/dir.err")" \
      "$(grep '^paifu convert: ' "$work/zip.err")"
# the games of the samples that Tenhou XML holds: the three with tiles and dora indicators
contains "zip summary" "$work/zip.err" "paifu convert: 3 games converted,"
# a refusal names the member it is in, and the game in it, as a file's error
contains "refusal names the member" "$work/zip.err" \
         "paifu: $work/samples.zip:mcr-east-round.paifu.json: error: tenhou-xml cannot hold this game: an MCR game"
contains "refusal names the game of a member" "$work/zip.err" \
         "$work/samples.zip:tournament-standings.paifu.json: error: tenhou-xml cannot hold this game: a game without deals (mjlog has no place for its result) [game 3]"
# --strict: a loss refuses its game, not the rest of the archive: every game of the zip is
# converted or refused, each refusal named
"$paifu" convert -q --strict --to tenhou6 -o "$work/strict-out/" "$work/samples.zip" >/dev/null 2>"$work/strict.err"
check "zip --strict exit 2" 2 $?
contains "strict refusal names the member" "$work/strict.err" \
         "$work/samples.zip:synthetic-tenhou.mjlog: error: the target format cannot carry"
n_refused=$(grep -c ': error: ' "$work/strict.err")
n_written=$(find "$work/strict-out" -type f | wc -l)
n_games=$("$paifu" validate "$work/samples.zip" 2>/dev/null | grep -o '[0-9]* games\?,' | grep -o '[0-9]*')
check "zip --strict: every game converted or refused" "$n_games" "$((n_refused + n_written))"
contains "zip --strict summary" "$work/strict.err" "paifu convert: $n_written games converted, $n_refused refused"
# one file of several games: the first refused (result-only deals), the second written
{ cat "$samples/session-rrc.paifu.json"; cat "$samples/handmade-rrc-one-deal.paifu.json"; } >"$work/two.paifu.json"
"$paifu" convert -q --to tenhou-xml -o "$work/two-out/" "$work/two.paifu.json" >/dev/null 2>"$work/two.err"
check "multi-game file: exit 2" 2 $?
contains "multi-game file: game 1 refused" "$work/two.err" "two.paifu.json: error: tenhou-xml cannot hold this game: a deal without tiles (only its outcome) [game 1, deal E1-0]"
[ -f "$work/two-out/two-2.xml" ] && ok || fail "multi-game file: the game after the refused one was not written ($(ls "$work/two-out"))"
# a log database of three rows (the synthetic log, whose wall tenhou6 cannot carry): under
# --strict each row is refused and named, none ends the database
"$py" "$src/tests/tools/make_bulk.py" db "$work/houou.db" --copies 3 "$samples/synthetic-tenhou.mjlog" >"$work/ids.tsv" || fail "make db"
"$paifu" convert --strict --to tenhou6 -o "$work/db-strict/" "$work/houou.db" >/dev/null 2>"$work/db-strict.err"
check "db --strict exit 2" 2 $?
check "db --strict: every row refused, each named" 3 "$(grep -c "houou.db:[0-9a-z-]*: error: the target format cannot carry" "$work/db-strict.err")"
contains "db --strict summary" "$work/db-strict.err" "paifu convert: 0 games converted, 3 refused"

# ---- 2. each kind of loss once per game, whatever the length of its message ----
"$paifu" convert --to tenhou6 -o "$work/db-out/" "$work/houou.db" >/dev/null 2>"$work/db.err"
check "db convert exit 0" 0 $?
"$py" - "$work/db.err" <<'EOF' || fail "db losses: $(cat "$work/db-losses")"
import re, sys
kinds = {}
for line in open(sys.argv[1]):
    m = re.match(r"paifu: (.*houou\.db:[0-9a-z-]+): warning: .*\(loss: ([a-z-]+)\) \[game 1\]$", line)
    if m:
        kinds.setdefault(m.group(1), []).append(m.group(2))
assert len(kinds) == 3, f"3 rows, each with its losses: {sorted(kinds)}"
for row, ks in kinds.items():
    assert len(ks) == len(set(ks)), f"{row}: a kind reported twice: {ks}"
# the rows hold the same log: each reports the same kinds (the first 8, the others 2 before)
assert len({tuple(sorted(ks)) for ks in kinds.values()}) == 1, kinds
EOF
contains "db summary" "$work/db.err" "paifu convert: 3 games converted, 0 refused; losses:"

# ---- 3. Tenhou XML: the log id is the file's name ----
# A tenhou.net/6 log with its ref (the sample named by a log id, as Tenhou names its files,
# written as tenhou6), renamed: the XML is named by the ref and read back under the rules of
# its date, as the tenhou6 log is; without -o DIR the id is a loss (meta).
ref=2019050417gm-0029-0000-4f2a8622
cp "$samples/synthetic-tenhou.mjlog" "$work/$ref.mjlog"
"$paifu" convert -q --to tenhou6 "$work/$ref.mjlog" >"$work/ranked_game.json"
contains "tenhou6 keeps the ref" "$work/ranked_game.json" "\"ref\":\"$ref\""
t6s=("$work/ranked_game.json")
[ -n "$corpus" ] && [ -f "$corpus/tenhou6/Equim-chan--mjai-reviewer/ranked_game.json" ] &&
    t6s+=("$corpus/tenhou6/Equim-chan--mjai-reviewer/ranked_game.json")
for t6 in "${t6s[@]}"; do
    id=$(grep -o '"ref": *"[^"]*"' "$t6" | head -1 | sed 's/.*"\([^"]*\)"$/\1/')
    rm -rf "$work/xml"
    "$paifu" convert --to tenhou-xml -o "$work/xml/" "$t6" >/dev/null 2>"$work/xml.err"
    check "$t6 to tenhou-xml" 0 $?
    [ -f "$work/xml/$id.xml" ] && ok || fail "$t6: not written as $id.xml: $(ls "$work/xml")"
    lacks "$t6: the id is carried" "$work/xml.err" "the log id"
    note() { "$paifu" validate -v "$1" 2>&1 | sed -n 's/^.*: note: //p'; }
    want=$(note "$t6")
    [ -n "$want" ] && ok || fail "$t6: validate -v prints no rule-set note"
    check "$t6: the XML is checked under the rules of its source" "$want" "$(note "$work/xml/$id.xml")"
    "$paifu" convert --to tenhou-xml "$t6" >/dev/null 2>"$work/xml-stdout.err"
    check "$t6 to tenhou-xml on stdout" 0 $?
    contains "$t6: on stdout the id is lost" "$work/xml-stdout.err" "the log id $id (Tenhou XML keeps it in its file's name: write with -o DIR); it is left out (loss: meta)"
    "$paifu" convert --strict --to tenhou-xml "$t6" >"$work/xml-strict.out" 2>"$work/xml-strict.err"
    check "$t6 --strict on stdout: refused" 2 $?
    contains "$t6 --strict on stdout: named" "$work/xml-strict.err" "error: the target format cannot carry the log id $id"
    [ ! -s "$work/xml-strict.out" ] && ok || fail "$t6 --strict on stdout: the refused game was written"
    "$paifu" convert --strict --to tenhou-xml -o "$work/$id.xml" "$t6" 2>"$work/xml-named.err"
    check "$t6 --strict -o LOG-ID.xml: carried" 0 $?
done
# an id that no file can be named by is reported, not used as a name
sed "s/\"ref\":\"$ref\"/\"ref\":\"..\\/escape\"/" "$work/ranked_game.json" >"$work/badref.json"
rm -rf "$work/xml"
"$paifu" convert --to tenhou-xml -o "$work/xml/" "$work/badref.json" >/dev/null 2>"$work/badref.err"
check "unusable id: written" 0 $?
[ -f "$work/xml/badref.xml" ] && ok || fail "unusable id: not named after its input: $(ls -R "$work/xml")"
contains "unusable id: reported" "$work/badref.err" "the log id ../escape (Tenhou XML keeps it in its file's name, and it is no log id); it is left out (loss: meta)"

# ---- 4. --fill names only what it computed ----
# the hand-made deal's win without its fu: only the fu is computed
sed 's/ "fu": 30,//' "$samples/handmade-rrc-one-deal.paifu.json" >"$work/nofu.paifu.json"
"$paifu" convert --fill --to paifu "$work/nofu.paifu.json" >/dev/null 2>"$work/fill.err"
check "--fill exit 0" 0 $?
contains "--fill: only the fu" "$work/fill.err" \
         "paifu: $work/nofu.paifu.json: note: computed from the tiles (--fill), not recorded: the fu of 1 win(s) [game 1]"
lacks "--fill: no zero count" "$work/fill.err" " of 0"
"$paifu" convert -q --fill --to paifu "$work/nofu.paifu.json" >/dev/null 2>"$work/fill-q.err"
check "--fill -q prints nothing" "" "$(cat "$work/fill-q.err")"

# ---- 6. loss lines read as the refusals do: paifu: SOURCE: warning|error: TEXT [game N] ----
"$paifu" convert --to tenhou6 "$samples/synthetic-tenhou.mjlog" >/dev/null 2>"$work/loss.err"
contains "loss line" "$work/loss.err" "paifu: $samples/synthetic-tenhou.mjlog: warning: the output format cannot carry the dice of 7 deal(s); it is left out (loss: dice) [game 1]"
lacks "no other prefix" "$work/loss.err" "paifu convert: "

# ---- 7. a value the source does not record is written only as computed (issue 37) ----
# The samples' mjai log without its deltas: Tenhou XML and mjai leave the score changes out
# (sc, deltas), --fill writes them with a note that counts them; tenpai at an exhaustive draw,
# which Tenhou XML cannot leave out (its reader takes the hands shown as the tenpai ones), is
# written and reported as a loss of kind computed, which --strict refuses.
sed -E 's/,"deltas":\[[^]]*\]//' "$samples/riichienv-selfplay.mjai.jsonl" >"$work/nodeltas.jsonl"
# the last outcome's changes are not known at all (no next deal, end_game has no scores)
n_outcomes=$(($(grep -cE '"type":"(hora|ryukyoku)"' "$work/nodeltas.jsonl") - 1))
n_draws=$(grep -c '"type":"ryukyoku"' "$work/nodeltas.jsonl")
"$paifu" convert --to tenhou-xml -o "$work/nod.xml" "$work/nodeltas.jsonl" 2>"$work/nod.err"
check "computed: exit 0" 0 $?
check "computed: no sc without --fill" 0 "$(grep -o ' sc="' "$work/nod.xml" | wc -l)"
contains "computed: the loss counts tenpai" "$work/nod.err" \
         "warning: values the source does not record, written as computed: tenpai at $n_draws exhaustive draw(s) (from the tiles)"
contains "computed: its kind" "$work/nod.err" "--fill writes them as filled (loss: computed) [game 1]"
lacks "computed: no score changes claimed" "$work/nod.err" "the score changes of"
"$paifu" convert --fill --to tenhou-xml -o "$work/nod-fill.xml" "$work/nodeltas.jsonl" 2>"$work/nod-fill.err"
check "--fill: every outcome has sc" "$n_outcomes" "$(grep -o ' sc="' "$work/nod-fill.xml" | wc -l)"
contains "--fill: the note counts the score changes" "$work/nod-fill.err" \
         "note: filled (--fill), not recorded by the source: the score changes of $n_outcomes outcome(s) (from the next deal's scores)"
lacks "--fill: no computed loss" "$work/nod-fill.err" "(loss: computed)"
"$paifu" convert -q --strict --allow-loss final,meta --to tenhou-xml -o "$work/nod-strict.xml" "$work/nodeltas.jsonl" 2>"$work/nod-strict.err"
check "--strict refuses a computed value" 2 $?
contains "--strict names the kind" "$work/nod-strict.err" "error: values the source does not record would be written as computed (tenpai 3, rules 1; --strict; --allow-loss computed or --fill lets them go) [game 1]"
"$paifu" convert -q --strict --allow-loss computed,meta,final --to tenhou-xml -o "$work/nod-allow.xml" "$work/nodeltas.jsonl" 2>"$work/nod-allow.err"
check "--allow-loss computed" 0 $?
"$paifu" convert -q --to mjai "$work/nodeltas.jsonl" >"$work/nod.mjai.jsonl"
check "mjai: no deltas invented" 0 "$(grep -c '"deltas"' "$work/nod.mjai.jsonl")"
"$paifu" convert -q --fill --to mjai "$work/nodeltas.jsonl" >"$work/nod-fill.mjai.jsonl"
check "mjai --fill: deltas on every outcome" "$n_outcomes" "$(grep -c '"deltas"' "$work/nod-fill.mjai.jsonl")"
# the corpus's akochan log, whose hora events carry no scores (issue 37): no owari, no sc
ako="$corpus/mjai/critter-mj--akochan/haifu_log_sample.json"
if [ -n "$corpus" ] && [ -f "$ako" ]; then
    "$paifu" convert -q --to tenhou-xml -o "$work/ako.xml" "$ako"
    check "akochan: no owari" 0 "$(grep -o ' owari="' "$work/ako.xml" | wc -l)"
    check "akochan: no sc" 0 "$(grep -o ' sc="' "$work/ako.xml" | wc -l)"
    check "akochan: no points passed off (ten 0,0,0)" 0 "$(grep -o ' ten="[1-9][^"]*" yaku' "$work/ako.xml" | wc -l)"
    "$paifu" convert -q --fill --to tenhou-xml -o "$work/ako-fill.xml" "$ako"
    check "akochan --fill: owari" 1 "$(grep -o ' owari="' "$work/ako-fill.xml" | wc -l)"
fi

# ---- 8. one numbering: a game is numbered within its file or archive member (issue 37) ----
# validate --format jsonl over a tar.gz: a finding in a member, its game line and the error of
# a broken member all count from 1 within the member they name (a finding was numbered
# through the archive before)
mkdir -p "$work/num"
cat "$samples/session-rrc.paifu.json" "$samples/handmade-rrc-one-deal.paifu.json" >"$work/num/a-two.paifu.json"
sed 's/"points": 2000/"points": 2600/' "$samples/handmade-rrc-one-deal.paifu.json" >"$work/num/b-finding.paifu.json"
head -c 300 "$samples/synthetic-tenhou.mjlog" >"$work/num/c-broken.mjlog"
tar czf "$work/num.tar.gz" -C "$work/num" a-two.paifu.json b-finding.paifu.json c-broken.mjlog
"$paifu" validate --format jsonl "$work/num.tar.gz" >"$work/num.jsonl" 2>/dev/null
"$py" - "$work/num.jsonl" >"$work/num.txt" <<'EOF'
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    member = d.get("file", "").rsplit(":", 1)[-1]
    if d["type"] == "game":
        print("game", member, d["game"])
    elif d["type"] == "finding":
        print("finding", member, d["game"], d["finding"]["where"]["game"])
    elif d["type"] == "error":
        print("error", member, d["error"]["where"]["game"])
EOF
check "numbering within members" "game a-two.paifu.json 1|game a-two.paifu.json 2|finding b-finding.paifu.json 1 1|game b-finding.paifu.json 1|error c-broken.mjlog 1" \
      "$(paste -sd'|' "$work/num.txt")"

# ---- 9. set-up slips (issue 37): info --formats aligned, rules --help complete, man paifu ----
"$paifu" info --formats >"$work/formats.txt"
cols=$(awk '{ print index($0, " yes ") ? index($0, " yes ") : index($0, " read ") }' "$work/formats.txt" | sort -u | wc -l)
check "info --formats: the read column starts at one place on every line" 1 "$cols"
"$paifu" rules --help >"$work/rules-help.txt"
contains "rules --help: options" "$work/rules-help.txt" "options:"
contains "rules --help: --rule" "$work/rules-help.txt" "--rule KEY=VALUE"
contains "rules --help: exit status" "$work/rules-help.txt" "exit status: 0 success, 2"
contains "man paifu: Pantheon" "$src/doc/man/paifu.1" "Pantheon (Mimir) tournament score sheets"
contains "man paifu: the commands that walk folders" "$src/doc/man/paifu.1" '\fBreport\fR, \fBexport\fR and \fBstats\fR a directory is walked'
# export -f jsonl without -o: the rows on standard output
"$paifu" export -q -f jsonl "$samples/synthetic-tenhou.mjlog" >"$work/export.jsonl"
check "export -f jsonl to standard output" 0 $?
check "export -f jsonl: one games row" 1 "$(grep -c '"table": "games"' "$work/export.jsonl")"

checks_done

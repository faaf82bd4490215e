#!/usr/bin/env bash
# Bulk inputs and outputs: a houou-logs database and zip/tar archives read as folders, hostile
# archives refused, validate --format jsonl against its schema and the JSON report, export to
# SQLite against the corpus's counts, stats on a hand-built game, the progress line on a
# terminal only, convert --gzip per game. Parts that need the corpus are skipped without it.
# usage: bulk_tests.sh PAIFU SOURCE_DIR CORPUS_DIR WORK_DIR PYTHON
set -u
paifu=$1 src=$2 corpus=$3 work=$4 py=$5
samples=$src/samples tools=$src/tests/tools
rm -rf "$work" && mkdir -p "$work/logs"
failures=0 pass=0
ok() { pass=$((pass + 1)); }
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
check() { if [ "$2" = "$3" ]; then ok; else fail "$1: got '$3', expected '$2'"; fi; }
contains() { if grep -qF -- "$3" "$2"; then ok; else fail "$1: '$3' not in $2:"; head -c 600 "$2"; echo; fi; }
lacks() { if grep -qF -- "$3" "$2"; then fail "$1: '$3' in $2"; else ok; fi; }

# ---- the logs: the synthetic sample, and when present a slice of the corpus's Tenhou XML ----
logs=("$samples/synthetic-tenhou.mjlog")
have_corpus=0
if [ -d "$corpus/tenhou-xml" ]; then
    have_corpus=1
    while IFS= read -r f; do logs+=("$f"); done < <(find "$corpus/tenhou-xml" -path '*/_partial' -prune -o -type f -print | sort | head -60)
fi
i=0
for f in "${logs[@]}"; do cp "$f" "$work/logs/$(printf %03d $i)-$(basename "$f")"; i=$((i + 1)); done
cp "$samples/PROVENANCE.md" "$work/logs/README.md" # no log: skipped in a folder and an archive

# ---- a houou-logs database: ids, selection, a corrupt row, the same findings as the files ----
"$py" "$tools/make_bulk.py" db "$work/houou.db" --bad "$work"/logs/[0-9]*  >"$work/ids.tsv" || fail "make db"
n_logs=$(wc -l <"$work/ids.tsv")
"$paifu" validate --format jsonl "$work/houou.db" >"$work/db.jsonl" 2>"$work/db.err"
check "db exit status (a corrupt row is an error)" 2 $?
contains "db corrupt row named by its id" "$work/db.err" "houou.db:2009082713gm-0009-0000-badbad01: error:"
lacks "db unprocessed row not read" "$work/db.jsonl" "pending1"
# `paifu info` names the container (paifu_reader_format) before any member is read: a houou-logs
# database or an archive (README.md, "Whole archives")
"$paifu" info "$work/houou.db" 2>/dev/null | head -1 >"$work/info-db.out"
check "info names a database houou-logs" "$work/houou.db: houou-logs" "$(cat "$work/info-db.out")"
lacks "db errored row not read" "$work/db.jsonl" "failed01"
"$py" - "$work/db.jsonl" "$work/ids.tsv" "$paifu" >"$work/db.cmp" 2>&1 <<'EOF' || fail "db against files: $(cat "$work/db.cmp")"
import json, subprocess, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
ids = [l.split("\t") for l in open(sys.argv[2]).read().splitlines()]
games = [l for l in lines if l["type"] == "game"]
assert [g["ref"] for g in games] == [i for i, _ in ids], "ids in row order"
assert all(g["file"].endswith("houou.db:" + g["ref"]) for g in games), "games named FILE:ID"
def key(f): return (f["code"], f["where"].get("deal"), f["message"])
by_db = {}
for l in lines:
    if l["type"] == "finding":
        by_db.setdefault(l["file"].split("houou.db:")[1], []).append(key(l["finding"]))
for (log_id, path), g in zip(ids, games):
    out = subprocess.run([sys.argv[3], "validate", "--format", "jsonl", path], capture_output=True, text=True).stdout
    mine = [json.loads(l) for l in out.splitlines()]
    want = [key(l["finding"]) for l in mine if l["type"] == "finding"]
    assert by_db.get(log_id, []) == want, f"{log_id} ({path}): {by_db.get(log_id)} != {want}"
    fg = [l for l in mine if l["type"] == "game"][0]
    assert (fg["deals"], fg["wins"], fg["draws"]) == (g["deals"], g["wins"], g["draws"]), path
summary = lines[-1]
assert summary["type"] == "summary" and summary["games"] == len(ids) and summary["errors"] == 1
print("ok", len(ids))
EOF
[ "$n_logs" -gt 0 ] && ok
# houou-logs' table has no rowid (the fixture is its own CREATE TABLE, WITHOUT ROWID)
sqlite3 "$work/houou.db" "select rowid from logs" >/dev/null 2>&1 && fail "the fixture's logs table has a rowid" || ok
# --players and --length select by num_players and is_tonpu, as houou-logs' own --players 4|3
# and --length t|h do (db.py get_log_contents); the counts come from the ids' type bits
count_ids() { "$py" -c "import sys; print(sum(1 for l in open(sys.argv[1]) if $1))" "$work/ids.tsv"; }
for sel in "players 3:int(l.split('-')[1], 16) & 0x10" "players 4:not int(l.split('-')[1], 16) & 0x10" \
           "length east:not int(l.split('-')[1], 16) & 0x08" "length half:int(l.split('-')[1], 16) & 0x08"; do
    opt=${sel%%:*} want=$(count_ids "${sel#*:}")
    "$paifu" validate --format json --${opt% *} ${opt#* } "$work/houou.db" >"$work/sel.json" 2>/dev/null
    got=$("$py" -c "import json,sys; print(json.load(open(sys.argv[1]))['summary']['games'])" "$work/sel.json")
    check "--$opt selects its rows" "$want" "$got"
done
# a downloaded row is a log (houou-logs stores the mjlog XML gzip'd, download.py): a row whose
# bytes are no log (not gzip, or gzip of no mjlog) is damage, an unreadable input named
# DB:LOG-ID, never "skipped: not a log" as a README in an archive is
"$py" "$tools/make_bulk.py" db "$work/notlog.db" --not-log "$samples/synthetic-tenhou.mjlog" >"$work/notlog.ids" || fail "make notlog.db"
"$paifu" validate --format json "$work/notlog.db" >"$work/notlog.json" 2>"$work/notlog.err"
check "db row that is no log: exit status" 2 $?
contains "db row of no gzip named" "$work/notlog.err" "notlog.db:2009082713gm-0009-0000-notgzip1: error:"
contains "db row of gzip'd non-log named" "$work/notlog.err" "notlog.db:2009082713gm-0009-0000-notlog01: error:"
check "db rows that are no log: member errors, none skipped, the good row read" "2 0 1" \
    "$("$py" -c "import json,sys; r=json.load(open(sys.argv[1])); s=r['summary']; print(len(r['files'][0].get('member_errors', [])), s['skipped'], s['games'])" "$work/notlog.json")"
# info reads a database as validate does: on past a bad row (named, exit 2), each game named by
# its row's id (json: FILE:ID), rows selected by --players/--length
good_id=$(cut -f1 "$work/notlog.ids")
"$paifu" info "$work/notlog.db" >"$work/info-notlog.out" 2>"$work/info-notlog.err"
check "info over a database with rows that are no log: exit status" 2 $?
contains "info names the bad row" "$work/info-notlog.err" "notlog.db:2009082713gm-0009-0000-notlog01: error:"
contains "info goes on to the good row, named by its id" "$work/info-notlog.out" "  game 1 ($good_id): 4 players"
"$paifu" info --format json "$work/notlog.db" 2>/dev/null >"$work/info-notlog.json"
check "info json names a database's game FILE:ID" "$work/notlog.db:$good_id" \
    "$("$py" -c "import json,sys; print(json.load(open(sys.argv[1]))[0]['games'][0]['source'])" "$work/info-notlog.json")"
"$paifu" info --players 3 "$work/notlog.db" >"$work/info-p3.out" 2>&1
check "info --players 3: no 4-player row read" "0 $work/notlog.db: houou-logs" "$? $(cat "$work/info-p3.out")"

# ---- report goes on after a bad row or member, naming it FILE:MEMBER as validate does ----
cp "$work/houou.db" "$work/report.db"
sqlite3 "$work/report.db" "insert into logs select '2020010100gm-00a9-0000-aftbad01', date, num_players, is_tonpu, is_processed, was_error, log from logs where id = '$(head -1 "$work/ids.tsv" | cut -f1)'"
"$paifu" report --format json "$work/report.db" >"$work/report-db.json" 2>"$work/report-db.err"
check "report over a database with a corrupt row: exit status" 2 $?
contains "report names the corrupt row" "$work/report-db.err" "report.db:2009082713gm-0009-0000-badbad01: error:"
"$py" - "$work/badmember.zip" "$samples/synthetic-tenhou.mjlog" <<'EOF' || fail "make badmember.zip"
import sys, zipfile
good = open(sys.argv[2], "rb").read()
with zipfile.ZipFile(sys.argv[1], "w") as z:  # a log cut short between two whole ones
    z.writestr("a.mjlog", good)
    z.writestr("b.mjlog", good[:60])  # cut in its first tags (a later cut: log.truncated)
    z.writestr("c.mjlog", good)
EOF
"$paifu" report --format json "$work/badmember.zip" >"$work/report-zip.json" 2>"$work/report-zip.err"
check "report over an archive with a bad member: exit status" 2 $?
contains "report names the bad member" "$work/report-zip.err" "badmember.zip:b.mjlog:"
"$py" - "$work/report-db.json" "$work/ids.tsv" "$work/report-zip.json" >"$work/report.cmp" 2>&1 <<'EOF' || fail "report after a bad row or member: $(cat "$work/report.cmp")"
import json, sys
db = json.load(open(sys.argv[1]))
ids = [l.split("\t")[0] for l in open(sys.argv[2]).read().splitlines()]
want = ["report.db:" + i for i in sorted(ids + ["2020010100gm-00a9-0000-aftbad01"])]
got = [g["file"].rsplit("/", 1)[-1] for g in db["games"]]
assert got == want, (got, want)  # every good row, the one after the corrupt row too
assert len(db["unreadable"]) == 1 and "report.db:2009082713gm-0009-0000-badbad01 [byte 4]: " in db["unreadable"][0], db["unreadable"]
z = json.load(open(sys.argv[3]))
assert [g["file"].rsplit("/", 1)[-1] for g in z["games"]] == ["badmember.zip:a.mjlog", "badmember.zip:c.mjlog"], z["games"]
assert len(z["unreadable"]) == 1 and "badmember.zip:b.mjlog:" in z["unreadable"][0] and "malformed XML" in z["unreadable"][0], z["unreadable"]
EOF

# ---- archives read as the folder they came from ----
"$py" "$tools/make_bulk.py" archives "$work/logs" "$work/pack" || fail "make archives"
"$paifu" validate --format jsonl "$work/logs" >"$work/dir.jsonl" 2>/dev/null
for a in pack.zip pack.tar pack.tar.gz; do
    "$paifu" info "$work/$a" 2>/dev/null | head -1 >"$work/info-$a.out"
    check "info names $a an archive" "$work/$a: archive" "$(cat "$work/info-$a.out")"
    "$paifu" validate --format jsonl "$work/$a" >"$work/$a.jsonl" 2>"$work/$a.err"
    "$py" - "$work/dir.jsonl" "$work/$a.jsonl" "$work/logs/" "$work/$a:" >"$work/$a.cmp" 2>&1 <<'EOF' || fail "$a against the folder: $(cat "$work/$a.cmp")"
import json, sys
def load(path, prefix):
    out = []
    for l in open(path):
        o = json.loads(l)
        if o["type"] == "skipped":  # a folder names its skipped files; an archive counts them
            continue
        if "file" in o:
            assert o["file"].startswith(prefix), (o["file"], prefix)
            o["file"] = o["file"][len(prefix):]
        if o["type"] == "finding":
            o["finding"]["where"].pop("file", None)
        if o["type"] == "game":
            o.pop("game")
        if o["type"] == "summary":
            o.pop("files")
        out.append(o)
    return out
a, b = load(sys.argv[1], sys.argv[3]), load(sys.argv[2], sys.argv[4])
assert a == b, [x for x in zip(a, b) if x[0] != x[1]][:2]
EOF
done

# ---- hostile archives: refused with a message, within the caps ----
mkdir -p "$work/hostile"
"$py" "$tools/make_bulk.py" hostile "$work/hostile" "$samples/synthetic-tenhou.mjlog" || fail "make hostile"
"$paifu" validate "$work/hostile/bomb.zip" >"$work/h.out" 2>"$work/h.err"; check "bomb exit" 2 $?
contains "bomb refused" "$work/h.err" "bomb.zip:zeros.xml: error: member inflates more than 100 times"
contains "bomb: the member before it read" "$work/h.out" "1 game"
"$paifu" validate "$work/hostile/traversal.zip" >"$work/h.out" 2>"$work/h.err"; check "traversal exit" 2 $?
contains "traversal refused" "$work/h.err" "traversal.zip:../evil.xml: error: member name leaves the archive"
contains "traversal: the good member read" "$work/h.out" "1 game"
"$paifu" validate --max-members 10 "$work/hostile/many.zip" >"$work/h.out" 2>"$work/h.err"; check "many exit" 2 $?
contains "member count refused" "$work/h.err" "many.zip: error: archive holds more than 10 members"
"$paifu" validate "$work/hostile/nested.zip" >"$work/h.out" 2>"$work/h.err"; check "nested exit" 2 $?
contains "nested zip refused" "$work/h.err" "nested.zip:inner.zip: error: an archive or database inside an archive: refused"
contains "nested: the good member read" "$work/h.out" "1 game"
"$paifu" validate "$work/hostile/nested-tgz.zip" >"$work/h.out" 2>"$work/h.err"; check "nested tgz exit" 2 $?
contains "nested tar.gz refused" "$work/h.err" "inner.tar.gz: error: an archive or database inside an archive"

# ---- JSON lines: its schema, and the same findings as the JSON report ----
# the hand-built game with one score change off by 1000: two findings
sed 's/"deltas": \[-1000, -2000, 5000, -1000\]/"deltas": [-1000, -2000, 4000, -1000]/' \
    "$src/tests/data/stats-handbuilt.paifu.json" >"$work/tampered.paifu.json"
"$paifu" validate --format jsonl "$samples" "$work/tampered.paifu.json" "$work/houou.db" >"$work/all.jsonl" 2>/dev/null
"$paifu" validate --format json "$samples" "$work/tampered.paifu.json" "$work/houou.db" >"$work/all.json" 2>/dev/null
"$paifu" validate --format jsonl -j 3 "$samples" "$work/tampered.paifu.json" "$work/houou.db" >"$work/all-j3.jsonl" 2>/dev/null
cmp -s "$work/all.jsonl" "$work/all-j3.jsonl" && ok || fail "jsonl differs at -j 3"
"$py" "$tools/check_schema.py" "$src/schemas/report-lines.schema.json" "$work/all.jsonl" >"$work/schema.out" || fail "jsonl schema: $(cat "$work/schema.out")"
"$py" "$tools/check_schema.py" "$src/schemas/report.schema.json" "$work/all.json" >"$work/schema.out" || fail "json schema: $(cat "$work/schema.out")"
"$py" - "$work/all.jsonl" "$work/all.json" >"$work/lines.cmp" 2>&1 <<'EOF' || fail "jsonl against json: $(cat "$work/lines.cmp")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
report = json.load(open(sys.argv[2]))
a = [l["finding"] for l in lines if l["type"] == "finding"]
b = [f for file in report["files"] for f in file["findings"]]
assert a == b and len(a) > 0, (len(a), len(b))
s = dict(lines[-1]); s.pop("type"); s.pop("exit_status")
assert s == report["summary"], (s, report["summary"])
assert lines[-1]["exit_status"] == report["exit_status"]
EOF

# ---- export to SQLite, queried with the sqlite3 CLI ----
"$paifu" export -q -o "$work/samples.db" "$samples" "$work/houou.db" 2>/dev/null
"$paifu" validate --format json "$samples" "$work/houou.db" >"$work/v.json" 2>/dev/null
want=$("$py" -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; print(s['games'], s['deals'], s['wins'], s['draws'])" "$work/v.json")
got="$(sqlite3 "$work/samples.db" 'select count(*) from games') $(sqlite3 "$work/samples.db" 'select count(*) from deals') $(sqlite3 "$work/samples.db" 'select count(*) from wins') $(sqlite3 "$work/samples.db" 'select sum(draws) from games')"
check "export counts = validate's" "$want" "$got"
check "export: every deal-in is a ron row" "$(sqlite3 "$work/samples.db" 'select count(*) from wins where payer is not null')" \
    "$(sqlite3 "$work/samples.db" 'select count(*) from wins w where tsumo = 0')"
check "export: the ref column holds the log ids" "$n_logs" "$(sqlite3 "$work/samples.db" "select count(*) from games where ref like '__________gm-%'")"
"$paifu" export -q -f csv -o "$work/csv" "$samples" 2>/dev/null
check "csv: one line per game plus the header" "$(($(sqlite3 "$work/samples.db" "select count(*) from games where source not like '%houou.db%'") + 1))" "$(wc -l <"$work/csv/games.csv")"
"$paifu" export -q -f jsonl -o - "$samples" 2>/dev/null | grep -c '"table": "deals"' >"$work/n" ; check "jsonl deals rows" "$(sqlite3 "$work/samples.db" "select count(*) from deals d join games g using (game_id) where g.source not like '%houou.db%'")" "$(cat "$work/n")"
if [ $have_corpus = 1 ]; then
    # corpus/README.md: 847 complete Tenhou XML games (185 of three players), and the deals
    # MANIFEST.tsv gives per file
    mkdir -p "$work/txml"
    "$paifu" export -q -o "$work/corpus.db" --rules tenhou "$corpus/tenhou-xml" 2>"$work/corpus.err"
    check "corpus: complete games (README: 847)" 847 "$(sqlite3 "$work/corpus.db" "select count(*) from games where source not like '%/_partial/%'")"
    check "corpus: three-player games (README: 185)" 185 "$(sqlite3 "$work/corpus.db" "select count(*) from games where players = 3 and source not like '%/_partial/%'")"
    manifest=$(awk -F'\t' '$1 ~ /^tenhou-xml\// && $1 !~ /_partial/ {s += $7} END {print s}' "$corpus/MANIFEST.tsv")
    check "corpus: deals (MANIFEST.tsv)" "$manifest" "$(sqlite3 "$work/corpus.db" "select count(*) from deals d join games g using (game_id) where g.source not like '%/_partial/%'")"
    "$paifu" validate -q --format json "$corpus/tenhou-xml" >"$work/cv.json" 2>/dev/null
    want=$("$py" -c "import json,sys; s=json.load(open(sys.argv[1]))['summary']; print(s['wins'], s['draws'])" "$work/cv.json")
    check "corpus: wins and draws = validate's" "$want" "$(sqlite3 "$work/corpus.db" 'select count(*) from wins') $(sqlite3 "$work/corpus.db" 'select sum(draws) from games')"
fi

# ---- export's computed (c_) values are the replay's, the values validate's findings expect ----
# the hand-built one-deal log with a wrong recorded fu, and one with wrong recorded points; with
# the corpus, its tenhou6 logs too (converted logs whose recorded values are wrong, and no
# recorded hand: only the replay can score them)
sed 's/"fu": 30, "points": 2000/"fu": 40, "points": 2000/' "$samples/handmade-rrc-one-deal.paifu.json" >"$work/wrong-fu.paifu.json"
sed 's/"fu": 30, "points": 2000/"fu": 30, "points": 2600/' "$samples/handmade-rrc-one-deal.paifu.json" >"$work/wrong-points.paifu.json"
computed_in=("$work/wrong-fu.paifu.json" "$work/wrong-points.paifu.json" "$work/houou.db")
[ $have_corpus = 1 ] && computed_in+=("$corpus/tenhou6")
"$paifu" validate --format jsonl "${computed_in[@]}" >"$work/computed-v.jsonl" 2>/dev/null
"$paifu" export -q -f jsonl -o - "${computed_in[@]}" >"$work/computed-x.jsonl" 2>/dev/null
"$py" - "$work/computed-v.jsonl" "$work/computed-x.jsonl" "$work/wrong-" >"$work/computed.cmp" 2>&1 <<'EOF' || fail "export's c_ columns against validate's findings: $(cat "$work/computed.cmp")"
import json, re, sys
from collections import defaultdict
lines = [json.loads(l) for l in open(sys.argv[1])]
rows = [json.loads(l) for l in open(sys.argv[2])]
# games by (file, number in the file), in both outputs
games, count = {}, defaultdict(int)
for r in rows:
    if r["table"] == "games":
        count[r["source"]] += 1
        games[r["game_id"]] = (r["source"], count[r["source"]])
wins = defaultdict(list)
for r in rows:
    if r["table"] == "wins":
        wins[games[r["game_id"]]].append(r)
col = {"score.han": "han", "score.fu": "fu", "score.points": "points"}
checked = defaultdict(int)
for l in lines:
    if l["type"] != "finding" or l["finding"]["code"] not in col:
        continue
    f, c = l["finding"], col[l["finding"]["code"]]
    if "yakuman" in f["expected"]:
        continue
    key = (l["file"], l["game"])
    match = [w for w in wins[key] if str(w[c]) == f["recorded"] and str(w["c_" + c]) == f["expected"]]
    assert match, f"{key}: {f['code']} expects {f['expected']}, records {f['recorded']}; export: " + str([(w[c], w["c_" + c]) for w in wins[key]])
    checked[f["code"]] += 1
    checked["tampered"] += l["file"].startswith(sys.argv[3])
assert checked["tampered"] == 2 and checked["score.fu"] >= 1 and checked["score.points"] >= 1, dict(checked)
fu = wins[(sys.argv[3] + "fu.paifu.json", 1)][0]
assert (fu["fu"], fu["c_fu"], fu["c_status"]) == (40, 30, "ok"), fu
pts = wins[(sys.argv[3] + "points.paifu.json", 1)][0]
assert (pts["points"], pts["c_points"]) == (2600, 2000), pts
# these logs' wins all replay to a score, the tenhou6 ones too, which record no hand to score
# a win from without the replay; a score that is no valid win is the one validate reports
scored = sum(1 for k in wins for w in wins[k] if w["c_status"] is not None)
assert scored == lines[-1]["wins"], (scored, lines[-1]["wins"])
# the message says the status in words (lib/base/finding.c, paifu_finding__status_words)
words = {"not_complete": "not complete", "no_yaku": "without a yaku",
         "below_minimum": "below the minimum of yaku han",
         "chankan_ankan": "a closed kan robbed by other than kokushi"}
invalid = sorted((k, words[w["c_status"]]) for k in wins for w in wins[k] if w["c_status"] != "ok")
# "NAME (seat N)'s win is not valid: STATUS[ (why)]; what follows under the rule set"
said = sorted(((l["file"], l["game"]),
               re.search(r"'s win is not valid: (.*?)(?: \(|;|$)", l["finding"]["message"]).group(1))
              for l in lines
              if l["type"] == "finding" and "'s win is not valid: " in l["finding"]["message"])
assert invalid == said, (invalid, said)
print("ok", dict(checked), scored, "wins scored")
EOF

# ---- stats on a hand-built game whose rates are known (tests/data/stats-handbuilt.paifu.json):
# 4 deals; A deals in twice (2000, 11600), riichi once, tenpai at the one exhaustive draw;
# B wins once by ron (2000); C riichi and tsumo (4000); D calls pon in the one deal with
# events, wins 11600 by ron, tenpai at the draw; final points 15600/28500/32500/43400 ----
"$paifu" stats -f json "$src/tests/data/stats-handbuilt.paifu.json" >"$work/stats.json" 2>&1
"$py" - "$work/stats.json" >"$work/stats.cmp" 2>&1 <<'EOF' || fail "stats: $(cat "$work/stats.cmp")"
import json, sys
p = {x["name"]: x for x in json.load(open(sys.argv[1]))["players"]}
want = {
    "A": dict(games=1, deals=4, avg_place=4, fourth=1, win=0, deal_in=0.5, riichi=0.25, call=0, tsumo=None, avg_win=None, avg_deal_in=6800, tenpai_at_draw=1),
    "B": dict(avg_place=3, third=1, win=0.25, deal_in=0, riichi=0, call=0, tsumo=0, avg_win=2000, avg_deal_in=None, tenpai_at_draw=0),
    "C": dict(avg_place=2, second=1, win=0.25, riichi=0.25, tsumo=1, avg_win=4000, tenpai_at_draw=0),
    "D": dict(avg_place=1, first=1, win=0.25, call=1, tsumo=0, avg_win=11600, tenpai_at_draw=1),
}
for name, stats in want.items():
    for k, v in stats.items():
        assert p[name][k] == v, (name, k, p[name][k], v)
EOF
"$paifu" stats -f csv "$src/tests/data/stats-handbuilt.paifu.json" >"$work/stats.csv" 2>&1
contains "stats csv" "$work/stats.csv" 'D,4,riichi,1,4,1,1,0,0,0,0.25,0,0,1,0,11600,,1'
"$paifu" report --format html "$src/tests/data/stats-handbuilt.paifu.json" >"$work/stats.html" 2>&1
contains "the HTML report's statistics section" "$work/stats.html" '<section id="stats-section">'
"$py" - "$work/stats.html" >"$work/stats-html.cmp" 2>&1 <<'EOF2' || fail "HTML statistics: $(cat "$work/stats-html.cmp")"
import re, sys
html = open(sys.argv[1]).read()
table = html[html.index('<table id="player-stats">'):]
table = table[:table.index('</table>')]
rows = {r[0]: r for r in (re.findall(r'<t[hd][^>]*>([^<]*)</t[hd]>', tr) for tr in re.findall(r'<tr>(.*?)</tr>', table, re.S)) if r}
assert rows["D"][1:] == ["1", "4", "1.00", "100.0%", "0.0%", "0.0%", "0.0%", "25.0%", "0.0%", "0.0%", "100.0%", "0.0%", "11600", "—", "100.0%"], rows["D"]
assert rows["A"][9] == "50.0%" and rows["A"][14] == "6800", rows["A"]
EOF2
"$paifu" stats "$samples/session-rrc.paifu.json" >"$work/stats.txt" 2>&1
contains "score sheet: no call rate" "$work/stats.txt" "Dana"

# ---- the progress line: on a terminal's stderr only ----
if command -v script >/dev/null; then
    script -qfec "'$paifu' validate '$work/houou.db' >/dev/null" /dev/null >"$work/tty.out" 2>&1 </dev/null
    contains "progress on a terminal" "$work/tty.out" "games/s"
    script -qfec "'$paifu' validate -q '$work/houou.db' >/dev/null" /dev/null >"$work/tty.out" 2>&1 </dev/null
    lacks "no progress with -q" "$work/tty.out" "games/s"
    script -qfec "'$paifu' validate --format json '$work/houou.db' >/dev/null" /dev/null >"$work/tty.out" 2>&1 </dev/null
    lacks "no progress with --format json" "$work/tty.out" "games/s"
fi
"$paifu" validate "$work/houou.db" >/dev/null 2>"$work/notty.err"
lacks "no progress when stderr is no terminal" "$work/notty.err" "games/s"

# ---- convert per game, gzip'd, as Mortal keeps its training data ----
mkdir -p "$work/mjai"
"$paifu" convert -q --to mjai --gzip --suffix .json.gz -o "$work/mjai" "$work/houou.db" 2>"$work/conv.err"
check "one .json.gz per game" "$n_logs" "$(find "$work/mjai" -name '*.json.gz' | wc -l)"
first=$(head -1 "$work/ids.tsv" | cut -f1)
[ -f "$work/mjai/$first.json.gz" ] && ok || fail "named by the log id: $first.json.gz"
gzip -dc "$work/mjai/$first.json.gz" | head -1 | grep -q '"type":"start_game"' && ok || fail "gzip'd mjai"
"$paifu" validate --summary "$work/mjai" >"$work/mjai.out" 2>&1
# the summary says "1 game" for one (the samples alone, without the corpus) and "N games" for more
games_word=games; [ "$n_logs" -eq 1 ] && games_word=game
contains "the gzip'd mjai read back" "$work/mjai.out" "), $n_logs $games_word,"
"$paifu" convert -q --to mjai --gzip-level 13 -o "$work/mjai" "$work/houou.db" >/dev/null 2>"$work/level.err"
check "--gzip-level 13: a usage error" 2 $?
contains "--gzip-level's range" "$work/level.err" "--gzip-level expects 1 to 12, found '13'"
mkdir -p "$work/mjai6"
"$paifu" convert -q --to mjai --gzip-level 6 --suffix .json.gz -o "$work/mjai6" "$work/houou.db" 2>/dev/null
cmp -s <(gzip -dc "$work/mjai/$first.json.gz") <(gzip -dc "$work/mjai6/$first.json.gz") && ok || fail "level 6 inflates to the same mjai as level 1"

echo "$pass passed, $failures failed"
[ $failures = 0 ]

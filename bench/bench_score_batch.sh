#!/usr/bin/env bash
# bench_score_batch.sh BUILD_DIR [REPEAT] [PATH...]: hands per second of 'paifu score --batch'.
#
# The hands are the recorded wins of real logs (default: the corpus's tenhou-xml folder),
# written as batch lines by 'bench_score --emit-lines' and repeated REPEAT times (default 70:
# about 500,000 lines for the corpus's 7,133 wins), and the same lines as JSON lines ({"hand":
# ..., "round": "S", "tsumo": true, ...}: the same hands, the same results). Each input form and
# output format is run three times under one rule set (tenhou) with the output thrown away; the
# figure is hands per CPU second (user + system, /usr/bin/time), the best of the three runs.
# One process, one core.
# Not a test: timings depend on the machine.
set -eu
build=${1:?usage: bench_score_batch.sh BUILD_DIR [REPEAT] [PATH...]}
repeat=${2:-70}
shift $(( $# > 1 ? 2 : 1 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/bench/bench_score" --emit-lines "$work/once.txt" "$@" 2>"$work/emit.err" || {
    cat "$work/emit.err"; exit 2; }
for _ in $(seq "$repeat"); do cat "$work/once.txt"; done > "$work/lines.txt"
lines=$(wc -l < "$work/lines.txt")
echo "bench_score_batch: paifu score --batch --rules tenhou over $lines lines" \
     "($(wc -l < "$work/once.txt") recorded wins x $repeat)"
/usr/bin/python3 - "$(dirname "$0")/../tests/tools" "$work/lines.txt" "$work/lines.jsonl" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from score_lines import as_json_line
with open(sys.argv[2]) as src, open(sys.argv[3], "w") as dst:
    for line in src:
        dst.write(as_json_line(line) + "\n")
PY
for input in lines.txt lines.jsonl; do
    for fmt in text json; do
        best=""
        for _ in 1 2 3; do
            s=$( { /usr/bin/time -f "%U %S" "$build/cli/paifu" score --batch --rules tenhou \
                   --format "$fmt" "$work/$input" > /dev/null; } 2>&1 | tail -1)
            cpu=$(echo "$s" | awk '{print $1 + $2}')
            if [ -z "$best" ] || awk "BEGIN{exit !($cpu < $best)}"; then best=$cpu; fi
        done
        rate=$(awk "BEGIN{printf \"%.0f\", $lines / $best}")
        echo "  $input --format $fmt: best of 3: $best s CPU -> $rate hands/s"
    done
done
cmp -s <("$build/cli/paifu" score --batch --rules tenhou --format json "$work/lines.txt") \
       <("$build/cli/paifu" score --batch --rules tenhou --format json "$work/lines.jsonl") ||
    echo "  (!) the JSON lines' results differ from the notation's"
echo "  machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"

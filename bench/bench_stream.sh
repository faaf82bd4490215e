#!/usr/bin/env bash
# bench_stream.sh BUILD_DIR [REPEAT] [DIR]: 'paifu validate' over one large file of concatenated
# games, read from the file and from standard input: peak memory (maximum resident set size)
# and games per CPU second, and whether its findings are those of the per-file run.
#
# The file is every Tenhou XML log of DIR (default: the corpus's tenhou-xml folder, _partial/
# left out: truncated logs), in name order, gzip inflated, each followed by a newline, the
# whole repeated REPEAT times (default 16: 13,552 games, about 200 MB). The per-file run is
# 'paifu validate' over those files once. Findings are compared with the file name, the
# line:column and the game number taken out (in the large file they count from its start); the
# rule notes are left out: a Tenhou log's date comes from its file name (the log id), which
# the large file does not have, and the note names what that leaves unknown (the findings are
# the same). The file and stdin runs must print the same apart from the name. One process, one
# thread; CPU time is user + system from /usr/bin/time. Then -j 2 (file and stdin: the same
# output as -j 1, and its peak memory) and the wall-clock time of validate -q at -j 1 against
# -j 2 (best of three each). Not a test: timings depend on the machine.
set -eu
build=${1:?usage: bench_stream.sh BUILD_DIR [REPEAT] [DIR]}
repeat=${2:-16}
dir=${3:-$(dirname "$0")/../../shared/corpus/tenhou-xml}
paifu=$build/cli/paifu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "$dir" -type f -not -path '*/_partial/*' | LC_ALL=C sort > "$work/files"
while read -r f; do zcat -f "$f"; echo; done < "$work/files" > "$work/once.xml"
for _ in $(seq "$repeat"); do cat "$work/once.xml"; done > "$work/big.xml"
n_files=$(wc -l < "$work/files")
size=$(stat -c %s "$work/big.xml")
echo "bench_stream: $n_files logs x $repeat = one file of $size bytes"

. "$(dirname "$0")/stream_common.sh"

xargs -a "$work/files" -d '\n' "$paifu" validate > "$work/perfile.txt" 2>&1 || true
normalise < "$work/perfile.txt" > "$work/perfile.norm"
for _ in $(seq "$repeat"); do cat "$work/perfile.norm"; done > "$work/expected.norm"

run file "$paifu" validate "$work/big.xml"
run stdin sh -c "exec '$paifu' validate - < '$work/big.xml'"
run summary "$paifu" validate --summary "$work/big.xml" # no finding printed; the counts
compare "$work/big.xml"
# -j 2: the file's games checked by two workers, printed in order (the same output), and the
# wall-clock time against -j 1 (best of three runs each; only meaningful on an idle machine)
run j2file "$paifu" validate -j 2 "$work/big.xml"
run j2stdin sh -c "exec '$paifu' validate -j 2 - < '$work/big.xml'"
if cmp -s "$work/file.txt" "$work/j2file.txt" && cmp -s "$work/stdin.txt" "$work/j2stdin.txt"; then
    echo "  -j 2: the same output as -j 1, from the file and from stdin"
else
    echo "  -j 2 output DIFFERS from -j 1's"
    exit 1
fi
wall() { # wall JOBS: the best wall-clock seconds of three 'validate -q -j JOBS' runs
    local best="" t
    for _ in 1 2 3; do
        /usr/bin/time -f "%e" -o "$work/wall" "$paifu" validate -q -j "$1" "$work/big.xml" > /dev/null 2>&1 || true
        t=$(tail -1 "$work/wall")
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    done
    echo "$best"
}
w1=$(wall 1)
w2=$(wall 2)
games=$(grep -Eo '[0-9]+ games?' "$work/summary.txt" | tail -1 | cut -d' ' -f1)
echo "  wall-clock, validate -q, best of 3: -j 1 $w1 s ($(awk "BEGIN{printf \"%.0f\", $games / $w1}") games/s)," \
     "-j 2 $w2 s ($(awk "BEGIN{printf \"%.0f\", $games / $w2}") games/s): x$(awk "BEGIN{printf \"%.2f\", $w1 / $w2}")"
echo "  machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# bench_formats.sh BUILD_DIR [--callgrind] [FOLDER...]: 'paifu validate -q' over each corpus
# folder (default: tenhou-xml tenhou6 mjai majsoul mcr), one process, one thread.
#
# Per folder: games, deals (from 'paifu validate --summary': -q prints no summary) and input
# bytes (files inflated), then the best of five runs in CPU
# time (user + system, /usr/bin/time) of one process given the folder REPEAT times (default 20,
# env REPEAT) as games/s, deals/s and MB of input/s. With --callgrind,
# instead of timing, the instructions of one run (valgrind --tool=callgrind, whole program) and
# per deal: the stable figure on a shared machine. CG_REPEAT (default 1) gives the folder that
# many times to the one callgrind run, so that process start is shared out over more deals (the
# corpus's mjai folder holds only 81 deals, and process start is a quarter of one pass).
# Not a test: timings depend on the machine.
set -eu
build=${1:?usage: bench_formats.sh BUILD_DIR [--callgrind] [FOLDER...]}
shift
cg=0
if [ "${1:-}" = --callgrind ]; then cg=1; shift; fi
corpus=$(dirname "$0")/../../shared/corpus
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=(tenhou-xml tenhou6 mjai majsoul mcr)
paifu=$build/cli/paifu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for f in "${folders[@]}"; do
    d=$corpus/$f
    [ -d "$d" ] || d=$f
    summary=$("$paifu" validate --summary "$d" 2>/dev/null | tail -1 || true)
    games=$(echo "$summary" | grep -Eo '[0-9]+ games?' | cut -d' ' -f1 || true)
    deals=$(echo "$summary" | grep -Eo '[0-9]+ deals?' | cut -d' ' -f1 || true)
    if [ -z "$games" ] || [ -z "$deals" ] || [ "$deals" = 0 ]; then
        echo "bench_formats.sh: $d: no game or deal read (validate --summary said: '$summary')" >&2
        exit 1
    fi
    bytes=$(find "$d" -type f ! -name '*.md' ! -name '*.tsv' -exec zcat -f {} + | wc -c)
    rep=${REPEAT:-20}
    [ $cg = 0 ] || rep=${CG_REPEAT:-1}
    args=()
    for _ in $(seq "$rep"); do args+=("$d"); done
    games=$((games * rep))
    deals=$((deals * rep))
    bytes=$((bytes * rep))
    if [ $cg = 1 ]; then
        valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$paifu" validate -q "${args[@]}" \
            > /dev/null 2> "$work/cg.err" || true
        ir=$(grep -Eo 'Collected : [0-9]+' "$work/cg.err" | grep -Eo '[0-9]+')
        echo "$f: $games games, $deals deals, $bytes bytes: $ir instructions," \
             "$(awk "BEGIN{printf \"%.0f\", $ir / $deals}") per deal," \
             "$(awk "BEGIN{printf \"%.1f\", $ir / $bytes}") per input byte"
        continue
    fi
    best=""
    for _ in 1 2 3 4 5; do
        /usr/bin/time -f "%U %S" -o "$work/t" "$paifu" validate -q "${args[@]}" > /dev/null 2>&1 || true
        cpu=$(tail -1 "$work/t" | awk '{print $1 + $2}')
        if [ -z "$best" ] || awk "BEGIN{exit !($cpu < $best)}"; then best=$cpu; fi
    done
    echo "$f: $games games, $deals deals, $bytes bytes; best of 5: $best s CPU ->" \
         "$(awk "BEGIN{printf \"%.0f games/s, %.0f deals/s, %.1f MB/s\", $games / $best, $deals / $best, $bytes / $best / 1e6}")"
done
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"

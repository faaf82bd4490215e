#!/usr/bin/env bash
# bench_archive.sh BUILD_DIR [COPIES] [DIR]: 'paifu validate -q' over an archive-sized folder of
# real Tenhou logs and over one concatenated file of them, at -j 1 and -j 2 (issue 40).
#
# The folder is DIR (default: the corpus's tenhou-xml folder, _partial/ left out: truncated
# logs) copied COPIES times (default 12: 847 x 12 = 10,164 games), each copy in a folder of its
# own so that every file keeps its name (a Tenhou log's date comes from it); the file is every
# log of DIR inflated, each followed by a newline, the whole repeated 16 times (about 200 MB).
# Both are read once first (the page cache warm). Then, best of three runs each:
#   - CPU time (user + system, /usr/bin/time) of -j 1: games per CPU second;
#   - wall-clock time of -j 1 and of -j 2: the speed-up;
#   - a second method for what two cores give: two -j 1 processes at once, each over half the
#     copies (the folder), against one over all of them; the machine's own ceiling for -j 2;
# and that -j 2 prints what -j 1 prints (stdout and stderr), over the folder and the file.
# Not a test: timings depend on the machine; run it with nothing else running and say the load.
set -eu
build=${1:?usage: bench_archive.sh BUILD_DIR [COPIES] [DIR]}
copies=${2:-12}
dir=${3:-$(dirname "$0")/../../shared/corpus/tenhou-xml}
paifu=$build/cli/paifu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/one"
tar -C "$dir" --exclude=./_partial -cf - . | tar -C "$work/one" -xf -
for i in $(seq -w 1 "$copies"); do
    mkdir -p "$work/folder/c$i"
    cp -r "$work/one/." "$work/folder/c$i/"
done
half0=$(find "$work/folder" -mindepth 1 -maxdepth 1 -name 'c*' | LC_ALL=C sort | awk 'NR % 2')
half1=$(find "$work/folder" -mindepth 1 -maxdepth 1 -name 'c*' | LC_ALL=C sort | awk '!(NR % 2)')
find "$work/one" -type f | LC_ALL=C sort | while read -r f; do zcat -f "$f"; echo; done > "$work/once.xml"
for _ in $(seq 16); do cat "$work/once.xml"; done > "$work/big.xml"
games=$("$paifu" validate --summary "$work/folder" 2>/dev/null | grep -Eo '[0-9]+ games?' | cut -d' ' -f1 || true)
fgames=$("$paifu" validate --summary "$work/big.xml" 2>/dev/null | grep -Eo '[0-9]+ games?' | cut -d' ' -f1 || true)
echo "bench_archive: a folder of $(find "$work/folder" -type f | wc -l) files ($games games)," \
     "one file of $(stat -c %s "$work/big.xml") bytes ($fgames games)"
best() { # best FIELD CMD...: the least of three /usr/bin/time readings (FIELD: cpu or wall)
    local field=$1 b="" t
    shift
    for _ in 1 2 3; do
        /usr/bin/time -f "%U %S %e" -o "$work/t" "$@" > /dev/null 2>&1 || true
        read -r u s e < <(tail -1 "$work/t")
        if [ "$field" = cpu ]; then t=$(awk "BEGIN{print $u + $s}"); else t=$e; fi
        if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
    done
    echo "$b"
}
same() { # same INPUT: -j 2 prints what -j 1 prints
    "$paifu" validate -j 1 "$1" > "$work/o1" 2> "$work/e1" || true
    "$paifu" validate -j 2 "$1" > "$work/o2" 2> "$work/e2" || true
    if cmp -s "$work/o1" "$work/o2" && cmp -s "$work/e1" "$work/e2"; then echo "the same"; else echo "DIFFERENT"; fi
}
ratio() { awk "BEGIN{printf \"%.2f\", $1 / $2}"; }
for input in folder big.xml; do
    n=$games
    [ "$input" = big.xml ] && n=$fgames
    cpu=$(best cpu "$paifu" validate -q -j 1 "$work/$input")
    w1=$(best wall "$paifu" validate -q -j 1 "$work/$input")
    w2=$(best wall "$paifu" validate -q -j 2 "$work/$input")
    echo "$input: -j 1 $cpu s CPU ($(awk "BEGIN{printf \"%.0f\", $n / $cpu}") games per CPU second);" \
         "wall -j 1 $w1 s, -j 2 $w2 s: x$(ratio "$w1" "$w2"); -j 2 output $(same "$work/$input") as -j 1's"
done
# two processes at once over the halves, against one over the whole folder
w1=$(best wall "$paifu" validate -q -j 1 "$work/folder")
# shellcheck disable=SC2086 # the halves are lists of folders without spaces
two=$(best wall sh -c "'$paifu' validate -q -j 1 $(echo $half0) >/dev/null 2>&1 & '$paifu' validate -q -j 1 $(echo $half1) >/dev/null 2>&1; wait")
echo "two -j 1 processes at once, each over half the folder: $two s against $w1 s for one: x$(ratio "$w1" "$two")"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"

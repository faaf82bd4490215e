#!/usr/bin/env bash
# bench_stream_json.sh BUILD_DIR [MB]: 'paifu validate' over one large file of concatenated JSON
# logs (tenhou6 documents, mjai JSON lines), read from the file and from standard input: peak
# memory (maximum resident set size), games per CPU second, and whether its findings are those
# of the per-file run.
#
# Per format, the file is the corpus's logs of that folder in name order, each followed by a
# newline, repeated up to about MB megabytes (default 200). tenhou6 takes the whole games only
# (a log with `sc`): a log without it is continued by the next one of the same players and rule
# (mjx's rounds), so that in one file it would not be a game of its own. The per-file run is
# 'paifu validate' over those files once. Findings are compared with the file name, the
# line:column and the game number taken out (in the large file they count from its start). The
# file and stdin runs must print the same apart from the name. One process, one thread; CPU
# time is user + system from /usr/bin/time. Not a test: timings depend on the machine.
set -eu
build=${1:?usage: bench_stream_json.sh BUILD_DIR [MB]}
mb=${2:-200}
corpus=$(dirname "$0")/../../shared/corpus
paifu=$build/cli/paifu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

. "$(dirname "$0")/stream_common.sh"

for format in tenhou6 mjai; do
    find "$corpus/$format" -type f | LC_ALL=C sort > "$work/all"
    if [ "$format" = tenhou6 ]; then
        xargs -a "$work/all" -d '\n' grep -l '"sc"' > "$work/files" || true
    else
        cp "$work/all" "$work/files"
    fi
    while read -r f; do cat "$f"; [ -z "$(tail -c1 "$f")" ] || echo; done < "$work/files" \
        > "$work/once"
    once=$(stat -c %s "$work/once")
    repeat=$(( (mb * 1000000 + once - 1) / once ))
    for _ in $(seq "$repeat"); do cat "$work/once"; done > "$work/big.json"
    size=$(stat -c %s "$work/big.json")
    echo "bench_stream_json $format: $(wc -l < "$work/files") logs x $repeat = one file of" \
         "$size bytes"
    xargs -a "$work/files" -d '\n' "$paifu" validate > "$work/perfile.txt" 2>&1 || true
    normalise < "$work/perfile.txt" > "$work/perfile.norm"
    for _ in $(seq "$repeat"); do cat "$work/perfile.norm"; done > "$work/expected.norm"
    run file "$paifu" validate "$work/big.json"
    run stdin sh -c "exec '$paifu' validate - < '$work/big.json'"
    compare "$work/big.json"
done
echo "  machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); load $(cut -d' ' -f1-3 /proc/loadavg)"

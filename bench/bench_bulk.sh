#!/usr/bin/env bash
# bench_bulk.sh: throughput and memory of the bulk paths over a houou-logs database built from
# the corpus's complete Tenhou mjlogs repeated under fresh ids (tests/tools/make_bulk.py):
#   validate -q, export to SQLite, convert --to mjai --gzip (one .json.gz per game, at the
#   default level 1 and at --gzip-level 6).
# Each is run over databases of two sizes; the peak RSS (GNU time) must stay flat as the game
# count grows, since the rows are read one at a time. Wall time on a shared machine follows its
# load: the CPU time (user + system) and games per CPU second are the figures to compare.
# usage: bench/bench_bulk.sh PAIFU [CORPUS_DIR] [COPIES_SMALL] [COPIES_LARGE]
#   PAIFU a Release build's paifu; copies default 3 and 12 (847 logs each: 2,541 and 10,164 games)
set -eu
paifu=$1
corpus=${2:-$(dirname "$0")/../../shared/corpus}
small=${3:-3} large=${4:-12}
py=/usr/bin/python3
work=$(mktemp -d /tmp/bench-bulk.XXXXXX)
trap 'rm -rf "$work"' EXIT
mapfile -t logs < <(find "$corpus/tenhou-xml" -path '*/_partial' -prune -o -type f -print | sort)
printf 'logs: %d complete Tenhou mjlogs from %s\n' "${#logs[@]}" "$corpus/tenhou-xml"
for copies in "$small" "$large"; do
    db=$work/houou-$copies.db
    "$py" "$(dirname "$0")/../tests/tools/make_bulk.py" db "$db" --copies "$copies" "${logs[@]}" >/dev/null
    games=$((copies * ${#logs[@]}))
    printf '\n%d games (%d copies), database %d MB\n' "$games" "$copies" $(($(stat -c %s "$db") >> 20))
    run() { # run NAME COMMAND...
        local name=$1; shift
        /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || true
        read -r secs user sys kb < <(tail -1 "$work/time")
        cpu=$(echo "$user + $sys" | bc -l)
        printf '  %-34s %7.2f s wall  %6.2f s CPU (%5.2f user)  %6.0f games/CPU s  peak RSS %6d KB\n' \
            "$name" "$secs" "$cpu" "$user" "$(echo "$games / $cpu" | bc -l)" "$kb"
    }
    run "validate -q" "$paifu" validate -q "$db"
    rm -f "$work/out.db"
    run "export -f sqlite" "$paifu" export -q -o "$work/out.db" "$db"
    for level in 1 6; do # a fresh folder each time: deleting 10,000 files just before costs
        mkdir "$work/mjai-$copies-$level" # the file system's time in the next run's creations
        run "convert --to mjai --gzip-level $level" "$paifu" convert -q --to mjai \
            --gzip-level "$level" --suffix .json.gz -o "$work/mjai-$copies-$level" "$db"
        printf '  (%d .json.gz written, %d MB)\n' \
            "$(find "$work/mjai-$copies-$level" -name '*.json.gz' | wc -l)" \
            "$(($(du -sk --apparent-size "$work/mjai-$copies-$level" | cut -f1) >> 10))"
    done
done

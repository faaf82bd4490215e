#!/usr/bin/env bash
# bench_bulk.sh: throughput and memory of the bulk paths over a houou-logs database built from
# the corpus's complete Tenhou mjlogs repeated under fresh ids (tests/tools/make_bulk.py):
#   validate -q, export to SQLite, convert --to mjai --gzip (one .json.gz per game).
# Each is run over databases of two sizes; the peak RSS (GNU time) must stay flat as the game
# count grows, since the rows are read one at a time.
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
        /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/err" || true
        read -r secs kb < <(tail -1 "$work/time")
        printf '  %-32s %7.2f s  %8.0f games/s  peak RSS %6d KB\n' "$name" "$secs" \
            "$(echo "$games / $secs" | bc -l)" "$kb"
    }
    run "validate -q" "$paifu" validate -q "$db"
    rm -f "$work/out.db"
    run "export -f sqlite" "$paifu" export -q -o "$work/out.db" "$db"
    rm -rf "$work/mjai" && mkdir "$work/mjai"
    run "convert --to mjai --gzip" "$paifu" convert -q --to mjai --gzip --suffix .json.gz \
        -o "$work/mjai" "$db"
    printf '  (%d .json.gz written, %d MB)\n' "$(find "$work/mjai" -name '*.json.gz' | wc -l)" \
        "$(($(du -sk "$work/mjai" | cut -f1) >> 10))"
done

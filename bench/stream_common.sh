# stream_common.sh: what bench_stream.sh and bench_stream_json.sh share (sourced, not run).
# They set paifu, work (a temporary folder) and size (the large file's bytes) first.

# path:line:col: / path: and the game numbers out of validate's text output
# (|| true: grep -v keeps nothing when there is no finding, which is no failure under set -e)
normalise() { sed -E 's/^[^ ]+: //; s/\[game [0-9]+(, )?/[/' | grep -v '^[0-9]* files\? (' | grep -v '^note: game [0-9]* checked under' || true; }

run() { # run NAME CMD...: peak RSS and CPU time of CMD, its output in $work/NAME.txt
    local name=$1
    shift
    /usr/bin/time -f "%M %U %S" -o "$work/$name.time" "$@" > "$work/$name.txt" 2>&1 || true
    read -r rss user sys < <(tail -1 "$work/$name.time")
    local cpu games
    cpu=$(awk "BEGIN{print $user + $sys}")
    games=$(grep -Eo '[0-9]+ games?' "$work/$name.txt" | tail -1 | cut -d' ' -f1)
    echo "  $name: peak RSS $((rss / 1024)) MB; $games games in $cpu s CPU ->" \
         "$(awk "BEGIN{printf \"%.0f games/s, %.1f MB/s\", $games / $cpu, $size / $cpu / 1e6}")"
}

# compare BIG: the file run's findings ($work/file.txt) against $work/expected.norm, and the
# stdin run's output ($work/stdin.txt) against the file run's with BIG's name as -.
compare() {
    normalise < "$work/file.txt" > "$work/file.norm"
    if cmp -s "$work/file.norm" "$work/expected.norm"; then
        echo "  findings: the same as the per-file run ($(wc -l < "$work/file.norm") lines)"
    else
        echo "  findings DIFFER from the per-file run:"
        diff "$work/expected.norm" "$work/file.norm" | head -20
        exit 1
    fi
    if [ "$(sed "s|$1|-|g" "$work/file.txt")" = "$(cat "$work/stdin.txt")" ]; then
        echo "  stdin: the same output as the file"
    else
        echo "  stdin output DIFFERS from the file's"
        exit 1
    fi
}

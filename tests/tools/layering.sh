#!/usr/bin/env bash
# Dependencies point one way: cli -> formats -> lib. lib/ does no I/O and includes no format
# library; formats/ reaches lib only through <paifu/...>; cli/ only through <paifu.h>.
# (lib/ does include <stdio.h>, for snprintf-family formatting only: no stream is touched.)
set -u
top=$1
status=0
bad() { echo "layering: $1"; status=1; }
for f in "$top"/lib/*/*.c "$top"/lib/*/*.h "$top"/lib/*/*.def "$top"/lib/include/paifu/*.h "$top"/lib/include/paifu.h; do
    [ -e "$f" ] || continue
    grep -nE '#include *[<"](libxml/|jansson|zlib)' "$f" | while read -r l; do echo "layering: $f:$l"; done | grep . && status=1
    grep -nE '\b(fopen|fclose|fread|fwrite|fprintf|fputs|fgets|printf|puts|getchar|FILE *\*)\b' "$f" \
        | grep -v 'snprintf' | grep -v 'format(printf' | while read -r l; do echo "layering: I/O in lib: $f:$l"; done | grep . && status=1
done
for f in "$top"/formats/*/*.c "$top"/formats/*/*.h; do
    [ -e "$f" ] || continue
    grep -nE '#include *"' "$f" | grep -vE '#include *"[a-z0-9_]+\.h"' | while read -r l; do echo "layering: $f:$l"; done | grep . && status=1
    for h in $(grep -hoE '#include *"[a-z0-9_]+\.h"' "$f" | grep -oE '[a-z0-9_]+\.h'); do
        ls "$top"/formats/*/"$h" >/dev/null 2>&1 || bad "$f includes $h, which is not a formats/ header (use <paifu/...>)"
    done
done
for f in "$top"/cli/*.c "$top"/cli/*.h; do
    [ -e "$f" ] || continue
    for h in $(grep -hoE '#include *"[a-z0-9_]+\.h"' "$f" | grep -oE '[a-z0-9_]+\.h'); do
        [ -e "$top/cli/$h" ] || bad "$f includes $h, which is not a cli/ header"
    done
    grep -nE '#include *[<"](libxml/|jansson|zlib)' "$f" && bad "$f uses a format library directly"
done
[ $status -eq 0 ] && echo "layering: ok"
exit $status

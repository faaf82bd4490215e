#!/usr/bin/env bash
# The built library keeps the ABI recorded in abi/libpaifu.abi (abidw's record of the public
# headers' functions and types, made from the last release).
#
#   abi_check.sh LIB SOURCE_DIR BUILD_DIR            check (the test abi.check)
#   abi_check.sh LIB SOURCE_DIR BUILD_DIR --update   write the record anew from LIB
#
# abidiff's exit status is a bit set: 1 an error, 2 a usage error, 4 the ABI changed, 8 it
# changed incompatibly. Additions (new functions, types) pass: they are shown, and recorded at
# the next release. A removed or changed function or variable (a signature, the layout of a
# public struct it reaches) fails. When it is intended: bump PAIFU_SOVERSION in CMakeLists.txt, say so in
# CHANGELOG.md, and write the record anew with --update.
set -u
lib=$1 src=$2 build=$3
record=$src/abi/libpaifu.abi
headers=(--headers-dir "$src/lib/include/paifu" --header-file "$build/include/paifu/version.h")
if ! command -v abidiff >/dev/null; then
    echo "abi check: abidiff not found (Debian's abigail-tools, in the README's set-up line)"
    exit 1
fi
if [ "${4:-}" = --update ]; then
    mkdir -p "$src/abi"
    abidw "${headers[@]}" --no-corpus-path --out-file "$record" "$lib" || exit 1
    echo "abi check: wrote $record"
    exit 0
fi
[ -f "$record" ] || { echo "abi check: no record $record (run with --update at a release)"; exit 1; }
want=$(grep -o "soname='[^']*'" "$record" | head -1)
got=$(objdump -p "$lib" | awk '$1 == "SONAME" {print "soname='\''" $2 "'\''"}')
if [ "$want" != "$got" ]; then
    echo "abi check: the record is of $want, the library is $got: a new SONAME needs its record"
    echo "(tests/tools/abi_check.sh LIB SOURCE BUILD --update) and a CHANGELOG entry"
    exit 1
fi
out=$(abidiff --headers-dir2 "$src/lib/include/paifu" --header-file2 "$build/include/paifu/version.h" \
              "$record" "$lib" 2>&1)
rc=$?
if (( rc & 3 )); then
    echo "abi check: abidiff failed ($rc):"; echo "$out"; exit 1
fi
# abidiff marks only removed symbols as incompatible (8); a changed layout of a public struct
# reached through a function (a size, an offset) is "changed" (4). Both break programs built
# against the record: any removed or changed function or variable fails, only additions pass.
changed=$(echo "$out" | grep -E 'changes summary:' | grep -oE '[1-9][0-9]* (Removed|Changed)' || true)
if (( rc & 8 )) || [ -n "$changed" ]; then
    echo "abi check: INCOMPATIBLE change of libpaifu's ABI against abi/libpaifu.abi:"
    echo "$out"
    echo "If it is intended: bump PAIFU_SOVERSION, note it in CHANGELOG.md and write the record"
    echo "anew (tests/tools/abi_check.sh LIB SOURCE BUILD --update)."
    exit 1
fi
if (( rc & 4 )); then
    echo "abi check: compatible additions since the record (recorded at the next release):"
    echo "$out" | head -40
fi
echo "abi check: ok"

#!/usr/bin/env bash
# The Debian packages install, work from the installed files alone and remove cleanly.
# usage: package_test.sh BUILD_DIR SOURCE_DIR  (as root: it installs into the system with dpkg;
# .ci/run runs it on CI's fresh machine; elsewhere it says it skipped and exits 77)
#
# cpack -G DEB makes libpaifu0, libpaifu-dev, paifu and python3-paifu (cmake/PaifuPackaging.cmake).
# They are installed with dpkg -i; the tool, its man pages and completion, the Python package
# and a C consumer (pkg-config) are then run with no variable of the build set (env -i, a
# folder outside the source), and dpkg -r must leave none of their files behind.
set -eu
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
if [ "$(id -u)" != 0 ] || ! command -v dpkg >/dev/null; then
    echo "package test: skipped (needs root and dpkg: it installs the packages into the system)"
    exit 77
fi
for p in libpaifu0 libpaifu-dev paifu python3-paifu; do
    if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ]; then
        echo "package test: $p is already installed; not touching this system's copy"
        exit 1
    fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && rm -f ./*.deb && cpack -G DEB >"$work/cpack.log") || { cat "$work/cpack.log"; exit 1; }
debs=$(ls "$build"/libpaifu0_*.deb "$build"/libpaifu-dev_*.deb "$build"/paifu_*.deb \
          "$build"/python3-paifu_*.deb)
dpkg -i $debs >"$work/dpkg.log" || { cat "$work/dpkg.log"; exit 1; }
files="$work/files"
dpkg -L libpaifu0 libpaifu-dev paifu python3-paifu | sort -u >"$files"
status=0
run() { # a command in a clean environment, from a folder outside the source and build
    (cd "$work" && env -i HOME="$work" PATH=/usr/bin:/bin LANG=C.UTF-8 "$@")
}
check() {
    local what=$1; shift
    if ! out=$("$@" 2>&1); then
        echo "package test: FAILED: $what"; echo "$out"; status=1
    else
        echo "package test: ok: $what"
    fi
}
cp "$src/samples/handmade-rrc-one-deal.paifu.json" "$src/samples/synthetic-tenhou.mjlog" \
   "$src/samples/pantheon-ema-sheet.txt" "$work/"
check "the tool is /usr/bin/paifu" test "$(run sh -c 'command -v paifu')" = /usr/bin/paifu
check "paifu --version" run paifu --version
check "paifu validate" run paifu validate handmade-rrc-one-deal.paifu.json
check "paifu convert" run paifu convert --to tenhou6 -o out.json synthetic-tenhou.mjlog
check "paifu report" run paifu report --rules ema --format html -o report.html pantheon-ema-sheet.txt
check "the man pages" test -f /usr/share/man/man1/paifu.1 -a -f /usr/share/man/man1/paifu-validate.1 \
    -a -f /usr/share/man/man1/paifu-report.1
check "the bash completion" test -f /usr/share/bash-completion/completions/paifu
check "the manual (README, guides)" test -f /usr/share/doc/paifu/README.md \
    -a -f /usr/share/doc/paifu/doc/export.md -a -f /usr/share/doc/paifu/doc/referee.md
check "import paifu (python3-paifu with libpaifu0's library)" run /usr/bin/python3 -c '
import paifu, sys
lib = paifu.library_path()
assert "dist-packages" not in lib, lib  # the library of libpaifu0, not a copy
print(len(paifu.read_game("synthetic-tenhou.mjlog").deals), lib)'
check "a C program against libpaifu-dev (pkg-config)" run sh -c \
    'cc -o consumer "$0" $(pkg-config --cflags --libs paifu) && ./consumer handmade-rrc-one-deal.paifu.json' \
    "$src/tests/install/consumer/main.c"
dpkg -r python3-paifu paifu libpaifu-dev libpaifu0 >"$work/dpkg-r.log" || { cat "$work/dpkg-r.log"; status=1; }
left=0
while read -r f; do
    if [ -f "$f" ] || [ -L "$f" ]; then echo "package test: left after dpkg -r: $f"; left=1; fi
    case $f in */paifu|*/paifu/schemas|*/cmake/paifu|*/include/paifu)
        if [ -d "$f" ]; then echo "package test: folder left after dpkg -r: $f"; left=1; fi ;;
    esac
done <"$files"
if [ $left = 0 ]; then echo "package test: ok: dpkg -r removed every file"; else status=1; fi
dpkg -P python3-paifu paifu libpaifu-dev libpaifu0 >/dev/null 2>&1 || true # forget their state
[ $status = 0 ] && echo "package test: ok"
exit $status

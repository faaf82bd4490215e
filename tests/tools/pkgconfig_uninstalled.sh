#!/usr/bin/env bash
# A program built against the build tree, before any install (issue 37): PKG_CONFIG_PATH=BUILD
# finds paifu-uninstalled.pc (pkg-config prefers NAME-uninstalled.pc), whose flags name the
# source tree's headers, the build's version.h and libpaifu; the program runs without
# LD_LIBRARY_PATH (the rpath) and reads the sample.
# usage: pkgconfig_uninstalled.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -u
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
. "$(dirname "$0")/checks.sh"
command -v pkg-config >/dev/null || { echo "no pkg-config: skipped"; exit 77; }
export PKG_CONFIG_PATH=$build
cflags=$(pkg-config --cflags paifu) || fail "pkg-config --cflags paifu"
libs=$(pkg-config --libs paifu) || fail "pkg-config --libs paifu"
case "$cflags" in *"$src/lib/include"*) ok ;; *) fail "cflags name no header of the tree: $cflags" ;; esac
case "$libs" in *"-L$build"*) ok ;; *) fail "libs name no library of the build: $libs" ;; esac
cat >"$work/tiny.c" <<'C'
#include <paifu.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    paifu_game *g = NULL;
    paifu_error err;
    paifu_init();
    if (argc < 2 || paifu_game_read(&g, argv[1], NULL, &err) < 0) {
        fprintf(stderr, "%s\n", argc < 2 ? "usage: tiny FILE" : err.text);
        return 2;
    }
    printf("%s %zu deals\n", paifu_version(), paifu_game_deal_count(g));
    paifu_game_free(g);
    return 0;
}
C
# shellcheck disable=SC2086
${CC:-cc} $cflags -o "$work/tiny" "$work/tiny.c" $libs 2>"$work/cc.err"
check "a program builds against build/" 0 $?
env -u LD_LIBRARY_PATH "$work/tiny" "$src/samples/synthetic-tenhou.mjlog" >"$work/out" 2>&1
check "it runs from the build tree's library" 0 $?
contains "it reads the sample" "$work/out" " 7 deals"
checks_done

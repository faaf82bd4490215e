#!/usr/bin/env bash
# Install paifu into a staging prefix, then build a consumer with find_package(paifu) and with
# pkg-config, and run the installed CLI and the consumers on a sample.
# usage: install_test.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -eu
build=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
sample=$src/samples/handmade-rrc-one-deal.paifu.json
"$prefix/bin/paifu" validate "$sample"
test -f "$prefix/share/man/man1/paifu.1"
test -f "$prefix/include/paifu.h" && test -f "$prefix/include/paifu/version.h"
libdir=$(ls -d "$prefix"/lib*/pkgconfig | head -1); libdir=${libdir%/pkgconfig}
cmake -S "$src/tests/install/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" >"$work/consumer.log"
cmake --build "$work/consumer" >>"$work/consumer.log"
LD_LIBRARY_PATH="$libdir" "$work/consumer/consumer" "$sample"
"$work/consumer/consumer_static" "$sample"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc -o "$work/pc_consumer" "$src/tests/install/consumer/main.c" $(pkg-config --cflags paifu) \
   -Wl,-rpath,"$libdir" $(pkg-config --libs paifu)
"$work/pc_consumer" "$sample"
cc -o "$work/pc_consumer_static" "$src/tests/install/consumer/main.c" $(pkg-config --cflags paifu) \
   "$libdir/libpaifu.a" $(pkg-config --libs-only-l --static libxml-2.0 jansson zlib sqlite3) \
   $(pkg-config --libs-only-l libarchive) -lm
"$work/pc_consumer_static" "$sample"
echo "install test: ok"

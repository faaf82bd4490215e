#!/usr/bin/env bash
# smoke.sh [SECONDS [TARGET...]]: a short libFuzzer run of the fuzz targets (default: every one
# of tests/fuzz/fuzz_*.c), SECONDS
# each (default 60), from the seed corpora (samples/, tests/fuzz/corpus/read/ and, for
# fuzz_convert, tests/fuzz/corpus/convert/). .ci/run calls it after the sanitizer build. It
# builds the targets with clang in build-fuzz/ and fails when a target crashes, leaks, hangs or
# (fuzz_convert) finds a game paifu writes and then refuses; the input is left in
# build-fuzz/smoke/. Without clang and its libFuzzer it says so and exits 0.
# The run is reproducible: a fixed seed (FUZZ_SEED, default 1) and a fixed number of
# executions (FUZZ_RUNS, default 50,000 each), SECONDS only a cap for a slow machine, so a smoke
# that passes here passes in CI and a CI failure is a defect anyone can replay; exploring with
# random seeds is the long run's job (tests/fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift $(( $# > 0 ? 1 : 0 ))
targets=${*:-fuzz_read fuzz_convert}
if ! command -v clang >/dev/null ||
   ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n){(void)d;(void)n;return 0;}' |
     clang -x c -fsanitize=fuzzer -o /dev/null - 2>/dev/null; then
    echo "fuzz smoke: skipped (needs clang with libFuzzer: apt-get install clang libclang-rt-14-dev)"
    exit 0
fi
cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DPAIFU_FUZZ=ON >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target $targets >/dev/null
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
for target in $targets; do
    work=build-fuzz/smoke/$target
    rm -rf "$work" && mkdir -p "$work/corpus"
    cp samples/[a-z]*[a-z] tests/fuzz/corpus/read/* "$work/corpus/"
    [ "$target" = fuzz_convert ] && cp tests/fuzz/corpus/convert/* "$work/corpus/"
    echo "fuzz smoke: $target for ${seconds}s"
    (cd "$work" && "../../tests/$target" -max_len=100000 -timeout=20 -rss_limit_mb=1024 \
        -max_total_time="$seconds" -seed="${FUZZ_SEED:-1}" -runs="${FUZZ_RUNS:-50000}" \
        -print_final_stats=1 corpus 2>log) || {
        echo "fuzz smoke: $target failed; its log is $work/log:"; tail -40 "$work/log"; exit 1; }
    grep -E '^stat::number_of_executed_units|^#[0-9]+ *DONE' "$work/log" | tail -2 | sed 's/^/  /'
done
echo "fuzz smoke: ok"

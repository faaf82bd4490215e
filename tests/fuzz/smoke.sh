#!/usr/bin/env bash
# smoke.sh [SECONDS [TARGET...]]: a short libFuzzer run of the fuzz targets (default: every one
# of tests/fuzz/fuzz_*.c), SECONDS
# each (default 60), from the seed corpora (samples/, tests/fuzz/corpus/read/ and, for
# fuzz_convert, tests/fuzz/corpus/convert/). .ci/run calls it after the sanitizer build. It
# builds the targets with clang in build-fuzz/ and fails when a target crashes, leaks, hangs or
# (fuzz_convert) finds a game paifu writes and then refuses; the input is left in
# build-fuzz/smoke/. Without clang and its libFuzzer it says so and exits 0.
# Each target runs from a fixed seed (FUZZ_SEED, default 1) for a fixed number of executions
# (FUZZ_RUNS, default 50,000), SECONDS only a cap for a slow machine. That is not reproducible
# across machines (libFuzzer's feedback depends on addresses and on the order it lists the seed
# files): the smoke may find something new on any run. A crash, a sanitizer error, a leak or a
# hang fails it. A game that fuzz_convert writes and then refuses is a conversion defect, not a
# safety one: the smoke keeps up to 20 such inputs in build-fuzz/smoke/fuzz_convert/refused-N,
# prints them as a warning and does not fail, so that CI does not fail at random on a defect the
# change under test did not make (PAIFU_FUZZ_KEEP_REFUSALS); each one found goes, fixed, into
# tests/fuzz/corpus/convert/, which fuzz.convert replays in every test run, where a refusal
# fails. FUZZ_STRICT=1 makes a refusal fail the smoke too.
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
    keep=()
    [ "$target" = fuzz_convert ] && [ "${FUZZ_STRICT:-0}" != 1 ] && keep=(PAIFU_FUZZ_KEEP_REFUSALS=1)
    (cd "$work" && env "${keep[@]}" "../../tests/$target" -max_len=100000 -timeout=20 -rss_limit_mb=1024 \
        -max_total_time="$seconds" -seed="${FUZZ_SEED:-1}" -runs="${FUZZ_RUNS:-50000}" \
        -print_final_stats=1 corpus 2>log) || {
        echo "fuzz smoke: $target failed; its log is $work/log:"; tail -40 "$work/log"; exit 1; }
    grep -E '^stat::number_of_executed_units|^#[0-9]+ *DONE' "$work/log" | tail -2 | sed 's/^/  /'
    refused=$(find "$work" -maxdepth 1 -name 'refused-*' | wc -l)
    if [ "$refused" -gt 0 ]; then
        echo "fuzz smoke: WARNING: $target kept $refused input(s) whose game paifu writes and then refuses ($work/refused-*):"
        grep '^fuzz_convert: paifu refuses' "$work/log" | sort | uniq -c | head -10 | sed 's/^/  /'
    fi
done
echo "fuzz smoke: ok"

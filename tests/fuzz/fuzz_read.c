/*
 * fuzz_read.c: a libFuzzer target for every reader and the verifier, through the public API only.
 * The bytes are read as whatever format paifu detects (gzip is inflated, under a 16 MiB cap here
 * so that a bomb costs little), and every game read is verified under the rule set it names
 * (RRC when it names none). Errors are expected; crashes, leaks, hangs and undefined behaviour
 * are the only failures.
 *
 * With clang (STYLE.md §7):
 *   cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DPAIFU_FUZZ=ON
 *   cmake --build build-fuzz -j"$(nproc)" --target fuzz_read
 *   mkdir -p fuzz-corpus && cp samples/[a-z]*[a-z] tests/fuzz/corpus/read/[a-z]* fuzz-corpus
 *   ./build-fuzz/tests/fuzz_read -max_len=100000 -timeout=20 fuzz-corpus
 * A crash leaves crash-<sha1> in the working directory: minimise it (-minimize_crash=1), add it
 * to tests/fuzz/corpus/read/, which every build replays through tests/fuzz/standalone.c (the
 * ctest fuzz.read), and add a tests/malformed/ case for the error it should give.
 */
#include <paifu.h>
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_GAMES 64 /* games verified per input: enough to reach a reader's later games */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int initialised;
    if (!initialised) {
        paifu_init();
        initialised = 1;
    }
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.source_name = "fuzz";
    opts.max_inflated = 16u << 20;
    paifu_reader *reader = NULL;
    paifu_report *report = NULL;
    if (paifu_reader_open_buffer(&reader, data, size, &opts, NULL) < 0)
        return 0;
    if (paifu_report_new(&report, NULL) < 0) {
        paifu_reader_free(reader);
        return 0;
    }
    const paifu_game *game;
    for (int n = 0; n < MAX_GAMES && paifu_reader_next(&game, reader, NULL) > 0; n++) {
        paifu_rules *rules = NULL;
        if (paifu_game_rules(&rules, game, "rrc", NULL) < 0)
            continue;
        paifu_report_clear(report);
        paifu_verify_game(report, game, rules, NULL, NULL);
        paifu_rules_free(rules);
    }
    paifu_report_free(report);
    paifu_reader_free(reader);
    return 0;
}

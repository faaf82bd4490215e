/*
 * test_mjai_corpus.c: every mjai log of the real-log corpus (PAIFU_CORPUS_DIR,
 * MANIFEST.tsv format "mjai") through the public API: read with paifu_reader_*, as many games
 * and deals as MANIFEST.tsv says, rules resolved with paifu_game_rules (fallback "rrc", as the
 * CLI does), verified with paifu_verify_game, and no finding. Skipped (exit 77) without the
 * corpus.
 *
 * KNOWN lists the findings that are facts of the log (an akochan build's scoring), each with
 * its reason. Any other finding fails the test, and so do a file that does not read and a known
 * finding that no longer occurs (akochan's MCR-mode games, read with unknown rules, replay their
 * tiles clean). The RiichiEnv game is also
 * samples/riichienv-selfplay.mjai.jsonl, checked without the corpus by test_mjai_read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus_manifest.h"
#include "paifu.h"

#define FORMAT "mjai"

static const corpus_known KNOWN[] = {
    {"haifu_log_1000_0-v000f7d5a.json", "score.han", NULL,
     "an akochan build that scores without ippatsu: the same tiles score 6 han (riichi, "
     "ippatsu, tsumo, pinfu, dora, ura) in haifu_log_1000_0-v0a70493c.json, 5 here", NULL},
    {"haifu_log_1000_0-v000f7d5a.json", "game.final_points", NULL,
     "akochan's end_game scores leave the last riichi stick on the table; the tenhou rule set "
     "gives it to the first place", NULL},
};
#define N_KNOWN (sizeof(KNOWN) / sizeof(KNOWN[0]))

int main(void)
{
    return corpus_verify_main(FORMAT, KNOWN, N_KNOWN);
}

/*
 * test_tenhou6_corpus.c: every tenhou.net/6 JSON file of the real-log corpus (PAIFU_CORPUS_DIR,
 * MANIFEST.tsv format "tenhou6") through the public API: read with paifu_reader_*, as many games
 * and deals as MANIFEST.tsv says, rules resolved with paifu_game_rules (fallback "rrc", as the
 * CLI does), verified with paifu_verify_game, and no finding. Skipped (exit 77) without the
 * corpus.
 *
 * KNOWN lists the findings that are facts of the log, each with its reason (a synthetic test
 * file, hand transcriptions, a mislabelled yaku). Any other finding fails the test, and so do a
 * file that does not read and a known finding that no longer occurs.
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

#define FORMAT "tenhou6"

static const corpus_known KNOWN[] = {
    {"confusing_nakis_2.json", "win.not_complete", NULL,
     "mjai-reviewer's synthetic call-order test: its result [1,0,0] is made up", NULL},
    {"confusing_nakis_2.json", "score.delta", "liable",
     "mjai-reviewer's synthetic call-order test: its liable seat 0 is made up", NULL},
    {"tensoul_hanchan_with_noname.json", "score.yaku", "seat wind west",
     "the log gives seat 2 自風 西 in E4, where the dealer is seat 3 and seat 2 sits North", NULL},
    {"zhengye1--paipuconverter/", "flow.scores", NULL,
     "hand transcription: recorded deltas and next start scores disagree", NULL},
};
#define N_KNOWN (sizeof(KNOWN) / sizeof(KNOWN[0]))

int main(void)
{
    return corpus_verify_main(FORMAT, KNOWN, N_KNOWN);
}

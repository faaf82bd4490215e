/*
 * bench_score.c: how many winning hands per second paifu_score_hand scores on one core.
 *
 * The hands are the real wins of game logs: every file given (directories are walked) is read
 * with the public reader API, and each recorded win becomes a (hand, situation, rule set)
 * triple through paifu_deal_win_hand, in memory, before any timing. Only the scoring loop is
 * timed: passes over all hands are repeated until --min-seconds of wall time have gone by,
 * measured with clock_gettime(CLOCK_MONOTONIC) (CPU time with CLOCK_PROCESS_CPUTIME_ID beside
 * it). The program prints what it measured and how: hands, passes, seconds, hands/s, ns per
 * hand, CPU model, compiler and build type. Not a test: timings depend on the machine.
 *
 *   bench_score [--min-seconds S] [PATH...]   (default PATH: the corpus's tenhou-xml folder)
 *   bench_score --emit-lines FILE [PATH...]   write the hands as 'paifu score --batch' lines
 *                                             (hand and situation options) and time nothing;
 *                                             bench/bench_score_batch.sh times the CLI on them
 */
#include <paifu.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#ifndef PAIFU_BUILD_TYPE
#define PAIFU_BUILD_TYPE "unknown"
#endif

typedef struct sample {
    paifu_hand hand;
    paifu_situation sit;
    const paifu_rules *rules;
} sample;

typedef struct corpus {
    sample *samples;
    size_t n, cap;
    paifu_rules **rules; /* one per game, freed at the end */
    size_t n_rules, cap_rules;
    unsigned long files, games, unreadable, skipped_wins;
} corpus;

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap * 2 : 256;
    while (n < need)
        n *= 2;
    void *q = realloc(p, n * size);
    if (!q) {
        fprintf(stderr, "bench_score: out of memory\n");
        exit(2);
    }
    *cap = n;
    return q;
}

static void add_game(corpus *c, const paifu_game *game)
{
    paifu_rules *rules = NULL;
    if (paifu_game_rules(&rules, game, "tenhou", NULL) < 0)
        return;
    c->rules = grow(c->rules, &c->cap_rules, c->n_rules + 1, sizeof(*c->rules));
    c->rules[c->n_rules++] = rules;
    c->games++;
    int players = paifu_game_players(game);
    for (size_t d = 0; d < paifu_game_deal_count(game); d++) {
        const paifu_deal *deal = paifu_game_deal(game, d);
        for (size_t w = 0; w < deal->n_wins; w++) {
            c->samples = grow(c->samples, &c->cap, c->n + 1, sizeof(*c->samples));
            sample *s = &c->samples[c->n];
            if (paifu_deal_win_hand(&s->hand, &s->sit, deal, w, players, NULL) < 0) {
                c->skipped_wins++;
                continue;
            }
            s->rules = rules;
            c->n++;
        }
    }
}

static void add_file(corpus *c, const char *path)
{
    paifu_reader *reader = NULL;
    const paifu_game *game;
    c->files++;
    if (paifu_reader_open(&reader, path, NULL, NULL) < 0) {
        c->unreadable++;
        return;
    }
    int rc;
    while ((rc = paifu_reader_next(&game, reader, NULL)) > 0)
        add_game(c, game);
    if (rc < 0)
        c->unreadable++;
    paifu_reader_free(reader);
}

static void add_path(corpus *c, const char *path)
{
    struct stat st;
    if (stat(path, &st) < 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        add_file(c, path);
        return;
    }
    DIR *dir = opendir(path);
    if (!dir)
        return;
    struct dirent *e;
    while ((e = readdir(dir))) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "_partial") == 0)
            continue; /* _partial: logs cut mid-game on purpose (corpus README) */
        char sub[4096];
        snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
        add_path(c, sub);
    }
    closedir(dir);
}

/* One sample as a batch line of 'paifu score --batch': the hand, then its situation. */
static void emit_line(FILE *f, const sample *s)
{
    static const char WINDS[] = "ESWN";
    static const struct {
        unsigned flag;
        const char *name;
    } FLAGS[] = {
        {PAIFU_SIT_TSUMO, "tsumo"},     {PAIFU_SIT_DOUBLE_RIICHI, "double-riichi"},
        {PAIFU_SIT_RIICHI, "riichi"},   {PAIFU_SIT_IPPATSU, "ippatsu"},
        {PAIFU_SIT_HAITEI, "haitei"},   {PAIFU_SIT_HOUTEI, "houtei"},
        {PAIFU_SIT_RINSHAN, "rinshan"}, {PAIFU_SIT_CHANKAN, "chankan"},
        {PAIFU_SIT_CHANKAN_ANKAN, "chankan-ankan"}, {PAIFU_SIT_TENHOU, "tenhou"},
        {PAIFU_SIT_CHIIHOU, "chiihou"}, {PAIFU_SIT_RENHOU, "renhou"},
    };
    char hand[256], tiles[64];
    paifu_hand_format(hand, sizeof(hand), &s->hand, s->sit.win_tile);
    fprintf(f, "%s --round %c --seat %c", hand, WINDS[s->sit.round_wind & 3],
            WINDS[s->sit.seat_wind & 3]);
    if (s->sit.n_dora && paifu_tile_format(tiles, sizeof(tiles), s->sit.dora, s->sit.n_dora) < sizeof(tiles))
        fprintf(f, " --dora %s", tiles);
    if (s->sit.n_ura && paifu_tile_format(tiles, sizeof(tiles), s->sit.ura, s->sit.n_ura) < sizeof(tiles))
        fprintf(f, " --ura %s", tiles);
    if (s->hand.kita)
        fprintf(f, " --kita %u", (unsigned)s->hand.kita);
    for (size_t i = 0; i < sizeof(FLAGS) / sizeof(FLAGS[0]); i++)
        if (s->sit.flags & FLAGS[i].flag && !(FLAGS[i].flag == PAIFU_SIT_RIICHI &&
                                              s->sit.flags & PAIFU_SIT_DOUBLE_RIICHI))
            fprintf(f, " --%s", FLAGS[i].name);
    fputc('\n', f);
}

static double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void cpu_model(char *buf, size_t size)
{
    snprintf(buf, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    while (fgets(line, sizeof(line), f)) {
        if (strncmp(line, "model name", 10) == 0) {
            const char *colon = strchr(line, ':');
            if (colon) {
                snprintf(buf, size, "%s", colon + 2);
                buf[strcspn(buf, "\n")] = '\0';
            }
            break;
        }
    }
    fclose(f);
}

/* One pass over every sample; returns a checksum so the work cannot be optimised away. */
static long long pass(const corpus *c, unsigned long *valid)
{
    long long sum = 0;
    paifu_score sc;
    for (size_t i = 0; i < c->n; i++) {
        const sample *s = &c->samples[i];
        if (paifu_score_hand(&sc, &s->hand, &s->sit, s->rules, NULL) == 0) {
            sum += sc.total + sc.han * 7 + sc.fu;
            *valid += sc.status == PAIFU_SCORE_OK;
        }
    }
    return sum;
}

int main(int argc, char **argv)
{
    double min_seconds = 2.0;
    corpus c;
    memset(&c, 0, sizeof(c));
    paifu_init();
    int first = 1;
    const char *emit = NULL;
    if (argc > 2 && strcmp(argv[1], "--min-seconds") == 0) {
        min_seconds = atof(argv[2]);
        first = 3;
    } else if (argc > 2 && strcmp(argv[1], "--emit-lines") == 0) {
        emit = argv[2];
        first = 3;
    }
    if (first >= argc) {
        char def[1024];
        snprintf(def, sizeof(def), "%s/tenhou-xml", PAIFU_CORPUS_DIR);
        if (!*PAIFU_CORPUS_DIR) {
            fprintf(stderr, "usage: bench_score [--min-seconds S] PATH...\n");
            return 2;
        }
        add_path(&c, def);
    }
    for (int i = first; i < argc; i++)
        add_path(&c, argv[i]);
    if (c.n == 0) {
        fprintf(stderr, "bench_score: no winning hands found\n");
        return 2;
    }
    if (emit) {
        FILE *f = fopen(emit, "w");
        if (!f) {
            fprintf(stderr, "bench_score: cannot write %s\n", emit);
            return 2;
        }
        for (size_t i = 0; i < c.n; i++)
            emit_line(f, &c.samples[i]);
        int bad = fclose(f) != 0;
        fprintf(stderr, "bench_score: %zu hands written to %s\n", c.n, emit);
        return bad ? 2 : 0;
    }
    unsigned long valid = 0;
    long long check = pass(&c, &valid); /* warm-up, and the count of valid wins */
    unsigned long passes = 0, ignored = 0;
    double wall0 = seconds(CLOCK_MONOTONIC), cpu0 = seconds(CLOCK_PROCESS_CPUTIME_ID), wall;
    do {
        check += pass(&c, &ignored);
        passes++;
        wall = seconds(CLOCK_MONOTONIC) - wall0;
    } while (wall < min_seconds);
    double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu0;
    double hands = (double)c.n * (double)passes;
    char model[128];
    cpu_model(model, sizeof(model));
    printf("bench_score: paifu_score_hand over the recorded wins of real logs\n");
    printf("  input      %lu files (%lu unreadable), %lu games, %zu winning hands "
           "(%lu not rebuildable), %lu valid wins\n",
           c.files, c.unreadable, c.games, c.n, c.skipped_wins, valid);
    printf("  method     hands extracted into memory first; %lu timed passes over all of them, "
           "one thread, clock_gettime(CLOCK_MONOTONIC)\n", passes);
    printf("  time       %.3f s wall, %.3f s CPU for %.0f hands\n", wall, cpu, hands);
    printf("  result     %.0f hands/s (%.1f ns per hand)\n", hands / wall, wall * 1e9 / hands);
    printf("  machine    %s; compiler %s; build type %s; library %s\n", model, __VERSION__,
           PAIFU_BUILD_TYPE, paifu_version());
    printf("  checksum   %lld\n", check);
    for (size_t i = 0; i < c.n_rules; i++)
        paifu_rules_free(c.rules[i]);
    free(c.rules);
    free(c.samples);
    return 0;
}

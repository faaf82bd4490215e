/*
 * test_mutation_corpus.c: the damaged copies of tests/unit/mutation.h made from real logs. Bad
 * input never crashes a reader or the verifier, and is refused with an error that says what and
 * where. Skipped (exit 77) without the corpus (PAIFU_CORPUS_DIR).
 *
 * A small deterministic subset of the corpus: in MANIFEST.tsv order (sorted by path), the first
 * and the last file of each format folder (tenhou-xml, tenhou6, majsoul, mjai, mcr,
 * pantheon-results; the mjx files cut mid-game under tenhou-xml/_partial/ are left out, they are
 * damaged already), plus the first gzip-compressed mjlog. Real logs reach what the samples do
 * not: other writers' dialects of each format, Botzone's JSON and the PKU text of MCR, a 765 KB
 * MahjongSoul record. Larger files get fewer cases, so the whole run stays within a few seconds
 * in the sanitizer build.
 */
#include "mutation.h"

#include "corpus_manifest.h"

static const char *const FOLDERS[] = {"tenhou-xml", "tenhou6", "majsoul",
                                      "mjai",       "mcr",     "pantheon-results"};
#define N_FOLDERS (sizeof(FOLDERS) / sizeof(FOLDERS[0]))

typedef struct seed {
    const char *path; /* PAIFU_CORPUS_DIR "/" local_path */
    const char *name; /* local_path: the folder, then the file */
    char *data;       /* NUL-terminated; loaded by main() */
    size_t size;
} seed;

static seed SEEDS[2 * N_FOLDERS + 1];
static size_t N_SEEDS;

static void add_seed(const corpus_row *r)
{
    for (size_t i = 0; i < N_SEEDS; i++)
        if (SEEDS[i].path == r->path)
            return;
    SEEDS[N_SEEDS].path = r->path;
    SEEDS[N_SEEDS++].name = r->path + strlen(PAIFU_CORPUS_DIR) + 1;
}

static bool is_gzip(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    int a = fgetc(f), b = fgetc(f);
    fclose(f);
    return a == 0x1f && b == 0x8b;
}

/* Pick the seeds from the manifest M (rows in path order). */
static void pick_seeds(const corpus_manifest *m)
{
    const corpus_row *first[N_FOLDERS] = {NULL}, *last[N_FOLDERS] = {NULL}, *gz = NULL;
    for (size_t i = 0; i < m->n; i++) {
        const corpus_row *r = &m->rows[i];
        const char *local = r->path + strlen(PAIFU_CORPUS_DIR) + 1;
        if (r->partial)
            continue;
        for (size_t k = 0; k < N_FOLDERS; k++) {
            size_t n = strlen(FOLDERS[k]);
            if (strncmp(local, FOLDERS[k], n) != 0 || local[n] != '/')
                continue;
            if (!first[k])
                first[k] = r;
            last[k] = r;
            if (k == 0 && !gz && is_gzip(r->path))
                gz = r;
        }
    }
    for (size_t k = 0; k < N_FOLDERS; k++) {
        if (!first[k]) {
            fprintf(stderr, "MANIFEST.tsv lists no file under %s/\n", FOLDERS[k]);
            abort();
        }
        add_seed(first[k]);
        add_seed(last[k]);
    }
    if (gz)
        add_seed(gz);
}

/*
 * Whether every cut copy of S must be refused or give a finding. Not for a Pantheon sheet (its
 * lines end in optional words a cut can drop unseen) nor for JSON lines of tenhou.net/6 deals
 * without the game's final scores (a cut between two lines leaves whole deals, and nothing
 * records how many there were).
 */
static bool cuts_noticed(const seed *s)
{
    if (strncmp(s->name, "pantheon-results/", 17) == 0)
        return false;
    if (strncmp(s->name, "tenhou6/", 8) == 0) {
        const char *nl = strchr(s->data, '\n');
        return !(nl && strchr(nl, '{')) || strstr(s->data, "\"sc\"");
    }
    return true;
}

static void run_seed(void **state)
{
    const seed *s = *state;
    mut_stats st = {0};
    unsigned rounds = s->size <= 16384 ? 100 : s->size <= 81920 ? 40 : 12;
    unsigned cuts = s->size <= 81920 ? 16 : 6;
    mut_run_seed(s->name, s->data, s->size, rounds, cuts, cuts_noticed(s), &st);
    mut_print_stats(s->name, &st);
}

int main(void)
{
    corpus_manifest m;
    if (corpus_manifest_load(&m, NULL) < 0) {
        printf("corpus not found (PAIFU_CORPUS_DIR=\"%s\"): skipped\n", PAIFU_CORPUS_DIR);
        return 77;
    }
    paifu_init();
    mut_install_handlers();
    pick_seeds(&m);
    struct CMUnitTest tests[sizeof(SEEDS) / sizeof(SEEDS[0])];
    for (size_t i = 0; i < N_SEEDS; i++) {
        SEEDS[i].data = mut_load(SEEDS[i].path, &SEEDS[i].size);
        if (!SEEDS[i].data) {
            fprintf(stderr, "cannot read %s\n", SEEDS[i].path);
            return 1;
        }
        tests[i] = (struct CMUnitTest){
            .name = SEEDS[i].name, .test_func = run_seed, .initial_state = &SEEDS[i]};
    }
    int failed = _cmocka_run_group_tests("mutation_corpus", tests, N_SEEDS, NULL, NULL);
    for (size_t i = 0; i < N_SEEDS; i++)
        free(SEEDS[i].data);
    corpus_manifest_free(&m);
    return failed;
}

/*
 * test_mutation.c: bad input never crashes a reader or the verifier, and is refused with an
 * error that says what and where (tests/unit/mutation.h has the damage and the checks).
 *
 * Seeds: every log in samples/ (paifu JSON, Tenhou mjlog XML, mjai JSON lines) and the fuzz
 * seeds in tests/fuzz/corpus/read/, small documents written for paifu's tests in the formats
 * samples/ has no file of (tenhou.net/6 JSON, MahjongSoul JSON, Botzone MCR JSON and text,
 * Pantheon score sheets). One cmocka test per seed, built at run time, so a failure names the
 * seed; the case within it is named in the message.
 *
 * gzip: a compressed sample cut at every Nth byte, with flipped bits in the deflate stream and
 * the trailer, trailing garbage, a gzip inside a gzip, and a "bomb" (16 MiB of one byte in 16 KiB)
 * that must be refused by the decompressed-size cap; two concatenated members read as one input.
 * The compressed-input cap names the input too.
 */
#include <dirent.h>
#include <zlib.h>

#include "mutation.h"

#define ROUNDS_SMALL 160 /* random cases per seed of a few KiB */
#define ROUNDS_LARGE 60  /* per seed of more than 8 KiB: each case verifies a whole game */
#define CUTS         24  /* truncations per seed */

/* ---- seeds ---- */

typedef struct seed {
    char name[256];
    char *data; /* NUL-terminated */
    size_t size;
} seed;

static seed SEEDS[64];
static size_t N_SEEDS;

static void add_seed(const char *name, const char *data, size_t size)
{
    if (N_SEEDS == sizeof(SEEDS) / sizeof(SEEDS[0]))
        abort();
    seed *s = &SEEDS[N_SEEDS++];
    snprintf(s->name, sizeof(s->name), "%s", name);
    s->data = malloc(size + 1);
    if (!s->data)
        abort();
    memcpy(s->data, data, size);
    s->data[size] = '\0';
    s->size = size;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const seed *)a)->name, ((const seed *)b)->name);
}

/* Every file of DIR except notes (*.md), in name order. */
static void load_dir(const char *dirname)
{
    DIR *dir = opendir(dirname);
    if (!dir) {
        fprintf(stderr, "cannot open %s\n", dirname);
        abort();
    }
    size_t first = N_SEEDS;
    struct dirent *e;
    while ((e = readdir(dir))) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || (len > 3 && strcmp(e->d_name + len - 3, ".md") == 0))
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", dirname, e->d_name);
        size_t size;
        char *data = mut_load(path, &size);
        if (!data) {
            fprintf(stderr, "cannot read %s\n", path);
            abort();
        }
        add_seed(e->d_name, data, size);
        free(data);
    }
    closedir(dir);
    qsort(SEEDS + first, N_SEEDS - first, sizeof(SEEDS[0]), by_name);
}

static mut_stats TOTAL;

/*
 * Seeds whose cut copies may read as whole games without a finding: three documents one after
 * another (a cut between two leaves whole games); a Pantheon sheet, whose lines end in optional
 * words (the yaku in parentheses, who declared riichi) that a cut can drop unseen.
 */
static bool cuts_noticed(const char *name)
{
    return strcmp(name, "tournament-standings.paifu.json") != 0 && !strstr(name, "pantheon");
}

static void run_seed(void **state)
{
    const seed *s = *state;
    mut_stats st = {0};
    unsigned rounds = s->size > 8192 ? ROUNDS_LARGE : ROUNDS_SMALL;
    mut_run_seed(s->name, s->data, s->size, rounds, CUTS, cuts_noticed(s->name), &st);
    mut_print_stats(s->name, &st);
    TOTAL.cases += st.cases;
    TOTAL.open_errors += st.open_errors;
    TOTAL.read_errors += st.read_errors;
    TOTAL.games += st.games;
    TOTAL.rules_errors += st.rules_errors;
    TOTAL.verified += st.verified;
    TOTAL.verify_errors += st.verify_errors;
    TOTAL.findings += st.findings;
}

/* ---- gzip ---- */

/* DATA compressed as one gzip member (deflate level 9). Owned by the caller. */
static unsigned char *gzip_of(const void *data, size_t size, size_t *out_size)
{
    z_stream zs;
    memset(&zs, 0, sizeof(zs));
    assert_int_equal(deflateInit2(&zs, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY), Z_OK);
    size_t cap = deflateBound(&zs, (uLong)size) + 64;
    unsigned char *out = malloc(cap);
    assert_non_null(out);
    zs.next_in = (Bytef *)(uintptr_t)data;
    zs.avail_in = (uInt)size;
    zs.next_out = out;
    zs.avail_out = (uInt)cap;
    assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
    *out_size = zs.total_out;
    deflateEnd(&zs);
    return out;
}

typedef struct outcome {
    int rc; /* of the open or the first failing read; 1 when every game was read */
    paifu_error err;
    int games;
    bool compressed;
} outcome;

static outcome read_all(const void *data, size_t size, uint64_t max_inflated)
{
    outcome o = {0};
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.source_name = "mutant.gz";
    opts.max_inflated = max_inflated;
    paifu_error_clear(&o.err);
    paifu_reader *r = NULL;
    o.rc = paifu_reader_open_buffer(&r, data, size, &opts, &o.err);
    if (o.rc < 0)
        return o;
    o.compressed = paifu_reader_was_compressed(r);
    const paifu_game *g;
    while ((o.rc = paifu_reader_next(&g, r, &o.err)) > 0)
        o.games++;
    if (o.rc == 0)
        o.rc = 1;
    paifu_reader_free(r);
    return o;
}

/* O is a refusal that names the input and mentions SAYS. */
static void refused(const outcome *o, const char *what, const char *says)
{
    if (o->rc >= 0)
        fail_msg("%s: read as %d games", what, o->games);
    assert_int_equal(o->err.code, o->rc);
    assert_string_equal(o->err.where.source, "mutant.gz");
    if (!strstr(o->err.text, says))
        fail_msg("%s: \"%s\" does not say \"%s\"", what, o->err.text, says);
}

static const seed *find_seed(const char *suffix)
{
    for (size_t i = 0; i < N_SEEDS; i++) {
        size_t n = strlen(SEEDS[i].name), k = strlen(suffix);
        if (n >= k && strcmp(SEEDS[i].name + n - k, suffix) == 0)
            return &SEEDS[i];
    }
    fail_msg("no seed named *%s", suffix);
    return NULL;
}

static void test_gzip_damaged(void **state)
{
    (void)state;
    const seed *s = find_seed(".mjlog");
    size_t gz_size;
    unsigned char *gz = gzip_of(s->data, s->size, &gz_size);
    outcome plain = read_all(s->data, s->size, 0), o = read_all(gz, gz_size, 0);
    assert_int_equal(o.rc, 1);
    assert_true(o.compressed);
    assert_int_equal(o.games, plain.games);

    /* cut at every Nth byte: never a game from part of the stream */
    char what[96];
    for (size_t at = 0; at < gz_size; at += gz_size / 97 + 1) {
        snprintf(what, sizeof(what), "cut at byte %zu of %zu", at, gz_size);
        o = read_all(gz, at, 0);
        /* no byte: "empty" (issue 27); one byte of the gzip magic: no format */
        refused(&o, what, at == 0 ? "empty" : at < 2 ? "unrecognised" : "gzip");
    }
    /* a flipped bit in the deflate stream or the trailer (CRC-32, length) is refused, unless
     * it turns one deflate code into another for the same bytes (with Debian 12's zlib, bit 5
     * of byte 5062 does), which the CRC-32 then confirms. The header's flags, time and OS
     * bytes (0-9) are left alone: they do not protect the data. */
    unsigned char *bad = malloc(gz_size);
    assert_non_null(bad);
    mut_rng r = mut_rng_for("gzip", 0);
    for (int k = 0; k < 200; k++) {
        memcpy(bad, gz, gz_size);
        size_t at = k < 8 ? gz_size - 8 + (size_t)k : 10 + mut_below(&r, gz_size - 10);
        bad[at] ^= (unsigned char)(1u << mut_below(&r, 8));
        snprintf(what, sizeof(what), "bit flipped at byte %zu of %zu", at, gz_size);
        o = read_all(bad, gz_size, 0);
        if (k >= 8 && o.rc == 1 && o.games == plain.games)
            continue; /* a redundant code: the same bytes, so the CRC-32 matches */
        refused(&o, what, "gzip");
    }
    free(bad);

    /* bytes after the member that are not another member */
    unsigned char *tail = malloc(gz_size + 8);
    assert_non_null(tail);
    memcpy(tail, gz, gz_size);
    memcpy(tail + gz_size, "garbage!", 8);
    o = read_all(tail, gz_size + 8, 0);
    refused(&o, "trailing garbage", "gzip");
    free(tail);

    /* a gzip inside a gzip is inflated once: what is left is not a log */
    size_t gz2_size;
    unsigned char *gz2 = gzip_of(gz, gz_size, &gz2_size);
    o = read_all(gz2, gz2_size, 0);
    refused(&o, "gzip in gzip", "unrecognised");
    free(gz2);
    free(gz);
}

/* Two members, one after the other, read as the one input they inflate to. */
static void test_gzip_members(void **state)
{
    (void)state;
    const seed *s = find_seed(".mjlog");
    size_t half = s->size / 2, a_size, b_size;
    unsigned char *a = gzip_of(s->data, half, &a_size);
    unsigned char *b = gzip_of(s->data + half, s->size - half, &b_size);
    unsigned char *both = malloc(a_size + b_size);
    assert_non_null(both);
    memcpy(both, a, a_size);
    memcpy(both + a_size, b, b_size);
    outcome plain = read_all(s->data, s->size, 0), o = read_all(both, a_size + b_size, 0);
    assert_int_equal(o.rc, 1);
    assert_int_equal(o.games, plain.games);
    /* the second member cut short */
    o = read_all(both, a_size + b_size / 2, 0);
    refused(&o, "second member cut", "gzip");
    free(both);
    free(a);
    free(b);
}

/* 16 MiB of one byte (about 16 KiB compressed) against a 1 MiB cap on the inflated size. */
static void test_gzip_bomb(void **state)
{
    (void)state;
    size_t n = 16u << 20, gz_size;
    char *payload = malloc(n);
    assert_non_null(payload);
    memset(payload, '[', n);
    unsigned char *gz = gzip_of(payload, n, &gz_size);
    free(payload);
    assert_true(gz_size < n / 512);
    outcome o = read_all(gz, gz_size, 1u << 20);
    refused(&o, "gzip bomb", "decompressed input larger than 1048576 bytes");
    assert_int_equal(o.rc, PAIFU_ELIMIT);
    /* just under the cap it is inflated, and refused for what it is (not a log) */
    size_t small_size;
    char *small = malloc(1u << 20);
    assert_non_null(small);
    memset(small, '[', 1u << 20);
    unsigned char *gz_small = gzip_of(small, 1u << 20, &small_size);
    o = read_all(gz_small, small_size, 1u << 20);
    assert_true(o.rc < 0 && o.rc != PAIFU_ELIMIT);
    free(small);
    free(gz_small);
    free(gz);
}

/*
 * A Pantheon sheet cut after a game's points line is refused: the points with no deal under them
 * used to read as a whole game with nothing to check (found by this test's truncations).
 */
static void test_pantheon_points_only(void **state)
{
    (void)state;
    const seed *s = find_seed("pantheon-two-games.txt");
    const char *first_nl = strchr(s->data, '\n'), *gap = strstr(s->data, "\n\n");
    assert_non_null(first_nl);
    assert_non_null(gap);
    const char *second_nl = strchr(gap + 2, '\n');
    assert_non_null(second_nl);
    const struct {
        size_t size;
        int games; /* read before the error */
    } CUTS_AT[] = {
        {(size_t)(first_nl - s->data), 0},      /* the first line without its newline */
        {(size_t)(first_nl - s->data) + 1, 0},  /* the first line */
        {(size_t)(second_nl - s->data) + 1, 1}, /* up to the second game's points line */
    };
    for (size_t i = 0; i < sizeof(CUTS_AT) / sizeof(CUTS_AT[0]); i++) {
        paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
        opts.source_name = "cut.txt";
        paifu_error err;
        paifu_error_clear(&err);
        paifu_reader *r = NULL;
        size_t size = CUTS_AT[i].size;
        assert_int_equal(paifu_reader_open_buffer(&r, s->data, size, &opts, &err), 0);
        const paifu_game *g;
        int rc, games = 0;
        while ((rc = paifu_reader_next(&g, r, &err)) > 0)
            games++;
        paifu_reader_free(r);
        assert_int_equal(rc, PAIFU_EFORMAT);
        assert_int_equal(games, CUTS_AT[i].games);
        assert_string_equal(err.where.source, "cut.txt");
        /* located on the line after the points line */
        uint32_t points_line = 1;
        for (size_t k = 0; k + 1 < size; k++)
            points_line += s->data[k] == '\n';
        assert_int_equal(err.where.line, points_line + 1);
        if (!strstr(err.text, "expected the game's deals"))
            fail_msg("cut %zu: \"%s\"", i, err.text);
    }
}

/* The cap on the input itself names the input. */
static void test_input_cap(void **state)
{
    (void)state;
    const seed *s = find_seed(".mjlog");
    paifu_read_options opts = PAIFU_READ_OPTIONS_INIT;
    opts.source_name = "big.mjlog";
    opts.max_input = 100;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_reader *r = NULL;
    assert_int_equal(paifu_reader_open_buffer(&r, s->data, s->size, &opts, &err), PAIFU_ELIMIT);
    assert_null(r);
    assert_int_equal(err.code, PAIFU_ELIMIT);
    assert_string_equal(err.where.source, "big.mjlog");
    assert_non_null(strstr(err.text, "input larger than 100 bytes"));
}

int main(void)
{
    paifu_init();
    mut_install_handlers();
    load_dir(PAIFU_SAMPLES_DIR);
    load_dir(PAIFU_SOURCE_DIR "/tests/fuzz/corpus/read");

    struct CMUnitTest tests[64 + 5];
    size_t n = 0;
    for (size_t i = 0; i < N_SEEDS; i++)
        tests[n++] = (struct CMUnitTest){
            .name = SEEDS[i].name, .test_func = run_seed, .initial_state = &SEEDS[i]};
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_gzip_damaged);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_gzip_members);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_gzip_bomb);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_input_cap);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_pantheon_points_only);
    int failed = _cmocka_run_group_tests("mutation", tests, n, NULL, NULL);
    mut_print_stats("all seeds", &TOTAL);
    for (size_t i = 0; i < N_SEEDS; i++)
        free(SEEDS[i].data);
    return failed;
}

/*
 * bench_parse.c: how fast Tenhou mjlogs are read and validated, against a bare libxml2 parse of
 * the same bytes.
 *
 * Every file given (directories are walked; default: the corpus's tenhou-xml folder) is loaded
 * into memory first (gzip inflated with zlib's gzread), so no timing includes disk I/O. Then
 * each pass over all the bytes is timed, repeated until --min-seconds of wall time have gone by
 * (clock_gettime CLOCK_MONOTONIC; CPU time with CLOCK_PROCESS_CPUTIME_ID beside it):
 *
 *   reader nodes  xmlReaderForMemory + xmlTextReaderRead over every node
 *   reader attrs  the same, also visiting every attribute and its value (what any mjlog reader
 *                 must at least do: the data is in the attributes)
 *   sax push      libxml2's SAX2 interface, no tree: a push parser given the first four bytes
 *                 and then the rest (as xmlReaderForMemory and paifu's mjlog reader set it up),
 *                 a startElementNs callback visiting every attribute value
 *   sax memory    the same callback under xmlCreateMemoryParserCtxt + xmlParseDocument
 *   read          paifu_reader_open_buffer + paifu_reader_next: the mjlog read into the model,
 *                 walls rebuilt from the seed (MT19937 + SHA-512) included
 *   validate      read + paifu_game_rules + paifu_verify_game (full re-simulation)
 *   read/validate (libxml2)  the same with the reader's scanner turned off, so that every
 *                 document goes through libxml2's SAX2 parser as before the scanner
 *                 (formats/tenhou/mjlog_scan.c; paifu_mjlog__scanner_on, an internal of the static
 *                 library)
 *
 * The four bare passes are libxml2 alone, with the same options as the reader (XML_PARSE_NONET);
 * the "bare" figure the ratios use is the fastest of them (the SAX ones: no tree is built), so
 * the comparison is with the least any libxml2-based reader could spend. It prints files, games,
 * deals, bytes, passes, seconds, games/s, deals/s, MB/s and the ratios, plus the compiler and
 * build type. Not a test: timings depend on the machine.
 *
 *   bench_parse [--min-seconds S] [--passes N]
 *               [--only bare|nodes|attrs|sax|saxmem|read|validate|read-libxml2|validate-libxml2]
 *               [PATH...]
 *
 * --only runs one kind of pass (bare: the four bare ones) and --passes a fixed number of them
 * (for a profiler: `valgrind --tool=callgrind --toggle-collect=measure` counts the instructions
 * of the warm-up and the timed passes, which do not depend on what else the machine runs).
 */
#include <paifu.h>

#include <dirent.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlreader.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <zlib.h>

#ifndef PAIFU_BUILD_TYPE
#define PAIFU_BUILD_TYPE "unknown"
#endif

typedef struct input {
    char *data;
    size_t size;
} input;

typedef struct inputs {
    input *v;
    size_t n, cap;
    size_t bytes;
} inputs;

static void load(inputs *in, const char *path)
{
    gzFile f = gzopen(path, "rb");
    if (!f)
        return;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int got;
    while (buf && (got = gzread(f, buf + len, (unsigned)(cap - len))) > 0) {
        len += (size_t)got;
        if (len == cap) {
            char *p = realloc(buf, cap * 2);
            if (!p) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = p;
            cap *= 2;
        }
    }
    gzclose(f);
    if (!buf || len == 0) {
        free(buf);
        return;
    }
    if (in->n == in->cap) {
        in->cap = in->cap ? 2 * in->cap : 256;
        in->v = realloc(in->v, in->cap * sizeof(input));
        if (!in->v) {
            fprintf(stderr, "bench_parse: out of memory\n");
            exit(2);
        }
    }
    in->v[in->n++] = (input){buf, len};
    in->bytes += len;
}

static void walk(inputs *in, const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0)
        return;
    if (!S_ISDIR(sb.st_mode)) {
        load(in, path);
        return;
    }
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "_partial") == 0)
            continue;
        char sub[4096];
        snprintf(sub, sizeof(sub), "%s/%s", path, e->d_name);
        walk(in, sub);
    }
    closedir(d);
}

static double now(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef enum pass_kind {
    BARE_NODES,
    BARE_ATTRS,
    BARE_SAX,
    BARE_SAXMEM,
    READ,
    VALIDATE,
    READ_LIBXML2,
    VALIDATE_LIBXML2,
    PASS_KINDS
} pass_kind;

static const char *const PASS_NAMES[PASS_KINDS] = {
    "reader nodes", "reader attrs", "sax push",       "sax memory",
    "read",         "validate",     "read (libxml2)", "validate (libxml2)"};
static const char *const PASS_OPTIONS[PASS_KINDS] = {
    "nodes", "attrs", "sax", "saxmem", "read", "validate", "read-libxml2", "validate-libxml2"};

/* formats/tenhou/mjlog.h: whether the mjlog reader tries its scanner before libxml2 (default true) */
extern bool paifu_mjlog__scanner_on;

static unsigned long bare(const input *x, bool attrs)
{
    xmlTextReaderPtr r = xmlReaderForMemory(x->data, (int)x->size, NULL, NULL, XML_PARSE_NONET);
    unsigned long n = 0;
    if (!r)
        return 0;
    while (xmlTextReaderRead(r) == 1) {
        n++;
        if (attrs && xmlTextReaderHasAttributes(r) == 1) {
            while (xmlTextReaderMoveToNextAttribute(r) == 1)
                n += xmlTextReaderConstName(r) && xmlTextReaderConstValue(r);
            xmlTextReaderMoveToElement(r);
        }
    }
    xmlFreeTextReader(r);
    return n;
}

static void sax_start(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                      const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                      int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
    unsigned long *n = ((xmlParserCtxtPtr)ctx)->_private;
    (void)localname, (void)prefix, (void)uri, (void)nb_namespaces, (void)namespaces;
    (void)nb_defaulted;
    *n += 1;
    for (int i = 0; i < nb_attributes; i++)
        *n += attributes[5 * i] && attributes[5 * i + 4] > attributes[5 * i + 3];
}

static void sax_error(void *payload, xmlErrorPtr e)
{
    (void)payload, (void)e;
}

static unsigned long bare_sax(const input *x, bool push)
{
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof(sax));
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = sax_start;
    sax.serror = sax_error;
    unsigned long n = 0;
    xmlParserCtxtPtr ctxt;
    if (push) {
        int head = x->size >= 4 ? 4 : 0;
        ctxt = xmlCreatePushParserCtxt(&sax, NULL, head ? x->data : NULL, head, NULL);
        if (!ctxt)
            return 0;
        xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
        ctxt->_private = &n;
        xmlParseChunk(ctxt, x->data + head, (int)x->size - head, 1);
    } else {
        ctxt = xmlCreateMemoryParserCtxt(x->data, (int)x->size);
        if (!ctxt)
            return 0;
        xmlSAXHandlerPtr old = ctxt->sax;
        ctxt->sax = &sax;
        xmlCtxtUseOptions(ctxt, XML_PARSE_NONET);
        ctxt->_private = &n;
        xmlParseDocument(ctxt);
        ctxt->sax = old;
    }
    xmlFreeParserCtxt(ctxt);
    return n;
}

static unsigned long deals_read; /* deals of the games of the last read or validate pass */

/* One pass over every input; returns the games read (or nodes for the bare passes). */
static unsigned long pass(const inputs *in, pass_kind kind, paifu_report *rep)
{
    deals_read = 0;
    unsigned long count = 0;
    paifu_mjlog__scanner_on = kind != READ_LIBXML2 && kind != VALIDATE_LIBXML2;
    bool validate = kind == VALIDATE || kind == VALIDATE_LIBXML2;
    for (size_t i = 0; i < in->n; i++) {
        if (kind == BARE_NODES || kind == BARE_ATTRS) {
            count += bare(&in->v[i], kind == BARE_ATTRS);
            continue;
        }
        if (kind == BARE_SAX || kind == BARE_SAXMEM) {
            count += bare_sax(&in->v[i], kind == BARE_SAX);
            continue;
        }
        paifu_reader *r;
        paifu_error err;
        paifu_error_clear(&err);
        if (paifu_reader_open_buffer(&r, in->v[i].data, in->v[i].size, NULL, &err) < 0)
            continue;
        const paifu_game *g;
        while (paifu_reader_next(&g, r, &err) > 0) {
            count++;
            deals_read += paifu_game_deal_count(g);
            if (!validate)
                continue;
            paifu_rules *rules;
            if (paifu_game_rules(&rules, g, "tenhou", &err) < 0)
                continue;
            paifu_verify_game(rep, g, rules, NULL, &err);
            paifu_report_clear_findings(rep);
            paifu_rules_free(rules);
        }
        paifu_reader_free(r);
    }
    return count;
}

typedef struct timing {
    double wall, cpu;           /* totals */
    double best_wall, best_cpu; /* the fastest pass (least disturbed by other processes) */
    unsigned long passes, count;
} timing;

static unsigned long fixed_passes; /* --passes: exactly this many timed passes */

/* Not inlined, so that a profiler can count this function alone (--toggle-collect=measure). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static timing
measure(const inputs *in, pass_kind kind, double min_seconds, paifu_report *rep)
{
    timing t = {0};
    pass(in, kind, rep); /* warm-up */
    double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
    do {
        double w1 = now(CLOCK_MONOTONIC), c1 = now(CLOCK_PROCESS_CPUTIME_ID);
        t.count = pass(in, kind, rep);
        double w = now(CLOCK_MONOTONIC) - w1, c = now(CLOCK_PROCESS_CPUTIME_ID) - c1;
        if (!t.passes || w < t.best_wall)
            t.best_wall = w;
        if (!t.passes || c < t.best_cpu)
            t.best_cpu = c;
        t.passes++;
        t.wall = now(CLOCK_MONOTONIC) - w0;
    } while (fixed_passes ? t.passes < fixed_passes : t.wall < min_seconds);
    t.cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
    return t;
}

static void print(const char *name, const timing *t, const inputs *in, unsigned long games,
                  unsigned long deals)
{
    if (!t->passes)
        return;
    printf("%-18s %4lu passes %7.3f s wall %7.3f s cpu | best pass %7.1f ms wall %7.1f ms cpu: "
           "%6.0f games/s %7.0f deals/s %6.1f MB/s\n",
           name, t->passes, t->wall, t->cpu, t->best_wall * 1e3, t->best_cpu * 1e3,
           (double)games / t->best_cpu, (double)deals / t->best_cpu,
           (double)in->bytes / t->best_cpu / 1e6);
}

int main(int argc, char **argv)
{
    double min_seconds = 2.0;
    const char *only = NULL;
    inputs in = {0};
    int first = 1;
    for (; first + 1 < argc; first += 2) {
        if (strcmp(argv[first], "--min-seconds") == 0)
            min_seconds = atof(argv[first + 1]);
        else if (strcmp(argv[first], "--passes") == 0)
            fixed_passes = strtoul(argv[first + 1], NULL, 10);
        else if (strcmp(argv[first], "--only") == 0)
            only = argv[first + 1];
        else
            break;
    }
    paifu_init();
    if (first >= argc) {
        char dir[4096];
        snprintf(dir, sizeof(dir), "%s/tenhou-xml", PAIFU_CORPUS_DIR);
        walk(&in, dir);
    }
    for (int i = first; i < argc; i++)
        walk(&in, argv[i]);
    if (!in.n) {
        fprintf(stderr, "bench_parse: no input (give files or directories of mjlogs)\n");
        return 2;
    }
    paifu_report *rep;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_report_new(&rep, &err) < 0)
        return 2;
    unsigned long games = pass(&in, READ, rep), deals = deals_read;
    printf("bench_parse: %zu files, %lu games, %lu deals, %.1f MB of XML in memory; each pass "
           "repeated for at least %.1f s (CLOCK_MONOTONIC wall, CLOCK_PROCESS_CPUTIME_ID cpu), "
           "after one warm-up pass\n",
           in.n, games, deals, (double)in.bytes / 1e6, min_seconds);
    printf("build: %s, compiler %s, libxml2 %s, paifu %s\n", PAIFU_BUILD_TYPE, __VERSION__,
           LIBXML_DOTTED_VERSION, paifu_version());
    timing t[PASS_KINDS] = {{0}};
    bool all = !only;
    for (int k = 0; k < PASS_KINDS; k++) {
        bool bare = k <= BARE_SAXMEM;
        if (all || !strcmp(only, PASS_OPTIONS[k]) || (bare && !strcmp(only, "bare")))
            t[k] = measure(&in, (pass_kind)k, min_seconds, rep);
    }
    for (int k = 0; k < PASS_KINDS; k++)
        print(PASS_NAMES[k], &t[k], &in, games, deals);
    if (!all) {
        paifu_report_free(rep);
        return 0;
    }
    int fastest = BARE_NODES;
    for (int k = BARE_NODES; k <= BARE_SAXMEM; k++)
        if (t[k].best_cpu < t[fastest].best_cpu)
            fastest = k;
    double bare = t[fastest].best_cpu;
    printf("games/s, deals/s and MB/s from the best pass's CPU time\n");
    printf("bare = the fastest bare libxml2 parse (%s, %.1f ms)\n", PASS_NAMES[fastest],
           bare * 1e3);
    printf("read / bare = %.2fx, validate / bare = %.2fx (goal: within 2x); validate / reader "
           "nodes = %.2fx, validate / reader attrs = %.2fx\n",
           t[READ].best_cpu / bare, t[VALIDATE].best_cpu / bare,
           t[VALIDATE].best_cpu / t[BARE_NODES].best_cpu,
           t[VALIDATE].best_cpu / t[BARE_ATTRS].best_cpu);
    printf("with the scanner off (libxml2 SAX2 for every document): read / bare = %.2fx, "
           "validate / bare = %.2fx\n",
           t[READ_LIBXML2].best_cpu / bare, t[VALIDATE_LIBXML2].best_cpu / bare);
    printf("validate: %.0f games/s, %.0f deals/s (goal: >= 3000 games/s on one core)\n",
           (double)games / t[VALIDATE].best_cpu, (double)deals / t[VALIDATE].best_cpu);
    paifu_report_free(rep);
    for (size_t i = 0; i < in.n; i++)
        free(in.v[i].data);
    free(in.v);
    return 0;
}

/*
 * cmd_convert.c: paifu convert --to FORMAT [-o OUT] FILE...: read every game and write it in
 * another format. What the target cannot carry is reported on stderr (an error with --strict).
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char cmd_convert_usage[] =
    "usage: paifu convert --to FORMAT [options] FILE...\n"
    "\n"
    "Convert every game in FILE (\"-\" = standard input) to FORMAT. Input format and gzip are\n"
    "detected from the content. A directory is walked recursively (files that are no log\n"
    "format paifu reads are skipped); with -o DIR its subfolders are mirrored under DIR.\n"
    "A houou-logs database or a zip/tar(.gz) archive is read as a folder: with -o DIR each\n"
    "game is written to DIR/LOG-ID (or the member's path) with the format's extension.\n"
    "\n"
    "options:\n"
    "  -t, --to FORMAT      output format (see 'paifu info --formats'; mjlog is tenhou-xml)\n"
    "  -o, --output OUT     output file (\"-\" = standard output, the default), or a folder\n"
    "                       (OUT ends in '/' or is one; made when missing): one file per\n"
    "                       game, NAME-N.EXT for game N of input NAME.*; tenhou-xml\n"
    "                       NAME.EXT for the first game, or LOG-ID.EXT for a game with a\n"
    "                       Tenhou log id (the name carries it)\n"
    "      --from FORMAT    skip detection and read FORMAT\n"
    "      --gzip           gzip-compress the output, at level 1: with -o DIR every file\n"
    "                       (EXT.gz); on standard output one gzip stream\n"
    "      --gzip-level N   the same at level N: 1 the fastest (the default), 12 the smallest\n"
    "                       files; reading them back takes the same time at any level\n"
    "      --suffix SUFFIX  with -o DIR: name the files NAME+SUFFIX instead of the format's\n"
    "                       extension (Mortal's training data: --to mjai --gzip --suffix\n"
    "                       .json.gz)\n"
    "      --players 3|4    log databases: only games of that many players\n"
    "      --length east|half  log databases: only east-only or half games\n"
    "      --strict         refuse a game when the output cannot carry something it has\n"
    "      --max-members N  archives: refuse one of more than N members (default 1000000)\n"
    "      --allow-loss KIND,...  under --strict, still convert with losses of these kinds\n"
    "                       (wall, dice, tile-ids, penalties, connection, dora-timing,\n"
    "                       tsumogiri, rules, final, meta, values, hands, scores, clock,\n"
    "                       computed; each loss message names its kind)\n"
    "      --fill           compute from the tiles (the hand engine) the yaku, han, fu, limit\n"
    "                       and points a win does not record (fu 0 of a limit hand included),\n"
    "                       reported as computed on stderr (paifu's format marks them); and\n"
    "                       write the values the output has a place for that the source does\n"
    "                       not record (final scores, score changes, tenpai), with a note per\n"
    "                       game naming each kind and count. Without it such a value is left\n"
    "                       out where the output allows, else written and reported as a loss\n"
    "                       of kind computed\n"
    "  -q, --quiet          do not report losses, nor --fill's line per game, on stderr\n"
    "  -h, --help           this help\n"
    "\n"
    "Several games go into one output when the format allows it (paifu; mjai and tenhou6 as\n"
    "JSON lines); tenhou-xml holds one game per file: give a directory with -o. A loss is\n"
    "reported once per kind and game. A game that cannot be written is refused, named with\n"
    "its source, and leaves no file; the run goes on with the next game. A run over several\n"
    "inputs, a folder, a log database or an archive ends with one summary line: games\n"
    "converted, games refused, and each kind of loss with its count.\n"
    "\n"
    "exit status: 0 success, 2 a game refused (a loss under --strict included), an input,\n"
    "usage or output error\n";

#define MAX_KINDS 32

/* --gzip's level: 1, the fastest. Every level inflates at the same speed (zlib's inflate does
   the same work per output byte), so data read many times, as Mortal reads its training set,
   costs no more to read at 1; only the files are larger (1.4 times those of level 6 on
   mjai, see README "Whole archives"). */
#define CLI_GZIP_LEVEL 1

/* One line about a game on stderr, as a file's errors are printed (cli_print_error):
   "paifu: SOURCE: LABEL: TEXT [game N]", N the game's number in its file or member. */
static void game_line(const char *source, long game, const char *label, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void game_line(const char *source, long game, const char *label, const char *fmt, ...)
{
    fputs("paifu: ", stderr);
    cli_text(stderr, source);
    cli_textf(stderr, ": %s: ", label);
    va_list ap;
    va_start(ap, fmt);
    cli_vtextf(stderr, fmt, ap);
    va_end(ap);
    if (game >= 0)
        cli_textf(stderr, " [game %ld]", game + 1);
    fputc('\n', stderr);
}

typedef struct loss_ctx {
    const char *file; /* the game's source: the input, or "FILE:MEMBER" of a container */
    long game;        /* its number in that file or member, 0-based */
    bool quiet;
    const char *const *kinds;
    unsigned long long count[MAX_KINDS]; /* games of the run with a loss of each kind */
    unsigned game_kinds;                 /* kinds lost in the current game (bits): each kind is
                                            reported once per game, whatever its message */
} loss_ctx;

static void on_loss(const paifu_game *game, const char *kind, const char *what, void *payload)
{
    (void)game;
    loss_ctx *l = payload;
    int k = 0;
    while (k < MAX_KINDS && l->kinds[k] && strcmp(l->kinds[k], kind) != 0)
        k++;
    if (k < MAX_KINDS && l->kinds[k]) {
        if (l->game_kinds & (1u << k))
            return; /* this kind was reported for this game */
        l->game_kinds |= 1u << k;
    }
    if (l->quiet)
        return;
    if (strcmp(kind, "computed") == 0) /* written, but not as the source has it */
        game_line(l->file, l->game, "warning", "%s; --fill writes them as filled (loss: %s)",
                  what, kind);
    else
        game_line(l->file, l->game, "warning",
                  "the output format cannot carry %s; it is left out (loss: %s)", what, kind);
}

/* --fill's note of the values the writer computed for the game (paifu_write_options.fill). */
static void on_filled(const paifu_game *game, const char *what, void *payload)
{
    (void)game;
    loss_ctx *l = payload;
    if (!l->quiet)
        game_line(l->file, l->game, "note", "filled (--fill), not recorded by the source: %s",
                  what);
}

/* Games are written to memory first: a refused game leaves no file and no partial output. */
typedef struct mem_out {
    char *data;
    size_t len, cap;
} mem_out;

static int write_mem(const void *data, size_t size, void *payload)
{
    mem_out *m = payload;
    if (m->len + size > m->cap) {
        size_t cap = m->cap ? m->cap : 1 << 16;
        while (cap < m->len + size)
            cap *= 2;
        char *p = realloc(m->data, cap);
        if (!p)
            return -1;
        m->data = p;
        m->cap = cap;
    }
    memcpy(m->data + m->len, data, size);
    m->len += size;
    return 0;
}

/* The kinds of LIST (comma-separated) all known? */
static bool known_kinds(const char *list)
{
    const char *const *kinds = paifu_loss_kinds();
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        bool found = false;
        for (size_t k = 0; kinds[k]; k++)
            if (strlen(kinds[k]) == len && memcmp(kinds[k], p, len) == 0)
                found = true;
        if (!found)
            return false;
        p = e ? e + 1 : p + len;
    }
    return true;
}

static bool is_dir(const char *path)
{
    struct stat sb;
    return path && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* DIR/<REL without its extensions>[-N]<ext>, REL being the input's path below the directory
   it was found in (its base name for a file operand; "stdin" for "-"); NAME (not NULL)
   replaces REL's base name. Creates the subdirectories REL names. Returns 0, or -1 with errno
   when one cannot be created. */
static int game_path(char *buf, size_t size, const char *dir, const char *input, const char *rel,
                     const char *name, size_t index, bool numbered, const char *ext)
{
    if (strcmp(input, "-") == 0)
        rel = "stdin";
    char stem[768];
    snprintf(stem, sizeof(stem), "%s", rel);
    char *base = strrchr(stem, '/');
    base = base ? base + 1 : stem;
    char *dot = strchr(base[0] == '.' ? base + 1 : base, '.');
    if (name)
        snprintf(base, sizeof(stem) - (size_t)(base - stem), "%s", name);
    else if (dot)
        *dot = '\0';
    if (numbered)
        snprintf(buf, size, "%s/%s-%zu%s", dir, stem, index + 1, ext);
    else
        snprintf(buf, size, "%s/%s%s", dir, stem, ext);
    /* the subdirectories of the walk, under DIR */
    for (char *p = buf + strlen(dir) + 1; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        int rc = mkdir(buf, 0777);
        *p = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return 0;
}

/* The output files written by this run: a second game for the same name is an error, never an
   overwrite (game.xml and game.json of one folder would both be game.paifu.json). */
typedef struct written {
    char **paths;
    size_t n, cap;
} written;

static bool already_written(written *w, const char *path)
{
    for (size_t i = 0; i < w->n; i++)
        if (strcmp(w->paths[i], path) == 0)
            return true;
    if (w->n == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 64;
        char **p = realloc(w->paths, cap * sizeof(*p));
        if (!p)
            return false;
        w->paths = p;
        w->cap = cap;
    }
    char *copy = strdup(path);
    if (copy)
        w->paths[w->n++] = copy;
    return false;
}

/* What --fill computed over the run (fill_game). */
typedef struct fill_total {
    unsigned long yaku, han, fu, points, unscored;
    unsigned long unfilled; /* games whose rules are not known: nothing computed */
} fill_total;

/*
 * --fill: a copy of G (*OUT) whose wins get the values they do not record, computed from the
 * tiles under the game's rule set (paifu_game_fill_values); said on stderr as computed, with
 * the counts added to TOTAL. A game whose rules are not known is left as it is (*OUT NULL).
 */
static int fill_game(paifu_game **out, const paifu_game *g, const loss_ctx *where,
                     fill_total *total, paifu_error *err)
{
    paifu_rules *rules = NULL;
    paifu_fill_counts n;
    const char *unknown = paifu_game_meta_get(g, PAIFU_META_RULES_UNKNOWN);
    if (unknown) { /* points, limits and even yaku follow rules nobody knows */
        *out = NULL;
        total->unfilled++;
        if (!where->quiet)
            game_line(where->file, where->game, "note",
                      "not filled (--fill): the log's rules are not known (%s)", unknown);
        return 0;
    }
    int rc = paifu_game_copy(out, g, err);
    if (rc == 0)
        rc = paifu_game_rules(&rules, *out, NULL, err);
    if (rc == 0)
        rc = paifu_game_fill_values(*out, rules, &n, err);
    paifu_rules_free(rules);
    if (rc < 0) {
        paifu_game_free(*out);
        *out = NULL;
        return rc;
    }
    total->yaku += n.yaku;
    total->han += n.han;
    total->fu += n.fu;
    total->points += n.points;
    total->unscored += n.unscored;
    if (where->quiet || !(n.yaku || n.han || n.fu || n.points || n.unscored))
        return 0;
    /* the values computed, each with its count: only those computed for some win */
    const struct {
        const char *what;
        unsigned long count;
    } part[] = {{"yaku", (unsigned long)n.yaku},
                {"han", (unsigned long)n.han},
                {"fu", (unsigned long)n.fu},
                {"points", (unsigned long)n.points}};
    char text[256];
    size_t len = 0;
    for (size_t i = 0; i < sizeof(part) / sizeof(part[0]); i++)
        if (part[i].count && len < sizeof(text))
            len += (size_t)snprintf(text + len, sizeof(text) - len,
                                    len ? ", %s of %lu" : "the %s of %lu win(s)", part[i].what,
                                    part[i].count);
    if (n.unscored && len < sizeof(text))
        snprintf(text + len, sizeof(text) - len,
                 "%s%lu win(s) the hand engine could not score keep what they record",
                 len ? "; " : "", (unsigned long)n.unscored);
    game_line(where->file, where->game, "note",
              "computed from the tiles (--fill), not recorded: %s", text);
    return 0;
}

/* Tenhou XML carries a game's log id in its file's name (Tenhou names a log by it, and its
   date gives the era's rules): the id a game has (tenhou.net/6's ref, or the one its Tenhou
   XML file or database row was named by), NULL none. */
static const char *tenhou_log_id(const paifu_game *g)
{
    const char *ref = paifu_game_meta_get(g, "tenhou6.ref");
    return ref ? ref : paifu_game_meta_get(g, "tenhou.ref");
}

/* Can a file be named by REF so that Tenhou XML's reader takes it back: Tenhou's log id form,
   "YYYYMMDDHHgm-" and lowercase letters, digits and '-' ("2019050417gm-0029-0000-4f2a8622"),
   of a real date (formats/tenhou/mjlog_header.c, paifu_tenhou__log_date). */
static bool usable_log_id(const char *ref)
{
    size_t n = strlen(ref);
    if (n < 14 || n >= 40 || strspn(ref, "0123456789") < 10 || strncmp(ref + 10, "gm-", 3) != 0 ||
        strspn(ref, "0123456789abcdefghijklmnopqrstuvwxyz-") != n)
        return false;
    int year = 0, month = 0, day = 0;
    for (int i = 0; i < 8; i++) {
        int *part = i < 4 ? &year : i < 6 ? &month : &day;
        *part = *part * 10 + ref[i] - '0';
    }
    return year >= 2006 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/* Does the file PATH (-o FILE) carry log id REF in its name: REF.xml, REF.mjlog, ...? */
static bool named_by(const char *path, const char *ref)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(ref);
    return strncmp(base, ref, n) == 0 && (base[n] == '.' || base[n] == '\0');
}

/* The state of one run of paifu convert, which convert_game reads and updates. */
typedef struct convert_run {
    const char *to;
    bool name_id; /* the target carries the log id in the file's name (PAIFU_CARRIES_NAME_ID) */
    bool per_game, multi, gz, fill;
    const char *out_path, *ext;
    FILE *out;
    paifu_writer *w;      /* one writer for all games (not per_game) */
    paifu_files *files;   /* -o DIR, or --gzip to standard output */
    const paifu_write_options *wopts;
    mem_out mem;
    written done_paths;
    loss_ctx loss;
    fill_total filled;
    size_t games_out, games_refused;
} convert_run;

/* Report the log id REF of game G lost (kind meta): -1 when --strict refuses it (ERR set). */
static int log_id_lost(const convert_run *run, const paifu_game *g, const char *ref,
                       paifu_error *err)
{
    char what[160];
    snprintf(what, sizeof(what), "the log id %s (Tenhou XML keeps it in its file's name%s)", ref,
             usable_log_id(ref) ? ": write with -o DIR" : ", and it is no log id");
    on_loss(g, "meta", what, run->wopts->loss_payload);
    if (run->wopts->strict && !cli_listed(run->wopts->allow_loss, "meta"))
        return paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL,
                               "the target format cannot carry %s (--strict; --allow-loss meta "
                               "lets it go)",
                               what);
    return 0;
}

/* Write game G of INPUT (REL its name below its operand, or its member's; INDEX its number in
   it, 0-based). Returns 0 written, 1 refused (ERR says why: the game is left out and the run
   goes on), or -1 when the output cannot be written (ERR: the input's other games are left). */
static int convert_game(convert_run *run, const paifu_game *g, const char *input,
                        const char *rel, size_t index, bool container, bool database,
                        paifu_error *err)
{
    loss_ctx *loss = &run->loss;
    loss->game_kinds = 0;
    run->mem.len = 0;
    paifu_game *copy = NULL;
    int rc = 0;
    if (run->fill && (rc = fill_game(&copy, g, loss, &run->filled, err)) < 0)
        return 1;
    if (copy)
        g = copy;
    /* Tenhou XML: the log id is the file's name, or it is lost (reported after the writer's
       refusals and losses, as a loss of the writer's: under --strict it refuses the game) */
    const char *ref = run->name_id ? tenhou_log_id(g) : NULL;
    const char *name = ref && run->per_game && usable_log_id(ref) ? ref : NULL;
    bool id_lost = ref && !name &&
                   !(!run->per_game && strcmp(run->out_path, "-") != 0 &&
                     named_by(run->out_path, ref));
    if (run->per_game) {
        char path[1024];
        if (game_path(path, sizeof(path), run->out_path, input, rel, name, index,
                      !name && (index > 0 || (run->multi && !container)), run->ext) < 0) {
            paifu_error_set(err, PAIFU_EIO, NULL, "cannot create the folder of %s: %s", path,
                            strerror(errno));
            paifu_game_free(copy);
            return -1;
        }
        /* a database's log ids are unique: no list of a million names to keep */
        if (!database && already_written(&run->done_paths, path)) {
            paifu_error_set(err, PAIFU_EIO, NULL,
                            "%s was already written from another input of this run; not "
                            "overwritten (rename one of the inputs)",
                            path);
            paifu_game_free(copy);
            return 1;
        }
        paifu_writer *gw = NULL;
        rc = paifu_writer_open(&gw, run->to, write_mem, &run->mem, run->wopts, err);
        if (rc == 0)
            rc = paifu_writer_write(gw, g, err);
        if (rc == 0)
            rc = paifu_writer_close(gw, err);
        paifu_writer_free(gw);
        if (rc == 0 && id_lost)
            rc = log_id_lost(run, g, ref, err);
        paifu_game_free(copy);
        if (rc < 0)
            return 1; /* nothing written: no empty file */
        if (paifu_files_write(run->files, path, run->mem.data, run->mem.len, err) < 0)
            return -1;
        return 0;
    }
    if (run->games_out > 0 && !run->multi) {
        paifu_error_set(err, PAIFU_EUNSUPPORTED, NULL,
                        "%s holds one game per file: give a directory with -o to write several "
                        "games",
                        run->to);
        paifu_game_free(copy);
        return -1;
    }
    rc = paifu_writer_write(run->w, g, err);
    if (rc == 0 && id_lost)
        rc = log_id_lost(run, g, ref, err);
    paifu_game_free(copy);
    if (rc < 0)
        return 1;
    if (run->gz && run->mem.len) /* standard output, gzip'd: a member per game */
        return paifu_files_write(run->files, "-", run->mem.data, run->mem.len, err) < 0 ? -1 : 0;
    if (run->mem.len && fwrite(run->mem.data, 1, run->mem.len, run->out) != run->mem.len) {
        paifu_error_set(err, PAIFU_EIO, NULL, "cannot write %s: %s",
                        run->out == stdout ? "standard output" : run->out_path, strerror(errno));
        return -1;
    }
    return 0;
}

int cmd_convert(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"to", required_argument, NULL, 't'},   {"output", required_argument, NULL, 'o'},
        {"strict", no_argument, NULL, 's'},
        {"quiet", no_argument, NULL, 'q'},      {"help", no_argument, NULL, 'h'},
        {"gzip", no_argument, NULL, 'z'},       {"suffix", required_argument, NULL, 'S'},
        {"gzip-level", required_argument, NULL, 'G'},
        {"from", required_argument, NULL, 'F'},
        {"players", required_argument, NULL, 'P'}, {"length", required_argument, NULL, 'L'},
        {"max-members", required_argument, NULL, 'M'}, {"allow-loss", required_argument, NULL, 'A'},
        {"fill", no_argument, NULL, 'f'},
        {NULL, 0, NULL, 0}};
    cli_rules_opts ro = {0}; /* no rule options here: cli_input_option takes the others */
    bool gz = false;
    int gz_level = CLI_GZIP_LEVEL;
    const char *suffix = NULL;
    const char *to = NULL, *out_path = "-";
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    paifu_write_options wopts = PAIFU_WRITE_OPTIONS_INIT;
    convert_run run = {0};
    loss_ctx *loss = &run.loss;
    bool fill = false;
    int c;
    optind = 1;
    while ((c = cli_getopt(argc, argv, "t:o:qh", longopts)) != -1) {
        switch (c) {
        case 't': to = optarg; break;
        case 'o': out_path = optarg; break;
        case 's': wopts.strict = true; break;
        case 'f': fill = true; break;
        case 'A':
            if (!known_kinds(optarg)) {
                cli_usage_error("convert", "--allow-loss expects kinds of loss among %s, found "
                                "'%s'",
                                "wall, dice, tile-ids, penalties, connection, dora-timing, "
                                "tsumogiri, rules, final, meta, values, hands, scores",
                                optarg);
                return CLI_ERROR;
            }
            wopts.allow_loss = optarg;
            break;
        case 'q': loss->quiet = true; break;
        case 'z': gz = true; break;
        case 'G': {
            char *end;
            long v = strtol(optarg, &end, 10);
            if (*end || end == optarg || v < 1 || v > PAIFU_GZIP_LEVEL_MAX) {
                cli_usage_error("convert", "--gzip-level expects 1 to %d, found '%s'",
                                PAIFU_GZIP_LEVEL_MAX, optarg);
                return CLI_ERROR;
            }
            gz = true;
            gz_level = (int)v;
            break;
        }
        case 'S': suffix = optarg; break;
        case 'h': fputs(cmd_convert_usage, stdout); return CLI_CLEAN;
        default:
            if (cli_input_option(c, optarg, &ro, &ropts, "convert", cmd_convert_usage) < 0)
                return CLI_ERROR;
            break;
        }
    }
    const paifu_format_info *fi = to ? paifu_format_find(to) : NULL;
    if (!to) {
        cli_usage_error("convert", "expected --to FORMAT");
        return CLI_ERROR;
    }
    if (!fi || !fi->can_write) {
        cli_usage_error("convert", "no writer for format '%s' (see 'paifu info --formats')", to);
        return CLI_ERROR;
    }
    if (ropts.format && !paifu_format_find(ropts.format)) {
        cli_usage_error("convert", "unknown format '%s'", ropts.format);
        return CLI_ERROR;
    }
    if (optind >= argc) {
        cli_usage_error("convert", "expected at least one FILE (\"-\" for standard input)");
        return CLI_ERROR;
    }
    if (!(fi->carries & PAIFU_CARRIES_WALL))
        ropts.no_wall = 1; /* a wall the output cannot carry is not built (mjai: 8% of the work) */
    wopts.on_loss_kind = on_loss;
    wopts.loss_payload = loss;
    wopts.fill = fill;
    wopts.on_filled = on_filled;
    loss->kinds = paifu_loss_kinds();
    /* -o names a folder exactly when it ends in '/' or is one (cli_output_is_dir) */
    bool per_game = cli_output_is_dir(out_path);
    bool multi = paifu_format_multi_game(to);
    bool to_stdout = strcmp(out_path, "-") == 0;
    if (suffix && !per_game) {
        cli_usage_error("convert", "--suffix names the files of -o DIR (a folder: end it with "
                                   "'/')");
        return CLI_ERROR;
    }
    if (gz && !per_game && !to_stdout) {
        cli_usage_error("convert", "--gzip writes the files of -o DIR (a folder: end it with "
                                   "'/') or standard output (-o - | ...); -o %s is one file",
                        out_path);
        return CLI_ERROR;
    }
    if (gz && to_stdout && isatty(STDOUT_FILENO)) {
        cli_usage_error("convert", "--gzip: compressed data is not written to a terminal "
                                   "(redirect standard output, or give -o)");
        return CLI_ERROR;
    }
    char ext[64];
    snprintf(ext, sizeof(ext), "%s%s", suffix ? suffix : fi->extension, gz && !suffix ? ".gz" : "");
    if (per_game && cli_output_mkdir(out_path) < 0)
        return CLI_ERROR;
    bool batch = argc - optind > 1;
    for (int i = optind; i < argc; i++)
        batch = batch || is_dir(argv[i]);
    if (!per_game && !multi && batch) {
        cli_usage_error("convert", "%s holds one game per file: give a directory with -o to "
                        "convert several inputs",
                        to);
        return CLI_ERROR;
    }
    run.to = to;
    run.name_id = (fi->carries & PAIFU_CARRIES_NAME_ID) != 0;
    run.per_game = per_game;
    run.multi = multi;
    run.gz = gz;
    run.fill = fill;
    run.out_path = out_path;
    run.ext = ext;
    run.wopts = &wopts;
    paifu_error err;
    paifu_error_clear(&err);
    int status = CLI_CLEAN;
    bool summary = batch; /* several inputs, a folder, a database or an archive */
    cli_inputs in;
    int walked = cli_inputs_expand(&in, argv + optind, argc - optind, ropts.format != NULL);
    if (walked > status)
        status = walked;
    if ((per_game || gz) && paifu_files_new(&run.files, gz ? gz_level : 0, &err) < 0) {
        cli_print_error(&err);
        status = CLI_ERROR;
        goto done;
    }
    if (!per_game) {
        run.out = strcmp(out_path, "-") == 0 ? stdout : fopen(out_path, "wb");
        if (!run.out) {
            cli_usage_error("convert", "cannot write %s: %s", out_path, strerror(errno));
            cli_inputs_free(&in);
            paifu_files_free(run.files);
            return CLI_ERROR;
        }
        if (paifu_writer_open(&run.w, to, write_mem, &run.mem, &wopts, &err) < 0) {
            cli_print_error(&err);
            status = CLI_ERROR;
            goto done;
        }
    }
    for (size_t i = 0; i < in.n; i++) {
        const char *input = in.paths[i];
        paifu_reader *r = NULL;
        paifu_error_clear(&err);
        int rc = paifu_reader_open(&r, input, &ropts, &err);
        bool container = r && paifu_reader_members(r, NULL, NULL, NULL);
        bool database = container && strcmp(paifu_reader_format(r), "houou-logs") == 0;
        summary = summary || container;
        const paifu_game *g;
        size_t index = 0; /* the game's number in its file or member, 0-based */
        char member[768] = "";
        while (rc == 0 && (rc = paifu_reader_next(&g, r, &err)) != 0) {
            if (rc < 0 && container) { /* one member: reported, and the next one read */
                cli_print_error(&err);
                status = CLI_ERROR;
                paifu_error_clear(&err);
                rc = 0;
                continue;
            }
            if (rc < 0)
                break;
            const char *rel = input + in.rel[i];
            if (container) { /* named after the member: FILE:MEMBER */
                const char *source = paifu_reader_source(r) + strlen(input) + 1;
                if (strcmp(source, member) != 0)
                    index = 0;
                snprintf(member, sizeof(member), "%s", source);
                rel = member;
            }
            loss->file = container ? paifu_reader_source(r) : input;
            loss->game = (long)index;
            paifu_error_clear(&err);
            rc = convert_game(&run, g, input, rel, index, container, database, &err);
            if (rc > 0) { /* refused: named with its source, and the next game read */
                run.games_refused++;
                if (!err.where.source[0])
                    paifu_location_set_source(&err.where, loss->file);
                if (err.where.game < 0)
                    err.where.game = (int32_t)index;
                cli_print_error(&err);
                status = CLI_ERROR;
                paifu_error_clear(&err);
                rc = 0;
            } else if (rc == 0) {
                for (int k = 0; k < MAX_KINDS && loss->kinds[k]; k++)
                    loss->count[k] += (loss->game_kinds >> k) & 1u;
                run.games_out++;
            }
            index++;
            if (rc < 0)
                break;
        }
        if (rc < 0) {
            if (!err.where.source[0])
                paifu_location_set_source(&err.where, container && paifu_reader_source(r)
                                                          ? paifu_reader_source(r)
                                                          : input);
            cli_print_error(&err);
            status = CLI_ERROR;
        }
        paifu_reader_free(r);
    }
    if (run.w) {
        run.mem.len = 0;
        if (paifu_writer_close(run.w, &err) < 0) {
            cli_print_error(&err);
            status = CLI_ERROR;
        } else if (gz && run.mem.len) {
            if (paifu_files_write(run.files, "-", run.mem.data, run.mem.len, &err) < 0) {
                cli_print_error(&err);
                status = CLI_ERROR;
            }
        } else if (run.mem.len && fwrite(run.mem.data, 1, run.mem.len, run.out) != run.mem.len) {
            status = CLI_ERROR;
        }
    }
    if (summary || in.n > 1) {
        cli_textf(stderr, "paifu convert: %zu game%s converted, %zu refused", run.games_out,
                  run.games_out == 1 ? "" : "s", run.games_refused);
        const char *sep = "; losses: ";
        for (int k = 0; k < MAX_KINDS && loss->kinds[k]; k++)
            if (loss->count[k]) {
                cli_textf(stderr, "%s%s %llu", sep, loss->kinds[k], loss->count[k]);
                sep = ", ";
            }
        if (fill)
            cli_textf(stderr, "; computed from the tiles (--fill): yaku %lu, han %lu, fu %lu, "
                      "points %lu (wins), %lu game(s) of unknown rules not filled",
                      run.filled.yaku, run.filled.han, run.filled.fu, run.filled.points,
                      run.filled.unfilled);
        fputc('\n', stderr);
    }
done:
    for (size_t i = 0; i < run.done_paths.n; i++)
        free(run.done_paths.paths[i]);
    free(run.done_paths.paths);
    cli_inputs_free(&in);
    free(run.mem.data);
    paifu_writer_free(run.w);
    paifu_files_free(run.files);
    if (run.out && run.out != stdout) {
        if (fclose(run.out) != 0) {
            cli_usage_error("convert", "cannot write %s", out_path);
            status = CLI_ERROR;
        }
    } else if (run.out) {
        if (fflush(run.out) != 0)
            status = CLI_ERROR;
    }
    return status;
}

/*
 * cmd_export.c: paifu export: the games, deals, wins, players and events tables of every game
 * read (the library's, paifu/table.h; tables.c reads the inputs), as CSV files, JSON lines or
 * an SQLite database; and paifu stats, the per-player
 * statistics over the players rows. The schema and the definitions are doc/export.md.
 */
#include "tables.h"

#include <errno.h>
#include <getopt.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The options' help export and stats share. */
#define TABLE_OPTIONS_HELP                                                                         \
    "  -r, --rules PRESET     rule set (default: the one the log names, else rrc)\n"               \
    "      --rules-file FILE  a JSON rule file instead\n"                                          \
    "      --rule KEY=VALUE   override one rule parameter (repeatable)\n"                          \
    "      --from FORMAT      skip detection and read FORMAT\n"                                    \
    "      --players 3|4      log databases: only games of that many players\n"                    \
    "      --length east|half log databases: only east-only or half games\n"                       \
    "      --max-members N    archives: refuse one of more than N members (default 1000000)\n"     \
    "      --player-names GAME:SEAT=NAME  name a seat (game number from 1 as the output\n"    \
    "                         counts them, seat 0-3; repeatable): an unnamed one, or one whose\n" \
    "                         name the log misspells; an unnamed seat is otherwise the player\n"  \
    "                         \"seat S of game N\", never merged\n"                              \
    "  -q, --quiet            no progress line\n"                                                  \
    "  -h, --help             this help\n"                                                         \
    "\n"

const char cmd_stats_usage[] =
    "usage: paifu stats [options] FILE...\n"
    "\n"
    "Per-player statistics over every game in FILE (files, directories, houou-logs databases,\n"
    "zip and tar archives), players told apart by name (a seat with no name is a player of its\n"
    "own): games, deals, average place, place\n"
    "rates, win, deal-in, riichi, call and tsumo rates, average win and deal-in (hand value),\n"
    "tenpai rate at exhaustive draws. Definitions: doc/export.md. Score sheets without tile\n"
    "events give no call rate (shown as - or null).\n"
    "\n"
    "options:\n"
    "  -f, --format text|csv|json  output format (default text)\n" TABLE_OPTIONS_HELP
    "exit status: 0 success, 2 an input or usage error\n";

const char cmd_export_usage[] =
    "usage: paifu export [options] [-o OUT] FILE...\n"
    "\n"
    "Write the tables of every game in FILE (files, directories, houou-logs databases, zip and\n"
    "tar archives) for analysis: games, deals, wins, players (one row per player and game) and\n"
    "events (one row per event of every deal). Games, deals and wins are numbered from 1.\n"
    "Recorded values stand beside the values paifu computes (wins' c_ columns). The columns\n"
    "are defined in doc/export.md.\n"
    "\n"
    "options:\n"
    "  -f, --format csv|jsonl|sqlite  csv (RFC 4180): OUT is a directory that gets games.csv,\n"
    "                         deals.csv, wins.csv, players.csv and events.csv; jsonl: OUT is\n"
    "                         a file (\"-\": standard output), one object a row with its\n"
    "                         \"table\"; sqlite (default):\n"
    "                         OUT is a new SQLite database with the five tables\n"
    "  -o, --output OUT       where to write (required but for jsonl, which goes to standard\n"
    "                         output without it; an existing database is not touched);\n"
    "                         OUT ending in '/' (or a folder) gets paifu.db or tables.jsonl\n" TABLE_OPTIONS_HELP "exit status: 0 success, 2 an input, usage or output error\n";

typedef struct sink {
    char kind; /* 'c' csv, 'j' jsonl, 's' sqlite */
    FILE *csv[TAB_COUNT];
    FILE *out;
    sqlite3 *db;
    sqlite3_stmt *insert[TAB_COUNT];
} sink;

static int row(void *ctx, int table, const tab_cell *c)
{
    sink *k = ctx;
    paifu_table_id t = (paifu_table_id)table;
    size_t n = paifu_table_column_count(t);
    if (k->kind == 's') {
        sqlite3_stmt *s = k->insert[table];
        for (size_t i = 0; i < n; i++) {
            int b = c[i].kind == 'i'   ? sqlite3_bind_int64(s, (int)i + 1, c[i].i)
                    : c[i].kind == 'r' ? sqlite3_bind_double(s, (int)i + 1, c[i].r)
                    : c[i].kind == 't' ? sqlite3_bind_text(s, (int)i + 1, c[i].s, -1, SQLITE_STATIC)
                                       : sqlite3_bind_null(s, (int)i + 1);
            if (b != SQLITE_OK)
                return -1;
        }
        int rc = sqlite3_step(s);
        sqlite3_reset(s);
        return rc == SQLITE_DONE ? 0 : -1;
    }
    FILE *f = k->kind == 'c' ? k->csv[table] : k->out;
    if (k->kind == 'j')
        fprintf(f, "{\"table\": \"%s\"", paifu_table_name(t));
    for (size_t i = 0; i < n; i++) {
        if (k->kind == 'j') {
            fprintf(f, ", \"%s\": ", paifu_table_column_get(t, i)->name);
            if (c[i].kind == 'i')
                fprintf(f, "%lld", c[i].i);
            else if (c[i].kind == 'r')
                fprintf(f, "%.6g", c[i].r);
            else if (c[i].kind == 't')
                cli_json_string(f, c[i].s);
            else
                fputs("null", f);
        } else {
            if (i)
                fputc(',', f);
            if (c[i].kind == 'i')
                fprintf(f, "%lld", c[i].i);
            else if (c[i].kind == 'r')
                cli_csv_real(f, c[i].r);
            else if (c[i].kind == 't')
                cli_csv_field(f, c[i].s);
        }
    }
    fputs(k->kind == 'j' ? "}\n" : "\r\n", f);
    return ferror(f) ? -1 : 0;
}

static int open_sqlite(sink *k, const char *path)
{
    if (access(path, F_OK) == 0) {
        cli_usage_error("export", "%s exists: give a new file for the database", path);
        return -1;
    }
    if (sqlite3_open_v2(path, &k->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        cli_usage_error("export", "cannot create %s: %s", path, sqlite3_errmsg(k->db));
        return -1;
    }
    /* a new file written once: no journal; one transaction for the whole export */
    if (sqlite3_exec(k->db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN", NULL,
                     NULL, NULL) != SQLITE_OK)
        goto fail;
    for (int t = 0; t < TAB_COUNT; t++) {
        const char *name = paifu_table_name((paifu_table_id)t);
        char create[2048], insert[1024];
        size_t a = (size_t)snprintf(create, sizeof(create), "CREATE TABLE %s (", name);
        size_t b = (size_t)snprintf(insert, sizeof(insert), "INSERT INTO %s VALUES (", name);
        for (size_t i = 0; i < paifu_table_column_count((paifu_table_id)t); i++) {
            const paifu_table_column *col = paifu_table_column_get((paifu_table_id)t, i);
            const char *type = col->type == 'i'   ? "INTEGER"
                               : col->type == 'r' ? "REAL"
                                                  : "TEXT";
            a += (size_t)snprintf(create + a, sizeof(create) - a, "%s%s %s", i ? ", " : "",
                                  col->name, type);
            b += (size_t)snprintf(insert + b, sizeof(insert) - b, "%s?", i ? ", " : "");
        }
        snprintf(create + a, sizeof(create) - a, ")");
        snprintf(insert + b, sizeof(insert) - b, ")");
        if (sqlite3_exec(k->db, create, NULL, NULL, NULL) != SQLITE_OK ||
            sqlite3_prepare_v2(k->db, insert, -1, &k->insert[t], NULL) != SQLITE_OK)
            goto fail;
    }
    return 0;
fail:
    cli_usage_error("export", "%s: %s", path, sqlite3_errmsg(k->db));
    return -1;
}

static int close_sink(sink *k, const char *out)
{
    int rc = 0;
    for (int t = 0; t < TAB_COUNT; t++) {
        if (k->csv[t] && fclose(k->csv[t]) != 0)
            rc = -1;
        sqlite3_finalize(k->insert[t]);
    }
    if (k->db) {
        /* indexes for the usual joins, built once at the end */
        if (sqlite3_exec(k->db,
                         "CREATE INDEX deals_game ON deals(game_id, deal);"
                         "CREATE INDEX wins_game ON wins(game_id, deal);"
                         "CREATE INDEX players_game ON players(game_id, seat);"
                         "CREATE INDEX players_name ON players(name);"
                         "CREATE INDEX events_game ON events(game_id, deal);"
                         "COMMIT",
                         NULL, NULL, NULL) != SQLITE_OK) {
            fprintf(stderr, "paifu export: %s: %s\n", out, sqlite3_errmsg(k->db));
            rc = -1;
        }
        sqlite3_close(k->db);
    }
    if (k->out && k->out != stdout && fclose(k->out) != 0)
        rc = -1;
    else if (k->out == stdout && fflush(stdout) != 0)
        rc = -1;
    return rc;
}

/* The options export and stats share; FORMAT and OUT keep their defaults when not given. */
typedef struct table_opts {
    const char *format, *out;
    cli_rules_opts ro;
    paifu_read_options ropts;
    bool quiet;
    const char *names[256]; /* --player-names GAME:SEAT=NAME */
    tab_names player_names;
} table_opts;

/* Parse ARGV for CMD (-o only when OUTPUT): 0, or -1 with the usage error printed. */
static int parse_options(table_opts *t, int argc, char **argv, const char *cmd, const char *usage,
                         bool output)
{
    static const struct option longopts[] = {{"format", required_argument, NULL, 'f'},
                                             {"output", required_argument, NULL, 'o'},
                                             {"quiet", no_argument, NULL, 'q'},
                                             {"help", no_argument, NULL, 'h'},
                                             {"player-names", required_argument, NULL, 'N'},
                                             CLI_INPUT_LONGOPTS,
                                             {NULL, 0, NULL, 0}};
    int c;
    optind = 1;
    while ((c = cli_getopt(argc, argv, "f:o:r:qh", longopts)) != -1) {
        switch (c) {
        case 'f':
            t->format = optarg;
            break;
        case 'o':
            if (!output) {
                fputs(usage, stderr);
                return -1;
            }
            t->out = optarg;
            break;
        case 'q':
            t->quiet = true;
            break;
        case 'N': {
            long long game;
            int seat;
            const char *name;
            if (t->player_names.n == sizeof(t->names) / sizeof(t->names[0]) ||
                !tab_parse_player_name(optarg, &game, &seat, &name)) {
                cli_usage_error(cmd, "--player-names expects GAME:SEAT=NAME such as 14:2=Anna "
                                     "(game number from 1, seat 0-3), found '%s'", optarg);
                return -1;
            }
            t->names[t->player_names.n++] = optarg;
            t->player_names.specs = t->names;
            break;
        }
        case 'h':
            fputs(usage, stdout);
            exit(CLI_CLEAN);
        default:
            if (cli_input_option(c, optarg, &t->ro, &t->ropts, cmd, usage) < 0)
                return -1;
            break;
        }
    }
    if (optind >= argc) {
        cli_usage_error(cmd, "expected at least one FILE");
        return -1;
    }
    return cli_rules_check(&t->ro);
}

int cmd_export(int argc, char **argv)
{
    table_opts o = {"sqlite", NULL, {0}, PAIFU_READ_OPTIONS_INIT, false, {0}, {0}};
    if (parse_options(&o, argc, argv, "export", cmd_export_usage, true) < 0)
        return CLI_ERROR;
    const char *format = o.format, *out = o.out;
    sink k = {0};
    if (strcmp(format, "csv") == 0)
        k.kind = 'c';
    else if (strcmp(format, "jsonl") == 0)
        k.kind = 'j';
    else if (strcmp(format, "sqlite") == 0)
        k.kind = 's';
    else {
        cli_usage_error("export", "--format expects csv, jsonl or sqlite, found '%s'", format);
        return CLI_ERROR;
    }
    if (!out && k.kind == 'j')
        out = "-"; /* JSON lines go to standard output, as a stream of rows */
    if (!out) {
        cli_usage_error("export", "expected -o OUT (a %s)",
                        k.kind == 'c' ? "directory" : "new file");
        return CLI_ERROR;
    }
    /* -o DIR/ (or an existing folder) for one file: the file goes in it (paifu.db,
       tables.jsonl); csv's OUT is a folder anyway, made with the folders above it */
    char file[4096];
    if (k.kind != 'c' && strcmp(out, "-") != 0 &&
        !(out = cli_output_file(file, sizeof(file), out,
                                k.kind == 's' ? "paifu.db" : "tables.jsonl")))
        return CLI_ERROR;
    if (k.kind == 'c' && cli_output_mkdir(out) < 0)
        return CLI_ERROR;
    if (k.kind == 's' && open_sqlite(&k, out) < 0) {
        close_sink(&k, out);
        return CLI_ERROR;
    }
    if (k.kind == 'j') {
        k.out = strcmp(out, "-") == 0 ? stdout : fopen(out, "w");
        if (!k.out) {
            cli_usage_error("export", "cannot write %s: %s", out, strerror(errno));
            return CLI_ERROR;
        }
    }
    if (k.kind == 'c') {
        for (int t = 0; t < TAB_COUNT; t++) {
            char path[1024];
            snprintf(path, sizeof(path), "%s/%s.csv", out, paifu_table_name((paifu_table_id)t));
            if (!(k.csv[t] = fopen(path, "w"))) {
                cli_usage_error("export", "cannot write %s: %s", path, strerror(errno));
                close_sink(&k, out);
                return CLI_ERROR;
            }
            for (size_t i = 0; i < paifu_table_column_count((paifu_table_id)t); i++)
                fprintf(k.csv[t], "%s%s", i ? "," : "",
                        paifu_table_column_get((paifu_table_id)t, i)->name);
            fputs("\r\n", k.csv[t]);
        }
    }
    int status = tab_run(argv + optind, argc - optind, &o.ropts, &o.ro, &o.player_names,
                         !o.quiet && k.out != stdout, true, row, &k);
    if (close_sink(&k, out) < 0) {
        fprintf(stderr, "paifu export: cannot write %s\n", out);
        status = CLI_ERROR;
    }
    return status;
}

int cmd_stats(int argc, char **argv)
{
    table_opts t = {"text", NULL, {0}, PAIFU_READ_OPTIONS_INIT, false, {0}, {0}};
    if (parse_options(&t, argc, argv, "stats", cmd_stats_usage, false) < 0)
        return CLI_ERROR;
    if (strcmp(t.format, "text") != 0 && strcmp(t.format, "csv") != 0 &&
        strcmp(t.format, "json") != 0) {
        cli_usage_error("stats", "--format expects text, csv or json, found '%s'", t.format);
        return CLI_ERROR;
    }
    tab_stats *st;
    if (tab_stats_new(&st) < 0) {
        cli_usage_error("stats", "out of memory");
        return CLI_ERROR;
    }
    int status = tab_run(argv + optind, argc - optind, &t.ropts, &t.ro, &t.player_names,
                         !t.quiet && strcmp(t.format, "json") != 0, false, tab_stats_row, st);
    if (tab_stats_print(st, stdout, t.format) < 0) { /* the table's rows: no memory */
        cli_usage_error("stats", "out of memory");
        status = CLI_ERROR;
    } else if (fflush(stdout) != 0)
        status = CLI_ERROR;
    tab_stats_free(st);
    return status;
}

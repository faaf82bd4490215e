/*
 * cmd_validate.c: paifu validate FILE...: read every game, verify it under its rule set and
 * print the findings. Exit 0 when every input is clean, 1 on findings, 2 on an input or usage
 * error; a bad file is reported and the next one read.
 */
#include "cli.h"

#include <getopt.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char cmd_validate_usage[] =
    "usage: paifu validate [options] FILE...\n"
    "\n"
    "Re-simulate every deal of every game in FILE (\"-\" = standard input) and report each\n"
    "discrepancy between the log and the rules as a finding. The format and gzip compression\n"
    "are detected from the content. A directory is walked recursively; files in it that are\n"
    "no log format paifu reads are skipped and counted. A houou-logs SQLite database and a\n"
    "zip or tar(.gz) archive are read as folders: each game is named FILE:LOG-ID or\n"
    "FILE:MEMBER, and an error in one member is reported and the next one read.\n"
    "\n"
    "options:\n"
    "  -r, --rules PRESET     rule set to verify under (default: the one the log names, else\n"
    "                         rrc); the log's own facts (red fives, players, length) still apply\n"
    "      --rules-file FILE  a JSON rule file (preset + overrides) instead\n"
    "      --rule KEY=VALUE   override one rule parameter (repeatable)\n"
    "      --from FORMAT      skip detection and read FORMAT\n"
    "      --format text|json|jsonl  report format (default text); json follows\n"
    "                         schemas/report.schema.json; jsonl writes one JSON object a line\n"
    "                         as soon as it is known (a finding, a game's summary, an error,\n"
    "                         then the summary; schemas/report-lines.schema.json)\n"
    "      --players 3|4      log databases: only games of that many players\n"
    "      --length east|half log databases: only east-only or half games\n"
    "      --max-members N    archives: refuse one of more than N members (default 1000000)\n"
    "      --max-findings N   findings kept per game (default 1000)\n"
    "  -j, --jobs N           check N files at once (0: one per processor; default 1); the\n"
    "                         output is the same, in the order of the files\n"
    "  -q, --quiet            print no findings, only the summary (and no progress line;\n"
    "                         the progress line shows on a terminal's stderr otherwise,\n"
    "                         except with --format json)\n"
    "  -h, --help             this help\n"
    "\n"
    "exit status: 0 every file clean, 1 at least one finding, 2 an input or usage error\n";

/* What every file is checked with (read-only while workers run). */
typedef struct vopts {
    bool json, jsonl;
    bool quiet;
    const paifu_read_options *ropts;
    const cli_rules_opts *ro;
    uint32_t max_findings;
} vopts;

/* One file's outcome: its output (text lines or its JSON object) and errors, buffered so that
   files checked at once still print in order, and its counters. */
typedef struct vfile {
    const char *path;
    char *out, *err;
    size_t out_len, err_len;
    int status;
    bool unreadable;
    size_t errors;    /* errors met (a container's members go on after one) */
    uint64_t skipped; /* a container's members that are no log */
    paifu_verify_stats stats;
    bool done;
} vfile;

static void json_location(FILE *o, const paifu_location *w)
{
    fprintf(o, "{\"file\": ");
    cli_json_string(o, w->source);
    if (w->line)
        fprintf(o, ", \"line\": %u", w->line);
    if (w->column)
        fprintf(o, ", \"column\": %u", w->column);
    if (w->offset)
        fprintf(o, ", \"offset\": %llu", (unsigned long long)w->offset);
    if (w->path[0]) {
        fprintf(o, ", \"path\": ");
        cli_json_string(o, w->path);
    }
    if (w->game >= 0) /* numbered from 1, as the text output does */
        fprintf(o, ", \"game\": %d", (int)w->game + 1);
    if (w->deal[0]) {
        fprintf(o, ", \"deal\": ");
        cli_json_string(o, w->deal);
    }
    if (w->event >= 0)
        fprintf(o, ", \"event\": %d", (int)w->event);
    fprintf(o, "}");
}

/* The players a finding concerns, as JSON or as text ("Anna (seat 0) and Dana (seat 3)"). */
static void print_players(FILE *o, bool json, const paifu_game *g, const paifu_finding *f)
{
    int seats[2];
    int n = g ? cli_finding_seats(seats, g, f, cli_finding_deal(g, f)) : 0;
    if (json) {
        fprintf(o, ", \"players\": [");
        for (int i = 0; i < n; i++) {
            fprintf(o, "%s{\"seat\": %d, \"name\": ", i ? ", " : "", seats[i]);
            cli_json_string(o, cli_player_name(g, seats[i]));
            fprintf(o, "}");
        }
        fprintf(o, "]");
        return;
    }
    for (int i = 0; i < n; i++) {
        char label[160];
        cli_seat_label(label, sizeof(label), g, seats[i]);
        fputs(i ? " and " : ", players ", o);
        cli_text(o, label); /* player names reach the terminal escaped */
    }
}

static void print_finding(FILE *o, const vopts *st, const paifu_game *g,
                          const cli_rules_info *ri, const paifu_finding *f, bool *first)
{
    char cite[256];
    cli_citation(cite, sizeof(cite), f->rule_ref, ri->citation);
    if (st->json || st->jsonl) {
        if (st->json)
            fprintf(o, "%s\n    ", *first ? "" : ",");
        fprintf(o, "{\"code\": \"%s\", \"severity\": \"%s\", \"message\": ", f->code,
                paifu_severity_name(f->severity));
        cli_json_string(o, f->message);
        if (f->expected[0]) {
            fprintf(o, ", \"expected\": ");
            cli_json_string(o, f->expected);
        }
        if (f->recorded[0]) {
            fprintf(o, ", \"recorded\": ");
            cli_json_string(o, f->recorded);
        }
        if (cite[0]) {
            fprintf(o, ", \"rule\": ");
            cli_json_string(o, cite);
        }
        print_players(o, true, g, f);
        fprintf(o, ", \"where\": ");
        json_location(o, &f->where);
        fprintf(o, "}");
        *first = false;
        return;
    }
    char where[512];
    paifu_location_format(where, sizeof(where), &f->where);
    char *bracket = strstr(where, " [");
    char context[300] = "";
    if (bracket) {
        snprintf(context, sizeof(context), "%s", bracket);
        *bracket = '\0';
        size_t n = strlen(context);
        if (n && context[n - 1] == ']')
            context[n - 1] = '\0';
    }
    cli_text(o, where);
    fprintf(o, ": %s: %s: ", paifu_severity_name(f->severity), f->code);
    cli_text(o, f->message);
    if (f->expected[0] || f->recorded[0]) {
        fputs(" (expected ", o);
        cli_text(o, f->expected[0] ? f->expected : "-");
        fputs(", recorded ", o);
        cli_text(o, f->recorded[0] ? f->recorded : "-");
        fputs(")", o);
    }
    cli_text(o, context);
    if (context[0]) {
        print_players(o, false, g, f);
        fprintf(o, "]");
    }
    if (cite[0])
        fprintf(o, " [%s]", cite);
    fprintf(o, "\n");
}

/* The rule set of game NUMBER (1-based): a text line, or an entry of the file's "games". */
static void print_rules(FILE *o, const vopts *st, const char *path, size_t number,
                        const cli_rules_info *ri, bool first)
{
    if (!st->json) {
        char summary[1024];
        cli_rules_summary(summary, sizeof(summary), ri);
        fprintf(o, "%s: note: game %zu checked under %s\n", path, number, summary);
        return;
    }
    fprintf(o, "%s\n    {\"game\": %zu, \"rules\": ", first ? "" : ",", number);
    cli_rules_json(o, ri);
    fprintf(o, "}");
}

/* A JSON object of ERR's code, message and place (the "error" of a file, a member error). */
static void json_error(FILE *o, const paifu_error *err)
{
    fprintf(o, "{\"code\": \"%s\", \"message\": ", paifu_error_code_name(err->code));
    cli_json_string(o, err->text);
    fprintf(o, ", \"where\": ");
    json_location(o, &err->where);
    fprintf(o, "}");
}

/* One line of --format jsonl: {"type": TYPE, "file": SOURCE, then the rest. */
static void jsonl_head(FILE *o, const char *type, const char *source)
{
    fprintf(o, "{\"type\": \"%s\", \"file\": ", type);
    cli_json_string(o, source);
}

/* Report ERR (reading SOURCE): its error line on E, and a jsonl line on O or an entry of a
   container's member_errors (KEPT). */
static void report_error(const vopts *st, vfile *f, FILE *o, FILE *e, FILE *kept,
                         paifu_error *err, const char *source)
{
    if (!err->where.source[0])
        paifu_location_set_source(&err->where, source);
    f->unreadable = true;
    f->status = CLI_ERROR;
    f->errors++;
    if (st->jsonl) {
        jsonl_head(o, "error", source);
        fprintf(o, ", \"error\": ");
        json_error(o, err);
        fprintf(o, "}\n");
    } else if (st->json && kept) {
        fprintf(kept, "%s", f->errors > 1 ? ", " : "");
        json_error(kept, err);
    }
    if (e == stderr)
        cli_progress_lock();
    cli_fprint_error(e, err);
    if (e == stderr)
        cli_progress_unlock();
}

/* Check the file F->path, writing its output to O and its error lines to E (its buffers, or
   stdout and stderr when it is the only one running). A log database or archive goes on after
   an error in one of its members. */
static void check_file(const vopts *st, vfile *f, FILE *o, FILE *e)
{
    const char *path = f->path;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_reader *r = NULL;
    paifu_report *rep = NULL;
    size_t games = 0;
    bool first = true, container = false;
    char *rules_buf = NULL; /* JSON: the games' rule sets, printed after the findings */
    size_t rules_len = 0;
    FILE *rules_out = st->json ? open_memstream(&rules_buf, &rules_len) : NULL;
    char *kept_text = NULL; /* JSON: a container's member errors */
    size_t kept_len = 0;
    FILE *kept = st->json ? open_memstream(&kept_text, &kept_len) : NULL;
    f->status = CLI_CLEAN;
    if (st->json) {
        fprintf(o, "\n  {\"file\": ");
        cli_json_string(o, path);
        fprintf(o, ", \"findings\": [");
    }
    int rc = paifu_report_new(&rep, &err);
    if (rc == 0)
        rc = paifu_reader_open(&r, path, st->ropts, &err);
    container = r && paifu_reader_members(r, NULL, NULL, NULL);
    uint64_t seen_total = 0;
    while (rc == 0) {
        const paifu_game *g;
        if ((rc = paifu_reader_next(&g, r, &err)) == 0)
            break;
        const char *source = strcmp(path, "-") == 0 ? "-" : paifu_reader_source(r);
        paifu_rules *rules = NULL;
        paifu_rules_origin origin;
        if (rc > 0 &&
            (rc = cli_resolve_rules_origin(&rules, &origin, st->ro, g, "rrc", &err)) == 0) {
            paifu_verify_stats before = *paifu_report_stats(rep);
            paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
            vo.source_name = source;
            vo.game_index = (int32_t)games;
            vo.max_findings = st->max_findings;
            rc = paifu_verify_game(rep, g, rules, &vo, &err);
            cli_rules_info ri;
            cli_rules_describe(&ri, st->ro, g, rules, origin);
            paifu_rules_free(rules);
            if (rc == 0) {
                games++;
                if (rules_out)
                    print_rules(rules_out, st, source, games, &ri, games == 1);
                else if (!st->quiet && !st->jsonl)
                    print_rules(o, st, source, games, &ri, games == 1);
                for (size_t i = 0; !st->quiet && i < paifu_report_count(rep); i++) {
                    if (st->jsonl) {
                        jsonl_head(o, "finding", source);
                        fprintf(o, ", \"game\": %zu, \"finding\": ", games);
                    }
                    print_finding(o, st, g, &ri, paifu_report_finding(rep, i), &first);
                    if (st->jsonl)
                        fprintf(o, "}\n");
                }
                paifu_report_clear_findings(rep);
                const paifu_verify_stats *now = paifu_report_stats(rep);
                if (st->jsonl) {
                    const char *ref = paifu_game_meta_get(g, "tenhou.ref");
                    jsonl_head(o, "game", source);
                    fprintf(o, ", \"game\": %zu, \"format\": \"%s\"", games,
                            paifu_reader_format(r));
                    if (ref) {
                        fprintf(o, ", \"ref\": ");
                        cli_json_string(o, ref);
                    }
                    fprintf(o, ", \"deals\": %llu, \"wins\": %llu, \"draws\": %llu, "
                               "\"findings\": %llu, \"rules\": ",
                            (unsigned long long)(now->deals - before.deals),
                            (unsigned long long)(now->wins - before.wins),
                            (unsigned long long)(now->draws - before.draws),
                            (unsigned long long)(now->findings - before.findings));
                    cli_rules_json(o, &ri);
                    fprintf(o, "}\n");
                }
                cli_progress_add(0, 1, now->findings - before.findings);
                cli_progress_members(r, &seen_total);
                if (o == stdout)
                    fflush(stdout);
                continue;
            }
        }
        /* an error in this game (or member): a container goes on with the next */
        report_error(st, f, o, e, container ? kept : NULL, &err, source);
        if (!container)
            break;
        paifu_error_clear(&err);
        rc = 0;
    }
    if (rep) {
        f->stats = *paifu_report_stats(rep);
        paifu_report_free(rep);
    }
    if (f->stats.findings > 0 && f->status < CLI_FINDINGS)
        f->status = CLI_FINDINGS;
    if (rc < 0 && !r) /* the file could not be opened */
        report_error(st, f, o, e, NULL, &err, path);
    if (r)
        paifu_reader_members(r, NULL, NULL, &f->skipped);
    if (st->json) {
        fprintf(o, "%s], \"format\": ", first ? "" : "\n  ");
        if (r && paifu_reader_format(r))
            cli_json_string(o, paifu_reader_format(r));
        else
            fprintf(o, "null");
        fprintf(o, ", \"games\": %zu, \"game_rules\": [", games);
        if (rules_out && fclose(rules_out) == 0 && rules_buf)
            fwrite(rules_buf, 1, rules_len, o);
        rules_out = NULL;
        fprintf(o, "%s]", games ? "\n  " : "");
        if (rc < 0 && !container) {
            fprintf(o, ", \"error\": ");
            json_error(o, &err);
        }
        if (kept && fclose(kept) == 0 && kept_len)
            fprintf(o, ", \"member_errors\": [%s]", kept_text);
        kept = NULL;
        fprintf(o, "}");
    }
    if (rules_out)
        fclose(rules_out);
    if (kept)
        fclose(kept);
    free(rules_buf);
    free(kept_text);
    cli_progress_add(1, 0, 0);
    paifu_reader_free(r);
}

/* Check F, its output kept in memory until it is its turn to print. */
static void run_file(const vopts *st, vfile *f)
{
    FILE *o = open_memstream(&f->out, &f->out_len);
    FILE *e = open_memstream(&f->err, &f->err_len);
    if (!o || !e) {
        if (o)
            fclose(o);
        if (e)
            fclose(e);
        f->out = f->err = NULL;
        f->out_len = f->err_len = 0;
        f->status = CLI_ERROR;
        f->unreadable = true;
        return;
    }
    check_file(st, f, o, e);
    if (fclose(o) != 0 || fclose(e) != 0)
        f->status = CLI_ERROR;
}

/* ---- several files at once ---- */

typedef struct pool {
    const vopts *st;
    vfile *files;
    size_t n, next;
    pthread_mutex_t lock;
    pthread_cond_t done; /* signalled whenever a file is finished */
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t i = p->next < p->n ? p->next++ : p->n;
        pthread_mutex_unlock(&p->lock);
        if (i == p->n)
            return NULL;
        run_file(p->st, &p->files[i]);
        pthread_mutex_lock(&p->lock);
        p->files[i].done = true;
        pthread_cond_broadcast(&p->done);
        pthread_mutex_unlock(&p->lock);
    }
}

/* Print F's buffers (the JSON separator before every file but the first) and free them. */
static void print_file(const vopts *st, vfile *f, bool first)
{
    if (f->out) {
        if (st->json && !first)
            fputc(',', stdout);
        fwrite(f->out, 1, f->out_len, stdout);
        cli_progress_lock();
    } else if (st->json) { /* no memory for its buffer: still a well-formed entry */
        fprintf(stdout, "%s\n  {\"file\": ", first ? "" : ",");
        cli_json_string(stdout, f->path);
        fprintf(stdout, ", \"findings\": [], \"format\": null, \"games\": 0}");
    }
    if (f->err)
        fwrite(f->err, 1, f->err_len, stderr);
    else if (!f->out)
        fprintf(stderr, "paifu: %s: error: out of memory\n", f->path);
    if (f->out)
        cli_progress_unlock();
    fflush(stdout);
    free(f->out);
    free(f->err);
    f->out = f->err = NULL;
}

/* Check every file with JOBS threads (1: in this thread) and print each in order as soon as it
   and all before it are done. */
static void check_all(const vopts *st, vfile *files, size_t n, long jobs)
{
    pool p = {st, files, n, 0, PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER};
    pthread_t threads[64];
    size_t started = 0;
    if (jobs > 64)
        jobs = 64;
    for (long t = 0; jobs > 1 && (size_t)t < n && t < jobs; t++)
        if (pthread_create(&threads[started], NULL, worker, &p) == 0)
            started++;
    for (size_t i = 0; i < n; i++) {
        if (!started) { /* no worker: this thread does it all, straight to the output */
            if (st->json && i > 0)
                fputc(',', stdout);
            check_file(st, &files[i], stdout, stderr);
            fflush(stdout);
            continue;
        } else {
            pthread_mutex_lock(&p.lock);
            while (!files[i].done)
                pthread_cond_wait(&p.done, &p.lock);
            pthread_mutex_unlock(&p.lock);
        }
        print_file(st, &files[i], i == 0);
    }
    for (size_t t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    pthread_mutex_destroy(&p.lock);
    pthread_cond_destroy(&p.done);
}

int cmd_validate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"max-findings", required_argument, NULL, 'm'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {"jobs", required_argument, NULL, 'j'},   CLI_INPUT_LONGOPTS,
        {NULL, 0, NULL, 0}};
    vopts st = {0};
    cli_rules_opts ro = {0};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    long jobs = 1;
    char *end;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "r:qhj:", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            if (strcmp(optarg, "json") == 0)
                st.json = true;
            else if (strcmp(optarg, "jsonl") == 0)
                st.jsonl = true;
            else if (strcmp(optarg, "text") != 0) {
                cli_usage_error("validate", "--format expects text, json or jsonl, found '%s'",
                                optarg);
                return CLI_ERROR;
            }
            break;
        case 'm': {
            unsigned long m = strtoul(optarg, &end, 10);
            if (*end || end == optarg || optarg[0] == '-' || m > UINT32_MAX) {
                cli_usage_error("validate", "--max-findings expects a number, found '%s'",
                                optarg);
                return CLI_ERROR;
            }
            st.max_findings = (uint32_t)m;
            break;
        }
        case 'q': st.quiet = true; break;
        case 'j':
            jobs = strtol(optarg, &end, 10);
            if (*end || end == optarg || jobs < 0 || jobs > 64) {
                cli_usage_error("validate", "--jobs expects a number from 0 to 64, found '%s'",
                                optarg);
                return CLI_ERROR;
            }
            if (jobs == 0) {
                long cpus = sysconf(_SC_NPROCESSORS_ONLN);
                jobs = cpus > 0 ? cpus : 1;
            }
            break;
        case 'h': fputs(cmd_validate_usage, stdout); return CLI_CLEAN;
        default:
            if (cli_input_option(c, optarg, &ro, &ropts, "validate", cmd_validate_usage) < 0)
                return CLI_ERROR;
            break;
        }
    }
    if (optind >= argc) {
        cli_usage_error("validate", "expected at least one FILE (\"-\" for standard input)");
        return CLI_ERROR;
    }
    if (ropts.format && !paifu_format_find(ropts.format)) {
        cli_usage_error("validate", "unknown format '%s'", ropts.format);
        return CLI_ERROR;
    }
    /* check the rule options once up front so a typo is a usage error, not N file errors */
    if (cli_rules_check(&ro) < 0)
        return CLI_ERROR;
    st.ropts = &ropts;
    st.ro = &ro;
    cli_inputs in;
    int status = cli_inputs_expand(&in, argv + optind, argc - optind, ropts.format != NULL);
    vfile *files = calloc(in.n ? in.n : 1, sizeof(*files));
    if (!files) {
        cli_usage_error("validate", "out of memory");
        cli_inputs_free(&in);
        return CLI_ERROR;
    }
    for (size_t i = 0; i < in.n; i++)
        files[i].path = in.paths[i];
    if (st.json)
        printf("{\"paifu_report\": 1, \"files\": [");
    cli_progress_start(!st.quiet && !st.json, in.n);
    check_all(&st, files, in.n, jobs);
    cli_progress_stop();
    paifu_verify_stats total = {0};
    size_t unreadable = 0;
    for (size_t i = 0; i < in.n; i++) {
        const vfile *f = &files[i];
        if (f->status > status)
            status = f->status;
        unreadable += f->unreadable;
        in.skipped += f->skipped;
        total.games += f->stats.games;
        total.deals += f->stats.deals;
        total.events += f->stats.events;
        total.wins += f->stats.wins;
        total.draws += f->stats.draws;
        total.findings += f->stats.findings;
        total.wins_scored += f->stats.wins_scored;
    }
    free(files);
    const paifu_verify_stats *vs = &total;
    if (st.jsonl) {
        printf("{\"type\": \"summary\", \"files\": %zu, \"errors\": %zu, \"skipped\": %zu, "
               "\"games\": %llu, \"deals\": %llu, \"events\": %llu, \"wins\": %llu, "
               "\"draws\": %llu, \"findings\": %llu, \"exit_status\": %d}\n",
               in.n, unreadable, in.skipped, (unsigned long long)vs->games,
               (unsigned long long)vs->deals, (unsigned long long)vs->events,
               (unsigned long long)vs->wins, (unsigned long long)vs->draws,
               (unsigned long long)vs->findings, status);
    } else if (st.json) {
        printf("%s],\n \"summary\": {\"files\": %zu, \"errors\": %zu, \"skipped\": %zu, "
               "\"games\": %llu, \"deals\": %llu, \"events\": %llu, \"wins\": %llu, "
               "\"draws\": %llu, \"findings\": %llu}, \"exit_status\": %d}\n",
               in.n ? "\n" : "", in.n, unreadable, in.skipped, (unsigned long long)vs->games,
               (unsigned long long)vs->deals, (unsigned long long)vs->events,
               (unsigned long long)vs->wins, (unsigned long long)vs->draws,
               (unsigned long long)vs->findings, status);
    } else {
        char skipped[64] = "";
        if (in.skipped)
            snprintf(skipped, sizeof(skipped), ", %zu skipped: not a log", in.skipped);
        printf("%zu file%s (%zu unreadable%s), %llu game%s, %llu deal%s, %llu win%s, %llu draw%s: "
               "%llu finding%s\n",
               in.n, in.n == 1 ? "" : "s", unreadable, skipped, (unsigned long long)vs->games,
               vs->games == 1 ? "" : "s", (unsigned long long)vs->deals, vs->deals == 1 ? "" : "s",
               (unsigned long long)vs->wins, vs->wins == 1 ? "" : "s",
               (unsigned long long)vs->draws, vs->draws == 1 ? "" : "s",
               (unsigned long long)vs->findings, vs->findings == 1 ? "" : "s");
    }
    cli_inputs_free(&in);
    return cli_stdout_status(status);
}

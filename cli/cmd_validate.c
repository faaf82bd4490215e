/*
 * cmd_validate.c: paifu validate FILE...: read every game, verify it under its rule set and
 * print the findings. Exit 0 when every input is clean, 1 on findings, 2 on an input or usage
 * error; a bad file is reported and the next one read.
 */
#include "cli.h"
#include "pipeline.h"

#include <getopt.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
    "      --max-findings N   findings listed per game, 1 or more (default 1000; the rest\n"
    "                         are counted)\n"
    "      --severity LEVEL   keep findings of LEVEL or worse: error, warning or info\n"
    "                         (default info: every finding)\n"
    "      --ignore CODE,...  leave out the findings of these codes (score.fu,flow.honba)\n"
    "      --only CODE,...    keep only the findings of these codes\n"
    "                         (the three apply to every output, the counts and the exit\n"
    "                         status)\n"
    "  -j, --jobs N           check N files at once (0: one per processor; default 1), and\n"
    "                         the games of stdin or of a file of 1 MiB or more N at once;\n"
    "                         the output is the same, in the order of the files and games\n"
    "  -q, --quiet            text: the findings and errors only (no rule-set notes, no\n"
    "                         progress line, no summary); json and jsonl are the same with\n"
    "                         or without it\n"
    "      --summary          text: the summary line only\n"
    "  -v, --verbose          a rule-set note for every game (without it: only where the rule\n"
    "                         set was assumed), and every skipped file named on stderr\n"
    "  -h, --help             this help\n"
    "\n"
    "The progress line shows on stderr when it is a terminal (not with -q or --format json).\n"
    "\n"
    "exit status: 0 no finding kept, 1 at least one finding kept, 2 an input that could not\n"
    "be read (or not to its end) or a usage error\n";

/* What every file is checked with (read-only while workers run). */
typedef struct vopts {
    bool json, jsonl;
    bool quiet;        /* text: no notes, no summary (the findings stay) */
    bool summary_only; /* text: the summary alone */
    const paifu_read_options *ropts;
    const cli_rules_opts *ro;
    uint32_t max_findings; /* listed per game (0: the library's 1000) */
} vopts;

/* One file's outcome: its output (text lines or its JSON object) and errors, buffered so that
   files checked at once still print in order, and its counters. */
typedef struct vfile {
    const char *path;
    char *owned; /* check_all's copy of the path */
    char *out, *err;
    size_t out_len, err_len;
    int status;
    bool unreadable;
    size_t errors;    /* errors met (a container's members go on after one) */
    uint64_t refused; /* games read but refused (a rule set of the other family) */
    uint64_t skipped; /* a container's members that are no log */
    uint64_t kept;    /* findings the filters keep (cli_finding_kept): the ones counted */
    paifu_verify_stats stats;
    bool done;
    bool unsure;      /* a folder's member not yet told a log (cli_walk.unsure) */
    const char *skip; /* then, when it is none: why it is skipped (cli_walk_skip) */
    long long size;   /* its size from the walk, or -1 */
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
    if (w->event >= 0) /* numbered from 1, as the game */
        fprintf(o, ", \"event\": %d", (int)w->event + 1);
    fprintf(o, "}");
}

/* The players a finding concerns, as JSON or as text ("Anna (seat 0) and Dana (seat 3)"). */
static void print_players(FILE *o, bool json, const paifu_game *g, unsigned concerns)
{
    int seats[PAIFU_SEATS];
    int n = g ? cli_finding_seats(seats, g, concerns) : 0;
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
        fputs(!i ? ", players " : i + 1 < n ? ", " : " and ", o);
        cli_text(o, label); /* player names reach the terminal escaped */
    }
}

static void print_finding(FILE *o, const vopts *st, const paifu_game *g,
                          const cli_rules_info *ri, const paifu_finding *f, unsigned concerns,
                          bool *first)
{
    char cite[512];
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
        print_players(o, true, g, concerns);
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
    if (f->expected[0] || f->recorded[0]) { /* "expected" only where paifu computed one */
        fputs(f->expected[0] ? " (expected " : " (recorded ", o);
        cli_text(o, f->expected[0] ? f->expected : f->recorded);
        if (f->expected[0] && f->recorded[0]) {
            fputs(", recorded ", o);
            cli_text(o, f->recorded);
        }
        fputs(")", o);
    }
    cli_text(o, context);
    if (context[0]) {
        print_players(o, false, g, concerns);
        fprintf(o, "]");
    }
    if (cite[0])
        fprintf(o, " [%s]", cite);
    fprintf(o, "\n");
}

/* The rule set of game NUMBER (1-based): a text line, or an entry of the file's "games". */
static void print_rules(FILE *o, const vopts *st, const char *path, size_t number,
                        const cli_rules_info *ri, bool first, bool member)
{
    if (!st->json) {
        /* the note says what the log does not: only where the rule set was assumed (or -v) */
        if (!ri->assumed && !cli_verbose)
            return;
        char summary[1024];
        cli_rules_summary(summary, sizeof(summary), ri);
        cli_textf(o, "%s: note: game %zu checked under %s\n", path, number, summary);
        return;
    }
    fprintf(o, "%s\n    {", first ? "" : ",");
    if (member) { /* numbered within its member: named */
        fprintf(o, "\"file\": ");
        cli_json_string(o, path);
        fprintf(o, ", ");
    }
    fprintf(o, "\"game\": %zu, \"rules\": ", number);
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

/*
 * Where the games of one file are printed, and the file's running state: what its next game
 * or error continues from. A file read in pieces by several threads (its games, or the
 * members of a database or archive) has one of these per piece, synchronised in file order
 * before the piece prints anything (vsync), so that the output is that of one serial read.
 */
typedef struct vrun {
    FILE *o, *e;     /* findings, games (jsonl) and errors; error lines */
    FILE *rules_out; /* JSON: the games' rule sets, printed after the findings */
    FILE *kept;      /* JSON: a container's member errors */
    size_t games;    /* games of the file checked so far */
    bool first;      /* JSON: no finding printed in the file yet */
    size_t errors;   /* errors of the file so far */
    /* games are numbered within their file or archive member (the source named): the member
       of the last game and how many of its games were checked; NUMBER the one printed */
    char member[256];
    size_t member_games, number;
} vrun;

/* A file split into pieces: what the pieces pass on, in order (guarded by sync_lock). */
typedef struct vshared {
    size_t counted; /* pieces that passed their state on */
    size_t games, errors;
    bool first;
    char member[256]; /* vrun's */
    size_t member_games;
} vshared;

static pthread_mutex_t sync_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sync_turn = PTHREAD_COND_INITIALIZER;

/* Piece SEQ of a file (shared state SH); NULL when the whole file is read in one thread. */
typedef struct vsync {
    vshared *sh;
    size_t seq;
    bool synced;
} vsync;

/* Take the file's state from the pieces before this one (waiting for them), once. */
static void vsync_wait(vsync *s, vrun *run)
{
    if (!s || s->synced)
        return;
    pthread_mutex_lock(&sync_lock);
    while (s->sh->counted != s->seq)
        pthread_cond_wait(&sync_turn, &sync_lock);
    run->games = s->sh->games;
    run->errors = s->sh->errors;
    run->first = s->sh->first;
    memcpy(run->member, s->sh->member, sizeof(run->member));
    run->member_games = s->sh->member_games;
    pthread_mutex_unlock(&sync_lock);
    s->synced = true;
}

/* Pass the file's state on to the next piece. */
static void vsync_post(vsync *s, const vrun *run)
{
    if (!s)
        return;
    pthread_mutex_lock(&sync_lock);
    s->sh->games = run->games;
    s->sh->errors = run->errors;
    s->sh->first = run->first;
    memcpy(s->sh->member, run->member, sizeof(run->member));
    s->sh->member_games = run->member_games;
    s->sh->counted++;
    pthread_cond_broadcast(&sync_turn);
    pthread_mutex_unlock(&sync_lock);
}

/* The number (from 1) of the next game of SOURCE, its file or archive member: every output
   numbers a game within the file or member it names. */
static size_t member_next(vrun *run, const char *source)
{
    if (strcmp(run->member, source) != 0) {
        snprintf(run->member, sizeof(run->member), "%s", source);
        run->member_games = 0;
    }
    return ++run->member_games;
}

/* Report ERR (reading SOURCE): its error line on RUN->e, and a jsonl line on RUN->o or, for a
   container (CONTAINER), an entry of its member_errors (RUN->kept). */
static void report_error(const vopts *st, vfile *f, vrun *run, bool container, paifu_error *err,
                         const char *source, bool refused)
{
    if (!err->where.source[0])
        paifu_location_set_source(&err->where, source);
    if (refused) /* the file was read: one of its games cannot be checked */
        f->refused++;
    else
        f->unreadable = true;
    f->status = CLI_ERROR;
    f->errors++;
    run->errors++;
    bool term = cli_progress_shares(run->e) || (st->jsonl && cli_progress_shares(run->o));
    if (term)
        cli_progress_lock();
    if (st->jsonl) {
        jsonl_head(run->o, "error", source);
        fprintf(run->o, ", \"error\": ");
        json_error(run->o, err);
        fprintf(run->o, "}\n");
    } else if (st->json && container && run->kept) {
        fprintf(run->kept, "%s", run->errors > 1 ? ", " : "");
        json_error(run->kept, err);
    }
    cli_fprint_error(run->e, err);
    if (term)
        cli_progress_unlock();
}

/* Print game G's findings in REP (numbered RUN->number within its file or member: the game
   index of every finding is that, whatever number it was verified under) and its jsonl
   summary. */
static void print_game(const vopts *st, vfile *file, vrun *run, const paifu_reader *r,
                       const char *source, const paifu_game *g, const cli_rules_info *ri,
                       paifu_report *rep, const paifu_verify_stats *before)
{
    FILE *o = run->o;
    size_t games = run->number;
    bool text = !st->json && !st->jsonl;
    /* straight to a terminal the progress line is on (-j 1): it goes off while lines print */
    bool term = cli_progress_shares(o), locked = false;
#define TAKE_TERMINAL()                                                                        \
    do {                                                                                       \
        if (term && !locked) {                                                                 \
            cli_progress_lock();                                                               \
            locked = true;                                                                     \
        }                                                                                      \
    } while (0)
    if (run->rules_out) {
        print_rules(run->rules_out, st, source, games, ri, run->games == 1,
                    strcmp(source, file->path) != 0);
    } else if (text && !st->quiet && !st->summary_only && (ri->assumed || cli_verbose)) {
        TAKE_TERMINAL();
        print_rules(o, st, source, games, ri, run->games == 1, false);
    }
    /* the findings the filters keep: all counted, the first max_findings listed (the library
       lists them all when a filter is on, so that what is kept is known) */
    uint64_t kept = 0;
    uint32_t cap = st->max_findings ? st->max_findings : 1000;
    const paifu_verify_stats *now = paifu_report_stats(rep);
    for (size_t i = 0; i < paifu_report_count(rep); i++) {
        paifu_finding f = *paifu_report_finding(rep, i);
        if (!cli_finding_kept(&f))
            continue;
        if (++kept > cap || (text && st->summary_only))
            continue;
        TAKE_TERMINAL();
        f.where.game = (int32_t)(games - 1);
        if (st->jsonl) {
            jsonl_head(o, "finding", source);
            fprintf(o, ", \"game\": %zu, \"finding\": ", games);
        }
        print_finding(o, st, g, ri, &f, paifu_report_finding_seats(rep, i), &run->first);
        if (st->jsonl)
            fprintf(o, "}\n");
    }
    if (!cli_findings_filter.active) /* the library's cap: the rest only counted */
        kept = now->findings - before->findings;
    file->kept += kept;
    paifu_report_clear_findings(rep);
    if (st->jsonl) {
        TAKE_TERMINAL();
        const char *ref = paifu_game_meta_get(g, "tenhou.ref");
        jsonl_head(o, "game", source);
        fprintf(o, ", \"game\": %zu, \"format\": \"%s\"", games, paifu_reader_format(r));
        if (ref) {
            fprintf(o, ", \"ref\": ");
            cli_json_string(o, ref);
        }
        fprintf(o, ", \"deals\": %llu, \"wins\": %llu, \"draws\": %llu, "
                   "\"findings\": %llu, \"rules\": ",
                (unsigned long long)(now->deals - before->deals),
                (unsigned long long)(now->wins - before->wins),
                (unsigned long long)(now->draws - before->draws), (unsigned long long)kept);
        cli_rules_json(o, ri);
        fprintf(o, "}\n");
    }
    if (locked)
        cli_progress_unlock();
#undef TAKE_TERMINAL
    cli_progress_add(0, 1, kept);
}

/* Add the counts of A to TO. */
static void stats_add(paifu_verify_stats *to, const paifu_verify_stats *a)
{
    to->games += a->games;
    to->deals += a->deals;
    to->events += a->events;
    to->wins += a->wins;
    to->draws += a->draws;
    to->findings += a->findings;
    to->wins_scored += a->wins_scored;
}

/* One game of a reader, read and verified: what its printing needs (vgame_print). */
typedef struct vgame {
    int rc;               /* paifu_reader_next's: 1 a game, 0 the end, < 0 its error (in err) */
    const paifu_game *g;  /* the game (borrowed from the reader until its next game) */
    const char *source;   /* what names it (or its error) */
    bool refused;         /* its rule set was refused (err) */
    int vrc;              /* paifu_verify_game's */
    cli_rules_info ri;
    paifu_verify_stats before; /* REP's counts before it */
} vgame;

/* Read R's next game into V and verify it into REP: nothing printed, no state of the file's
   taken (a piece does this before its turn). */
static void vgame_read(const vopts *st, vfile *f, const vrun *run, paifu_reader *r,
                       paifu_report *rep, paifu_error *err, vgame *v)
{
    memset(v, 0, sizeof(*v));
    v->rc = paifu_reader_next(&v->g, r, err);
    v->source = strcmp(f->path, "-") == 0 ? "-" : paifu_reader_source(r);
    if (v->rc <= 0)
        return;
    paifu_rules *rules = NULL;
    paifu_rules_origin origin;
    if (cli_resolve_rules_origin(&rules, &origin, st->ro, v->g, "rrc", err) < 0) {
        v->refused = true; /* a rule set of the other family: named, and the next game read */
        return;
    }
    v->before = *paifu_report_stats(rep);
    paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
    vo.source_name = v->source;
    vo.game_index = (int32_t)run->games; /* a piece's own: print_game renumbers */
    vo.max_findings = cli_findings_filter.active ? UINT32_MAX : st->max_findings;
    v->vrc = paifu_verify_game(rep, v->g, rules, &vo, err);
    cli_rules_describe(&v->ri, st->ro, v->g, rules, origin);
    paifu_rules_free(rules);
}

/* Print game V of R (vgame_read's) in its turn: 0 to go on with R's next game, or the error
   that ended R (CONTAINER: a log database or archive goes on after an error of a member). */
static int vgame_print(const vopts *st, vfile *f, vrun *run, vsync *sync, paifu_reader *r,
                       bool container, paifu_report *rep, paifu_error *err, vgame *v,
                       uint64_t *seen_total)
{
    if (v->rc > 0 && v->refused) {
        vsync_wait(sync, run);
        err->where.game = (int32_t)(member_next(run, v->source) - 1);
        run->games++;
        report_error(st, f, run, true, err, v->source, true);
        paifu_error_clear(err);
        return 0;
    }
    if (v->rc > 0 && v->vrc == 0) {
        vsync_wait(sync, run);
        run->games++;
        run->number = member_next(run, v->source);
        print_game(st, f, run, r, v->source, v->g, &v->ri, rep, &v->before);
        if (!sync)
            cli_progress_members(r, seen_total);
        if (run->o == stdout)
            fflush(stdout);
        return 0;
    }
    /* an error in this game (or member): a container goes on with the next */
    vsync_wait(sync, run);
    report_error(st, f, run, container, err, v->source, false);
    if (!container)
        return v->rc < 0 ? v->rc : v->vrc;
    paifu_error_clear(err);
    return 0;
}

/*
 * Check every game of R (file F's reader, or a piece of it; CONTAINER when F is a log database
 * or archive, which goes on after an error in one of its members) into REP, printing as RUN
 * says; FIRST, when not NULL, is R's first game, already read and verified into REP. Returns 0
 * at the end, or the error that ended R (in ERR, already reported).
 */
static int check_games(const vopts *st, vfile *f, vrun *run, vsync *sync, paifu_reader *r,
                       bool container, paifu_report *rep, paifu_error *err, vgame *first)
{
    uint64_t seen_total = 0;
    for (;;) {
        vgame v;
        if (first) {
            v = *first;
            first = NULL;
        } else {
            vgame_read(st, f, run, r, rep, err, &v);
        }
        if (v.rc == 0)
            return 0;
        int rc = vgame_print(st, f, run, sync, r, container, rep, err, &v, &seen_total);
        if (rc < 0)
            return rc;
    }
}

/* The JSON head of file PATH's entry. */
static void print_head(FILE *o, const char *path)
{
    fprintf(o, "\n  {\"file\": ");
    cli_json_string(o, path);
    fprintf(o, ", \"findings\": [");
}

/* The JSON tail of a file's entry: its format, games, rule sets, error (ERR, when it ended
   the file) and member errors. */
static void print_tail(FILE *o, const char *format, const vrun *run, const char *rules,
                       size_t rules_len, const paifu_error *err, const char *kept, size_t kept_len)
{
    fprintf(o, "%s], \"format\": ", run->first ? "" : "\n  ");
    if (format)
        cli_json_string(o, format);
    else
        fprintf(o, "null");
    fprintf(o, ", \"games\": %zu, \"game_rules\": [", run->games);
    if (rules_len && rules[0] == ',') { /* game 1 was refused: the first entry is a later one */
        rules++;
        rules_len--;
    }
    if (rules_len)
        fwrite(rules, 1, rules_len, o);
    fprintf(o, "%s]", run->games ? "\n  " : "");
    if (err) {
        fprintf(o, ", \"error\": ");
        json_error(o, err);
    }
    if (kept_len)
        fprintf(o, ", \"member_errors\": [%s]", kept);
    fprintf(o, "}");
}

/* Memory streams of a file's (or piece's) JSON rule sets and member errors. */
typedef struct vjson {
    char *rules, *kept;
    size_t rules_len, kept_len;
} vjson;

static void vjson_open(vjson *j, vrun *run, bool json)
{
    memset(j, 0, sizeof(*j));
    run->rules_out = json ? open_memstream(&j->rules, &j->rules_len) : NULL;
    run->kept = json ? open_memstream(&j->kept, &j->kept_len) : NULL;
}

/* Close the streams (their text then in J). */
static void vjson_close(vjson *j, vrun *run)
{
    if (run->rules_out && fclose(run->rules_out) != 0)
        j->rules_len = 0;
    if (run->kept && fclose(run->kept) != 0)
        j->kept_len = 0;
    run->rules_out = run->kept = NULL;
}

static void vjson_free(vjson *j)
{
    free(j->rules);
    free(j->kept);
    memset(j, 0, sizeof(*j));
}

/* Open F->path into *R (its error in ERR): a folder's member not yet told a log is read once
   and told (F->skip set, *R NULL and 0 returned when it is none). */
static int open_input(const vopts *st, vfile *f, paifu_reader **r, paifu_error *err)
{
    paifu_error_clear(err);
    *r = NULL;
    f->skip = NULL;
    return f->unsure ? paifu_reader_open_log(r, f->path, st->ropts, &f->skip, err)
                     : paifu_reader_open(r, f->path, st->ropts, err);
}

/* Check the file F->path opened by open_input (R and RC, its error in ERR), writing its output
   to O and its error lines to E (its buffers, or stdout and stderr when it is the only one
   running). A log database or archive goes on after an error in one of its members. */
static void check_opened(const vopts *st, vfile *f, FILE *o, FILE *e, paifu_reader *r, int rc,
                         paifu_error *err_in)
{
    const char *path = f->path;
    paifu_error err = *err_in;
    paifu_report *rep = NULL;
    vrun run = {o, e, NULL, NULL, 0, true, 0, "", 0, 0};
    vjson j;
    vjson_open(&j, &run, st->json);
    f->status = CLI_CLEAN;
    if (st->json)
        print_head(o, path);
    if (rc == 0 && (rc = paifu_report_new(&rep, &err)) < 0) {
        paifu_reader_free(r);
        r = NULL;
    }
    bool container = r && paifu_reader_members(r, NULL, NULL, NULL);
    if (rc == 0)
        rc = check_games(st, f, &run, NULL, r, container, rep, &err, NULL);
    if (rep) {
        f->stats = *paifu_report_stats(rep);
        paifu_report_free(rep);
    }
    if (f->kept > 0 && f->status < CLI_FINDINGS)
        f->status = CLI_FINDINGS;
    if (rc < 0 && !r) /* the file could not be opened */
        report_error(st, f, &run, false, &err, path, false);
    if (r)
        paifu_reader_members(r, NULL, NULL, &f->skipped);
    vjson_close(&j, &run);
    if (st->json)
        print_tail(o, r ? paifu_reader_format(r) : NULL, &run, j.rules, j.rules_len,
                   rc < 0 && !container ? &err : NULL, j.kept, j.kept_len);
    vjson_free(&j);
    cli_progress_add(1, 0, 0);
    paifu_reader_free(r);
}

/* Check F, its output kept in memory until it is its turn to print. */
static void run_file(const vopts *st, vfile *f)
{
    paifu_error err;
    paifu_reader *r;
    int rc = open_input(st, f, &r, &err);
    if (f->skip)
        return;
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
        paifu_reader_free(r);
        return;
    }
    check_opened(st, f, o, e, r, rc, &err);
    if (fclose(o) != 0 || fclose(e) != 0)
        f->status = CLI_ERROR;
}

/* Print F's buffers (the JSON separator before every file but the first) and free them. */
static void print_file(const vopts *st, vfile *f, bool first)
{
    /* the progress line goes off only when a line is printed on its terminal (it went off and
       came back for every file at -j 2: on screen 0.06 s of a 1.47 s run) */
    bool term = (f->err_len && cli_progress_shares(stderr)) ||
                (f->out_len && cli_progress_shares(stdout));
    if (term)
        cli_progress_lock();
    if (f->out) {
        if (st->json && !first)
            fputc(',', stdout);
        fwrite(f->out, 1, f->out_len, stdout);
    } else if (st->json) { /* no memory for its buffer: still a well-formed entry */
        fprintf(stdout, "%s\n  {\"file\": ", first ? "" : ",");
        cli_json_string(stdout, f->path);
        fprintf(stdout, ", \"findings\": [], \"format\": null, \"games\": 0}");
    }
    if (f->err)
        fwrite(f->err, 1, f->err_len, stderr);
    else if (!f->out)
        cli_error(f->path, "out of memory");
    if (term)
        cli_progress_unlock();
    fflush(stdout);
    free(f->out);
    free(f->err);
    f->out = f->err = NULL;
}

/* ---- several files, or pieces of one, at once ---- */

/*
 * A file of at least SPLIT_MIN bytes (or stdin) is read by the main thread in pieces (one game
 * of a file of concatenated games, one member of a database or archive: paifu_reader_split)
 * that the workers check; a smaller one is checked whole by a worker.
 */
#define SPLIT_MIN ((off_t)1 << 20)

/* A split file while its pieces go through. */
typedef struct vsplit {
    vfile *f;
    paifu_reader *r; /* the file's reader, split by the main thread */
    bool container;
    const char *format;
    vshared sh;
    vrun run;  /* the file's state as its pieces are printed */
    vjson j;   /* its JSON rule sets and member errors */
    bool ended; /* a piece's error ended it: the pieces after it are dropped */
    paifu_error end_err;
} vsplit;

typedef enum { UNIT_FILE, UNIT_HEAD, UNIT_PIECE, UNIT_END } vunit_kind;

/*
 * A split file's pieces go to the workers in batches of up to PIECES_MAX consecutive pieces (a
 * container's members one at a time: a member may be large). A worker reads and verifies the
 * first game of every piece of its batch before it waits for the batch before it, and prints
 * them after: only the printing is in file order. With one piece a unit the main thread woke
 * once a game and -j 2 over one large file gave 1.31-1.45x of -j 1 (issue 40).
 */
#define PIECES_MAX 8

/* One work unit: a whole file, or the head, a piece or the end of a split file. */
typedef struct vunit {
    vunit_kind kind;
    vfile *f;       /* UNIT_FILE: the file (its output in its buffers) */
    vsplit *sp;     /* a batch's or end's file */
    paifu_reader *pieces[PIECES_MAX]; /* a batch of consecutive pieces, one worker's */
    size_t npieces;
    size_t seq;     /* the batch's number in its file */
    bool pre_error; /* the batch ends with an error of the split (in split_err) */
    paifu_error split_err;
    paifu_error err; /* the error that ended a piece */
    char source[256]; /* what names the split's error */
    /* a piece's outcome */
    vfile acc;      /* its counters (path: the file's) */
    vrun run;       /* the file's state after it */
    char *out, *errs;
    size_t out_len, errs_len;
    vjson j;
    bool fatal;     /* its error ends the file (not a container) */
} vunit;

/* Check batch U (in a worker): the first game of each of its pieces read and verified, then,
   in the file's turn, printed and the rest of each piece checked in order. */
static void run_piece(const vopts *st, vunit *u)
{
    vsplit *sp = u->sp;
    vsync sync = {&sp->sh, u->seq, false};
    vrun *run = &u->run;
    memset(run, 0, sizeof(*run));
    run->first = true;
    u->acc.path = sp->f->path;
    run->o = open_memstream(&u->out, &u->out_len);
    run->e = open_memstream(&u->errs, &u->errs_len);
    vjson_open(&u->j, run, st->json);
    paifu_report *reps[PIECES_MAX] = {NULL};
    paifu_error errs[PIECES_MAX];
    vgame first[PIECES_MAX];
    int rc = 0;
    size_t checked = 0; /* pieces checked in turn: those after an error that ends the file are
                           dropped, their games uncounted, as a serial read never reads them */
    bool ok = run->o && run->e;
    for (size_t i = 0; ok && i < u->npieces; i++)
        ok = paifu_report_new(&reps[i], &u->err) == 0;
    if (!ok) {
        vsync_wait(&sync, run);
        u->acc.status = CLI_ERROR;
        u->acc.unreadable = true;
    } else {
        for (size_t i = 0; i < u->npieces; i++) { /* before the turn: nothing printed */
            paifu_error_clear(&errs[i]);
            vgame_read(st, &u->acc, run, u->pieces[i], reps[i], &errs[i], &first[i]);
        }
        for (size_t i = 0; i < u->npieces && (rc >= 0 || sp->container); i++) {
            rc = check_games(st, &u->acc, run, &sync, u->pieces[i], sp->container, reps[i],
                             &errs[i], &first[i]);
            checked++;
            if (rc < 0)
                u->err = errs[i];
            uint64_t skipped = 0;
            paifu_reader_members(u->pieces[i], NULL, NULL, &skipped);
            u->acc.skipped += skipped;
        }
        if (u->pre_error && (rc >= 0 || sp->container)) {
            vsync_wait(&sync, run);
            u->err = u->split_err;
            report_error(st, &u->acc, run, sp->container, &u->err, u->source, false);
            rc = sp->container ? 0 : -1;
        }
    }
    vsync_wait(&sync, run);
    vsync_post(&sync, run);
    for (size_t i = 0; i < u->npieces; i++) {
        if (!reps[i])
            continue;
        if (i >= checked) {
            paifu_report_free(reps[i]);
            continue;
        }
        stats_add(&u->acc.stats, paifu_report_stats(reps[i]));
        paifu_report_free(reps[i]);
    }
    u->fatal = rc < 0 && !sp->container;
    vjson_close(&u->j, run);
    if (run->o && fclose(run->o) != 0)
        u->acc.status = CLI_ERROR;
    if (run->e && fclose(run->e) != 0)
        u->acc.status = CLI_ERROR;
    run->o = run->e = NULL;
    for (size_t i = 0; i < u->npieces; i++)
        paifu_reader_free(u->pieces[i]);
    u->npieces = 0;
}

static void work(void *ctx, void *unit)
{
    vunit *u = unit;
    if (u->kind == UNIT_FILE)
        run_file(ctx, u->f);
    else
        run_piece(ctx, u);
}

/* Add piece U's counters to its file's. */
static void merge(vfile *f, const vfile *a)
{
    if (a->status > f->status)
        f->status = a->status;
    f->unreadable |= a->unreadable;
    f->errors += a->errors;
    f->refused += a->refused;
    f->skipped += a->skipped;
    f->kept += a->kept;
    stats_add(&f->stats, &a->stats);
}

/* What the files checked add up to, as they are printed. */
typedef struct vout {
    size_t printed; /* files begun (JSON: a separator before every one but the first) */
    size_t files, unreadable;
    uint64_t skipped, kept, refused;
    int status;
    paifu_verify_stats total;
    cli_walk *walk; /* where a skipped file is counted (cli_walk_skip) */
} vout;

/* Add file F to OUT and free it (a file of check_all's). */
static void tally(vout *out, vfile *f)
{
    if (f->status > out->status)
        out->status = f->status;
    out->files++;
    out->unreadable += f->unreadable;
    out->refused += f->refused;
    out->skipped += f->skipped;
    out->kept += f->kept;
    stats_add(&out->total, &f->stats);
    free(f->owned);
    free(f);
}

/* File F (of check_all's), told no log: skipped, as the walk skips one, and freed. */
static void skip_file(vout *out, vfile *f)
{
    char *path = strdup(f->path);
    if (path)
        cli_walk_skip(out->walk, path, f->skip);
    else
        cli_error(f->path, "out of memory to name it among the skipped files");
    free(f->owned);
    free(f);
}

/* Print unit U in its turn (the main thread) and free it. *PRINTED counts the files begun. */
static void emit(const vopts *st, vunit *u, vout *out)
{
    vsplit *sp = u->sp;
    if (u->kind == UNIT_FILE && u->f->skip) {
        skip_file(out, u->f);
    } else if (u->kind == UNIT_FILE) {
        print_file(st, u->f, out->printed++ == 0);
        tally(out, u->f);
    } else if (u->kind == UNIT_HEAD) {
        if (st->json) {
            if (out->printed++ > 0)
                fputc(',', stdout);
            print_head(stdout, sp->f->path);
        }
    } else if (u->kind == UNIT_PIECE && !sp->ended) {
        bool term = (u->errs_len && cli_progress_shares(stderr)) ||
                    (u->out_len && cli_progress_shares(stdout));
        if (term)
            cli_progress_lock();
        if (u->errs_len)
            fwrite(u->errs, 1, u->errs_len, stderr);
        if (u->out_len)
            fwrite(u->out, 1, u->out_len, stdout);
        if (term)
            cli_progress_unlock();
        if (st->json) {
            if (u->j.rules_len)
                fwrite(u->j.rules, 1, u->j.rules_len, sp->run.rules_out);
            if (u->j.kept_len)
                fwrite(u->j.kept, 1, u->j.kept_len, sp->run.kept);
        }
        fflush(stdout);
        merge(sp->f, &u->acc);
        sp->run.games = u->run.games;
        sp->run.first = u->run.first;
        memcpy(sp->run.member, u->run.member, sizeof(sp->run.member));
        sp->run.member_games = u->run.member_games;
        if (u->fatal) {
            sp->ended = true;
            sp->end_err = u->err;
        }
    } else if (u->kind == UNIT_END) {
        vfile *f = sp->f;
        if (f->kept > 0 && f->status < CLI_FINDINGS)
            f->status = CLI_FINDINGS;
        vjson_close(&sp->j, &sp->run);
        if (st->json)
            print_tail(stdout, sp->format, &sp->run, sp->j.rules, sp->j.rules_len,
                       sp->ended ? &sp->end_err : NULL, sp->j.kept, sp->j.kept_len);
        fflush(stdout);
        cli_progress_add(1, 0, 0);
        tally(out, f);
        vjson_free(&sp->j);
        paifu_reader_free(sp->r);
        free(sp);
    }
    if (u->kind == UNIT_PIECE) {
        free(u->out);
        free(u->errs);
        vjson_free(&u->j);
    }
    free(u);
}

/* Push U, first printing the oldest units while the window is full. */
static void push(const vopts *st, cli_pipeline *p, vunit *u, bool work_it, vout *out)
{
    while (cli_pipeline_full(p))
        emit(st, cli_pipeline_pop(p), out);
    cli_pipeline_push(p, u, work_it);
}

/* Split file F into pieces and push them, then its end; false when out of memory. */
static bool push_split(const vopts *st, cli_pipeline *p, vfile *f, vout *out)
{
    vsplit *sp = calloc(1, sizeof(*sp));
    vunit *end = calloc(1, sizeof(*end));
    if (!sp || !end) {
        free(sp);
        free(end);
        return false;
    }
    f->status = CLI_CLEAN;
    sp->f = f;
    sp->run.first = true;
    sp->sh.first = true;
    vunit *head = calloc(1, sizeof(*head));
    if (!head) {
        free(sp);
        free(end);
        return false;
    }
    head->kind = UNIT_HEAD;
    head->sp = sp;
    push(st, p, head, false, out);
    vjson_open(&sp->j, &sp->run, st->json);
    paifu_error err;
    paifu_error_clear(&err);
    int rc = paifu_reader_open(&sp->r, f->path, st->ropts, &err);
    sp->container = sp->r && paifu_reader_members(sp->r, NULL, NULL, NULL);
    sp->format = sp->r ? paifu_reader_format(sp->r) : NULL;
    for (size_t seq = 0; !sp->ended;) {
        vunit *u = calloc(1, sizeof(*u));
        if (!u)
            break;
        u->kind = UNIT_PIECE;
        u->sp = sp;
        u->seq = seq++;
        paifu_error_clear(&u->err);
        paifu_error_clear(&u->split_err);
        size_t batch = sp->container ? 1 : PIECES_MAX;
        if (sp->r) {
            while (u->npieces < batch &&
                   (rc = paifu_reader_split(&u->pieces[u->npieces], sp->r, &u->split_err)) > 0)
                u->npieces++;
        } else {
            u->split_err = err; /* the file could not be opened (rc < 0) */
        }
        if (rc == 0 && u->npieces == 0) {
            free(u);
            break;
        }
        u->pre_error = rc < 0;
        snprintf(u->source, sizeof(u->source), "%s",
                 sp->r && strcmp(f->path, "-") != 0 ? paifu_reader_source(sp->r) : f->path);
        bool last = rc == 0 || (rc < 0 && (!sp->container || !sp->r));
        push(st, p, u, true, out);
        if (last)
            break;
    }
    if (sp->r)
        sp->format = paifu_reader_format(sp->r); /* static storage */
    /* the pieces hold copies of what they read: the window goes back to the input budget now,
       not once the pieces are printed (a few large files at once stay within the budget) */
    paifu_reader_free(sp->r);
    sp->r = NULL;
    end->kind = UNIT_END;
    end->sp = sp;
    push(st, p, end, false, out);
    return true;
}

/* Whether file F is to be split: stdin, or a file of SPLIT_MIN bytes or more. */
static bool to_split(const vfile *f)
{
    struct stat sb;
    if (f->size >= 0)
        return f->size >= SPLIT_MIN;
    return strcmp(f->path, "-") == 0 || (stat(f->path, &sb) == 0 && sb.st_size >= SPLIT_MIN);
}

/* A new file of check_all's, for PATH (what walk W says of it); NULL when out of memory
   (reported). */
static vfile *new_file(const char *path, const cli_walk *w)
{
    vfile *f = calloc(1, sizeof(*f));
    if (f && !(f->owned = strdup(path))) {
        free(f);
        f = NULL;
    }
    if (!f) {
        cli_error(path, "out of memory");
        return NULL;
    }
    f->path = f->owned;
    f->unsure = w->unsure;
    f->size = w->size;
    cli_progress_found(1);
    return f;
}

/* Check every file of the walk W with JOBS threads (1: in this thread), printing each in
   order as soon as it and all before it are done, and add them up in OUT. */
static void check_all(const vopts *st, cli_walk *w, long jobs, vout *out)
{
    cli_pipeline *p = jobs > 1 ? cli_pipeline_start(jobs, (size_t)jobs * 16, work, (void *)st)
                               : NULL;
    const char *path;
    size_t rel;
    out->walk = w;
    while ((path = cli_walk_next(w, &rel)) != NULL) {
        vfile *f = new_file(path, w);
        if (!f) {
            out->status = CLI_ERROR;
            continue;
        }
        bool split = p && to_split(f);
        if (split && f->unsure) { /* told here, before its pieces are handed out */
            paifu_error err;
            paifu_error_clear(&err);
            const char *format = NULL;
            f->unsure = false;
            if (paifu_format_detect_file(&format, f->path, NULL, &err) == 0 && !format) {
                f->skip = "not a log"; /* a file split is 1 MiB or more: never empty */
                vunit *done;
                while ((done = cli_pipeline_pop(p)) != NULL)
                    emit(st, done, out);
                skip_file(out, f);
                continue;
            }
        }
        if (split && push_split(st, p, f, out))
            continue;
        vunit *u = p ? calloc(1, sizeof(*u)) : NULL;
        if (!u) { /* no worker (or no memory): this thread checks it, straight to the output */
            vunit *done;
            while (p && (done = cli_pipeline_pop(p)) != NULL)
                emit(st, done, out);
            paifu_error err;
            paifu_reader *r;
            int rc = open_input(st, f, &r, &err);
            if (f->skip) {
                skip_file(out, f);
                continue;
            }
            if (st->json && out->printed++ > 0)
                fputc(',', stdout);
            check_opened(st, f, stdout, stderr, r, rc, &err);
            fflush(stdout);
            tally(out, f);
            continue;
        }
        u->kind = UNIT_FILE;
        u->f = f;
        push(st, p, u, true, out);
    }
    if (!p)
        return;
    vunit *u;
    while ((u = cli_pipeline_pop(p)) != NULL)
        emit(st, u, out);
    cli_pipeline_stop(p);
}

int cmd_validate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"max-findings", required_argument, NULL, 'm'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {"jobs", required_argument, NULL, 'j'},   {"verbose", no_argument, NULL, 'v'},
        {"summary", no_argument, NULL, 'S'},      CLI_INPUT_LONGOPTS,
        CLI_FILTER_LONGOPTS,                      {NULL, 0, NULL, 0}};
    vopts st = {0};
    cli_rules_opts ro = {0};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    long jobs = 1;
    char *end;
    int c;
    optind = 1;
    while ((c = cli_getopt(argc, argv, "r:qvhj:", longopts)) != -1) {
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
        case 'm':
            if (cli_max_findings_option(optarg, &st.max_findings) < 0)
                return CLI_ERROR;
            break;
        case 'q': st.quiet = true; break;
        case 'v': cli_verbose = true; break;
        case 'S': st.summary_only = true; break;
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
        default: {
            int taken = cli_filter_option(c, optarg);
            if (taken < 0 || (taken == 0 && cli_input_option(c, optarg, &ro, &ropts, "validate",
                                                             cmd_validate_usage) < 0))
                return CLI_ERROR;
            break;
        }
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
    if (st.summary_only && (st.json || st.jsonl)) {
        cli_usage_error("validate", "--summary is for the text output (a JSON report holds its "
                                    "summary in \"summary\")");
        return CLI_ERROR;
    }
    if (st.summary_only && st.quiet) {
        cli_usage_error("validate", "-q drops the summary and --summary keeps only it: choose one");
        return CLI_ERROR;
    }
    /* check the rule options once up front so a typo is a usage error, not N file errors */
    if (cli_rules_check(&ro) < 0)
        return CLI_ERROR;
    st.ropts = &ropts;
    st.ro = &ro;
    cli_walk w;
    cli_walk_start(&w, argv + optind, argc - optind, ropts.format != NULL);
    w.defer = true; /* a folder's files are told logs as they are read, once, by the workers */
    if (st.json)
        printf("{\"paifu_report\": 1, \"files\": [");
    cli_progress_start(!st.quiet && !st.json, 0);
    cli_progress_count(argv + optind, argc - optind);
    vout out = {0};
    check_all(&st, &w, jobs, &out);
    cli_progress_stop();
    int status = cli_walk_end(&w);
    if (out.status > status)
        status = out.status;
    struct {
        size_t n, skipped;
    } in = {out.files, out.skipped + w.skipped};
    size_t unreadable = out.unreadable;
    const paifu_verify_stats *vs = &out.total;
    if (st.jsonl) {
        for (size_t i = 0; i < w.skips.n; i++) {
            jsonl_head(stdout, "skipped", w.skips.v[i].path);
            printf(", \"reason\": \"%s\"}\n", w.skips.v[i].reason);
        }
        printf("{\"type\": \"summary\", \"files\": %zu, \"errors\": %zu, \"skipped\": %zu, "
               "\"refused\": %llu, "
               "\"games\": %llu, \"deals\": %llu, \"events\": %llu, \"wins\": %llu, "
               "\"draws\": %llu, \"findings\": %llu, \"exit_status\": %d}\n",
               in.n, unreadable, in.skipped, (unsigned long long)out.refused,
               (unsigned long long)vs->games,
               (unsigned long long)vs->deals, (unsigned long long)vs->events,
               (unsigned long long)vs->wins, (unsigned long long)vs->draws,
               (unsigned long long)out.kept, status);
    } else if (st.json) {
        printf("%s],\n \"skipped\": ", in.n ? "\n" : "");
        cli_skips_json(stdout, &w.skips);
        printf(",\n \"summary\": {\"files\": %zu, \"errors\": %zu, \"skipped\": %zu, "
               "\"refused\": %llu, "
               "\"games\": %llu, \"deals\": %llu, \"events\": %llu, \"wins\": %llu, "
               "\"draws\": %llu, \"findings\": %llu}, \"exit_status\": %d}\n",
               in.n, unreadable, in.skipped, (unsigned long long)out.refused,
               (unsigned long long)vs->games,
               (unsigned long long)vs->deals, (unsigned long long)vs->events,
               (unsigned long long)vs->wins, (unsigned long long)vs->draws,
               (unsigned long long)out.kept, status);
    } else if (!st.quiet) {
        char skipped[128] = "";
        size_t empty = 0;
        for (size_t i = 0; i < w.skips.n; i++)
            empty += strcmp(w.skips.v[i].reason, "empty") == 0;
        if (in.skipped && empty)
            snprintf(skipped, sizeof(skipped), ", %zu skipped: %zu not a log, %zu empty",
                     in.skipped, in.skipped - empty, empty);
        else if (in.skipped)
            snprintf(skipped, sizeof(skipped), ", %zu skipped: not a log", in.skipped);
        char refused[96] = ""; /* games read but not checked: a rule set of the other family */
        if (out.refused)
            snprintf(refused, sizeof(refused), " (and %llu refused: another family's rule set)",
                     (unsigned long long)out.refused);
        printf("%zu file%s (%zu unreadable%s), %llu game%s%s, %llu deal%s, %llu win%s, %llu draw%s: "
               "%llu finding%s\n",
               in.n, in.n == 1 ? "" : "s", unreadable, skipped, (unsigned long long)vs->games,
               vs->games == 1 ? "" : "s", refused, (unsigned long long)vs->deals, vs->deals == 1 ? "" : "s",
               (unsigned long long)vs->wins, vs->wins == 1 ? "" : "s",
               (unsigned long long)vs->draws, vs->draws == 1 ? "" : "s",
               (unsigned long long)out.kept, out.kept == 1 ? "" : "s");
    }
    cli_skips_free(&w.skips);
    return cli_stdout_status(status);
}

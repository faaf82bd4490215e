/*
 * main.c: the paifu command: a table of commands, each in cmd_<name>.c.
 */
#include "cli.h"

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#endif
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const cli_command COMMANDS[] = {
    {"validate", cmd_validate, "re-simulate and verify game logs", cmd_validate_usage},
    {"convert", cmd_convert, "convert game logs to another format", cmd_convert_usage},
    {"info", cmd_info, "describe game logs: format, players, deals, results", cmd_info_usage},
    {"rules", cmd_rules, "list rule sets and show a resolved rule set", cmd_rules_usage},
    {"report", cmd_report, "an audit report of many games: standings, games, deals, findings",
     cmd_report_usage},
    {"export", cmd_export, "tables for analysis: games, deals, wins, players, events (CSV, JSON lines, SQLite)",
     cmd_export_usage},
    {"stats", cmd_stats, "per-player statistics: places, win, deal-in, riichi, call rates",
     cmd_stats_usage},
    {"score", cmd_score, "score one winning hand: yaku, han, fu, points", cmd_score_usage},
    {"view", cmd_view, "one game's deals as an HTML page to step through, event by event",
     cmd_view_usage},
};

#define N_COMMANDS (sizeof(COMMANDS) / sizeof(COMMANDS[0]))

const cli_command *cli_find(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: paifu <command> [options] [--] [FILE...]\n"
               "       paifu --version | --help | help <command>\n\n"
               "Mahjong game records: read, re-simulate, verify and convert.\n\ncommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-10s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(f, "\nRun 'paifu <command> --help' for the options of a command.\n"
               "Exit status: 0 no finding (after --severity, --ignore, --only), 1 findings, 2 an input\n"
               "that could not be read, or a usage error.\n"
               "The manual (README.md and the guides doc/*.md that the help texts name) is\n"
               "installed in share/doc/paifu/, the JSON Schemas (schemas/*.json) in\n"
               "share/paifu/schemas/.\n");
}

/* The length of the well-formed UTF-8 sequence at P (1 to 4 bytes), 0 when it is not one
   (a stray continuation byte, an overlong form, a surrogate, a code point over U+10FFFF, a
   sequence cut short). */
static size_t utf8_len(const unsigned char *p)
{
    unsigned c = p[0];
    if (c < 0x80)
        return 1;
    if (c < 0xc2 || c > 0xf4)
        return 0;
    size_t n = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    unsigned lo = 0x80, hi = 0xbf; /* the second byte's range (RFC 3629 §4) */
    if (c == 0xe0)
        lo = 0xa0;
    else if (c == 0xed)
        hi = 0x9f;
    else if (c == 0xf0)
        lo = 0x90;
    else if (c == 0xf4)
        hi = 0x8f;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

void cli_text(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned char c = *p;
        size_t n = utf8_len(p);
        if (c == '\n')
            fputs("\\n", f);
        else if (c == '\r')
            fputs("\\r", f);
        else if (c == '\t')
            fputs("\\t", f);
        else if (c == '\\')
            fputs("\\\\", f);
        else if (c < 0x20 || c == 0x7f || n == 0)
            fprintf(f, "\\x%02x", c); /* a control character, or a byte that is not UTF-8 */
        else if (n == 2 && c == 0xc2 && p[1] < 0xa0)
            fprintf(f, "\\u%04x", p[1]); /* a C1 control (U+0080..U+009F: CSI is U+009B) */
        else
            fwrite(p, 1, n, f);
        p += n ? n : 1;
    }
}

void cli_vtextf(FILE *f, const char *fmt, va_list ap)
{
    char small[512];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof(small), fmt, ap);
    char *text = small;
    if (n >= (int)sizeof(small) && (text = malloc((size_t)n + 1)) != NULL)
        vsnprintf(text, (size_t)n + 1, fmt, again);
    va_end(again);
    if (n < 0 || !text) {
        text = small; /* cut: still one line */
    }
    size_t len = strlen(text);
    bool newline = len && text[len - 1] == '\n';
    if (newline)
        text[len - 1] = '\0';
    cli_text(f, text);
    if (newline)
        fputc('\n', f);
    if (text != small)
        free(text);
}

void cli_textf(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vtextf(f, fmt, ap);
    va_end(ap);
}

int cli_stdout_status(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        int e = errno;
        fprintf(stderr, "paifu: error: writing standard output: %s\n",
                e ? strerror(e) : "write error");
        return CLI_ERROR;
    }
    return status;
}

void cli_print_error(const paifu_error *err)
{
    cli_fprint_error(stderr, err);
}

void cli_fprint_error(FILE *f, const paifu_error *err)
{
    char where[512];
    paifu_location_format(where, sizeof(where), &err->where);
    /* put the bracketed context after the message: FILE:LINE:COL: error: TEXT [context] */
    char *bracket = strstr(where, " [");
    char context[300] = "";
    if (bracket) {
        snprintf(context, sizeof(context), "%s", bracket);
        *bracket = '\0';
    }
    fputs("paifu: ", f);
    if (err->where.source[0] || err->where.line) { /* an error of no file names none */
        cli_text(f, where);
        fputs(": ", f);
    }
    fputs("error: ", f);
    cli_text(f, err->text[0] ? err->text : paifu_error_code_name(err->code));
    cli_text(f, context);
    fputc('\n', f);
}

const char *cli_command_name = NULL;

void cli_usage_error(const char *cmd, const char *fmt, ...)
{
    if (!cmd)
        cmd = cli_command_name;
    fprintf(stderr, "paifu%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_list ap;
    va_start(ap, fmt);
    cli_vtextf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void cli_error(const char *name, const char *fmt, ...)
{
    fputs("paifu: ", stderr);
    if (name) {
        cli_text(stderr, name);
        fputs(": ", stderr);
    }
    fputs("error: ", stderr);
    va_list ap;
    va_start(ap, fmt);
    cli_vtextf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts)
{
    opterr = 0; /* getopt's own messages name argv[0] and print the option raw */
    int c = getopt_long(argc, argv, shortopts, longopts, NULL);
    if (c != '?' && c != ':')
        return c;
    const char *arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    bool needs_value = false;
    if (optopt) { /* a known option without its value, or an unknown short one */
        for (const struct option *o = longopts; o && o->name; o++)
            if (o->val == optopt && o->has_arg == required_argument && !o->flag &&
                strncmp(arg, "--", 2) == 0 && strncmp(arg + 2, o->name, strlen(o->name)) == 0)
                needs_value = true;
        const char *s = strchr(shortopts, optopt);
        if (s && s[1] == ':' && optopt != ':')
            needs_value = true;
    }
    if (needs_value)
        cli_usage_error(NULL, "option '%s' needs a value (see 'paifu %s --help')", arg,
                        cli_command_name ? cli_command_name : "");
    else if (optopt && strncmp(arg, "--", 2) != 0)
        cli_usage_error(NULL, "unknown option '-%c' (see 'paifu %s --help')", optopt,
                        cli_command_name ? cli_command_name : "");
    else
        cli_usage_error(NULL, "unknown option '%s' (see 'paifu %s --help')", arg,
                        cli_command_name ? cli_command_name : "");
    return '?';
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = utf8_len(p);
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (*p < 0x20 || *p == 0x7f)
                fprintf(f, "\\u%04x", *p);
            else if (n == 0)
                fputs("\\ufffd", f); /* not UTF-8 (RFC 8259 §8.1): the replacement character */
            else if (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)
                fprintf(f, "\\u%04x", p[1]);
            else
                fwrite(p, 1, n, f);
        }
        p += n ? n : 1;
    }
    fputc('"', f);
}

cli_filter cli_findings_filter = {PAIFU_SEVERITY_INFO, NULL, NULL, false};

bool cli_listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; p && *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && memcmp(p, word, n) == 0)
            return true;
        p = e ? e + 1 : NULL;
    }
    return false;
}

bool cli_finding_kept(const paifu_finding *f)
{
    const cli_filter *k = &cli_findings_filter;
    if (!k->active)
        return true;
    if (f->severity < k->least)
        return false;
    if (k->ignore && cli_listed(k->ignore, f->code))
        return false;
    return !k->only || cli_listed(k->only, f->code);
}

/* Every code of LIST (comma-separated) is a finding code: 0, or -1 printed naming OPT. */
static int check_codes(const char *opt, const char *list)
{
    char code[128];
    for (const char *p = list; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(code, sizeof(code), "%.*s", (int)(len < sizeof(code) ? len : sizeof(code) - 1), p);
        if (!len || len >= sizeof(code) || !paifu_finding_code_find(code)) {
            /* say what is allowed: the codes of its group ("score."), else every code */
            const char *dot = strchr(code, '.');
            size_t group = dot ? (size_t)(dot + 1 - code) : 0;
            bool grouped = false;
            for (size_t i = 0; i < paifu_finding_code_count(); i++)
                if (group && strncmp(paifu_finding_code(i)->code, code, group) == 0)
                    grouped = true;
            cli_usage_error(NULL, "%s: '%s' is no finding code; the codes%s%.*s are:", opt, code,
                            grouped ? " of " : "", grouped ? (int)group : 0, code);
            for (size_t i = 0, col = 0; i < paifu_finding_code_count(); i++) {
                const char *name = paifu_finding_code(i)->code;
                if (grouped && strncmp(name, code, group) != 0)
                    continue;
                fprintf(stderr, "%s%s", col ? ", " : "  ", name);
                col += strlen(name) + 2;
                if (col > 70) {
                    fputc('\n', stderr);
                    col = 0;
                }
            }
            fputc('\n', stderr);
            return -1;
        }
        if (!e)
            break;
        p = e + 1;
    }
    return 0;
}

int cli_filter_option(int c, const char *arg)
{
    cli_filter *k = &cli_findings_filter;
    switch (c) {
    case 0x101:
        if (strcmp(arg, "error") == 0)
            k->least = PAIFU_SEVERITY_ERROR;
        else if (strcmp(arg, "warning") == 0)
            k->least = PAIFU_SEVERITY_WARNING;
        else if (strcmp(arg, "info") == 0)
            k->least = PAIFU_SEVERITY_INFO;
        else {
            cli_usage_error(NULL, "--severity expects error, warning or info (the least severity "
                                  "kept), found '%s'", arg);
            return -1;
        }
        break;
    case 0x102:
        if (check_codes("--ignore", arg) < 0)
            return -1;
        k->ignore = arg;
        break;
    case 0x103:
        if (check_codes("--only", arg) < 0)
            return -1;
        k->only = arg;
        break;
    default: return 0;
    }
    k->active = true;
    return 1;
}

int cli_max_findings_option(const char *arg, uint32_t *out)
{
    char *end;
    unsigned long m = strtoul(arg, &end, 10);
    if (*end || end == arg || arg[0] == '-' || m == 0 || m > UINT32_MAX) {
        cli_usage_error(NULL, "--max-findings expects a number of findings kept per game, 1 or "
                              "more, found '%s'", arg);
        return -1;
    }
    *out = (uint32_t)m;
    return 0;
}

bool cli_output_is_dir(const char *path)
{
    struct stat sb;
    size_t n = path ? strlen(path) : 0;
    return n && (path[n - 1] == '/' || (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)));
}

int cli_output_mkdir(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf)) {
        cli_error(path, "cannot make the folder: name too long");
        return -1;
    }
    for (char *p = buf + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        struct stat sb;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) {
            cli_error(buf, "cannot make the folder: %s", strerror(errno));
            return -1;
        }
        if (stat(buf, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            cli_error(buf, "cannot make the folder: a file of that name is in the way");
            return -1;
        }
        *p = c;
        if (!c || !p[1])
            break;
    }
    return 0;
}

const char *cli_output_file(char *buf, size_t size, const char *path, const char *name)
{
    if (!cli_output_is_dir(path)) {
        snprintf(buf, size, "%s", path);
        return buf;
    }
    if (cli_output_mkdir(path) < 0)
        return NULL;
    size_t n = strlen(path);
    snprintf(buf, size, "%s%s%s", path, path[n - 1] == '/' ? "" : "/", name);
    return buf;
}

int cli_resolve_rules(paifu_rules **out, const cli_rules_opts *o, const paifu_game *game,
                      const char *fallback, paifu_error *err)
{
    return cli_resolve_rules_origin(out, NULL, o, game, fallback, err);
}

/* The rule file's rules, read once per process (a batch resolves the rules of every game; the
   file was read again for each) and kept until exit. Only read after it is made (the choice
   borrows it and copies it into each result), so the workers of -j share it; the lock covers the
   first read. A file that cannot be read is read again next time, to report its error again. */
static pthread_mutex_t rules_file_lock = PTHREAD_MUTEX_INITIALIZER;
static char *rules_file_path;
static paifu_rules *rules_file_rules;

static int rules_file_get(const paifu_rules **out, const char *path, paifu_error *err)
{
    int rc = 0;
    pthread_mutex_lock(&rules_file_lock);
    if (!rules_file_rules || strcmp(rules_file_path, path) != 0) {
        paifu_rules *r = NULL;
        char *p = strdup(path);
        rc = p ? paifu_rules_read_file(&r, path, err)
               : paifu_error_set(err, PAIFU_ENOMEM, NULL, "out of memory");
        if (rc >= 0) {
            /* a different file (not one run's case) replaces the kept one: no result borrows it */
            paifu_rules_free(rules_file_rules);
            free(rules_file_path);
            rules_file_rules = r;
            rules_file_path = p;
        } else {
            free(p);
        }
    }
    *out = rules_file_rules;
    pthread_mutex_unlock(&rules_file_lock);
    return rc < 0 ? rc : 0;
}

int cli_resolve_rules_origin(paifu_rules **out, paifu_rules_origin *origin,
                             const cli_rules_opts *o, const paifu_game *game,
                             const char *fallback, paifu_error *err)
{
    const paifu_rules *file = NULL; /* the rule file's rules, the caller's choice like a preset */
    int rc = o->file ? rules_file_get(&file, o->file, err) : 0;
    if (rc < 0)
        return rc;
    paifu_rules_choice choice = PAIFU_RULES_CHOICE_INIT;
    choice.preset = o->preset;
    choice.rules = file;
    choice.assignments = o->assign;
    choice.n_assignments = (size_t)o->n_assign;
    choice.fallback = fallback;
    return paifu_game_rules_resolve(out, origin, game, &choice, err);
}

/* The version of the tool and of the library it runs with (they differ when an older or newer
   libpaifu is found at run time), then the formats that library reads and writes. */
static void print_version(void)
{
    printf("paifu %s (library %s)\n", PAIFU_VERSION_STRING, paifu_version());
    for (int writes = 0; writes < 2; writes++) {
        fputs(writes ? "writes:" : "reads:", stdout);
        for (size_t i = 0; i < paifu_format_count(); i++) {
            const paifu_format_info *f = paifu_format(i);
            if (writes ? f->can_write : f->can_read)
                printf(" %s", f->name);
        }
        fputc('\n', stdout);
    }
}

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    /* A file's reader, game and buffers are freed and made again for the next: without this,
       glibc gives the top of the heap back to the system and takes it again each time (two
       brk calls a file, 12% of the system time of validating a folder of logs) */
    mallopt(M_TRIM_THRESHOLD, 32 << 20);
    mallopt(M_TOP_PAD, 1 << 20);
#endif
    paifu_init();
    if (argc < 2) {
        usage(stderr);
        return CLI_ERROR;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        print_version();
        return CLI_CLEAN;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return CLI_CLEAN;
    }
    if (strcmp(cmd, "help") == 0) {
        if (argc < 3) {
            usage(stdout);
            return CLI_CLEAN;
        }
        const cli_command *c = cli_find(argv[2]);
        if (!c) {
            cli_usage_error(NULL, "unknown command '%s'", argv[2]);
            return CLI_ERROR;
        }
        fputs(c->usage, stdout);
        return CLI_CLEAN;
    }
    const cli_command *c = cli_find(cmd);
    if (!c) {
        cli_usage_error(NULL, "unknown command '%s' (see 'paifu --help')", cmd);
        return CLI_ERROR;
    }
    cli_command_name = c->name; /* every message names it: "paifu validate: ..." */
    return c->run(argc - 1, argv + 1);
}

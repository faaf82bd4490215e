/*
 * cli.h: what the commands share: exit codes, error printing and the rule-set options.
 * The CLI parses arguments, dispatches and prints; everything else is the library's.
 */
#ifndef PAIFU_CLI_H
#define PAIFU_CLI_H

#include <paifu.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* Exit status contract: over several files the highest wins. */
enum { CLI_CLEAN = 0, CLI_FINDINGS = 1, CLI_ERROR = 2 };

typedef int (*cli_command_fn)(int argc, char **argv);

typedef struct cli_command {
    const char *name;
    cli_command_fn run;
    const char *summary;
    const char *usage; /* full --help text */
} cli_command;

const cli_command *cli_find(const char *name);

/* The commands (cmd_<name>.c), main-like, and their --help texts. */
int cmd_validate(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_rules(int argc, char **argv);
int cmd_report(int argc, char **argv);
extern const char cmd_validate_usage[], cmd_convert_usage[], cmd_info_usage[], cmd_rules_usage[], cmd_report_usage[];
int cmd_export(int argc, char **argv);
int cmd_stats(int argc, char **argv);
extern const char cmd_export_usage[], cmd_stats_usage[];
int cmd_score(int argc, char **argv);
extern const char cmd_score_usage[];
int cmd_view(int argc, char **argv);
extern const char cmd_view_usage[];

/* Print "paifu: FILE:LINE:COL: error: TEXT [deal E2-1, event 37]" to stderr (or to F). */
void cli_print_error(const paifu_error *err);
void cli_fprint_error(FILE *f, const paifu_error *err);
/* The command being run ("validate"), NULL before one is chosen: every message names it. */
extern const char *cli_command_name;
/* Print "paifu CMD: MESSAGE" to stderr (usage errors; CMD NULL: the command being run), the
   message escaped (cli_text). */
void cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Print "paifu: NAME: error: MESSAGE" (NAME NULL: none) to stderr, escaped, as a file's
   errors are (cli_print_error). */
void cli_error(const char *name, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The one option parser of every command: getopt_long with its errors printed by paifu,
   naming the command ("paifu validate: unknown option '--bogus' (see ...)"); '?' after one. */
struct option;
int cli_getopt(int argc, char **argv, const char *shortopts, const struct option *longopts);

/* Rule-set options shared by validate, score and rules. */
typedef struct cli_rules_opts {
    const char *preset;      /* --rules: replaces the preset the log names */
    const char *file;        /* --rules-file */
    const char *assign[64];  /* --rule KEY=VALUE, in order */
    int n_assign;
} cli_rules_opts;

/* The rule set for GAME (NULL: no game) under the options: paifu_game_rules_resolve() with
   the rule file read first. */
int cli_resolve_rules(paifu_rules **out, const cli_rules_opts *o, const paifu_game *game,
                      const char *fallback, paifu_error *err);
/* The same, saying who named the rule set (validate and report say when it was assumed). */
int cli_resolve_rules_origin(paifu_rules **out, paifu_rules_origin *origin,
                             const cli_rules_opts *o, const paifu_game *game,
                             const char *fallback, paifu_error *err);

/* -v/--verbose: name every file skipped on stderr (and every rule-set note). */
extern bool cli_verbose;

/* The files a walk skipped, each with why ("not a log", "empty"): every output names them. */
typedef struct cli_skip {
    char *path;
    const char *reason; /* static */
} cli_skip;
typedef struct cli_skips {
    cli_skip *v;
    size_t n, cap;
} cli_skips;
void cli_skips_free(cli_skips *s);
/* The skipped files as a JSON array of {"file", "reason"} (report.schema.json's "skipped"). */
void cli_skips_json(FILE *o, const cli_skips *s);

/* The input operands after walking directories (inputs.c). */
typedef struct cli_inputs {
    char **paths;
    size_t *rel;    /* paths[i] + rel[i]: the path below the operand it was found in (a walked
                       directory), else the file's base name */
    size_t n, cap;
    size_t skipped; /* directory members that are no log format paifu reads */
    cli_skips skips; /* those files, named */
} cli_inputs;

/* A walk of the input operands that hands out one file at a time, in the order
   cli_inputs_expand lists them (a directory's names are read when it is entered). */
#define CLI_WALK_DEPTH 66
typedef struct cli_walk_dir {
    char *path;
    char **names; /* sorted */
    size_t n, i;  /* names, and the next one */
    int depth;
} cli_walk_dir;
typedef struct cli_walk {
    char **args;
    int n_args, next_arg;
    bool take_all;
    bool defer;         /* a directory member is handed out untold (unsure), for the caller
                           to open with paifu_reader_open_log and skip (cli_walk_skip) */
    bool unsure;        /* the file handed out last is such a member */
    long long size;     /* its size in bytes when known from the walk, else -1 */
    bool silent;        /* print no error (a second walk over the same operands) */
    cli_walk_dir stack[CLI_WALK_DEPTH];
    int depth;          /* directories entered */
    size_t root;        /* offset of the part below the walked operand */
    size_t skipped;     /* directory members that are no log format paifu reads */
    cli_skips skips;    /* those files, named (the caller frees them: cli_skips_free) */
    int status;         /* of the operand being walked */
    int walk_status;    /* of the operands before */
    char *path;         /* the file handed out last */
} cli_walk;

void cli_walk_start(cli_walk *w, char **args, int n, bool take_all);
/* The next input file (valid until the next call) and in *REL the offset of its part below
   the operand it was found in, else of its base name; NULL at the end. Errors are printed. */
const char *cli_walk_next(cli_walk *w, size_t *rel);
/* File PATH (malloc'd, taken), handed out unsure, was skipped for REASON ("empty", "not a
   log"): counted and kept in W's list, named on stderr with -v, as the walk skips one. */
void cli_walk_skip(cli_walk *w, char *path, const char *reason);
/* End the walk: CLI_CLEAN, or CLI_ERROR when a directory could not be walked. W->skips stay
   the caller's. */
int cli_walk_end(cli_walk *w);

/* Expand ARGS: files and "-" as given, directories walked recursively in name order taking
   the files of a known format (every file when TAKE_ALL, i.e. --from). Errors are printed;
   returns CLI_CLEAN or CLI_ERROR (the usable inputs are kept either way). */
int cli_inputs_expand(cli_inputs *in, char **args, int n, bool take_all);
void cli_inputs_free(cli_inputs *in);

/* Which findings the outputs keep (--severity, --ignore, --only): every output of validate and
   report and their exit status read it, once set by cli_filter_option. */
typedef struct cli_filter {
    paifu_severity least; /* the least severity kept */
    const char *ignore;   /* comma-separated codes dropped, NULL none */
    const char *only;     /* comma-separated codes kept, NULL all */
    bool active;          /* any of the three given: findings are filtered */
} cli_filter;
extern cli_filter cli_findings_filter;
bool cli_finding_kept(const paifu_finding *f);
/* The options, for a longopts array: --severity, --ignore, --only. */
#define CLI_FILTER_LONGOPTS                                                                    \
    {"severity", required_argument, NULL, 0x101}, {"ignore", required_argument, NULL, 0x102},  \
        {"only", required_argument, NULL, 0x103}
/* Take one of them (C its val): 1 taken, 0 not one of them, -1 a bad value (printed: a code
   that no finding has, a severity that is none). */
int cli_filter_option(int c, const char *arg);
/* --max-findings N's value (1 and up; 0 is refused: it said nothing and printed everything):
   0, or -1 printed. */
int cli_max_findings_option(const char *arg, uint32_t *out);

/* The rule set a game is checked under, as outputs name it (names.c). */
typedef struct cli_rules_info {
    char preset[32];
    char overrides[512];  /* "key=value, ...": the values differing from the preset; "" none */
    char file[256];       /* --rules-file, "" none */
    const char *document; /* the preset's source document (static), "" unknown */
    char citation[64];    /* its short citation name ("RRC 2024") */
    const char *origin;   /* paifu_rules_origin_name: "log", "caller" or "assumed" */
    bool assumed;         /* the log names no rule set and the options chose none */
} cli_rules_info;

/* Describe the rules RULES resolved for GAME with the options O; ORIGIN is who named them
   (cli_resolve_rules_origin). */
void cli_rules_describe(cli_rules_info *out, const cli_rules_opts *o, const paifu_game *game,
                        const paifu_rules *rules, paifu_rules_origin origin);
/* "rrc with kiriage=true (RRC 2024: ...), assumed: the log names no rule set" */
void cli_rules_summary(char *buf, size_t size, const cli_rules_info *ri);
/* The same as a JSON object (schemas/report.schema.json $defs/rules). */
void cli_rules_json(FILE *o, const cli_rules_info *ri);

/* A rule reference as public documents and sections ("RRC 2024 §3.13"); references to paifu's
   own notes become FALLBACK (the game's document). Returns BUF. */
const char *cli_citation(char *buf, size_t size, const char *ref, const char *fallback);

/* The deal a finding is on, 1-based (0: none), and the seats it concerns in seat order, from
   the library's CONCERNS (paifu_report_finding_seats): their count. */
size_t cli_finding_deal(const paifu_game *game, const paifu_finding *f);
int cli_finding_seats(int seats[PAIFU_SEATS], const paifu_game *game, unsigned concerns);
/* A player's name ("" none); "Anna (seat 1, South)" or "seat 1 (South)". */
const char *cli_player_name(const paifu_game *game, int seat);
void cli_seat_label(char *buf, size_t size, const paifu_game *game, int seat);

/* Columns S takes in a terminal (East Asian wide characters count two). */
size_t cli_display_width(const char *s);
/* Print S padded with spaces to WIDTH columns (RIGHT: aligned right). */
void cli_pad(FILE *f, const char *s, int width, bool right);

/* The long options every command that reads logs shares: rule set (-r, --rules-file, --rule),
   --from, and the selection of a log database's rows and an archive's cap (--players,
   --length, --max-members). Put CLI_INPUT_LONGOPTS in a longopts array. */
#define CLI_INPUT_LONGOPTS                                                                     \
    {"rules", required_argument, NULL, 'r'}, {"rules-file", required_argument, NULL, 'R'},    \
        {"rule", required_argument, NULL, 'k'}, {"from", required_argument, NULL, 'F'},        \
        {"players", required_argument, NULL, 'P'}, {"length", required_argument, NULL, 'L'},  \
        {"max-members", required_argument, NULL, 'M'}

/* Take option C (its argument ARG), one of CLI_INPUT_LONGOPTS: 0, or -1 for a bad value or an
   option that is none of them (a message naming CMD, or its USAGE, printed). */
int cli_input_option(int c, const char *arg, cli_rules_opts *ro, paifu_read_options *ropts,
                     const char *cmd, const char *usage);

/* Check the rule options once up front, so that a typo is a usage error and not an error per
   file: 0, or -1 printed. */
int cli_rules_check(const cli_rules_opts *ro);

/* The progress line of long batches (progress.c): shown on stderr, redrawn in place at most
   8 times a second by a thread of its own, only when WANTED and stderr is a terminal; FILES_TOTAL
   the number of files when known (0: counted by cli_progress_count, "walking" until then). The
   batch adds what it finished; a line printed on the same terminal (cli_progress_shares) goes
   between lock (which takes the status line off) and unlock. */
void cli_progress_start(bool wanted, size_t files_total);
/* Count the files of the operands ARGS (N; kept until stop) in a thread, by name: the total. */
void cli_progress_count(char **args, int n);
void cli_progress_add(uint64_t files, uint64_t games, uint64_t findings);
/* FILES more files to check were found (a walk that hands them out as it goes). */
void cli_progress_found(uint64_t files);
/* One game of R read; *SEEN_TOTAL: the member total of R already counted (start at 0). */
void cli_progress_members(const paifu_reader *r, uint64_t *seen_total);
/* Whether writing to F (stdout or stderr) writes on the terminal the line is on. */
bool cli_progress_shares(FILE *f);
void cli_progress_lock(void);
void cli_progress_unlock(void);
void cli_progress_stop(void);

/* -o PATH names a folder exactly when it ends in '/' or is an existing directory (every
   command: a file is then written into it under its default name). */
bool cli_output_is_dir(const char *path);
/* Make folder PATH and the folders above it (mkdir -p): 0, or -1 printed. */
int cli_output_mkdir(const char *path);
/* The file -o PATH names: PATH itself, or PATH/NAME when PATH names a folder (made). NULL
   after an error printed. BUF holds SIZE bytes. */
const char *cli_output_file(char *buf, size_t size, const char *path, const char *name);

/* Write S as one CSV field (RFC 4180: quoted when it holds a comma, quote or line break, quotes
   doubled; report_csv.c). A text that begins with =, +, -, @, a tab or a line break (and is not
   a plain number) is prefixed with a single quote, as OWASP's CSV-injection advice says, so that
   no spreadsheet takes it for a formula. CSV lines end with CRLF. */
void cli_csv_field(FILE *f, const char *s);
/* Write V as a CSV number in plain decimal notation (a dot, no exponent, at most 6 decimals). */
void cli_csv_real(FILE *f, double v);

/* Write a JSON string literal to F. */
void cli_json_string(FILE *f, const char *s);
/* Write S to F for a terminal: control characters (a newline in a file name, ESC, DEL) as \n,
 * \r, \t or \xNN, C1 controls as \uNNNN, bytes that are not UTF-8 as \xNN and a backslash
 * as \\, so a name can neither forge a line nor drive the terminal. */
void cli_text(FILE *f, const char *s);
/* Whether WORD is one of the comma-separated LIST ("score.fu,flow.honba", --allow-loss's kinds);
   false for a NULL LIST. */
bool cli_listed(const char *list, const char *word);
/* The one function every text line goes through: format, then write escaped as cli_text
   does (a final newline is kept). */
void cli_textf(FILE *f, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void cli_vtextf(FILE *f, const char *fmt, va_list ap);
/* STATUS, or CLI_ERROR after saying so when writing standard output failed (a full disk, a
 * closed pipe): flushes it first. */
int cli_stdout_status(int status);

#endif

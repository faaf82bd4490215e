/*
 * cmd_report.c: paifu report [options] FILE...: one document for a whole tournament: the
 * standings by the rule set's method, every game's results, its deals and a chart of its
 * scores, and every finding with the players' names and the rule that decides it; as text,
 * Markdown, CSV (one table), JSON or one self-contained HTML file.
 */
#include "report/document.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char cmd_report_usage[] =
    "usage: paifu report [options] FILE...\n"
    "\n"
    "Read every game in FILE... (any mix of formats; a directory is walked recursively and\n"
    "files that are no log format paifu reads are skipped), verify each under its rule set and\n"
    "write one document: the standings, a results table, a deal-by-deal table and a chart of\n"
    "the scores for every game, and every finding with the players it concerns, the expected\n"
    "and recorded values, the rule that decides it and, on a tile log, the hands, melds,\n"
    "discards and dora at its event.\n"
    "\n"
    "The standings follow the rule set's method (rule standings): the sum of final scores\n"
    "(rrc, ema, ...), the average place with its tie-breaks (jhc2016) or the table points\n"
    "4/2/1/0 per session, then the total (mcr). Players are matched by name; a game's\n"
    "final scores come from its recorded final points, or from its deals where it records\n"
    "none.\n"
    "\n"
    "options:\n"
    "      --title TEXT       the document's title (default \"Audit report\"), e.g. the\n"
    "                         tournament's name and date\n"
    "      --no-viewer        html: leave out the deal viewer (every deal of a tile log\n"
    "                         stepped through event by event, opened from findings and deals)\n"
    "      --format FORMAT    text (default), markdown, html, csv or json (schemas/\n"
    "                         audit.schema.json)\n"
    "      --table TABLE      only one table: standings, games, deals or findings (csv: the\n"
    "                         table to write; default standings)\n"
    "      --standings        the same as --table standings\n"
    "  -o, --output PATH      write to PATH instead of standard output; a folder when PATH\n"
    "                         ends in '/' or is one (made when missing): the report goes in\n"
    "                         it as report.html (.txt, .md, .json, TABLE.csv); csv without\n"
    "                         --table: PATH is a folder that gets standings.csv, games.csv,\n"
    "                         deals.csv and findings.csv\n"
    "  -r, --rules PRESET     rule set for every game (default: the one each log names, else\n"
    "                         rrc); every game is scored under its own rule set, and games of\n"
    "                         different rule sets or player counts are ranked in separate\n"
    "                         standings tables\n"
    "      --rules-file FILE  a JSON rule file instead\n"
    "      --rule KEY=VALUE   override one rule parameter (repeatable)\n"
    "      --from FORMAT      skip detection and read FORMAT\n"
    "      --players 3|4, --length east|half, --max-members N  log databases and archives:\n"
    "                         the rows read, the members allowed (see paifu validate --help)\n"
    "      --max-findings N   findings listed per game, 1 or more (default 1000)\n"
    "      --severity LEVEL, --ignore CODE,..., --only CODE,...  the findings kept, as paifu\n"
    "                         validate --help says (every table, the counts, the exit status)\n"
    "      --sanction NAME=P  add P places (0.05 to 0.5) to NAME's average place (JHC 2016\n"
    "                         §8.3.2; repeatable; a paifu log records them as place_sanctions)\n"
    "      --player-names GAME:SEAT=NAME  name a seat (the report's game number, seat 0-3;\n"
    "                         repeatable): an unnamed one, or one whose name the log\n"
    "                         misspells; an unnamed seat is otherwise the player \"seat S of\n"
    "                         game N\", never merged with another\n"
    "  -h, --help             this help\n"
    "\n"
    "example: paifu report --title \"Spring cup 2025\" --format html -o report.html logs/\n"
    "Files a directory holds that are no log (or empty) are named in the report as skipped.\n"
    "exit status: 0 no finding kept, 1 at least one finding kept, 2 an input, usage or output\n"
    "error\n";

typedef void (*writer_fn)(FILE *o, const rep_doc *doc, rep_table only);

static const struct {
    const char *name;
    writer_fn write;
} writers[] = {
    {"text", rep_write_text}, {"markdown", rep_write_markdown}, {"md", rep_write_markdown},
    {"html", rep_write_html}, {"csv", rep_write_csv},           {"json", rep_write_json},
};

static const char *const table_names[] = {"", "standings", "games", "deals", "findings"};

static int write_to(const char *path, writer_fn write, const rep_doc *doc, rep_table only)
{
    FILE *o = path ? fopen(path, "wb") : stdout;
    if (!o) {
        cli_error(path, "cannot write: %s", strerror(errno));
        return CLI_ERROR;
    }
    write(o, doc, only);
    int bad = ferror(o);
    if (path)
        bad |= fclose(o) != 0;
    else
        bad |= fflush(o) != 0;
    if (bad) {
        cli_error(path ? path : "standard output", "write failed");
        return CLI_ERROR;
    }
    return CLI_CLEAN;
}

int cmd_report(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"standings", no_argument, NULL, 'S'},    {"format", required_argument, NULL, 'f'},
        {"table", required_argument, NULL, 't'},  {"output", required_argument, NULL, 'o'},
        {"max-findings", required_argument, NULL, 'm'},
        {"sanction", required_argument, NULL, 's'},
        {"title", required_argument, NULL, 'T'},
        {"player-names", required_argument, NULL, 'N'},
        {"no-viewer", no_argument, NULL, 'V'},
        {"help", no_argument, NULL, 'h'},         CLI_INPUT_LONGOPTS,
        CLI_FILTER_LONGOPTS,                      {NULL, 0, NULL, 0}};
    const char *sanctions[64];
    size_t n_sanctions = 0;
    const char *names[256];
    size_t n_names = 0;
    cli_rules_opts ro = {0};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    writer_fn write = rep_write_text;
    bool csv = false;
    rep_table only = REP_ALL;
    const char *output = NULL, *title = NULL;
    bool no_viewer = false;
    uint32_t max_findings = 0;
    int c;
    optind = 1;
    while ((c = cli_getopt(argc, argv, "r:o:h", longopts)) != -1) {
        switch (c) {
        case 'S': only = REP_STANDINGS; break;
        case 'o': output = optarg; break;
        case 'T': title = optarg; break;
        case 'V': no_viewer = true; break;
        case 's': {
            char name[256];
            int32_t hundredths;
            if (n_sanctions == 64 || !rep_parse_sanction(optarg, name, sizeof(name), &hundredths)) {
                cli_usage_error("report", "--sanction expects NAME=PLACES such as Yuri=0.25 (at "
                                          "most 64), found '%s'", optarg);
                return CLI_ERROR;
            }
            sanctions[n_sanctions++] = optarg;
            break;
        }
        case 'N': {
            long long game;
            int seat;
            const char *name;
            if (n_names == 256 || !tab_parse_player_name(optarg, &game, &seat, &name)) {
                cli_usage_error("report", "--player-names expects GAME:SEAT=NAME such as 14:2=Anna "
                                          "(game number from 1, seat 0-3), found '%s'", optarg);
                return CLI_ERROR;
            }
            names[n_names++] = optarg;
            break;
        }
        case 'm':
            if (cli_max_findings_option(optarg, &max_findings) < 0)
                return CLI_ERROR;
            break;
        case 'f': {
            size_t i = 0;
            while (i < sizeof(writers) / sizeof(writers[0]) && strcmp(writers[i].name, optarg))
                i++;
            if (i == sizeof(writers) / sizeof(writers[0])) {
                cli_usage_error("report",
                                "--format expects text, markdown, html, csv or json, found '%s'",
                                optarg);
                return CLI_ERROR;
            }
            write = writers[i].write;
            csv = write == rep_write_csv;
            break;
        }
        case 't': {
            int i = 1;
            while (i <= REP_FINDINGS && strcmp(table_names[i], optarg))
                i++;
            if (i > REP_FINDINGS) {
                cli_usage_error("report",
                                "--table expects standings, games, deals or findings, found '%s'",
                                optarg);
                return CLI_ERROR;
            }
            only = (rep_table)i;
            break;
        }
        case 'h': fputs(cmd_report_usage, stdout); return CLI_CLEAN;
        default: {
            int taken = cli_filter_option(c, optarg);
            if (taken < 0 || (taken == 0 && cli_input_option(c, optarg, &ro, &ropts, "report",
                                                             cmd_report_usage) < 0))
                return CLI_ERROR;
            break;
        }
        }
    }
    if (optind >= argc) {
        cli_usage_error("report", "expected at least one FILE or directory");
        return CLI_ERROR;
    }
    if (ropts.format && !paifu_format_find(ropts.format)) {
        cli_usage_error("report", "unknown format '%s'", ropts.format);
        return CLI_ERROR;
    }
    if (cli_rules_check(&ro) < 0)
        return CLI_ERROR;
    cli_inputs in;
    int status = cli_inputs_expand(&in, argv + optind, argc - optind, ropts.format != NULL);
    rep_doc doc = {0};
    doc.sanctions = sanctions;
    doc.n_sanctions = n_sanctions;
    doc.title = title;
    doc.player_names.specs = names;
    doc.player_names.n = n_names;
    doc.no_viewer = no_viewer || write != rep_write_html; /* only HTML shows the viewer */
    doc.skips = &in.skips;
    int st = rep_collect(&doc, &in, &ro, &ropts, max_findings);
    if (st > status)
        status = st;
    for (size_t i = 0; i < n_sanctions; i++) { /* a name no game has: a typo, said */
        char name[256];
        int32_t hundredths;
        bool found = false;
        rep_parse_sanction(sanctions[i], name, sizeof(name), &hundredths);
        for (size_t k = 0; k < doc.n_games && !found; k++) /* the standings hold it anyway */
            for (int p = 0; p < doc.games[k].players && !found; p++)
                found = strcmp(doc.games[k].names[p], name) == 0;
        if (!found) {
            cli_usage_error("report", "--sanction %s: no player of the games is named '%s' "
                                      "(the names are matched exactly)", sanctions[i], name);
            status = CLI_ERROR;
        }
    }
    int wrote;
    if (csv && only == REP_ALL && output) { /* one file per table in the directory OUTPUT */
        wrote = cli_output_mkdir(output) < 0 ? CLI_ERROR : CLI_CLEAN;
        for (int t = REP_STANDINGS; wrote == CLI_CLEAN && t <= REP_FINDINGS; t++) {
            char path[4096];
            snprintf(path, sizeof(path), "%s/%s.csv", output, table_names[t]);
            wrote = write_to(path, write, &doc, (rep_table)t);
        }
    } else {
        /* -o DIR/ (or an existing folder): the report goes in it under its own name */
        static const char *const ext[] = {"txt", "md", "md", "html", "csv", "json"};
        size_t k = 0;
        while (writers[k].write != write)
            k++;
        char name[64], file[4096];
        snprintf(name, sizeof(name), "%s.%s", csv ? table_names[only ? only : REP_STANDINGS]
                                                  : "report", ext[k]);
        const char *path = output ? cli_output_file(file, sizeof(file), output, name) : NULL;
        wrote = output && !path ? CLI_ERROR : write_to(path, write, &doc, only);
    }
    if (wrote > status)
        status = wrote;
    rep_free(&doc);
    cli_inputs_free(&in);
    return status;
}

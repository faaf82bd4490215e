/*
 * cmd_stats.c: paifu stats: per-player statistics over every game read, from the players rows
 * of `paifu export` (tables.c). The definitions are in doc/export.md.
 */
#include "tables.h"

#include <getopt.h>
#include <string.h>

const char cmd_stats_usage[] =
    "usage: paifu stats [options] FILE...\n"
    "\n"
    "Per-player statistics over every game in FILE (files, directories, houou-logs databases,\n"
    "zip and tar archives), players told apart by name: games, deals, average place, place\n"
    "rates, win, deal-in, riichi, call and tsumo rates, average win and deal-in (hand value),\n"
    "tenpai rate at exhaustive draws. Definitions: doc/export.md. Score sheets without tile\n"
    "events give no riichi or call rate (shown as - or null).\n"
    "\n"
    "options:\n"
    "  -f, --format text|csv|json  output format (default text)\n"
    "  -r, --rules PRESET     rule set (default: the one the log names, else rrc)\n"
    "      --rules-file FILE  a JSON rule file instead\n"
    "      --rule KEY=VALUE   override one rule parameter (repeatable)\n"
    "      --from FORMAT      skip detection and read FORMAT\n"
    "      --players 3|4      log databases: only games of that many players\n"
    "      --length east|half log databases: only east-only or half games\n"
    "  -q, --quiet            no progress line\n"
    "      --max-members N    archives: refuse one of more than N members (default 1000000)\n"
    "  -h, --help             this help\n"
    "\n"
    "exit status: 0 success, 2 an input or usage error\n";

int cmd_stats(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"rules", required_argument, NULL, 'r'},
        {"rules-file", required_argument, NULL, 'R'}, {"rule", required_argument, NULL, 'k'},
        {"from", required_argument, NULL, 'F'},   {"players", required_argument, NULL, 'P'},
        {"length", required_argument, NULL, 'L'},
        {"max-members", required_argument, NULL, 'M'}, {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0}};
    const char *format = "text";
    cli_rules_opts ro = {0};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    bool quiet = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "f:r:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'f': format = optarg; break;
        case 'r': ro.preset = optarg; break;
        case 'R': ro.file = optarg; break;
        case 'k':
            if (ro.n_assign == 64) {
                cli_usage_error("stats", "too many --rule options");
                return CLI_ERROR;
            }
            ro.assign[ro.n_assign++] = optarg;
            break;
        case 'F': ropts.format = optarg; break;
        case 'P':
        case 'L':
        case 'M':
            if (cli_select_option(&ropts, c == 'P' ? "players" : c == 'L' ? "length" : "max-members",
                                  optarg) < 0)
                return CLI_ERROR;
            break;
        case 'q': quiet = true; break;
        case 'h': fputs(cmd_stats_usage, stdout); return CLI_CLEAN;
        default: fputs(cmd_stats_usage, stderr); return CLI_ERROR;
        }
    }
    if (strcmp(format, "text") != 0 && strcmp(format, "csv") != 0 &&
        strcmp(format, "json") != 0) {
        cli_usage_error("stats", "--format expects text, csv or json, found '%s'", format);
        return CLI_ERROR;
    }
    if (optind >= argc) {
        cli_usage_error("stats", "expected at least one FILE");
        return CLI_ERROR;
    }
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules *probe;
    if (cli_resolve_rules(&probe, &ro, NULL, "rrc", &err) < 0) {
        cli_print_error(&err);
        return CLI_ERROR;
    }
    paifu_rules_free(probe);
    tab_stats *st;
    if (tab_stats_new(&st) < 0) {
        cli_usage_error("stats", "out of memory");
        return CLI_ERROR;
    }
    int status = tab_run(argv + optind, argc - optind, &ropts, &ro,
                         !quiet && strcmp(format, "json") != 0, tab_stats_row, st);
    if (tab_stats_print(st, stdout, format) < 0 || fflush(stdout) != 0)
        status = CLI_ERROR;
    tab_stats_free(st);
    return status;
}

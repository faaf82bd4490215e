/*
 * cmd_report.c: paifu report --standings FILE...: rank the players of many games by the rule
 * set's criteria (sum of final scores, or average place with its tie-breaks).
 */
#include "cli.h"

#include <getopt.h>
#include <string.h>

const char cmd_report_usage[] =
    "usage: paifu report --standings [options] FILE...\n"
    "\n"
    "Rank the players of every game in FILE... by the rule set's criteria: the sum of final\n"
    "scores (rrc, ema, ...: rule standings=total_score) or the average place, then the point\n"
    "sum, the dispersion of places and the spread of the best and worst game (jhc2016:\n"
    "standings=average_place). Players are matched by name. Final scores are computed from each\n"
    "game's recorded final points under the rule set (return, oka, uma, penalties after uma).\n"
    "A directory is walked recursively (files that are no log format paifu reads are skipped).\n"
    "\n"
    "options:\n"
    "      --standings        the standings table (the only report so far)\n"
    "  -r, --rules PRESET     rule set (default: the one the first game names, else rrc)\n"
    "      --rules-file FILE  a JSON rule file instead\n"
    "      --rule KEY=VALUE   override one rule parameter (repeatable)\n"
    "      --from FORMAT      skip detection and read FORMAT\n"
    "      --format text|json output format (default text)\n"
    "  -h, --help             this help\n";

static void print_text(const paifu_standing *rows, size_t n, bool by_place)
{
    printf("%-4s %-24s %5s %10s %10s %9s\n", "rank", "player", "games", "total", "points",
           by_place ? "avg place" : "");
    for (size_t i = 0; i < n; i++) {
        const paifu_standing *r = &rows[i];
        printf("%-4d %-24s %5d %10lld %10lld", r->rank, r->name, r->games, (long long)r->total,
               (long long)r->points);
        if (by_place && r->games) {
            /* places are kept x12; print with two decimals without floating point */
            long long hundredths = (r->place_sum * 100 / 12 + r->games / 2) / r->games +
                                   r->place_penalty;
            printf(" %6lld.%02lld", hundredths / 100, hundredths % 100);
        }
        printf("\n");
    }
}

static void print_json(const paifu_standing *rows, size_t n)
{
    printf("{\"standings\": [");
    for (size_t i = 0; i < n; i++) {
        const paifu_standing *r = &rows[i];
        printf("%s\n  {\"rank\": %d, \"player\": ", i ? "," : "", r->rank);
        cli_json_string(stdout, r->name);
        printf(", \"games\": %d, \"total\": %lld, \"points\": %lld, \"place_sum_x12\": %lld, "
               "\"best\": %d, \"worst\": %d, \"place_penalty_hundredths\": %d}",
               r->games, (long long)r->total, (long long)r->points, (long long)r->place_sum,
               (int)r->best, (int)r->worst, (int)r->place_penalty);
    }
    printf("\n]}\n");
}

int cmd_report(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"standings", no_argument, NULL, 'S'},    {"rules", required_argument, NULL, 'r'},
        {"rules-file", required_argument, NULL, 'R'}, {"rule", required_argument, NULL, 'k'},
        {"from", required_argument, NULL, 'F'},   {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0}};
    cli_rules_opts ro = {0};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    bool json = false, standings = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "r:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'S': standings = true; break;
        case 'r': ro.preset = optarg; break;
        case 'R': ro.file = optarg; break;
        case 'k':
            if (ro.n_assign < 64)
                ro.assign[ro.n_assign++] = optarg;
            break;
        case 'F': ropts.format = optarg; break;
        case 'f':
            if (strcmp(optarg, "json") == 0)
                json = true;
            else if (strcmp(optarg, "text") != 0) {
                cli_usage_error("report", "--format expects text or json, found '%s'", optarg);
                return CLI_ERROR;
            }
            break;
        case 'h': fputs(cmd_report_usage, stdout); return CLI_CLEAN;
        default: fputs(cmd_report_usage, stderr); return CLI_ERROR;
        }
    }
    if (!standings) {
        cli_usage_error("report", "expected --standings");
        return CLI_ERROR;
    }
    if (optind >= argc) {
        cli_usage_error("report", "expected at least one FILE");
        return CLI_ERROR;
    }
    paifu_error err;
    paifu_error_clear(&err);
    paifu_standings *st = NULL;
    char by[32] = ""; /* the rule set's standings criterion */
    cli_inputs in;
    int status = cli_inputs_expand(&in, argv + optind, argc - optind, ropts.format != NULL);
    for (size_t i = 0; i < in.n; i++) {
        paifu_reader *r = NULL;
        int rc = paifu_reader_open(&r, in.paths[i], &ropts, &err);
        const paifu_game *g;
        while (rc == 0 && (rc = paifu_reader_next(&g, r, &err)) > 0) {
            rc = 0;
            if (!st) { /* the rule set: the options, else the first game's own */
                paifu_rules *rules;
                if ((rc = cli_resolve_rules(&rules, &ro, g, "rrc", &err)) < 0)
                    break;
                rc = paifu_standings_new(&st, rules, &err);
                paifu_rules_get(by, sizeof(by), rules, "standings", NULL);
                paifu_rules_free(rules);
                if (rc < 0)
                    break;
            }
            if ((rc = paifu_standings_add_log(st, g, &err)) < 0)
                break;
        }
        if (rc < 0) {
            if (!err.where.source[0])
                paifu_location_set_source(&err.where, in.paths[i]);
            cli_print_error(&err);
            paifu_error_clear(&err);
            status = CLI_ERROR;
        }
        paifu_reader_free(r);
    }
    if (st) {
        const paifu_standing *rows;
        size_t n = paifu_standings_rank(&rows, st);
        if (json)
            print_json(rows, n);
        else
            print_text(rows, n, strcmp(by, "average_place") == 0);
        paifu_standings_free(st);
    }
    cli_inputs_free(&in);
    return status;
}

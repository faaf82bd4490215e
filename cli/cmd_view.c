/*
 * cmd_view.c: `paifu view`: the report's deal viewer (report_viewer.c) for one game of a log,
 * as a page of its own; --format json writes lib's state after every event instead (what the
 * page draws, for a tool builder and for the viewer's tests).
 */
#include "cli.h"
#include "report_viewer.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

const char cmd_view_usage[] =
    "usage: paifu view [options] FILE\n"
    "\n"
    "Write one game of FILE as a self-contained HTML page that steps through its deals event by\n"
    "event: every seat's hand, melds (the called tile and from whom), river (tsumogiri, riichi\n"
    "and called tiles marked), scores, the dora indicators, the live wall's tiles left and the\n"
    "event in words, with the game's findings beside their events. Buttons, the arrow keys, Home\n"
    "and End and a slider step through a deal; #view=gGdDeE in the address opens deal D at event\n"
    "E (events numbered from 1, as every output numbers them; 0 is the deal's start). The states\n"
    "are the library's table walk (paifu_table_walk); the page only draws them.\n"
    "\n"
    "options:\n"
    "      --game N           the N'th game of FILE (default 1)\n"
    "      --deal LABEL       open at this deal (\"E2-1\": round, hand number, honba)\n"
    "      --format FORMAT    html (default) or json: the state after every event of every\n"
    "                         deal as JSON (hands, melds, rivers in paifu's notation, scores,\n"
    "                         wall, riichi sticks and seats, dora indicators)\n"
    "  -o, --output FILE      write to FILE (default: standard output)\n"
    "  -r, --rules PRESET     rule set (default: the one the log names, else rrc): the wall's\n"
    "                         size and the findings\n"
    "      --rules-file FILE, --rule KEY=VALUE, --from FORMAT: as for paifu validate\n"
    "  -h, --help             this text\n"
    "\n"
    "example: paifu view --deal S3-0 -o deal.html game.mjlog\n";

static int write_page(FILE *o, const paifu_game *g, const paifu_rules *rules, size_t deal,
                      const char *path)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_report *rep = NULL;
    rv_finding *fs = NULL;
    size_t n = 0;
    if (paifu_report_new(&rep, &err) == 0) {
        paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
        vo.source_name = path;
        if (paifu_verify_game(rep, g, rules, &vo, &err) == 0) {
            size_t total = paifu_report_count(rep);
            fs = total ? calloc(total, sizeof(*fs)) : NULL;
            for (size_t k = 0; fs && k < total; k++) {
                const paifu_finding *f = paifu_report_finding(rep, k);
                fs[n++] = (rv_finding){cli_finding_deal(g, f), (long)f->where.event, f->code,
                                       f->message, NULL};
            }
        }
    }
    char *data = rv_game_data(g, rules, 1, fs, n);
    free(fs);
    paifu_report_free(rep);
    if (!data) {
        fprintf(stderr, "paifu view: %s: error: the game records no deal with tiles to follow "
                        "(a score sheet)\n", path);
        return CLI_ERROR;
    }
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
          "<meta name=\"generator\" content=\"paifu view\"><title>paifu view</title><style>"
          "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',"
          "'Noto Sans CJK JP',sans-serif;color:#1b1f24;margin:0 auto;max-width:1100px;"
          "padding:12px}code{font-size:.9em}", o);
    rv_write_style(o);
    fputs("</style></head><body>\n", o);
    char *games[1] = {data};
    rv_write_body(o, games, 1, true, deal);
    fputs("</body></html>\n", o);
    free(data);
    return CLI_CLEAN;
}

int cmd_view(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"game", required_argument, NULL, 'g'},   {"deal", required_argument, NULL, 'd'},
        {"format", required_argument, NULL, 'f'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},         CLI_INPUT_LONGOPTS,
        {NULL, 0, NULL, 0}};
    cli_rules_opts ro = {0};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    const char *output = NULL, *deal_label = NULL;
    long game_no = 1;
    bool json = false;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "r:o:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'g': {
            char *end;
            game_no = strtol(optarg, &end, 10);
            if (*end || game_no < 1) {
                cli_usage_error("view", "--game expects a number from 1, found '%s'", optarg);
                return CLI_ERROR;
            }
            break;
        }
        case 'd': deal_label = optarg; break;
        case 'o': output = optarg; break;
        case 'f':
            if (strcmp(optarg, "json") != 0 && strcmp(optarg, "html") != 0) {
                cli_usage_error("view", "--format expects html or json, found '%s'", optarg);
                return CLI_ERROR;
            }
            json = strcmp(optarg, "json") == 0;
            break;
        case 'h': fputs(cmd_view_usage, stdout); return CLI_CLEAN;
        default:
            if (cli_input_option(c, optarg, &ro, &ropts, "view", cmd_view_usage) < 0)
                return CLI_ERROR;
            break;
        }
    }
    if (optind != argc - 1) {
        cli_usage_error("view", "expected one FILE");
        return CLI_ERROR;
    }
    if (cli_rules_check(&ro) < 0)
        return CLI_ERROR;
    const char *path = argv[optind];
    paifu_error err;
    paifu_error_clear(&err);
    paifu_reader *r = NULL;
    const paifu_game *g = NULL;
    int rc = paifu_reader_open(&r, path, &ropts, &err);
    for (long k = 0; rc == 0 && k < game_no; k++) {
        rc = paifu_reader_next(&g, r, &err);
        if (rc == 0) {
            fprintf(stderr, "paifu view: %s: error: --game %ld, but the file holds %ld game%s\n",
                    path, game_no, k, k == 1 ? "" : "s");
            paifu_reader_free(r);
            return CLI_ERROR;
        }
        rc = rc > 0 ? 0 : rc;
    }
    if (rc < 0) {
        if (!err.where.source[0])
            paifu_location_set_source(&err.where, path);
        cli_print_error(&err);
        paifu_reader_free(r);
        return CLI_ERROR;
    }
    size_t deal = 0;
    if (deal_label) {
        char label[32];
        for (size_t i = 0; i < paifu_game_deal_count(g) && !deal; i++) {
            paifu_deal_label(label, sizeof(label), &paifu_game_deal(g, i)->start);
            if (strcmp(label, deal_label) == 0)
                deal = i + 1;
        }
        if (!deal) {
            fprintf(stderr, "paifu view: %s: error: game %ld has no deal %s (labels such as "
                            "E1-0: round, hand number, honba)\n", path, game_no, deal_label);
            paifu_reader_free(r);
            return CLI_ERROR;
        }
    }
    paifu_rules *rules = NULL;
    if (cli_resolve_rules(&rules, &ro, g, "rrc", &err) < 0) {
        cli_print_error(&err);
        paifu_reader_free(r);
        return CLI_ERROR;
    }
    FILE *o = output ? fopen(output, "w") : stdout;
    int status = CLI_ERROR;
    if (!o) {
        fprintf(stderr, "paifu view: %s: error: cannot write: %s\n", output, strerror(errno));
    } else {
        if (json)
            status = rv_write_states_json(o, g, rules) < 0 ? CLI_ERROR : CLI_CLEAN;
        else
            status = write_page(o, g, rules, deal, path);
        if ((o != stdout && fclose(o) != 0) || (o == stdout && fflush(o) != 0)) {
            fprintf(stderr, "paifu view: %s: error: write failed\n", output ? output : "<stdout>");
            status = CLI_ERROR;
        }
    }
    paifu_rules_free(rules);
    paifu_reader_free(r);
    return status;
}

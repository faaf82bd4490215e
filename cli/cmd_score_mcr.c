/*
 * cmd_score_mcr.c: paifu score --rules mcr: one MCR hand in notation plus the situation ->
 * fans, totals and payments. Parsing and scoring are the library's (paifu_mcr_hand_parse,
 * paifu_mcr_score_hand, paifu_mcr_settle); this file reads options and prints.
 */
#include "cmd_score_mcr.h"
#include "cli.h"

#include <getopt.h>
#include <paifu/mcr.h>
#include <stdlib.h>
#include <string.h>

const char cli_score_mcr_usage[] =
    "usage: paifu score --rules mcr [options] HAND\n"
    "\n"
    "Score one Chinese Official (MCR) winning hand: every fan with its points, the total\n"
    "without flowers (at least 8 to win), the basic points B with flowers, and the payments.\n"
    "Exit status: 0 a legal win, 1 not a legal win (not complete, or below the minimum),\n"
    "2 a usage or input error.\n"
    "\n"
    "HAND, in one argument (quote it) or several:\n"
    "  123m456p55z          concealed tiles besides the winning one; z: 1-4 East South West\n"
    "                       North, 5 White, 6 Green, 7 Red dragon\n"
    "  chi:789s pon:666z    melds: chi (chow), pon (pung), kan (melded kong), ankan (concealed)\n"
    "  +2s                  the winning tile\n"
    "\n"
    "options:\n"
    "  -r, --rules PRESET      an MCR rule set (mcr)\n"
    "      --rule KEY=VALUE    override one parameter (e.g. mcr_wait_fans=count_one)\n"
    "      --rules-file FILE   a JSON rule file\n"
    "      --format text|json\n"
    "      --self-draw         won with a wall tile (also --tsumo); default: on a discard\n"
    "      --robbing           won by robbing a kong (a discard win)\n"
    "      --last-tile         the last wall tile (self-draw) or the discard after it\n"
    "      --last-of-kind      the other three copies of the winning tile are visible\n"
    "      --kong-replacement  won on the replacement tile of a kong (with --self-draw)\n"
    "      --flowers N         flowers and seasons set aside (0..8)\n"
    "      --seat-wind E|S|W|N       the winner's seat wind (default E)\n"
    "      --prevalent-wind E|S|W|N  the round's wind (default E)\n"
    "\n"
    "examples:\n"
    "  paifu score --rules mcr 123456789m234p5s +5s --flowers 2\n"
    "  paifu score --rules mcr 666z345678s9p pon:777z +9p --self-draw --seat-wind W\n";

static int wind_arg(const char *s)
{
    static const char *W = "ESWN";
    if (s && s[0] && !s[1] && strchr(W, s[0]))
        return (int)(strchr(W, s[0]) - W);
    return -1;
}

static const char *shape_name(unsigned shape)
{
    static const char *const NAMES[] = {"none",
                                        "standard",
                                        "seven_pairs",
                                        "thirteen_orphans",
                                        "honors_and_knitted",
                                        "knitted_straight"};
    return shape < sizeof(NAMES) / sizeof(NAMES[0]) ? NAMES[shape] : "?";
}

static void print_text(const paifu_mcr_result *r, const int32_t *pay, int min_fan)
{
    if (!r->complete) {
        printf("not a winning hand\n");
        return;
    }
    printf("shape: %s\n", shape_name(r->shape));
    for (unsigned i = 0; i < r->n_fans; i++) {
        const paifu_mcr_fan_info *f = paifu_mcr_fan(r->fans[i].id);
        printf("  #%-2u %-34s %3d", (unsigned)f->id, f->english, (int)r->fans[i].points);
        if (r->fans[i].count > 1)
            printf(" x%u = %d", (unsigned)r->fans[i].count,
                   (int)r->fans[i].points * r->fans[i].count);
        printf("\n");
    }
    printf("fan points %d (minimum %d: %s), flowers %d, total B = %d\n", (int)r->fan_points,
           min_fan, r->legal ? "a legal win" : "not enough", (int)r->flower_points, (int)r->total);
    if (!r->legal)
        return;
    if (pay[1] == pay[2]) /* a self-draw: everybody pays 8 + B */
        printf("payments: the winner %+d; each other player %d\n", (int)pay[0], (int)pay[1]);
    else
        printf("payments: the winner %+d; the discarder %d, the two others %d each\n", (int)pay[0],
               (int)pay[1], (int)pay[2]);
}

static void print_json(const paifu_mcr_result *r, const int32_t *pay, const paifu_rules *rules)
{
    printf("{\"rules\": ");
    cli_json_string(stdout, paifu_rules_name(rules));
    printf(", \"complete\": %s, \"legal\": %s, \"shape\": \"%s\", \"fans\": [",
           r->complete ? "true" : "false", r->legal ? "true" : "false", shape_name(r->shape));
    for (unsigned i = 0; i < r->n_fans; i++)
        printf("%s{\"id\": %u, \"name\": \"%s\", \"points\": %d, \"count\": %u}", i ? ", " : "",
               (unsigned)r->fans[i].id, paifu_mcr_fan_name(r->fans[i].id), (int)r->fans[i].points,
               (unsigned)r->fans[i].count);
    printf("], \"fan_points\": %d, \"flower_points\": %d, \"total\": %d", (int)r->fan_points,
           (int)r->flower_points, (int)r->total);
    if (r->legal && pay[1] == pay[2])
        printf(", \"payments\": {\"winner\": %d, \"each\": %d}", (int)pay[0], (int)pay[1]);
    else if (r->legal)
        printf(", \"payments\": {\"winner\": %d, \"discarder\": %d, \"others\": %d}", (int)pay[0],
               (int)pay[1], (int)pay[2]);
    printf("}\n");
}

enum {
    O_RULE = 256,
    O_RULES_FILE,
    O_FORMAT,
    O_SELF,
    O_ROB,
    O_LAST,
    O_KIND,
    O_KONG,
    O_FLOWERS,
    O_SEAT,
    O_ROUND,
    O_HELP
};

static int parse_opts(int argc, char **argv, cli_rules_opts *ro, paifu_mcr_situation *sit,
                      bool *json)
{
    static const struct option longopts[] = {{"rules", required_argument, NULL, 'r'},
                                             {"rule", required_argument, NULL, O_RULE},
                                             {"rules-file", required_argument, NULL, O_RULES_FILE},
                                             {"format", required_argument, NULL, O_FORMAT},
                                             {"self-draw", no_argument, NULL, O_SELF},
                                             {"tsumo", no_argument, NULL, O_SELF},
                                             {"robbing", no_argument, NULL, O_ROB},
                                             {"last-tile", no_argument, NULL, O_LAST},
                                             {"last-of-kind", no_argument, NULL, O_KIND},
                                             {"kong-replacement", no_argument, NULL, O_KONG},
                                             {"flowers", required_argument, NULL, O_FLOWERS},
                                             {"seat-wind", required_argument, NULL, O_SEAT},
                                             {"seat", required_argument, NULL, O_SEAT},
                                             {"prevalent-wind", required_argument, NULL, O_ROUND},
                                             {"round", required_argument, NULL, O_ROUND},
                                             {"help", no_argument, NULL, O_HELP},
                                             {NULL, 0, NULL, 0}};
    int c, w;
    char *end;
    optind = 1;
    while ((c = cli_getopt(argc, argv, "r:h", longopts)) != -1) {
        switch (c) {
        case 'r':
            ro->preset = optarg;
            break;
        case O_RULE:
            if (ro->n_assign < 64)
                ro->assign[ro->n_assign++] = optarg;
            break;
        case O_RULES_FILE:
            ro->file = optarg;
            break;
        case O_FORMAT:
            *json = strcmp(optarg, "json") == 0;
            break;
        case O_SELF:
            sit->win_by = PAIFU_MCR_BY_SELF_DRAW;
            break;
        case O_ROB:
            sit->win_by = PAIFU_MCR_BY_ROBBING;
            break;
        case O_LAST:
            sit->flags |= PAIFU_MCR_LAST_WALL_TILE;
            break;
        case O_KIND:
            sit->flags |= PAIFU_MCR_LAST_OF_KIND;
            break;
        case O_KONG:
            sit->flags |= PAIFU_MCR_KONG_REPLACEMENT;
            break;
        case O_FLOWERS: {
            long n = strtol(optarg, &end, 10);
            if (*end || n < 0 || n > 8) {
                cli_usage_error("score", "--flowers: expected 0..8, found \"%s\"", optarg);
                return -1;
            }
            sit->flowers = (uint8_t)n;
            break;
        }
        case O_SEAT:
        case O_ROUND:
            if ((w = wind_arg(optarg)) < 0) {
                cli_usage_error("score", "expected a wind E, S, W or N, found \"%s\"", optarg);
                return -1;
            }
            *(c == O_SEAT ? &sit->seat_wind : &sit->prevalent_wind) = (uint8_t)w;
            break;
        case 'h':
        case O_HELP:
            fputs(cli_score_mcr_usage, stdout);
            return 1;
        default:
            fputs(cli_score_mcr_usage, stderr);
            return -1;
        }
    }
    return 0;
}

int cli_score_mcr(int argc, char **argv)
{
    cli_rules_opts ro = {0};
    paifu_mcr_situation sit = {PAIFU_MCR_BY_DISCARD, 0, PAIFU_WIND_EAST, PAIFU_WIND_EAST, 0};
    bool json = false;
    int rc = parse_opts(argc, argv, &ro, &sit, &json);
    if (rc != 0)
        return rc > 0 ? CLI_CLEAN : CLI_ERROR;
    char text[512] = "";
    size_t used = 0;
    for (int i = optind; i < argc; i++)
        used += (size_t)snprintf(text + used, used < sizeof(text) ? sizeof(text) - used : 0, "%s%s",
                                 i > optind ? " " : "", argv[i]);
    if (!text[0] || used >= sizeof(text)) {
        cli_usage_error("score", "expected one hand, e.g. 123456789m234p5s +5s");
        return CLI_ERROR;
    }
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules *rules = NULL;
    char family[16] = "";
    if (cli_resolve_rules(&rules, &ro, NULL, "mcr", &err) < 0) {
        cli_print_error(&err);
        return CLI_ERROR;
    }
    paifu_rules_get(family, sizeof(family), rules, "family", NULL);
    if (strcmp(family, "mcr") != 0) {
        cli_usage_error("score", "rule set \"%s\" is not an MCR rule set", paifu_rules_name(rules));
        paifu_rules_free(rules);
        return CLI_ERROR;
    }
    paifu_mcr_hand hand;
    paifu_mcr_result res;
    int32_t pay[PAIFU_SEATS] = {0};
    if (paifu_mcr_hand_parse(&hand, text, &err) < 0 ||
        paifu_mcr_score_hand(&res, &hand, &sit, rules, &err) < 0) {
        cli_print_error(&err);
        paifu_rules_free(rules);
        return CLI_ERROR;
    }
    /* payments shown for seat 0 winning, seat 1 discarding (or paying, on a self-draw) */
    if (res.legal)
        paifu_mcr_settle(pay, 0, sit.win_by == PAIFU_MCR_BY_SELF_DRAW ? -1 : 1, res.total, rules,
                         NULL);
    if (json)
        print_json(&res, pay, rules);
    else {
        char min[16] = "8";
        paifu_rules_get(min, sizeof(min), rules, "mcr_min_fan", NULL);
        print_text(&res, pay, atoi(min));
    }
    paifu_rules_free(rules);
    return res.legal ? CLI_CLEAN : CLI_FINDINGS;
}

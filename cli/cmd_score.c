/*
 * cmd_score.c: paifu score: one hand in notation plus situation flags -> yaku, han, fu, points.
 * Parsing the hand and scoring it are the library's (paifu_hand_parse, paifu_score_hand).
 */
#include "cli.h"
#include "cmd_score_mcr.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

const char cmd_score_usage[] =
    "usage: paifu score [options] HAND\n"
    "\n"
    "Score one winning hand: yaku (Tenhou's ids and order), han, fu, limit and payments\n"
    "(honba and riichi sticks excluded). Exit status: 0 a valid win, 1 not a valid win (the\n"
    "reason is printed: not complete, no yaku, below the minimum), 2 a usage or input error.\n"
    "\n"
    "HAND, in one argument (quote it) or several:\n"
    "  123m406p55z          concealed tiles: digits then m p s z; 0 = red five;\n"
    "                       z: 1-4 East South West North, 5 white, 6 green, 7 red\n"
    "  chi:7'89s  pon:666z  melds: chi, pon, daiminkan (kan), shouminkan (kakan), ankan;\n"
    "  ankan:9999m          ' marks the called tile; @left / @across / @right its source\n"
    "  8'79s 5\"55z X99mX    the rule documents' notation: ' called, \" added kan, X..X closed kan\n"
    "  +2s                  the winning tile (or glued on with -: 123m99p13s-2s)\n"
    "\n"
    "options:\n"
    "  -r, --rules PRESET   rule set: rrc (default), ema, ema2012, wrc, jhc2016, tenhou, majsoul;\n"
    "                       an MCR rule set scores an MCR hand ('paifu score --rules mcr --help')\n"
    "      --rule KEY=VALUE override one parameter (repeatable; see 'paifu rules params')\n"
    "      --rules-file FILE a JSON rule file\n"
    "      --format text|json\n"
    "      --all            every reading and wait position, best first\n"
    "      --round E|S|W|N  round wind (default E)\n"
    "      --seat E|S|W|N   seat wind (default S); the dealer is East\n"
    "      --dealer         same as --seat E\n"
    "      --dora TILES     dora indicators, e.g. 3m,4p or 3m4p\n"
    "      --ura TILES      ura indicators (counted for riichi only)\n"
    "      --honba N        counters on the table (only for ryanhan shibari)\n"
    "      --kita N         Norths set aside (3-player, with --rule kita=true)\n"
    "  situation (default: ron):\n"
    "      --tsumo --riichi --double-riichi --ippatsu --haitei --houtei --rinshan --chankan\n"
    "      --chankan-ankan --tenhou --chiihou --renhou\n"
    "\n"
    "examples:\n"
    "  paifu score 123m99p13s chi:789s pon:666z +2s --round S --dealer --dora 9m\n"
    "  paifu score 777888999p23m99m +4m --tsumo --all\n"
    "  paifu score 19m19p19s1234567z +1m --rules majsoul --format json\n";

static const struct {
    const char *name;
    unsigned flag;
} FLAGS[] = {
    {"tsumo", PAIFU_SIT_TSUMO},         {"riichi", PAIFU_SIT_RIICHI},
    {"double-riichi", PAIFU_SIT_DOUBLE_RIICHI}, {"ippatsu", PAIFU_SIT_IPPATSU},
    {"haitei", PAIFU_SIT_HAITEI},       {"houtei", PAIFU_SIT_HOUTEI},
    {"rinshan", PAIFU_SIT_RINSHAN},     {"chankan", PAIFU_SIT_CHANKAN},
    {"chankan-ankan", PAIFU_SIT_CHANKAN_ANKAN}, {"tenhou", PAIFU_SIT_TENHOU},
    {"chiihou", PAIFU_SIT_CHIIHOU},     {"renhou", PAIFU_SIT_RENHOU},
};
#define N_FLAGS (sizeof(FLAGS) / sizeof(FLAGS[0]))

static const char *const FU_KIND[] = {"base", "set", "pair", "wait", "menzen_ron", "tsumo",
                                      "open_pinfu"};

typedef struct options {
    cli_rules_opts rules;
    bool json, all;
    paifu_situation sit;
    int kita;
    char hand[512];
} options;

static int wind_arg(uint8_t *out, const char *arg)
{
    static const char WINDS[] = "ESWN";
    const char *p = arg[0] && !arg[1] ? strchr(WINDS, arg[0]) : NULL;
    if (!p) {
        cli_usage_error("score", "expected a wind E, S, W or N, found '%s'", arg);
        return -1;
    }
    *out = (uint8_t)(p - WINDS);
    return 0;
}

static int tiles_arg(paifu_tile *out, uint8_t *n, const char *arg)
{
    char buf[64];
    size_t k;
    paifu_error err;
    paifu_error_clear(&err);
    snprintf(buf, sizeof(buf), "%s", arg);
    for (char *p = buf; *p; p++)
        if (*p == ',')
            *p = ' ';
    if (paifu_tile_parse(out, PAIFU_MAX_INDICATORS, &k, buf, &err) < 0) {
        cli_usage_error("score", "%s", err.text);
        return -1;
    }
    *n = (uint8_t)k;
    return 0;
}

static int count_arg(int *out, const char *arg, int max)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (*arg == '\0' || *end || v < 0 || v > max) {
        cli_usage_error("score", "expected a number 0..%d, found '%s'", max, arg);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* The HAND may come as several arguments ("123m456p pon:777z +5s"): join them. */
static int join_hand(options *o, int argc, char **argv)
{
    size_t used = 0;
    for (int i = optind; i < argc; i++)
        used += (size_t)snprintf(o->hand + used, used < sizeof(o->hand) ? sizeof(o->hand) - used : 0,
                                 "%s%s", i > optind ? " " : "", argv[i]);
    if (optind >= argc || used >= sizeof(o->hand)) {
        cli_usage_error("score", optind >= argc ? "expected a HAND" : "HAND is too long");
        return -1;
    }
    return 0;
}

/* Parse the options; returns -1 on a usage error, 1 for --help, 0 otherwise. */
static int parse_options(options *o, int argc, char **argv)
{
    enum { O_RULE = 256, O_RULES_FILE, O_FORMAT, O_ALL, O_ROUND, O_SEAT, O_DEALER, O_DORA, O_URA,
           O_HONBA, O_KITA, O_FLAG };
    struct option longopts[16 + N_FLAGS + 1] = {
        {"rules", required_argument, NULL, 'r'}, {"rule", required_argument, NULL, O_RULE},
        {"rules-file", required_argument, NULL, O_RULES_FILE},
        {"format", required_argument, NULL, O_FORMAT}, {"all", no_argument, NULL, O_ALL},
        {"round", required_argument, NULL, O_ROUND}, {"seat", required_argument, NULL, O_SEAT},
        {"dealer", no_argument, NULL, O_DEALER}, {"dora", required_argument, NULL, O_DORA},
        {"ura", required_argument, NULL, O_URA}, {"honba", required_argument, NULL, O_HONBA},
        {"kita", required_argument, NULL, O_KITA}, {"help", no_argument, NULL, 'h'},
    };
    size_t n_opts = 13;
    for (size_t i = 0; i < N_FLAGS; i++)
        longopts[n_opts++] = (struct option){FLAGS[i].name, no_argument, NULL, O_FLAG + (int)i};
    longopts[n_opts] = (struct option){NULL, 0, NULL, 0};
    int c, honba = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "hr:", longopts, NULL)) != -1) {
        int rc = 0;
        switch (c) {
        case 'h': return 1;
        case 'r': o->rules.preset = optarg; break;
        case O_RULES_FILE: o->rules.file = optarg; break;
        case O_RULE:
            if (o->rules.n_assign < 64)
                o->rules.assign[o->rules.n_assign++] = optarg;
            break;
        case O_FORMAT:
            if (strcmp(optarg, "json") != 0 && strcmp(optarg, "text") != 0) {
                cli_usage_error("score", "expected --format text or json, found '%s'", optarg);
                return -1;
            }
            o->json = strcmp(optarg, "json") == 0;
            break;
        case O_ALL: o->all = true; break;
        case O_ROUND: rc = wind_arg(&o->sit.round_wind, optarg); break;
        case O_SEAT: rc = wind_arg(&o->sit.seat_wind, optarg); break;
        case O_DEALER: o->sit.seat_wind = PAIFU_WIND_EAST; break;
        case O_DORA: rc = tiles_arg(o->sit.dora, &o->sit.n_dora, optarg); break;
        case O_URA: rc = tiles_arg(o->sit.ura, &o->sit.n_ura, optarg); break;
        case O_HONBA: rc = count_arg(&honba, optarg, 1000); break;
        case O_KITA: rc = count_arg(&o->kita, optarg, 4); break;
        default:
            if (c >= O_FLAG && c < O_FLAG + (int)N_FLAGS) {
                o->sit.flags |= FLAGS[c - O_FLAG].flag;
                break;
            }
            return -1;
        }
        if (rc < 0)
            return -1;
    }
    o->sit.honba = (int16_t)honba;
    return join_hand(o, argc, argv);
}

/* ---- output ---- */

static void print_text(const paifu_score *sc, const char *hand, const paifu_rules *rules)
{
    printf("hand     %s (%s, %s)\n", hand, sc->tsumo ? "tsumo" : "ron",
           sc->dealer ? "dealer" : "non-dealer");
    printf("rules    %s%s\n", paifu_rules_name(rules),
           paifu_rules_override_count(rules) ? " with overrides" : "");
    printf("status   %s\n", paifu_score_status_name((paifu_score_status)sc->status));
    printf("yaku    ");
    for (unsigned i = 0; i < sc->n_yaku; i++)
        printf(" %s %d%s", paifu_yaku_name(sc->yaku[i].id), sc->yaku[i].han,
               i + 1 < sc->n_yaku ? "," : "");
    printf("%s\n", sc->n_yaku ? "" : " (none)");
    if (sc->yakuman)
        printf("value    %d yakuman\n", sc->yakuman);
    else
        printf("value    %d han %d fu%s (%s)\n", sc->han, sc->fu,
               sc->fu_counted ? "" : ", fu not counted", paifu_wait_name((paifu_wait)sc->wait));
    printf("fu      ");
    for (unsigned i = 0; i < sc->n_fu_parts; i++)
        printf(" %s %d%s", FU_KIND[sc->fu_parts[i].what], sc->fu_parts[i].fu,
               i + 1 < sc->n_fu_parts ? " +" : "");
    printf(" = %d -> %d\n", sc->fu_raw, sc->fu);
    printf("limit    %s\n", paifu_limit_name((paifu_limit)sc->limit));
    printf("points   %d (%s)\n", (int)sc->total, sc->tsumo ? "tsumo" : "ron");
    if (sc->dealer)
        printf("payments base %d; ron %d; tsumo %d all\n", (int)sc->pay.base, (int)sc->pay.ron,
               (int)sc->pay.tsumo_nondealer);
    else
        printf("payments base %d; ron %d; tsumo %d/%d (non-dealers/dealer)\n", (int)sc->pay.base,
               (int)sc->pay.ron, (int)sc->pay.tsumo_nondealer, (int)sc->pay.tsumo_dealer);
}

static void print_json(const paifu_score *sc, const char *hand, const paifu_rules *rules)
{
    printf("{\"hand\": ");
    cli_json_string(stdout, hand);
    printf(", \"rules\": ");
    cli_json_string(stdout, paifu_rules_name(rules));
    printf(", \"valid\": %s, \"status\": \"%s\", \"tsumo\": %s, \"dealer\": %s,\n",
           sc->status == PAIFU_SCORE_OK ? "true" : "false",
           paifu_score_status_name((paifu_score_status)sc->status), sc->tsumo ? "true" : "false",
           sc->dealer ? "true" : "false");
    printf(" \"yaku\": [");
    for (unsigned i = 0; i < sc->n_yaku; i++)
        printf("%s{\"id\": %u, \"name\": \"%s\", \"han\": %d}", i ? ", " : "", sc->yaku[i].id,
               paifu_yaku_name(sc->yaku[i].id), sc->yaku[i].han);
    printf("],\n \"han\": %d, \"yaku_han\": %d, \"yakuman\": %d, \"fu\": %d, \"fu_raw\": %d, "
           "\"fu_counted\": %s, \"wait\": \"%s\", \"limit\": \"%s\",\n",
           sc->han, sc->yaku_han, sc->yakuman, sc->fu, sc->fu_raw,
           sc->fu_counted ? "true" : "false", paifu_wait_name((paifu_wait)sc->wait),
           paifu_limit_name((paifu_limit)sc->limit));
    printf(" \"fu_parts\": [");
    for (unsigned i = 0; i < sc->n_fu_parts; i++)
        printf("%s{\"kind\": \"%s\", \"fu\": %d}", i ? ", " : "", FU_KIND[sc->fu_parts[i].what],
               sc->fu_parts[i].fu);
    printf("],\n \"dora\": %d, \"aka\": %d, \"ura\": %d, \"kita\": %d,\n", sc->dora, sc->aka,
           sc->ura, sc->kita);
    printf(" \"payment\": {\"base\": %d, \"ron\": %d, \"tsumo_dealer\": %d, \"tsumo_nondealer\": "
           "%d}, \"total\": %d}\n",
           (int)sc->pay.base, (int)sc->pay.ron, (int)sc->pay.tsumo_dealer,
           (int)sc->pay.tsumo_nondealer, (int)sc->total);
}

/*
 * Is the rule set of the command line of the MCR family? Then cmd_score_mcr.c scores the hand
 * (its options differ), so the rule options are looked at before any other parsing.
 */
static bool wants_mcr(int argc, char **argv)
{
    cli_rules_opts ro;
    memset(&ro, 0, sizeof(ro));
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if ((!strcmp(a, "-r") || !strcmp(a, "--rules")) && next)
            ro.preset = next, i++;
        else if (!strncmp(a, "--rules=", 8))
            ro.preset = a + 8;
        else if (!strncmp(a, "-r", 2) && a[2])
            ro.preset = a + 2;
        else if (!strcmp(a, "--rules-file") && next)
            ro.file = next, i++;
        else if (!strncmp(a, "--rules-file=", 13))
            ro.file = a + 13;
        else if (!strcmp(a, "--rule") && next && ro.n_assign < 64)
            ro.assign[ro.n_assign++] = next, i++;
    }
    paifu_rules *r = NULL;
    char family[16] = "";
    if ((!ro.preset && !ro.file) || cli_resolve_rules(&r, &ro, NULL, "rrc", NULL) < 0)
        return false;
    paifu_rules_get(family, sizeof(family), r, "family", NULL);
    paifu_rules_free(r);
    return strcmp(family, "mcr") == 0;
}

int cmd_score(int argc, char **argv)
{
    if (wants_mcr(argc, argv))
        return cli_score_mcr(argc, argv);
    options o;
    memset(&o, 0, sizeof(o));
    paifu_situation_init(&o.sit);
    int rc = parse_options(&o, argc, argv);
    if (rc != 0) {
        fputs(cmd_score_usage, rc > 0 ? stdout : stderr);
        return rc > 0 ? CLI_CLEAN : CLI_ERROR;
    }
    paifu_rules *rules = NULL;
    paifu_hand hand;
    paifu_score all[16];
    size_t n = 1;
    paifu_error err;
    paifu_error_clear(&err);
    paifu_location_set_source(&err.where, "HAND");
    if ((rc = cli_resolve_rules(&rules, &o.rules, NULL, "rrc", &err)) < 0 ||
        (rc = paifu_hand_parse(&hand, &o.sit.win_tile, o.hand, &err)) < 0)
        goto done;
    if (o.sit.win_tile == PAIFU_TILE_NONE) {
        rc = paifu_error_set(&err, PAIFU_EINVAL, NULL,
                             "the hand names no winning tile (add it as +TILE)");
        goto done;
    }
    hand.kita = (uint8_t)o.kita;
    rc = o.all ? paifu_score_interpretations(all, 16, &n, &hand, &o.sit, rules, &err)
               : paifu_score_hand(&all[0], &hand, &o.sit, rules, &err);
    if (rc < 0)
        goto done;
    if (n == 0) /* no reading at all: score once for the verdict */
        rc = paifu_score_hand(&all[0], &hand, &o.sit, rules, &err), n = 1;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (i)
            printf(o.json ? "" : "\n");
        if (o.json)
            print_json(&all[i], o.hand, rules);
        else
            print_text(&all[i], o.hand, rules);
    }
done:
    paifu_rules_free(rules);
    if (rc < 0) {
        cli_print_error(&err);
        return CLI_ERROR;
    }
    return all[0].status == PAIFU_SCORE_OK ? CLI_CLEAN : CLI_FINDINGS;
}

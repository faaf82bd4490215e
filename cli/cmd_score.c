/*
 * cmd_score.c: paifu score: one hand in notation plus situation flags -> yaku, han, fu, points.
 * Parsing the hand and scoring it are the library's (paifu_hand_parse, paifu_score_hand).
 */
#include "cli.h"
#include "cmd_score_mcr.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

const char cmd_score_usage[] =
    "usage: paifu score [options] HAND\n"
    "       paifu score --batch [options] [FILE|-]\n"
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
    "batch (--batch): one hand per line of FILE (default or -: standard input), each written as\n"
    "on this command line: the HAND and its situation options (--round S --dealer --tsumo ...;\n"
    "--opt=VALUE works too). Blank lines and lines starting with # are skipped. The rule options\n"
    "and --format given on the command line apply to every line. A line may instead be a JSON\n"
    "object (JSON lines): \"hand\" and the same options by name, e.g.\n"
    "  {\"hand\": \"123m99p13s chi:789s pon:666z +2s\", \"round\": \"S\", \"dora\": [\"9m\"],\n"
    "   \"honba\": 1, \"dealer\": true, \"tsumo\": true}\n"
    "(tiles as a string or a list of strings; true sets a flag, false leaves it off).\n"
    "One result per line:\n"
    "  text: tab-separated, after a header: line, status, han, fu, yakuman, limit, points, yaku\n"
    "  json: one object per line (JSON lines), the single-hand fields plus \"line\"\n"
    "A line that cannot be read gives status \"error\" and its message, and the batch goes on.\n"
    "Exit status: 2 if any line had an error, else 1 if any hand is not a valid win, else 0.\n"
    "\n"
    "examples:\n"
    "  paifu score 123m99p13s chi:789s pon:666z +2s --round S --dealer --dora 9m\n"
    "  paifu score 777888999p23m99m +4m --tsumo --all\n"
    "  paifu score 19m19p19s1234567z +1m --rules majsoul --format json\n"
    "  printf '123m456p789s11z22z +2z --tsumo\\n' | paifu score --batch --format json\n";

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
    bool json, all, batch;
    paifu_situation sit;
    int kita, honba;
    char hand[512];
} options;

/* The options a hand's situation takes: on the command line and on each line of a batch. */
enum { O_ROUND = 256, O_SEAT, O_DEALER, O_DORA, O_URA, O_HONBA, O_KITA, O_FLAG,
       O_RULE = O_FLAG + 64, O_RULES_FILE, O_FORMAT, O_ALL, O_BATCH };

static const struct {
    const char *name;
    int code;
    bool arg;
} HAND_OPTS[] = {
    {"round", O_ROUND, true}, {"seat", O_SEAT, true},   {"dealer", O_DEALER, false},
    {"dora", O_DORA, true},   {"ura", O_URA, true},     {"honba", O_HONBA, true},
    {"kita", O_KITA, true},
};
#define N_HAND_OPTS (sizeof(HAND_OPTS) / sizeof(HAND_OPTS[0]))

/* Each setter returns 0, or -1 with the reason in MSG. */
static int wind_arg(uint8_t *out, const char *arg, char *msg, size_t size)
{
    static const char WINDS[] = "ESWN";
    const char *p = arg[0] && !arg[1] ? strchr(WINDS, arg[0]) : NULL;
    if (!p) {
        snprintf(msg, size, "expected a wind E, S, W or N, found '%s'", arg);
        return -1;
    }
    *out = (uint8_t)(p - WINDS);
    return 0;
}

static int tiles_arg(paifu_tile *out, uint8_t *n, const char *arg, char *msg, size_t size)
{
    char buf[64];
    size_t k = strlen(arg);
    paifu_error err;
    paifu_error_clear(&err);
    if (k >= sizeof(buf)) {
        snprintf(msg, size, "too many tiles in '%.20s...'", arg);
        return -1;
    }
    for (size_t i = 0; i <= k; i++)
        buf[i] = arg[i] == ',' ? ' ' : arg[i];
    if (paifu_tile_parse(out, PAIFU_MAX_INDICATORS, &k, buf, &err) < 0) {
        snprintf(msg, size, "%s", err.text);
        return -1;
    }
    *n = (uint8_t)k;
    return 0;
}

static int count_arg(int *out, const char *arg, int max, char *msg, size_t size)
{
    char *end;
    long v = strtol(arg, &end, 10);
    if (*arg == '\0' || *end || v < 0 || v > max) {
        snprintf(msg, size, "expected a number 0..%d, found '%s'", max, arg);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Apply one situation option (a HAND_OPTS or FLAGS code). */
static int apply_hand_option(options *o, int code, const char *arg, char *msg, size_t size)
{
    switch (code) {
    case O_ROUND: return wind_arg(&o->sit.round_wind, arg, msg, size);
    case O_SEAT: return wind_arg(&o->sit.seat_wind, arg, msg, size);
    case O_DEALER: o->sit.seat_wind = PAIFU_WIND_EAST; return 0;
    case O_DORA: return tiles_arg(o->sit.dora, &o->sit.n_dora, arg, msg, size);
    case O_URA: return tiles_arg(o->sit.ura, &o->sit.n_ura, arg, msg, size);
    case O_HONBA: return count_arg(&o->honba, arg, 1000, msg, size);
    case O_KITA: return count_arg(&o->kita, arg, 4, msg, size);
    default:
        if (code >= O_FLAG && code < O_FLAG + (int)N_FLAGS) {
            o->sit.flags |= FLAGS[code - O_FLAG].flag;
            return 0;
        }
        snprintf(msg, size, "unknown option");
        return -1;
    }
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
    struct option longopts[8 + N_HAND_OPTS + N_FLAGS + 1] = {
        {"rules", required_argument, NULL, 'r'}, {"rule", required_argument, NULL, O_RULE},
        {"rules-file", required_argument, NULL, O_RULES_FILE},
        {"format", required_argument, NULL, O_FORMAT}, {"all", no_argument, NULL, O_ALL},
        {"batch", no_argument, NULL, O_BATCH}, {"help", no_argument, NULL, 'h'},
    };
    size_t n_opts = 7;
    for (size_t i = 0; i < N_HAND_OPTS; i++)
        longopts[n_opts++] = (struct option){HAND_OPTS[i].name,
                                             HAND_OPTS[i].arg ? required_argument : no_argument,
                                             NULL, HAND_OPTS[i].code};
    for (size_t i = 0; i < N_FLAGS; i++)
        longopts[n_opts++] = (struct option){FLAGS[i].name, no_argument, NULL, O_FLAG + (int)i};
    longopts[n_opts] = (struct option){NULL, 0, NULL, 0};
    int c;
    char msg[256];
    optind = 1;
    while ((c = cli_getopt(argc, argv, "hr:", longopts)) != -1) {
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
        case O_BATCH: o->batch = true; break;
        case '?': return -1;
        default:
            if (apply_hand_option(o, c, optarg, msg, sizeof(msg)) < 0) {
                cli_usage_error("score", "%s", msg);
                return -1;
            }
        }
    }
    o->sit.honba = (int16_t)o->honba;
    if (cli_rules_check(&o->rules) < 0) /* the one place rule options are checked */
        return -1;
    if (o->batch) {
        if (o->all) {
            cli_usage_error("score", "--all does not go with --batch");
            return -1;
        }
        if (argc - optind > 1) {
            cli_usage_error("score", "--batch reads one FILE (or -), found %d", argc - optind);
            return -1;
        }
        return 0;
    }
    return join_hand(o, argc, argv);
}

/* ---- output ---- */

static void print_text(const paifu_score *sc, const char *hand, const paifu_rules *rules)
{
    cli_textf(stdout, "hand     %s (%s, %s)\n", hand, sc->tsumo ? "tsumo" : "ron",
              sc->dealer ? "dealer" : "non-dealer"); /* the user's words: escaped */
    cli_textf(stdout, "rules    %s%s\n", paifu_rules_name(rules),
              paifu_rules_override_count(rules) ? " with overrides" : "");
    printf("status   %s\n", paifu_score_status_name((paifu_score_status)sc->status));
    printf("yaku    ");
    for (unsigned i = 0; i < sc->n_yaku; i++)
        printf(" %s %d%s", paifu_yaku_display_name(sc->yaku[i].id), sc->yaku[i].han,
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

/* A result is built in memory and written at once: a batch writes millions of them, and
   stdio's per-call cost was most of its time. */
typedef struct line_buf {
    char b[4096];
    size_t n;
} line_buf;

static inline void put_n(line_buf *l, const char *s, size_t k)
{
    if (k > sizeof(l->b) - 1 - l->n)
        k = sizeof(l->b) - 1 - l->n;
    memcpy(l->b + l->n, s, k);
    l->n += k;
}

static inline void put_s(line_buf *l, const char *s)
{
    put_n(l, s, strlen(s));
}

/* A string literal: its length is known at compile time. */
#define put_lit(l, lit) put_n((l), "" lit, sizeof(lit) - 1)

static inline void put_c(line_buf *l, char c)
{
    if (l->n < sizeof(l->b) - 1)
        l->b[l->n++] = c;
}

static char *w_int(char *w, long v);

static void put_i(line_buf *l, long v)
{
    char tmp[24];
    if (sizeof(l->b) - 1 - l->n >= sizeof(tmp)) /* room: write in place */
        l->n = (size_t)(w_int(l->b + l->n, v) - l->b);
    else
        put_n(l, tmp, (size_t)(w_int(tmp, v) - tmp));
}

static void put_json(line_buf *l, const char *s)
{
    static const char HEX[] = "0123456789abcdef";
    put_c(l, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        size_t run = 0; /* plain characters are copied a run at a time */
        while (p[run] >= 0x20 && p[run] != '"' && p[run] != '\\')
            run++;
        if (run) {
            if (run > sizeof(l->b) - 1 - l->n)
                run = sizeof(l->b) - 1 - l->n;
            memcpy(l->b + l->n, p, run);
            l->n += run;
            p += run - 1;
            continue;
        }
        if (*p == '"' || *p == '\\') {
            put_c(l, '\\');
            put_c(l, (char)*p);
        } else if (*p < 0x20) {
            put_lit(l, "\\u00");
            put_c(l, HEX[*p >> 4]);
            put_c(l, HEX[*p & 15]);
        } else {
            put_c(l, (char)*p);
        }
    }
    put_c(l, '"');
}

#define put_kv(l, key, v) (put_lit((l), key), put_i((l), (v)))

/* ---- JSON results ----
   A batch writes millions of these, so a result is written by a cursor into a buffer with room
   for any result (JSON_ROOM: no check per field), from constant fragments and a two-digit table,
   and handed to stdio in one fwrite. Only the hand and the rule set's name are of any length;
   they are escaped with a check against the buffer's end. */

static const char DIGITS2[] = "00010203040506070809101112131415161718192021222324252627282930313233"
                              "34353637383940414243444546474849505152535455565758596061626364656667"
                              "6869707172737475767778798081828384858687888990919293949596979899";

/* Write V in decimal at W; returns the end. */
static char *w_int(char *w, long v)
{
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    if (v < 0)
        *w++ = '-';
    if (u < 10) {
        *w = (char)('0' + u);
        return w + 1;
    }
    size_t k = 2;
    for (unsigned long t = u / 100; t; t /= 10)
        k++;
    char *e = w + k, *p = e;
    while (u >= 100) {
        p -= 2;
        memcpy(p, DIGITS2 + 2 * (u % 100), 2);
        u /= 100;
    }
    if (u >= 10) {
        p -= 2;
        memcpy(p, DIGITS2 + 2 * u, 2);
    } else {
        *--p = (char)('0' + u);
    }
    return e;
}

/* A string literal at W (its length known at compile time). */
#define W_LIT(w, lit) (memcpy((w), "" lit, sizeof(lit) - 1), (w) += sizeof(lit) - 1)

/* A key's literal and an integer. */
#define W_KV(w, lit, v) (W_LIT(w, lit), (w) = w_int((w), (long)(v)))

static char *w_str(char *w, const char *s)
{
    size_t k = strlen(s);
    memcpy(w, s, k);
    return w + k;
}

/* S as a JSON string at W, stopping short of END; returns the end. */
static char *w_json(char *w, const char *end, const char *s)
{
    static const char HEX[] = "0123456789abcdef";
    if (w < end)
        *w++ = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p && w < end; p++) {
        if (*p >= 0x20 && *p != '"' && *p != '\\') {
            *w++ = (char)*p;
        } else if (end - w >= 6) {
            *w++ = '\\';
            if (*p >= 0x20) {
                *w++ = (char)*p;
            } else {
                memcpy(w, "u00", 3);
                w[3] = HEX[*p >> 4];
                w[4] = HEX[*p & 15];
                w += 5;
            }
        } else {
            break;
        }
    }
    if (w < end)
        *w++ = '"';
    return w;
}

/* A yaku's fragment '{"id": ID, "name": "NAME", "han": ', made once per yaku. */
typedef struct frag {
    uint8_t n;
    char s[95];
} frag;

static const frag *yaku_frag(unsigned id)
{
    static frag made[PAIFU_YAKU_COUNT];
    static frag other;
    frag *f = id < PAIFU_YAKU_COUNT ? &made[id] : &other;
    if (f->n == 0 || f == &other) {
        const char *name = paifu_yaku_name(id);
        int n = snprintf(f->s, sizeof(f->s), "{\"id\": %u, \"name\": \"%s\", \"han\": ", id,
                         name ? name : "");
        f->n = (uint8_t)(n < 0 ? 0 : (size_t)n < sizeof(f->s) ? (size_t)n : sizeof(f->s) - 1);
    }
    return f;
}

/* Room for everything of a result but its hand and rule set's name: the fixed text (about 400
   bytes), PAIFU_MAX_YAKU yaku (a fragment, a number, ", " and '}') and PAIFU_MAX_FU_PARTS
   terms (about 50 bytes), eleven numbers of up to 20 bytes and four names. */
#define JSON_ROOM (512 + PAIFU_MAX_YAKU * (sizeof(((frag *)0)->s) + 24) + \
                   PAIFU_MAX_FU_PARTS * 64 + 11 * 20 + 4 * 64)

/* One result as JSON: on several lines for a single hand (NL "\n "), on one for a batch (" "),
   where LINE > 0 is the batch line it answers. */
static void print_json(FILE *f, const paifu_score *sc, const char *hand, const paifu_rules *rules,
                       const char *nl, unsigned long line)
{
    char b[JSON_ROOM + 2 * 4096];
    const char *end = b + sizeof(b) - JSON_ROOM; /* where the hand and name stop */
    size_t nl_n = strlen(nl) < 3 ? strlen(nl) : 2;
    char *w = b;
    *w++ = '{';
    if (line) {
        W_LIT(w, "\"line\": ");
        w = w_int(w, (long)line);
        W_LIT(w, ", ");
    }
    W_LIT(w, "\"hand\": ");
    w = w_json(w, end, hand);
    W_LIT(w, ", \"rules\": ");
    w = w_json(w, end, paifu_rules_name(rules));
    if (sc->status == PAIFU_SCORE_OK)
        W_LIT(w, ", \"valid\": true, \"status\": \"");
    else
        W_LIT(w, ", \"valid\": false, \"status\": \"");
    w = w_str(w, paifu_score_status_name((paifu_score_status)sc->status));
    if (sc->tsumo)
        W_LIT(w, "\", \"tsumo\": true, \"dealer\": ");
    else
        W_LIT(w, "\", \"tsumo\": false, \"dealer\": ");
    if (sc->dealer)
        W_LIT(w, "true,");
    else
        W_LIT(w, "false,");
    memcpy(w, nl, nl_n), w += nl_n;
    W_LIT(w, "\"yaku\": [");
    unsigned n_yaku = sc->n_yaku < PAIFU_MAX_YAKU ? sc->n_yaku : PAIFU_MAX_YAKU;
    for (unsigned i = 0; i < n_yaku; i++) {
        if (i)
            W_LIT(w, ", ");
        const frag *y = yaku_frag(sc->yaku[i].id);
        memcpy(w, y->s, y->n), w += y->n;
        w = w_int(w, sc->yaku[i].han);
        *w++ = '}';
    }
    W_LIT(w, "],");
    memcpy(w, nl, nl_n), w += nl_n;
    W_KV(w, "\"han\": ", sc->han);
    W_KV(w, ", \"yaku_han\": ", sc->yaku_han);
    W_KV(w, ", \"yakuman\": ", sc->yakuman);
    W_KV(w, ", \"fu\": ", sc->fu);
    W_KV(w, ", \"fu_raw\": ", sc->fu_raw);
    if (sc->fu_counted)
        W_LIT(w, ", \"fu_counted\": true, \"wait\": \"");
    else
        W_LIT(w, ", \"fu_counted\": false, \"wait\": \"");
    w = w_str(w, paifu_wait_name((paifu_wait)sc->wait));
    W_LIT(w, "\", \"limit\": \"");
    w = w_str(w, paifu_limit_name((paifu_limit)sc->limit));
    W_LIT(w, "\",");
    memcpy(w, nl, nl_n), w += nl_n;
    W_LIT(w, "\"fu_parts\": [");
    unsigned n_fu = sc->n_fu_parts < PAIFU_MAX_FU_PARTS ? sc->n_fu_parts : PAIFU_MAX_FU_PARTS;
    for (unsigned i = 0; i < n_fu; i++) {
        if (i)
            W_LIT(w, ", ");
        W_LIT(w, "{\"kind\": \"");
        w = w_str(w, FU_KIND[sc->fu_parts[i].what]);
        W_LIT(w, "\", \"fu\": ");
        w = w_int(w, sc->fu_parts[i].fu);
        *w++ = '}';
    }
    W_LIT(w, "],");
    memcpy(w, nl, nl_n), w += nl_n;
    W_KV(w, "\"dora\": ", sc->dora);
    W_KV(w, ", \"aka\": ", sc->aka);
    W_KV(w, ", \"ura\": ", sc->ura);
    W_KV(w, ", \"kita\": ", sc->kita);
    *w++ = ',';
    memcpy(w, nl, nl_n), w += nl_n;
    W_KV(w, "\"payment\": {\"base\": ", (long)sc->pay.base);
    W_KV(w, ", \"ron\": ", (long)sc->pay.ron);
    W_KV(w, ", \"tsumo_dealer\": ", (long)sc->pay.tsumo_dealer);
    W_KV(w, ", \"tsumo_nondealer\": ", (long)sc->pay.tsumo_nondealer);
    W_KV(w, "}, \"total\": ", (long)sc->total);
    W_LIT(w, "}\n");
    fwrite(b, 1, (size_t)(w - b), f);
}

/* ---- batch ---- */

/* Read one batch line into O (its hand and situation, on top of the command line's). Tokens
   are split on blanks; "--name value" and "--name=value" both work. Returns -1 with MSG. */
static int parse_batch_line(options *o, char *line, char *msg, size_t size)
{
    size_t used = 0;
    o->hand[0] = '\0';
    char *save = NULL;
    for (char *tok = strtok_r(line, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        if (tok[0] != '-' || tok[1] != '-') {
            size_t k = strlen(tok);
            if (used + 1 + k >= sizeof(o->hand)) {
                snprintf(msg, size, "the hand is too long");
                return -1;
            }
            if (used)
                o->hand[used++] = ' ';
            memcpy(o->hand + used, tok, k + 1);
            used += k;
            continue;
        }
        char *name = tok + 2, *arg = strchr(name, '=');
        if (arg)
            *arg++ = '\0';
        int code = -1;
        bool takes = false;
        for (size_t i = 0; i < N_HAND_OPTS && code < 0; i++)
            if (!strcmp(name, HAND_OPTS[i].name))
                code = HAND_OPTS[i].code, takes = HAND_OPTS[i].arg;
        for (size_t i = 0; i < N_FLAGS && code < 0; i++)
            if (!strcmp(name, FLAGS[i].name))
                code = O_FLAG + (int)i;
        if (code < 0) {
            snprintf(msg, size, "unknown option --%.40s (a line takes the hand's situation options)",
                     name);
            return -1;
        }
        if (takes && !arg && !(arg = strtok_r(NULL, " \t\r\n", &save))) {
            snprintf(msg, size, "--%s expects a value", name);
            return -1;
        }
        if (!takes && arg) {
            snprintf(msg, size, "--%s takes no value", name);
            return -1;
        }
        if (apply_hand_option(o, code, arg, msg, size) < 0)
            return -1;
    }
    o->sit.honba = (int16_t)o->honba;
    if (!used) {
        snprintf(msg, size, "expected a HAND");
        return -1;
    }
    return 0;
}

/* ---- a batch line as JSON: {"hand": "...", "round": "S", "tsumo": true, ...} ---- */

typedef struct jline {
    const char *p;
    char *msg;
    size_t size;
} jline;

static void jl_space(jline *j)
{
    while (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')
        j->p++;
}

/* A JSON string at j->p into OUT (CAP bytes): the escapes \" \\ \/ \b \f \n \r \t. */
static int jl_string(jline *j, char *out, size_t cap)
{
    if (*j->p != '"') {
        snprintf(j->msg, j->size, "expected a string at '%.12s'", j->p);
        return -1;
    }
    size_t n = 0;
    for (j->p++; *j->p != '"'; j->p++) {
        char c = *j->p;
        if (c == '\0' || (unsigned char)c < 0x20) {
            snprintf(j->msg, j->size, "unterminated string");
            return -1;
        }
        if (c == '\\') {
            static const char IN[] = "\"\\/bfnrt", OUT[] = "\"\\/\b\f\n\r\t";
            const char *e = j->p[1] ? strchr(IN, j->p[1]) : NULL;
            if (!e) {
                snprintf(j->msg, j->size, "unsupported escape \\%c in a string", j->p[1]);
                return -1;
            }
            c = OUT[e - IN];
            j->p++;
        }
        if (n + 1 >= cap) {
            snprintf(j->msg, j->size, "a string longer than %zu bytes", cap - 1);
            return -1;
        }
        out[n++] = c;
    }
    j->p++;
    out[n] = '\0';
    return 0;
}

/* One value as option text: a string as itself, an integer in decimal, true/false as "1"/"",
   an array of strings joined by commas (dora and ura indicators). *KIND: 's', 'b' or 'a'. */
static int jl_value(jline *j, char *out, size_t cap, char *kind)
{
    jl_space(j);
    if (*j->p == '"') {
        *kind = 's';
        return jl_string(j, out, cap);
    }
    if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "false", 5)) {
        *kind = 'b';
        bool t = *j->p == 't';
        j->p += t ? 4 : 5;
        snprintf(out, cap, "%s", t ? "1" : "");
        return 0;
    }
    if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9')) {
        *kind = 's';
        size_t n = 0;
        while ((*j->p == '-' && n == 0) || (*j->p >= '0' && *j->p <= '9')) {
            if (n + 1 >= cap)
                break;
            out[n++] = *j->p++;
        }
        out[n] = '\0';
        return 0;
    }
    if (*j->p == '[') {
        *kind = 'a';
        size_t n = 0;
        out[0] = '\0';
        j->p++;
        jl_space(j);
        while (*j->p != ']') {
            char item[32];
            if (jl_string(j, item, sizeof(item)) < 0)
                return -1;
            n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s", n ? "," : "", item);
            if (n >= cap) {
                snprintf(j->msg, j->size, "too many tiles in a list");
                return -1;
            }
            jl_space(j);
            if (*j->p == ',') {
                j->p++;
                jl_space(j);
            } else if (*j->p != ']') {
                snprintf(j->msg, j->size, "expected , or ] in a list at '%.12s'", j->p);
                return -1;
            }
        }
        j->p++;
        return 0;
    }
    snprintf(j->msg, j->size, "expected a string, a number, true, false or a list at '%.12s'",
             j->p);
    return -1;
}

/*
 * A batch line that is a JSON object (JSON lines): "hand" the HAND in the notation, and the
 * situation options by their names without the dashes: "round", "seat" (a wind), "dora", "ura"
 * (tiles as one string or a list of strings), "honba", "kita" (integers), and true for
 * "dealer" and the situation flags ("tsumo", "riichi", ..., false leaves them off).
 */
static int parse_batch_json(options *o, const char *line, char *msg, size_t size)
{
    jline j = {line, msg, size};
    o->hand[0] = '\0';
    jl_space(&j);
    j.p++; /* { */
    jl_space(&j);
    bool first = true;
    while (*j.p != '}') {
        char key[32], val[512], kind;
        if (!first) {
            if (*j.p != ',') {
                snprintf(msg, size, "expected , or } at '%.12s'", j.p);
                return -1;
            }
            j.p++;
            jl_space(&j);
        }
        first = false;
        if (jl_string(&j, key, sizeof(key)) < 0)
            return -1;
        jl_space(&j);
        if (*j.p != ':') {
            snprintf(msg, size, "expected : after \"%s\"", key);
            return -1;
        }
        j.p++;
        if (jl_value(&j, val, sizeof(val), &kind) < 0)
            return -1;
        jl_space(&j);
        if (!strcmp(key, "hand")) {
            if (kind != 's') {
                snprintf(msg, size, "expected the hand as a string");
                return -1;
            }
            snprintf(o->hand, sizeof(o->hand), "%s", val);
            continue;
        }
        int code = -1;
        bool takes = false;
        for (size_t i = 0; i < N_HAND_OPTS && code < 0; i++)
            if (!strcmp(key, HAND_OPTS[i].name))
                code = HAND_OPTS[i].code, takes = HAND_OPTS[i].arg;
        for (size_t i = 0; i < N_FLAGS && code < 0; i++)
            if (!strcmp(key, FLAGS[i].name))
                code = O_FLAG + (int)i;
        if (code < 0) {
            snprintf(msg, size, "unknown key \"%.31s\" (a line takes \"hand\" and the hand's "
                     "situation options)", key);
            return -1;
        }
        if (takes ? kind == 'b' || (kind == 'a' && code != O_DORA && code != O_URA)
                  : kind != 'b') {
            snprintf(msg, size, "\"%s\" expects %s", key,
                     !takes ? "true or false"
                     : code == O_DORA || code == O_URA ? "tiles (a string or a list of strings)"
                                                       : "a value (a string or a number)");
            return -1;
        }
        if ((takes || val[0]) && apply_hand_option(o, code, val, msg, size) < 0)
            return -1;
    }
    j.p++;
    jl_space(&j);
    if (*j.p) {
        snprintf(msg, size, "text after the object: '%.12s'", j.p);
        return -1;
    }
    o->sit.honba = (int16_t)o->honba;
    if (!o->hand[0]) {
        snprintf(msg, size, "expected a \"hand\"");
        return -1;
    }
    return 0;
}

static void print_batch_error(FILE *out, bool json, unsigned long line, const char *hand,
                              const char *msg)
{
    line_buf l;
    l.n = 0;
    if (json) {
        put_kv(&l, "{\"line\": ", (long)line);
        put_lit(&l, ", \"hand\": ");
        put_json(&l, hand);
        put_lit(&l, ", \"valid\": false, \"status\": \"error\", \"error\": ");
        put_json(&l, msg);
        put_lit(&l, "}\n");
    } else {
        put_i(&l, (long)line);
        put_lit(&l, "\terror\t\t\t\t\t\t");
        for (const char *p = msg; *p; p++) /* one line, one field */
            put_c(&l, *p == '\t' || *p == '\n' ? ' ' : *p);
        put_c(&l, '\n');
    }
    fwrite(l.b, 1, l.n, out);
}

static void print_batch_text(FILE *out, unsigned long line, const paifu_score *sc)
{
    line_buf l;
    l.n = 0;
    put_i(&l, (long)line);
    put_c(&l, '\t');
    put_s(&l, paifu_score_status_name((paifu_score_status)sc->status));
    put_kv(&l, "\t", sc->han);
    put_kv(&l, "\t", sc->fu);
    put_kv(&l, "\t", sc->yakuman);
    put_c(&l, '\t');
    put_s(&l, paifu_limit_name((paifu_limit)sc->limit));
    put_kv(&l, "\t", (long)sc->total);
    put_c(&l, '\t');
    for (unsigned i = 0; i < sc->n_yaku; i++) {
        if (i)
            put_c(&l, ',');
        put_s(&l, paifu_yaku_name(sc->yaku[i].id));
        put_kv(&l, ":", sc->yaku[i].han);
    }
    put_c(&l, '\n');
    fwrite(l.b, 1, l.n, out);
}

/* Score every line of IN; the command line's situation (BASE) is each line's starting point. */
static int run_batch(const options *base, const paifu_rules *rules, FILE *in, const char *name)
{
    FILE *out = stdout;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long no = 0;
    int status = CLI_CLEAN;
    char msg[256];
    if (!base->json)
        fputs("line\tstatus\than\tfu\tyakuman\tlimit\tpoints\tyaku\n", out);
    while ((len = getline(&line, &cap, in)) >= 0) {
        no++;
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '\n' || *p == '\r' || *p == '#')
            continue;
        options o = *base;
        paifu_hand hand;
        paifu_score sc;
        paifu_error err;
        paifu_error_clear(&err);
        int rc = *p == '{' ? parse_batch_json(&o, p, msg, sizeof(msg))
                           : parse_batch_line(&o, line, msg, sizeof(msg));
        if (rc == 0 && (rc = paifu_hand_parse(&hand, &o.sit.win_tile, o.hand, &err)) < 0)
            snprintf(msg, sizeof(msg), "%s", err.text);
        if (rc == 0 && o.sit.win_tile == PAIFU_TILE_NONE) {
            snprintf(msg, sizeof(msg), "the hand names no winning tile (add it as +TILE)");
            rc = -1;
        }
        if (rc == 0) {
            hand.kita = (uint8_t)o.kita;
            if ((rc = paifu_score_hand(&sc, &hand, &o.sit, rules, &err)) < 0)
                snprintf(msg, sizeof(msg), "%s", err.text);
        }
        if (rc < 0) {
            print_batch_error(out, base->json, no, o.hand, msg);
            status = CLI_ERROR;
            continue;
        }
        if (base->json)
            print_json(out, &sc, o.hand, rules, " ", no);
        else
            print_batch_text(out, no, &sc);
        if (sc.status != PAIFU_SCORE_OK && status == CLI_CLEAN)
            status = CLI_FINDINGS;
    }
    int read_failed = ferror(in);
    free(line);
    if (read_failed) {
        cli_error(name, "cannot read line %lu", no + 1);
        return CLI_ERROR;
    }
    if (fflush(out) != 0 || ferror(out)) {
        fprintf(stderr, "paifu: error: cannot write the results\n");
        return CLI_ERROR;
    }
    return status;
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
    if (o.batch) {
        const char *path = optind < argc ? argv[optind] : "-";
        FILE *in = strcmp(path, "-") ? fopen(path, "r") : stdin;
        if (!in) {
            cli_error(path, "cannot open: %s", strerror(errno));
            return CLI_ERROR;
        }
        if ((rc = cli_resolve_rules(&rules, &o.rules, NULL, "rrc", &err)) == 0)
            rc = run_batch(&o, rules, in, path);
        if (in != stdin)
            fclose(in);
        paifu_rules_free(rules);
        if (rc < 0) {
            cli_print_error(&err);
            return CLI_ERROR;
        }
        return rc;
    }
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
            print_json(stdout, &all[i], o.hand, rules, "\n ", 0);
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

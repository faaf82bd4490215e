/*
 * cmd_info.c: paifu info FILE...: what is in a log (format, players, rules, deals, results),
 * and paifu info --formats: the formats paifu reads and writes.
 */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

const char cmd_info_usage[] =
    "usage: paifu info [options] FILE...\n"
    "       paifu info --formats\n"
    "\n"
    "Describe every game in FILE (\"-\" = standard input): format, players, rule set, deals with\n"
    "their outcomes, and the recorded final scores. A directory is walked recursively (files\n"
    "that are no log format paifu reads are skipped). A houou-logs SQLite database and a zip or\n"
    "tar(.gz) archive are read as folders: the first line names the container (houou-logs,\n"
    "archive), its games are numbered within their row or member, which each names (json:\n"
    "\"source\", FILE:MEMBER), and an error in one member is reported and the next one read.\n"
    "\n"
    "options:\n"
    "      --formats          list the formats paifu reads and writes\n"
    "      --from FORMAT      skip detection and read FORMAT (a container's members too)\n"
    "  -r, --rules PRESET     rule set whose rotation labels a score sheet's deals (default: the\n"
    "                         one the log names, else rrc)\n"
    "      --format text|json output format (default text); json lists each game's deals\n"
    "                         under \"deal_list\" with the labels the text shows\n"
    "      --players 3|4      log databases: only games of that many players\n"
    "      --length east|half log databases: only east-only or half games\n"
    "      --max-members N    archives: refuse one of more than N members (default 1000000)\n"
    "  -h, --help             this help\n"
    "\n"
    "exit status: 0 every input read, 2 an input (or a member) that could not be read, or a\n"
    "usage error\n";

/* A riichi winner whose ura indicators neither the log nor a wall gives: its value is known
   up to the ura count (the verifier accepts any count the indicators could give). */
static bool ura_open(const paifu_deal *d, const paifu_win *w)
{
    if ((w->known & PAIFU_REC_URA) || (d->start.flags & PAIFU_DEAL_HAS_WALL))
        return false;
    for (size_t i = 0; i < d->n_events; i++)
        if (d->events[i].type == PAIFU_EV_RIICHI_ACCEPTED && d->events[i].seat == w->winner)
            return true;
    return false;
}

static void outcome_text(char *buf, size_t size, const paifu_deal *d)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < d->n_events && used < size; i++) {
        const paifu_event *e = &d->events[i];
        if (e->type == PAIFU_EV_WIN) {
            const paifu_win *w = &d->wins[e->detail];
            if (w->from == w->winner)
                used += (size_t)snprintf(buf + used, size - used, "%stsumo %d", used ? "; " : "",
                                         w->winner);
            else
                used += (size_t)snprintf(buf + used, size - used, "%sron %d from %d",
                                         used ? "; " : "", w->winner, w->from);
            if (ura_open(d, w) && used < size)
                used += (size_t)snprintf(buf + used, size - used,
                                         " (ura indicators not recorded: any ura count accepted)");
        } else if (e->type == PAIFU_EV_EXHAUSTIVE_DRAW || e->type == PAIFU_EV_ABORTIVE_DRAW) {
            const paifu_draw *dr = &d->draws[e->detail];
            used += (size_t)snprintf(buf + used, size - used, "%sdraw (%s)", used ? "; " : "",
                                     paifu_draw_kind_name((paifu_draw_kind)dr->kind));
        } else if (e->type == PAIFU_EV_PENALTY) {
            const paifu_penalty *p = &d->penalties[e->detail];
            used += (size_t)snprintf(buf + used, size - used, "%s%s %d", used ? "; " : "",
                                     paifu_penalty_kind_name((paifu_penalty_kind)p->kind), p->seat);
        }
    }
    if (!buf[0])
        snprintf(buf, size, "(no outcome)");
}

/*
 * The settled view of the game under its rule set (paifu_game_settle): each deal's label (a
 * score sheet names no round, so its deals take the round, dealer and honba the results
 * before them give), what every outcome paid and the scores after it. NULL when the game
 * cannot be verified (then the recorded starts are shown).
 */
static paifu_settled *settle(const paifu_game *g, const char *preset)
{
    paifu_rules *rules = NULL;
    paifu_settled *v = NULL;
    paifu_error err;
    paifu_error_clear(&err);
    if (paifu_game_rules(&rules, g, preset, &err) == 0 &&
        paifu_game_settle(&v, g, rules, NULL, NULL, &err) < 0)
        v = NULL;
    paifu_rules_free(rules);
    return v;
}

/* Deal D's start as the walk took it (the recorded one when the walk did not reach it). */
static paifu_deal_start start_of(const paifu_settled *v, const paifu_game *g, size_t d,
                                 char *label, size_t size)
{
    paifu_deal_start st = paifu_game_deal(g, d)->start;
    const paifu_settled_deal *x = paifu_settled_deal_get(v, d);
    if (x && x->deal == d) {
        st.round_wind = x->round_wind;
        st.hand_number = x->hand_number;
        st.dealer = x->dealer;
        st.honba = x->honba;
        st.riichi_sticks = x->riichi_sticks;
        snprintf(label, size, "%s", x->label);
    } else {
        paifu_deal_label(label, size, &st);
    }
    return st;
}

/* Game number INDEX + 1 of its file or MEMBER: the database row's log id or archive member it
   came from (NULL: a plain file). */
static void print_game_text(const paifu_game *g, size_t index, const char *member,
                            const char *preset)
{
    int players = paifu_game_players(g);
    const char *rules = paifu_game_rules_name(g);
    printf("  game %zu", index + 1);
    if (member)
        cli_textf(stdout, " (%s)", member); /* a name from the container: escaped */
    cli_textf(stdout, ": %d players, rules %s", players,
              rules ? rules : "(not named)"); /* the log's words: escaped */
    for (size_t i = 0; i < paifu_game_rule_override_count(g); i++) {
        const paifu_meta *m = paifu_game_rule_override(g, i);
        printf("%s", i ? ", " : " (");
        cli_text(stdout, m->key);
        printf("=");
        cli_text(stdout, m->value);
    }
    printf("%s\n", paifu_game_rule_override_count(g) ? ")" : "");
    for (int s = 0; s < players; s++) {
        printf("    seat %d: ", s);
        cli_text(stdout, paifu_game_player(g, s)->name);
        printf("\n");
    }
    size_t n = paifu_game_deal_count(g);
    printf("    %zu deal%s%s\n", n, n == 1 ? "" : "s",
           paifu_game_truncated(g) ? " (the log is truncated)" : "");
    paifu_settled *v = settle(g, preset);
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = paifu_game_deal(g, d);
        char label[16], outcome[256];
        start_of(v, g, d, label, sizeof(label));
        outcome_text(outcome, sizeof(outcome), deal);
        printf("    %-6s %4zu events  %s\n", label, deal->n_events, outcome);
    }
    const paifu_game_result *r = paifu_game_result_get(g);
    const paifu_settled_result *sr = paifu_settled_result_get(v);
    if (r->has_points) {
        printf("    final points:");
        for (int s = 0; s < players; s++)
            printf(" %d", (int)r->points[s]);
        printf("\n");
    } else if (sr && sr->has_points) { /* the walk's: the log records none */
        printf("    final points (not recorded: the scores after the last deal):");
        for (int s = 0; s < players; s++)
            printf(" %d", (int)sr->points[s]);
        printf("\n");
    }
    paifu_settled_free(v);
    if (r->has_final) {
        printf("    final scores:");
        for (int s = 0; s < players; s++)
            printf(" %d", (int)r->final[s]);
        printf("\n");
    }
}

/* Each deal as the text output lists it: its label (true for a score sheet, as deal_starts
   gives it), round ("E1", as paifu's format spells it), dealer, honba, sticks on the table,
   events and outcome. */
static void print_deals_json(const paifu_game *g, const char *preset)
{
    static const char WINDS[] = "ESWN";
    size_t n = paifu_game_deal_count(g);
    int players = paifu_game_players(g);
    paifu_settled *v = settle(g, preset);
    printf(", \"deal_list\": [");
    for (size_t d = 0; d < n; d++) {
        const paifu_deal *deal = paifu_game_deal(g, d);
        char label[16], outcome[256];
        paifu_deal_start st = start_of(v, g, d, label, sizeof(label));
        outcome_text(outcome, sizeof(outcome), deal);
        printf("%s{\"label\": ", d ? ", " : "");
        cli_json_string(stdout, label);
        printf(", \"round\": \"%c%d\", \"dealer\": %d, \"honba\": %d, "
               "\"riichi_sticks\": %d, \"events\": %zu, \"outcome\": ",
               WINDS[st.round_wind & 3], st.hand_number + 1, st.dealer, st.honba,
               st.riichi_sticks, deal->n_events);
        cli_json_string(stdout, outcome);
        /* what the deal paid and the scores after it, as the walk settled them */
        const paifu_settled_deal *x = paifu_settled_deal_get(v, d);
        if (x && x->deal == d && x->n_rows) {
            int32_t deltas[PAIFU_SEATS] = {0};
            bool computed = false;
            const paifu_settled_row *last = NULL;
            for (uint32_t k = 0; k < x->n_rows; k++) {
                last = paifu_settled_row_get(v, x->first_row + k);
                for (int s = 0; last->paid && s < players; s++)
                    deltas[s] += last->deltas[s];
                computed = computed || (last->paid && !(last->marks & PAIFU_SETTLED_REC_DELTAS));
            }
            printf(", \"deltas\": [");
            for (int s = 0; s < players; s++)
                printf("%s%d", s ? ", " : "", (int)deltas[s]);
            printf("], \"deltas_computed\": %s", computed ? "true" : "false");
            if (last->scores_known) {
                printf(", \"scores_after\": [");
                for (int s = 0; s < players; s++)
                    printf("%s%d", s ? ", " : "", (int)last->scores_after[s]);
                printf("]");
            }
        }
        printf("}");
    }
    printf("]");
    const paifu_settled_result *sr = paifu_settled_result_get(v);
    if (sr && sr->has_points && !(sr->marks & PAIFU_SETTLED_REC_FINAL_POINTS)) {
        printf(", \"settled_points\": [");
        for (int s = 0; s < players; s++)
            printf("%s%d", s ? ", " : "", (int)sr->points[s]);
        printf("]");
    }
    paifu_settled_free(v);
}

/* SOURCE: FILE:MEMBER of a container's game (NULL: a plain file's, which the file names). */
static void print_game_json(const paifu_game *g, bool first, const char *source,
                            const char *preset)
{
    int players = paifu_game_players(g);
    printf("%s{", first ? "" : ", ");
    if (source) {
        printf("\"source\": ");
        cli_json_string(stdout, source);
        printf(", ");
    }
    printf("\"players\": [");
    for (int s = 0; s < players; s++) {
        if (s)
            printf(", ");
        cli_json_string(stdout, paifu_game_player(g, s)->name);
    }
    printf("], \"rules\": ");
    if (paifu_game_rules_name(g))
        cli_json_string(stdout, paifu_game_rules_name(g));
    else
        printf("null");
    size_t n = paifu_game_deal_count(g), wins = 0, draws = 0;
    for (size_t d = 0; d < n; d++) {
        wins += paifu_game_deal(g, d)->n_wins;
        draws += paifu_game_deal(g, d)->n_draws;
    }
    printf(", \"deals\": %zu, \"wins\": %zu, \"draws\": %zu, \"truncated\": %s", n, wins, draws,
           paifu_game_truncated(g) ? "true" : "false");
    print_deals_json(g, preset);
    const paifu_game_result *r = paifu_game_result_get(g);
    if (r->has_points) {
        printf(", \"points\": [");
        for (int s = 0; s < players; s++)
            printf("%s%d", s ? ", " : "", (int)r->points[s]);
        printf("]");
    }
    printf("}");
}

static void list_formats(void)
{
    int width = (int)strlen("format"); /* the name column as wide as the longest name */
    for (size_t i = 0; i < paifu_format_count(); i++) {
        int n = (int)strlen(paifu_format(i)->name);
        width = n > width ? n : width;
    }
    printf("%-*s %-5s %-5s %s\n", width, "format", "read", "write", "description");
    for (size_t i = 0; i < paifu_format_count(); i++) {
        const paifu_format_info *f = paifu_format(i);
        printf("%-*s %-5s %-5s %s\n", width, f->name, f->can_read ? "yes" : "no",
               f->can_write ? "yes" : "no", f->description);
    }
}

int cmd_info(int argc, char **argv)
{
    /* the selection of a database's rows and an archive's cap as every reading command's
       (cli_input_option); the rule options but -r do not apply: nothing is verified */
    static const struct option longopts[] = {{"formats", no_argument, NULL, 'T'},
                                             {"from", required_argument, NULL, 'F'},
                                             {"rules", required_argument, NULL, 'r'},
                                             {"format", required_argument, NULL, 'f'},
                                             {"players", required_argument, NULL, 'P'},
                                             {"length", required_argument, NULL, 'L'},
                                             {"max-members", required_argument, NULL, 'M'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    cli_rules_opts check = {0};
    bool json = false;
    const char *preset = NULL;
    int c;
    optind = 1;
    while ((c = cli_getopt(argc, argv, "hr:", longopts)) != -1) {
        switch (c) {
        case 'T': list_formats(); return CLI_CLEAN;
        case 'F': ropts.format = optarg; break;
        case 'r': preset = optarg; break;
        case 'P':
        case 'L':
        case 'M':
            if (cli_input_option(c, optarg, &check, &ropts, "info", cmd_info_usage) < 0)
                return CLI_ERROR;
            break;
        case 'f':
            if (strcmp(optarg, "json") == 0)
                json = true;
            else if (strcmp(optarg, "text") != 0) {
                cli_usage_error("info", "--format expects text or json, found '%s'", optarg);
                return CLI_ERROR;
            }
            break;
        case 'h': fputs(cmd_info_usage, stdout); return CLI_CLEAN;
        default: return CLI_ERROR; /* cli_getopt said what */
        }
    }
    check.preset = preset;
    if (cli_rules_check(&check) < 0) /* the one place rule options are checked */
        return CLI_ERROR;
    if (optind >= argc) {
        cli_usage_error("info", "expected at least one FILE (\"-\" for standard input)");
        return CLI_ERROR;
    }
    cli_inputs in;
    int status = cli_inputs_expand(&in, argv + optind, argc - optind, ropts.format != NULL);
    if (json)
        printf("[");
    for (size_t i = 0; i < in.n; i++) {
        const char *path = in.paths[i];
        paifu_error err;
        paifu_error_clear(&err);
        paifu_reader *r = NULL;
        int rc = paifu_reader_open(&r, path, &ropts, &err);
        if (json) {
            printf("%s\n {\"file\": ", i ? "," : "");
            cli_json_string(stdout, path);
            printf(", \"format\": ");
            if (r)
                cli_json_string(stdout, paifu_reader_format(r));
            else
                printf("null");
            printf(", \"compressed\": %s, \"games\": [",
                   r && paifu_reader_was_compressed(r) ? "true" : "false");
        } else if (rc == 0) {
            cli_text(stdout, path);
            printf(": %s%s\n", paifu_reader_format(r),
                   paifu_reader_was_compressed(r) ? " (gzip)" : "");
        }
        const paifu_game *g;
        size_t index = 0, number = 0; /* games shown; the next's number within its member */
        char last[512] = "";          /* the member of the last game shown */
        /* a database or archive goes on after an error in one of its members, as validate */
        bool container = r && paifu_reader_members(r, NULL, NULL, NULL);
        size_t skip = strlen(path) + 1; /* FILE:MEMBER -> MEMBER */
        for (;;) {
            if (rc == 0 && (rc = paifu_reader_next(&g, r, &err)) > 0) {
                rc = 0;
                const char *source = container ? paifu_reader_source(r) : NULL;
                const char *member = source && strlen(source) > skip ? source + skip : source;
                if (member && strcmp(member, last) != 0) { /* numbered within its member */
                    snprintf(last, sizeof(last), "%s", member);
                    number = 0;
                }
                if (json)
                    print_game_json(g, index == 0, source, preset);
                else
                    print_game_text(g, number, member, preset);
                index++;
                number++;
                continue;
            }
            if (rc < 0) {
                if (!err.where.source[0])
                    paifu_location_set_source(&err.where, container ? paifu_reader_source(r)
                                                                    : path);
                if (!json)
                    fflush(stdout); /* the error after the games before it */
                cli_print_error(&err);
                status = CLI_ERROR;
                if (container) {
                    paifu_error_clear(&err);
                    rc = 0;
                    continue;
                }
            }
            break;
        }
        if (json)
            printf("]}");
        paifu_reader_free(r);
    }
    if (json)
        printf("\n]\n");
    cli_inputs_free(&in);
    return cli_stdout_status(status);
}

/*
 * cmd_validate.c: paifu validate FILE...: read every game, verify it under its rule set and
 * print the findings. Exit 0 when every input is clean, 1 on findings, 2 on an input or usage
 * error; a bad file is reported and the next one read.
 */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

const char cmd_validate_usage[] =
    "usage: paifu validate [options] FILE...\n"
    "\n"
    "Re-simulate every deal of every game in FILE (\"-\" = standard input) and report each\n"
    "discrepancy between the log and the rules as a finding. The format and gzip compression\n"
    "are detected from the content. A directory is walked recursively; files in it that are\n"
    "no log format paifu reads are skipped and counted.\n"
    "\n"
    "options:\n"
    "  -r, --rules PRESET     rule set to verify under (default: the one the log names, else\n"
    "                         rrc); the log's own facts (red fives, players, length) still apply\n"
    "      --rules-file FILE  a JSON rule file (preset + overrides) instead\n"
    "      --rule KEY=VALUE   override one rule parameter (repeatable)\n"
    "      --from FORMAT      skip detection and read FORMAT\n"
    "      --format text|json report format (default text); json follows\n"
    "                         schemas/report.schema.json\n"
    "      --max-findings N   findings kept per game (default 1000)\n"
    "  -q, --quiet            print no findings, only the summary\n"
    "  -h, --help             this help\n"
    "\n"
    "exit status: 0 every file clean, 1 at least one finding, 2 an input or usage error\n";

typedef struct vstate {
    bool json;
    bool quiet;
    size_t files, errors;
    bool first_file;
} vstate;

static void json_location(const paifu_location *w)
{
    printf("{\"file\": ");
    cli_json_string(stdout, w->source);
    if (w->line)
        printf(", \"line\": %u", w->line);
    if (w->column)
        printf(", \"column\": %u", w->column);
    if (w->offset)
        printf(", \"offset\": %llu", (unsigned long long)w->offset);
    if (w->path[0]) {
        printf(", \"path\": ");
        cli_json_string(stdout, w->path);
    }
    if (w->game >= 0)
        printf(", \"game\": %d", (int)w->game);
    if (w->deal[0]) {
        printf(", \"deal\": ");
        cli_json_string(stdout, w->deal);
    }
    if (w->event >= 0)
        printf(", \"event\": %d", (int)w->event);
    printf("}");
}

static void print_finding(const vstate *st, const paifu_finding *f, bool *first)
{
    if (st->json) {
        printf("%s\n    {\"code\": \"%s\", \"severity\": \"%s\", \"message\": ", *first ? "" : ",",
               f->code, paifu_severity_name(f->severity));
        cli_json_string(stdout, f->message);
        if (f->expected[0]) {
            printf(", \"expected\": ");
            cli_json_string(stdout, f->expected);
        }
        if (f->recorded[0]) {
            printf(", \"recorded\": ");
            cli_json_string(stdout, f->recorded);
        }
        if (f->rule_ref) {
            printf(", \"rule\": ");
            cli_json_string(stdout, f->rule_ref);
        }
        printf(", \"where\": ");
        json_location(&f->where);
        printf("}");
        *first = false;
        return;
    }
    char where[512];
    paifu_location_format(where, sizeof(where), &f->where);
    char *bracket = strstr(where, " [");
    char context[300] = "";
    if (bracket) {
        snprintf(context, sizeof(context), "%s", bracket);
        *bracket = '\0';
    }
    printf("%s: %s: %s: %s", where, paifu_severity_name(f->severity), f->code, f->message);
    if (f->expected[0] || f->recorded[0])
        printf(" (expected %s, recorded %s)", f->expected[0] ? f->expected : "-",
               f->recorded[0] ? f->recorded : "-");
    printf("%s", context);
    if (f->rule_ref)
        printf(" [%s]", f->rule_ref);
    printf("\n");
}

static int validate_file(vstate *st, const char *path, const paifu_read_options *ropts,
                         const cli_rules_opts *ro, paifu_report *rep, uint32_t max_findings)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_reader *r = NULL;
    int status = CLI_CLEAN;
    size_t games = 0;
    bool first = true;
    uint64_t before = paifu_report_stats(rep)->findings;
    if (st->json) {
        printf("%s\n  {\"file\": ", st->first_file ? "" : ",");
        cli_json_string(stdout, path);
        printf(", \"findings\": [");
        st->first_file = false;
    }
    int rc = paifu_reader_open(&r, path, ropts, &err);
    if (rc == 0) {
        const paifu_game *g;
        while ((rc = paifu_reader_next(&g, r, &err)) > 0) {
            paifu_rules *rules = NULL;
            if ((rc = cli_resolve_rules(&rules, ro, g, "rrc", &err)) < 0)
                break;
            paifu_verify_options vo = PAIFU_VERIFY_OPTIONS_INIT;
            vo.source_name = strcmp(path, "-") == 0 ? "-" : path;
            vo.game_index = (int32_t)games;
            vo.max_findings = max_findings;
            rc = paifu_verify_game(rep, g, rules, &vo, &err);
            paifu_rules_free(rules);
            if (rc < 0)
                break;
            games++;
            for (size_t i = 0; !st->quiet && i < paifu_report_count(rep); i++)
                print_finding(st, paifu_report_finding(rep, i), &first);
            paifu_report_clear_findings(rep);
        }
    }
    if (paifu_report_stats(rep)->findings > before)
        status = CLI_FINDINGS;
    if (st->json)
        printf("%s], \"format\": ", first ? "" : "\n  ");
    if (st->json) {
        if (r && paifu_reader_format(r))
            cli_json_string(stdout, paifu_reader_format(r));
        else
            printf("null");
        printf(", \"games\": %zu", games);
    }
    if (rc < 0) {
        if (!err.where.source[0])
            paifu_location_set_source(&err.where, path);
        cli_print_error(&err);
        st->errors++;
        status = CLI_ERROR;
        if (st->json) {
            printf(", \"error\": {\"code\": \"%s\", \"message\": ",
                   paifu_error_code_name(err.code));
            cli_json_string(stdout, err.text);
            printf(", \"where\": ");
            json_location(&err.where);
            printf("}");
        }
    }
    if (st->json)
        printf("}");
    paifu_reader_free(r);
    st->files++;
    return status;
}

int cmd_validate(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"rules", required_argument, NULL, 'r'},  {"rules-file", required_argument, NULL, 'R'},
        {"rule", required_argument, NULL, 'k'},   {"from", required_argument, NULL, 'F'},
        {"format", required_argument, NULL, 'f'}, {"max-findings", required_argument, NULL, 'm'},
        {"quiet", no_argument, NULL, 'q'},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    vstate st = {0};
    st.first_file = true;
    cli_rules_opts ro = {0};
    paifu_read_options ropts = PAIFU_READ_OPTIONS_INIT;
    uint32_t max_findings = 0;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "r:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'r': ro.preset = optarg; break;
        case 'R': ro.file = optarg; break;
        case 'k':
            if (ro.n_assign == 64) {
                cli_usage_error("validate", "too many --rule options");
                return CLI_ERROR;
            }
            ro.assign[ro.n_assign++] = optarg;
            break;
        case 'F': ropts.format = optarg; break;
        case 'f':
            if (strcmp(optarg, "json") == 0)
                st.json = true;
            else if (strcmp(optarg, "text") != 0) {
                cli_usage_error("validate", "--format expects text or json, found '%s'", optarg);
                return CLI_ERROR;
            }
            break;
        case 'm': max_findings = (uint32_t)strtoul(optarg, NULL, 10); break;
        case 'q': st.quiet = true; break;
        case 'h': fputs(cmd_validate_usage, stdout); return CLI_CLEAN;
        default: fputs(cmd_validate_usage, stderr); return CLI_ERROR;
        }
    }
    if (optind >= argc) {
        cli_usage_error("validate", "expected at least one FILE (\"-\" for standard input)");
        return CLI_ERROR;
    }
    if (ropts.format && !paifu_format_find(ropts.format)) {
        cli_usage_error("validate", "unknown format '%s'", ropts.format);
        return CLI_ERROR;
    }
    /* check the rule options once up front so a typo is a usage error, not N file errors */
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules *probe;
    if (cli_resolve_rules(&probe, &ro, NULL, "rrc", &err) < 0) {
        cli_print_error(&err);
        return CLI_ERROR;
    }
    paifu_rules_free(probe);
    paifu_report *rep;
    if (paifu_report_new(&rep, &err) < 0) {
        cli_print_error(&err);
        return CLI_ERROR;
    }
    cli_inputs in;
    int status = cli_inputs_expand(&in, argv + optind, argc - optind, ropts.format != NULL);
    if (st.json)
        printf("{\"paifu_report\": 1, \"files\": [");
    for (size_t i = 0; i < in.n; i++) {
        int s = validate_file(&st, in.paths[i], &ropts, &ro, rep, max_findings);
        if (s > status)
            status = s;
    }
    const paifu_verify_stats *vs = paifu_report_stats(rep);
    if (st.json) {
        printf("%s],\n \"summary\": {\"files\": %zu, \"errors\": %zu, \"skipped\": %zu, "
               "\"games\": %llu, \"deals\": %llu, \"events\": %llu, \"wins\": %llu, "
               "\"draws\": %llu, \"findings\": %llu}, \"exit_status\": %d}\n",
               st.files ? "\n" : "", st.files, st.errors, in.skipped,
               (unsigned long long)vs->games,
               (unsigned long long)vs->deals, (unsigned long long)vs->events,
               (unsigned long long)vs->wins, (unsigned long long)vs->draws,
               (unsigned long long)vs->findings, status);
    } else {
        char skipped[64] = "";
        if (in.skipped)
            snprintf(skipped, sizeof(skipped), ", %zu skipped: not a log", in.skipped);
        printf("%zu file%s (%zu unreadable%s), %llu game%s, %llu deals, %llu wins, %llu draws: "
               "%llu finding%s\n",
               st.files, st.files == 1 ? "" : "s", st.errors, skipped,
               (unsigned long long)vs->games,
               vs->games == 1 ? "" : "s", (unsigned long long)vs->deals,
               (unsigned long long)vs->wins, (unsigned long long)vs->draws,
               (unsigned long long)vs->findings, vs->findings == 1 ? "" : "s");
    }
    paifu_report_free(rep);
    cli_inputs_free(&in);
    return status;
}

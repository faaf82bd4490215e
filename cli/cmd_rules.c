/*
 * cmd_rules.c: paifu rules list | show NAME | params: the presets, one resolved rule set,
 * and the parameters with their meaning.
 */
#include "cli.h"

#include <getopt.h>
#include <string.h>

const char cmd_rules_usage[] =
    "usage: paifu rules list\n"
    "       paifu rules show [PRESET] [--rule KEY=VALUE]... [--rules-file FILE] [--format json]\n"
    "       paifu rules params\n"
    "\n"
    "list    the presets and the documents they come from\n"
    "show    every parameter of a resolved rule set (PRESET, default rrc, plus overrides),\n"
    "        then what paifu enforces of the preset's rule document, rule by rule\n"
    "params  every parameter with its type, allowed values and meaning; [a fact of the log]\n"
    "        marks the tile set (red fives), players and length: a log that names its rule\n"
    "        set keeps them under --rules and --rules-file; only --rule KEY=VALUE changes one\n"
    "\n"
    "options:\n"
    "      --rule KEY=VALUE    show: set one parameter over the preset (repeatable; 'paifu rules\n"
    "                          params' lists the keys and their values)\n"
    "      --rules-file FILE   show: a rule file (JSON: a preset and its overrides, doc/rules.md)\n"
    "      --format json       show: the parameters and the rule document's checks as JSON\n"
    "  -h, --help              this help\n"
    "\n"
    "exit status: 0 success, 2 a usage error (an unknown command, preset, key or value)\n";

static void show(const paifu_rules *r, bool json)
{
    char value[256];
    if (json) {
        printf("{\"preset\": ");
        cli_json_string(stdout, paifu_rules_name(r));
        printf(", \"parameters\": {");
    } else {
        cli_textf(stdout, "rule set: %s%s\n", paifu_rules_name(r),
                  paifu_rules_override_count(r) ? " (with overrides)" : "");
    }
    for (size_t i = 0; i < paifu_rules_param_count(); i++) {
        const paifu_rule_param_info *p = paifu_rules_param(i);
        paifu_rules_get(value, sizeof(value), r, p->name, NULL);
        if (json) {
            printf("%s\n  ", i ? "," : "");
            cli_json_string(stdout, p->name);
            printf(": ");
            cli_json_string(stdout, value);
        } else {
            cli_textf(stdout, "  %-24s %s\n", p->name, value); /* a rule file's values too */
        }
    }
    const paifu_rule_check *rows;
    size_t n = paifu_rules_checks(&rows, paifu_rules_name(r));
    if (json) {
        printf("\n}, \"enforcement\": [");
        for (size_t i = 0; i < n; i++) {
            printf("%s\n  {\"clause\": ", i ? "," : "");
            cli_json_string(stdout, rows[i].clause);
            printf(", \"rule\": ");
            cli_json_string(stdout, rows[i].rule);
            printf(", \"status\": ");
            cli_json_string(stdout, paifu_rule_check_status_name(rows[i].status));
            printf(", \"parameters\": ");
            cli_json_string(stdout, rows[i].params);
            printf(", \"findings\": ");
            cli_json_string(stdout, rows[i].findings);
            printf("}");
        }
        printf("\n]}\n");
        return;
    }
    if (n)
        printf("\nwhat paifu enforces of the %s rule document:\n", paifu_rules_name(r));
    for (size_t i = 0; i < n; i++) {
        printf("  %s: %s\n      %s", rows[i].clause, paifu_rule_check_status_name(rows[i].status),
               rows[i].rule);
        if (rows[i].params[0])
            printf("\n      parameters: %s", rows[i].params);
        if (rows[i].findings[0])
            printf("\n      findings: %s", rows[i].findings);
        printf("\n");
    }
}

int cmd_rules(int argc, char **argv)
{
    static const struct option longopts[] = {{"rule", required_argument, NULL, 'k'},
                                             {"rules-file", required_argument, NULL, 'R'},
                                             {"format", required_argument, NULL, 'f'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    cli_rules_opts ro = {0};
    bool json = false;
    int c;
    optind = 1;
    while ((c = cli_getopt(argc, argv, "h", longopts)) != -1) {
        switch (c) {
        case 'k':
            if (ro.n_assign < 64)
                ro.assign[ro.n_assign++] = optarg;
            break;
        case 'R': ro.file = optarg; break;
        case 'f': json = strcmp(optarg, "json") == 0; break;
        case 'h': fputs(cmd_rules_usage, stdout); return CLI_CLEAN;
        default: return CLI_ERROR; /* cli_getopt said what */
        }
    }
    const char *sub = optind < argc ? argv[optind] : "list";
    if (strcmp(sub, "list") == 0) {
        for (size_t i = 0; i < paifu_rules_preset_count(); i++)
            printf("%-10s %s\n", paifu_rules_preset_name(i), paifu_rules_preset_doc(i));
        return CLI_CLEAN;
    }
    if (strcmp(sub, "params") == 0) {
        for (size_t i = 0; i < paifu_rules_param_count(); i++) {
            const paifu_rule_param_info *p = paifu_rules_param(i);
            printf("%s (%s, %s%s%s)\n    %s%s\n    source: %s\n", p->name, p->group,
                   paifu_rule_type_name(p->type), p->values[0] ? ": " : "", p->values,
                   p->fact ? "[a fact of the log] " : "", p->doc, p->source);
        }
        return CLI_CLEAN;
    }
    if (strcmp(sub, "show") == 0) {
        if (optind + 1 < argc)
            ro.preset = argv[optind + 1];
        paifu_error err;
        paifu_error_clear(&err);
        paifu_rules *r;
        if (cli_resolve_rules(&r, &ro, NULL, "rrc", &err) < 0) {
            if (err.where.source[0]) /* the rule file's place */
                cli_print_error(&err);
            else /* a preset or --rule: the command's words, with what is allowed */
                cli_usage_error(NULL, "%s", err.text);
            return CLI_ERROR;
        }
        show(r, json);
        paifu_rules_free(r);
        return CLI_CLEAN;
    }
    cli_usage_error("rules", "unknown subcommand '%s' (list, show, params)", sub);
    return CLI_ERROR;
}

#include <paifu.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    paifu_error err;
    paifu_reader *reader;
    const paifu_game *game;
    paifu_report *report;
    int rc;

    if (argc != 2) {
        fprintf(stderr, "usage: %s LOG\n", argv[0]);
        return 2;
    }
    paifu_init();
    paifu_error_clear(&err);
    if (paifu_reader_open(&reader, argv[1], NULL, &err) < 0 || paifu_report_new(&report, &err) < 0) {
        fprintf(stderr, "%s\n", err.text);
        return 2;
    }
    while ((rc = paifu_reader_next(&game, reader, &err)) > 0) {   /* one game at a time */
        paifu_rules *rules;
        if (paifu_game_rules(&rules, game, "rrc", &err) < 0)       /* the log's rules, else RRC */
            break;
        paifu_verify_game(report, game, rules, NULL, &err);
        paifu_rules_free(rules);
    }
    for (size_t i = 0; i < paifu_report_count(report); i++) {
        const paifu_finding *f = paifu_report_finding(report, i);
        printf("%s %s: %s\n", f->code, f->where.deal, f->message);
    }
    paifu_report_free(report);
    paifu_reader_free(reader);
    return rc < 0 ? 2 : 0;
}

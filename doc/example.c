#include <paifu.h>
#include <stdio.h>

static void print_error(paifu_error *err)
{
    char where[512];
    paifu_location_format(where, sizeof(where), &err->where);   /* "FILE:LINE:COL [game 1, ...]" */
    fprintf(stderr, "%s: %s\n", where, err->text);
    paifu_error_clear(err);                 /* the first error wins: clear it to see the next */
}

static void print_deals(const paifu_settled *settled)
{
    for (size_t i = 0; i < paifu_settled_deal_count(settled); i++) {
        const paifu_settled_deal *deal = paifu_settled_deal_get(settled, i);
        printf("%s", deal->label);                                   /* "E2-1": East 2, 1 honba */
        for (uint32_t r = deal->first_row; r < deal->first_row + deal->n_rows; r++) {
            const paifu_settled_row *row = paifu_settled_row_get(settled, r);
            if (row->kind == PAIFU_SETTLED_WIN && row->from == row->seat)
                printf(" tsumo by seat %d, %d han %d fu", row->seat, row->han, row->fu);
            else if (row->kind == PAIFU_SETTLED_WIN)
                printf(" ron by seat %d from seat %d, %d han %d fu", row->seat, row->from,
                       row->han, row->fu);
            else if (row->kind == PAIFU_SETTLED_DRAW)
                printf(" draw (%s)", paifu_draw_kind_name(row->draw_kind));
            else
                printf(" penalty (%s) of seat %d", paifu_penalty_kind_name(row->penalty_kind),
                       row->seat);
        }
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    paifu_error err;
    paifu_reader *reader = NULL;
    paifu_report *report = NULL;
    const paifu_game *game;
    int rc, status = 0;

    if (argc != 2) {
        fprintf(stderr, "usage: %s LOG\n", argv[0]);
        return 2;
    }
    paifu_init();
    paifu_error_clear(&err);
    if (paifu_reader_open(&reader, argv[1], NULL, &err) < 0 ||
        paifu_report_new(&report, &err) < 0) {
        print_error(&err);
        paifu_reader_free(reader);
        return 2;
    }
    while ((rc = paifu_reader_next(&game, reader, &err)) != 0) {     /* one game at a time */
        paifu_rules *rules = NULL;
        paifu_settled *settled = NULL;
        if (rc < 0) {                      /* an archive or database goes on with its next log */
            print_error(&err);
            status = 2;
            continue;
        }
        paifu_report_clear_findings(report);                       /* this game's findings only */
        if (paifu_game_rules(&rules, game, "rrc", &err) < 0 ||        /* the log's rules, else RRC */
            paifu_game_settle(&settled, game, rules, report, NULL, &err) < 0) { /* verify, settle */
            print_error(&err);
            status = 2;
        } else {
            print_deals(settled);
        }
        for (size_t i = 0; i < paifu_report_count(report); i++) {
            const paifu_finding *f = paifu_report_finding(report, i);
            printf("%s %s: %s\n", f->code, f->where.deal, f->message);
            if (status == 0)
                status = 1;
        }
        paifu_settled_free(settled);
        paifu_rules_free(rules);
    }
    paifu_report_free(report);
    paifu_reader_free(reader);
    return status;
}

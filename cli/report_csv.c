/*
 * report_csv.c: one table of the report as CSV (RFC 4180: CRLF line ends, a header row,
 * fields quoted when they hold a comma, quote or line break, quotes doubled).
 */
#include "report.h"

#include <string.h>

void cli_csv_field(FILE *o, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, o);
        return;
    }
    fputc('"', o);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', o);
        fputc(*s, o);
    }
    fputc('"', o);
}

void rep_write_csv(FILE *o, const rep_doc *doc, rep_table only)
{
    rep_grid t;
    rep_grid_build(&t, doc, only == REP_ALL ? REP_STANDINGS : only, NULL);
    for (int c = 0; c < t.cols; c++) {
        fputs(c ? "," : "", o);
        cli_csv_field(o, t.head[c]);
    }
    fputs("\r\n", o);
    for (size_t r = 0; r < t.rows; r++) {
        for (int c = 0; c < t.cols; c++) {
            fputs(c ? "," : "", o);
            cli_csv_field(o, t.cells[r * (size_t)t.cols + (size_t)c].text);
        }
        fputs("\r\n", o);
    }
    rep_grid_free(&t);
}

/*
 * report_csv.c: one table of the report as CSV (RFC 4180: CRLF line ends, one header row,
 * fields quoted when they hold a comma, quote or line break, quotes doubled), numbers plain
 * (rep_grid_build_plain: points as integers, scores as decimals with a dot, no sign for
 * positives, no thousands separators); and the CSV cell writer `report`, `export` and `stats`
 * share, which keeps a text cell from becoming a spreadsheet formula.
 */
#include "report/document.h"

#include <stdlib.h>
#include <string.h>

/* A plain number as a spreadsheet reads it: an optional minus, digits, an optional dot and
   digits. Such a cell cannot be a formula, so it is written as it is. */
static bool plain_number(const char *s)
{
    if (*s == '-')
        s++;
    if (*s < '0' || *s > '9')
        return false;
    while (*s >= '0' && *s <= '9')
        s++;
    if (*s == '.') {
        s++;
        if (*s < '0' || *s > '9')
            return false;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return *s == '\0';
}

void cli_csv_field(FILE *o, const char *s)
{
    /* CSV injection (OWASP, https://owasp.org/www-community/attacks/CSV_Injection, "CSV
       Injection", its mitigation): no cell may begin with an equals sign (=), a plus (+), a
       minus (-), an at sign (@), a tab (0x09), a carriage return (0x0D) or a line feed (0x0A,
       added to the page's list in 2025); such a cell is prefixed with a single quote so that a
       spreadsheet reads it as text. Player names, file names and messages come from the logs;
       a number paifu wrote ("-5200", "-9.2") is no formula and is left alone. */
    bool quote_prefix = strchr("=+-@\t\r\n", s[0]) && s[0] && !plain_number(s);
    if (!quote_prefix && !strpbrk(s, ",\"\r\n")) {
        fputs(s, o);
        return;
    }
    fputc('"', o);
    if (quote_prefix)
        fputc('\'', o);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', o);
        fputc(*s, o);
    }
    fputc('"', o);
}

void cli_csv_real(FILE *o, double v)
{
    char b[64];
    snprintf(b, sizeof(b), "%.6f", v);
    /* plain decimal notation, never an exponent: trailing zeros (and a bare dot) dropped */
    char *dot = strchr(b, '.');
    if (dot) {
        char *end = b + strlen(b);
        while (end > dot + 1 && end[-1] == '0')
            *--end = '\0';
        if (end == dot + 1)
            *dot = '\0';
    }
    fputs(strcmp(b, "-0") == 0 ? "0" : b, o);
}

void rep_write_csv(FILE *o, const rep_doc *doc, rep_table only)
{
    rep_grid t;
    rep_grid_build_plain(&t, doc, only == REP_ALL ? REP_STANDINGS : only, NULL);
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

/*
 * inputs.c: the input operands of validate, info and report. A file (or "-") is taken as
 * given; a directory is walked recursively in name order, taking the files whose content is a
 * format paifu reads (gzip inflated) and skipping the rest (READMEs, notes, archives of other
 * things) and hidden entries. Symbolic links to directories are not followed, so a walk ends.
 */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Add PATH; REL is the offset of its part below the walked operand (-1: its base name). */
static int push(cli_inputs *in, const char *path, long rel)
{
    if (in->n == in->cap) {
        size_t cap = in->cap ? 2 * in->cap : 64;
        char **p = realloc(in->paths, cap * sizeof(*p));
        if (!p)
            return -1;
        in->paths = p;
        size_t *r = realloc(in->rel, cap * sizeof(*r));
        if (!r)
            return -1;
        in->rel = r;
        in->cap = cap;
    }
    char *copy = strdup(path);
    if (!copy)
        return -1;
    if (rel < 0) {
        const char *base = strrchr(path, '/');
        rel = base ? (long)(base + 1 - path) : 0;
    }
    in->rel[in->n] = (size_t)rel;
    in->paths[in->n++] = copy;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int walk(cli_inputs *in, const char *dir, size_t root, int depth, bool take_all)
{
    if (depth > 64) {
        fprintf(stderr, "paifu: %s: error: directories nested deeper than 64 levels\n", dir);
        return CLI_ERROR;
    }
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "paifu: %s: error: %s\n", dir, strerror(errno));
        return CLI_ERROR;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int status = CLI_CLEAN;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **p = realloc(names, cap * sizeof(*p));
            if (!p) {
                status = CLI_ERROR;
                break;
            }
            names = p;
        }
        if (!(names[n] = strdup(e->d_name))) {
            status = CLI_ERROR;
            break;
        }
        n++;
    }
    closedir(d);
    if (status == CLI_ERROR)
        fprintf(stderr, "paifu: %s: error: out of memory\n", dir);
    if (n)
        qsort(names, n, sizeof(*names), by_name);
    for (size_t i = 0; i < n && status != CLI_ERROR; i++) {
        size_t len = strlen(dir) + strlen(names[i]) + 2;
        char *path = malloc(len);
        if (!path) {
            status = CLI_ERROR;
            break;
        }
        snprintf(path, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", names[i]);
        struct stat st;
        int s = CLI_CLEAN;
        bool take = false;
        if (lstat(path, &st) != 0) {
            take = true; /* the reader reports it, and the summary counts it */
        } else if (S_ISDIR(st.st_mode)) {
            s = walk(in, path, root, depth + 1, take_all);
        } else if (S_ISREG(st.st_mode) || (S_ISLNK(st.st_mode) && stat(path, &st) == 0 &&
                                           S_ISREG(st.st_mode))) {
            const char *format = take_all ? "" : NULL;
            paifu_error err;
            paifu_error_clear(&err);
            /* a file whose detection fails (truncated gzip, bomb, unreadable) is taken: reading
               it reports the error, the summary counts it, and the walk goes on */
            if (!take_all && paifu_format_detect_file(&format, path, NULL, &err) < 0)
                take = true;
            else if (!format)
                in->skipped++;
            else
                take = true;
        }
        if (take && push(in, path, (long)root) < 0) {
            fprintf(stderr, "paifu: error: out of memory\n");
            s = CLI_ERROR;
        }
        if (s > status)
            status = s;
        free(path);
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return status;
}

int cli_inputs_expand(cli_inputs *in, char **args, int n, bool take_all)
{
    memset(in, 0, sizeof(*in));
    int status = CLI_CLEAN;
    for (int i = 0; i < n; i++) {
        struct stat st;
        int s = CLI_CLEAN;
        if (strcmp(args[i], "-") != 0 && stat(args[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            size_t len = strlen(args[i]);
            s = walk(in, args[i], len + (args[i][len - 1] == '/' ? 0 : 1), 0, take_all);
        } else if (push(in, args[i], -1) < 0) { /* the reader reports a missing file itself */
            fprintf(stderr, "paifu: error: out of memory\n");
            s = CLI_ERROR;
        }
        if (s > status)
            status = s;
    }
    return status;
}

void cli_inputs_free(cli_inputs *in)
{
    for (size_t i = 0; i < in->n; i++)
        free(in->paths[i]);
    free(in->paths);
    free(in->rel);
    memset(in, 0, sizeof(*in));
}

/* --players 3|4, --length east|half, --max-members N. */
static int select_option(paifu_read_options *ropts, int c, const char *value)
{
    if (c == 'P') {
        if (strcmp(value, "3") == 0 || strcmp(value, "4") == 0) {
            ropts->players = (uint8_t)(value[0] - '0');
            return 0;
        }
        cli_usage_error(NULL, "--players expects 3 or 4, found '%s'", value);
        return -1;
    }
    if (c == 'M') {
        char *end;
        unsigned long n = strtoul(value, &end, 10);
        if (*end || end == value || n == 0 || n > UINT32_MAX) {
            cli_usage_error(NULL, "--max-members expects a positive number, found '%s'", value);
            return -1;
        }
        ropts->max_members = (uint32_t)n;
        return 0;
    }
    if (strcmp(value, "east") == 0 || strcmp(value, "half") == 0) {
        ropts->length = value[0] == 'e' ? PAIFU_LENGTH_EAST : PAIFU_LENGTH_HALF;
        return 0;
    }
    cli_usage_error(NULL, "--length expects east or half, found '%s'", value);
    return -1;
}

int cli_input_option(int c, const char *arg, cli_rules_opts *ro, paifu_read_options *ropts,
                     const char *cmd, const char *usage)
{
    switch (c) {
    case 'r': ro->preset = arg; return 0;
    case 'R': ro->file = arg; return 0;
    case 'k':
        if (ro->n_assign == 64) {
            cli_usage_error(cmd, "too many --rule options");
            return -1;
        }
        ro->assign[ro->n_assign++] = arg;
        return 0;
    case 'F': ropts->format = arg; return 0;
    case 'P':
    case 'L':
    case 'M': return select_option(ropts, c, arg);
    default: fputs(usage, stderr); return -1;
    }
}

int cli_rules_check(const cli_rules_opts *ro)
{
    paifu_error err;
    paifu_error_clear(&err);
    paifu_rules *probe;
    if (cli_resolve_rules(&probe, ro, NULL, "rrc", &err) < 0) {
        cli_print_error(&err);
        return -1;
    }
    paifu_rules_free(probe);
    return 0;
}

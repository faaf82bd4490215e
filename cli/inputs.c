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

/* Enter directory DIR at DEPTH: its names, sorted, on top of W's stack. */
static void enter(cli_walk *w, const char *dir, int depth)
{
    if (depth > 64 || w->depth == CLI_WALK_DEPTH) {
        if (!w->silent)
            cli_error(dir, "directories nested deeper than 64 levels");
        w->status = CLI_ERROR;
        return;
    }
    DIR *d = opendir(dir);
    if (!d) {
        if (!w->silent)
            cli_error(dir, "%s", strerror(errno));
        w->status = CLI_ERROR;
        return;
    }
    cli_walk_dir *f = &w->stack[w->depth];
    memset(f, 0, sizeof(*f));
    f->depth = depth;
    size_t cap = 0;
    bool oom = !(f->path = strdup(dir));
    struct dirent *e;
    while (!oom && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (f->n == cap) {
            cap = cap ? 2 * cap : 64;
            char **p = realloc(f->names, cap * sizeof(*p));
            if (!p) {
                oom = true;
                break;
            }
            f->names = p;
        }
        if (!(f->names[f->n] = strdup(e->d_name))) {
            oom = true;
            break;
        }
        f->n++;
    }
    closedir(d);
    if (oom) {
        if (!w->silent)
            cli_error(dir, "out of memory");
        w->status = CLI_ERROR;
    }
    if (f->n)
        qsort(f->names, f->n, sizeof(*f->names), by_name);
    w->depth++;
}

static void leave(cli_walk *w)
{
    cli_walk_dir *f = &w->stack[--w->depth];
    for (size_t i = 0; i < f->n; i++)
        free(f->names[i]);
    free(f->names);
    free(f->path);
}

void cli_walk_start(cli_walk *w, char **args, int n, bool take_all)
{
    memset(w, 0, sizeof(*w));
    w->args = args;
    w->n_args = n;
    w->take_all = take_all;
}

bool cli_verbose;

void cli_skips_free(cli_skips *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i].path);
    free(s->v);
    memset(s, 0, sizeof(*s));
}

void cli_skips_json(FILE *o, const cli_skips *s)
{
    fputc('[', o);
    for (size_t i = 0; i < s->n; i++) {
        fputs(i ? ", {\"file\": " : "{\"file\": ", o);
        cli_json_string(o, s->v[i].path);
        fprintf(o, ", \"reason\": \"%s\"}", s->v[i].reason);
    }
    fputc(']', o);
}

void cli_walk_skip(cli_walk *w, char *path, const char *reason)
{
    w->skipped++;
    if (cli_verbose) {
        cli_progress_lock();
        fputs("paifu: ", stderr);
        cli_text(stderr, path);
        fprintf(stderr, ": skipped: %s\n", reason);
        cli_progress_unlock();
    }
    cli_progress_add(1, 0, 0); /* the counting walk counted it among the files */
    cli_skips *s = &w->skips;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        cli_skip *v = realloc(s->v, cap * sizeof(*v));
        if (!v) { /* still counted; only its name is lost, and said so */
            cli_error(path, "out of memory to name it among the skipped files");
            free(path);
            return;
        }
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n].path = path;
    s->v[s->n++].reason = reason;
}

/* The next entry of the directory on top of W's stack: a file to take (in W->path), or NULL
   when the entry is not one (a directory is entered, another file skipped). */
static const char *next_entry(cli_walk *w, cli_walk_dir *f)
{
    const char *name = f->names[f->i++];
    size_t len = strlen(f->path) + strlen(name) + 2;
    char *path = malloc(len);
    if (!path) {
        fprintf(stderr, "paifu: error: out of memory\n");
        w->status = CLI_ERROR;
        return NULL;
    }
    snprintf(path, len, "%s%s%s", f->path, f->path[strlen(f->path) - 1] == '/' ? "" : "/", name);
    struct stat st;
    bool take = false;
    const char *skip = NULL;
    w->unsure = false;
    w->size = -1;
    if (lstat(path, &st) != 0) {
        take = true; /* the reader reports it, and the summary counts it */
    } else if (S_ISDIR(st.st_mode)) {
        enter(w, path, f->depth + 1);
    } else if (S_ISREG(st.st_mode) ||
               (S_ISLNK(st.st_mode) && stat(path, &st) == 0 && S_ISREG(st.st_mode))) {
        w->size = (long long)st.st_size;
        if (w->defer && !w->take_all) {
            w->unsure = true; /* told by the caller as it reads it */
            w->path = path;
            return path;
        }
        const char *format = w->take_all ? "" : NULL;
        paifu_error err;
        paifu_error_clear(&err);
        /* a file whose detection fails (truncated gzip, bomb, unreadable) is taken: reading
           it reports the error, the summary counts it, and the walk goes on */
        if (!w->take_all && paifu_format_detect_file(&format, path, NULL, &err) < 0)
            take = true;
        else if (!format)
            skip = st.st_size == 0 ? "empty" : "not a log";
        else
            take = true;
    }
    if (skip) {
        cli_walk_skip(w, path, skip);
        return NULL;
    }
    if (!take) {
        free(path);
        return NULL;
    }
    w->path = path;
    return path;
}

const char *cli_walk_next(cli_walk *w, size_t *rel)
{
    free(w->path);
    w->path = NULL;
    for (;;) {
        if (w->depth > 0) {
            cli_walk_dir *f = &w->stack[w->depth - 1];
            if (f->i == f->n || w->status == CLI_ERROR) {
                leave(w);
            } else if (next_entry(w, f)) {
                *rel = w->root;
                return w->path;
            }
            continue;
        }
        /* an error stops the walk of its operand only: the next ones are walked */
        if (w->status > w->walk_status)
            w->walk_status = w->status;
        w->status = CLI_CLEAN;
        if (w->next_arg == w->n_args)
            return NULL;
        const char *arg = w->args[w->next_arg++];
        struct stat st;
        if (strcmp(arg, "-") != 0 && stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
            size_t len = strlen(arg);
            w->root = len + (arg[len - 1] == '/' ? 0 : 1);
            enter(w, arg, 0);
            continue;
        }
        w->unsure = false;
        w->size = -1;
        if (!(w->path = strdup(arg))) { /* the reader reports a missing file itself */
            fprintf(stderr, "paifu: error: out of memory\n");
            w->walk_status = CLI_ERROR;
            continue;
        }
        const char *base = strrchr(arg, '/');
        *rel = base ? (size_t)(base + 1 - arg) : 0;
        return w->path;
    }
}

int cli_walk_end(cli_walk *w)
{
    while (w->depth > 0)
        leave(w);
    free(w->path);
    w->path = NULL;
    return w->status > w->walk_status ? w->status : w->walk_status;
}

int cli_inputs_expand(cli_inputs *in, char **args, int n, bool take_all)
{
    memset(in, 0, sizeof(*in));
    cli_walk w;
    cli_walk_start(&w, args, n, take_all);
    const char *path;
    size_t rel;
    while ((path = cli_walk_next(&w, &rel)) != NULL)
        if (push(in, path, (long)rel) < 0) {
            fprintf(stderr, "paifu: error: out of memory\n");
            w.walk_status = CLI_ERROR;
            break;
        }
    in->skipped = w.skipped;
    in->skips = w.skips;
    return cli_walk_end(&w);
}

void cli_inputs_free(cli_inputs *in)
{
    for (size_t i = 0; i < in->n; i++)
        free(in->paths[i]);
    free(in->paths);
    free(in->rel);
    cli_skips_free(&in->skips);
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
    default: /* '?': cli_getopt said what is wrong; anything else is a command's slip */
        if (c != '?')
            fputs(usage, stderr);
        return -1;
    }
}

/* Say what is wrong with rule option OPT (its value VALUE) in ERR's words, naming the command. */
static int rules_refused(const char *opt, const char *value, const paifu_error *err)
{
    cli_usage_error(NULL, "%s %s: %s", opt, value, err->text);
    return -1;
}

int cli_rules_check(const cli_rules_opts *ro)
{
    /* one option at a time, so that the message names the option that is wrong (a whole
       choice's error has no file to name: it printed "paifu: -: error:") */
    paifu_error err;
    paifu_rules *probe = NULL;
    cli_rules_opts one = {0};
    if (ro->preset) {
        paifu_error_clear(&err);
        one.preset = ro->preset;
        if (cli_resolve_rules(&probe, &one, NULL, "rrc", &err) < 0)
            return rules_refused("--rules", ro->preset, &err);
        paifu_rules_free(probe);
    }
    if (ro->file) {
        paifu_error_clear(&err);
        one.preset = NULL;
        one.file = ro->file;
        if (cli_resolve_rules(&probe, &one, NULL, "rrc", &err) < 0) {
            cli_print_error(&err); /* the file's own place: FILE:LINE:COL */
            return -1;
        }
        paifu_rules_free(probe);
    }
    for (int i = 0; i < ro->n_assign; i++) {
        paifu_error_clear(&err);
        one = *ro;
        one.n_assign = i + 1;
        if (cli_resolve_rules(&probe, &one, NULL, "rrc", &err) < 0)
            return rules_refused("--rule", ro->assign[i], &err);
        paifu_rules_free(probe);
    }
    paifu_error_clear(&err);
    if (cli_resolve_rules(&probe, ro, NULL, "rrc", &err) < 0) {
        cli_usage_error(NULL, "%s", err.text);
        return -1;
    }
    paifu_rules_free(probe);
    return 0;
}

/*
 * container.c: many logs in one file, read as a folder of logs.
 *
 * A houou-logs database (Apricot-S/houou-logs, src/houou_logs/db.py): an SQLite file whose table
 * `logs (id TEXT PRIMARY KEY, date, num_players, is_tonpu, is_processed, was_error, log BLOB)
 * WITHOUT ROWID` gets a row per log id found in Tenhou's archive (is_processed = 0, log NULL);
 * its download sets is_processed = 1 and either was_error = 1 (log NULL) or the response's mjlog
 * XML gzip-compressed in `log` (download.py). The rows with is_processed = 1 and was_error = 0
 * hold a log; they are read as houou-logs' own get_log_contents reads them (ORDER BY id: a
 * WITHOUT ROWID table has no rowid), one row at a time, through SQLite's C library, opened
 * read-only, `--players` and `--length` selecting by num_players and is_tonpu as houou-logs'
 * own options do. A row is named "FILE:ID".
 *
 * An archive (zip, tar, tar.gz) through libarchive, streaming member after member. A member is
 * named "FILE:MEMBER". Every member is held to the caps of a single file (max_input bytes as
 * stored, max_inflated bytes as read), and further:
 *   - at most max_members entries (directories included) per archive;
 *   - a member of more than 1 MiB may not inflate more than CONTAINER_MAX_RATIO times the bytes
 *     of the archive it consumed (a zip bomb);
 *   - a member name with a ".." component or an absolute path is refused (path traversal: paifu
 *     writes nothing from the name, but such an archive is not a folder of logs);
 *   - a member that is itself an archive or a database is refused (no nesting).
 * Everything is recognised by content, never by the file name.
 */
#include "container.h"
#include "format.h"
#include "input.h"

#include <archive.h>
#include <archive_entry.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define CONTAINER_MAX_MEMBERS 1000000u
#define CONTAINER_MAX_RATIO   100u
#define CONTAINER_RATIO_FLOOR (1u << 20)

struct paifu_container {
    container_kind kind;
    char path[256];
    char name[768];
    char ref[256];
    uint64_t max_input, max_inflated;
    uint32_t max_members;
    uint64_t done, total;
    /* database */
    sqlite3 *db;
    sqlite3_stmt *rows;
    /* archive */
    struct archive *ar;
    uint64_t entries;
};

static bool is_tar_header(const unsigned char *p, size_t size)
{
    return size >= 262 && memcmp(p + 257, "ustar", 5) == 0;
}

container_kind paifu_container__sniff(const unsigned char *p, size_t size)
{
    if (size >= 16 && memcmp(p, "SQLite format 3", 16) == 0)
        return CONTAINER_DATABASE;
    if (size >= 4 && p[0] == 'P' && p[1] == 'K' &&
        ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6)))
        return CONTAINER_ARCHIVE;
    if (is_tar_header(p, size))
        return CONTAINER_ARCHIVE;
    if (size >= 2 && p[0] == 0x1f && p[1] == 0x8b) { /* tar.gz: look at the first block */
        unsigned char block[512];
        z_stream zs;
        memset(&zs, 0, sizeof(zs));
        if (inflateInit2(&zs, 15 + 32) != Z_OK)
            return CONTAINER_NONE;
        zs.next_in = (Bytef *)p;
        zs.avail_in = (uInt)(size > 65536 ? 65536 : size);
        zs.next_out = block;
        zs.avail_out = sizeof(block);
        int z = inflate(&zs, Z_SYNC_FLUSH);
        size_t got = sizeof(block) - zs.avail_out;
        inflateEnd(&zs);
        if ((z == Z_OK || z == Z_STREAM_END || z == Z_BUF_ERROR) && is_tar_header(block, got))
            return CONTAINER_ARCHIVE;
    }
    return CONTAINER_NONE;
}

int paifu_container__peek(const char *path, paifu_error *err)
{
    if (strcmp(path, "-") == 0)
        return CONTAINER_NONE;
    FILE *f = fopen(path, "rb");
    if (!f)
        return CONTAINER_NONE; /* the reader reports it, as for any file */
    unsigned char head[4096];
    size_t n = fread(head, 1, sizeof(head), f);
    fclose(f);
    (void)err;
    return (int)paifu_container__sniff(head, n);
}

/* ---- database ---- */

#define DB_WHERE                                                                                   \
    " FROM logs WHERE is_processed = 1 AND was_error = 0 AND (?1 = 0 OR num_players = ?1)"         \
    " AND (?2 = 0 OR is_tonpu = ?3)"

static int db_error(paifu_container *c, paifu_error *err, const char *what)
{
    return paifu_formats__error(err, PAIFU_EFORMAT, c->path, 0, 0, NULL,
                                "%s: %s (expected a houou-logs database: table logs with id, "
                                "log, num_players, is_tonpu, is_processed, was_error)",
                                what, c->db ? sqlite3_errmsg(c->db) : "cannot open");
}

static int db_bind(sqlite3_stmt *s, const paifu_read_options *o)
{
    int players = o ? o->players : 0, length = o ? o->length : 0;
    if (sqlite3_bind_int(s, 1, players) != SQLITE_OK ||
        sqlite3_bind_int(s, 2, length) != SQLITE_OK ||
        sqlite3_bind_int(s, 3, length == PAIFU_LENGTH_EAST) != SQLITE_OK)
        return -1;
    return 0;
}

static int db_open(paifu_container *c, const paifu_read_options *o, paifu_error *err)
{
    if (sqlite3_open_v2(c->path, &c->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK)
        return db_error(c, err, "cannot open the database");
    sqlite3_stmt *count = NULL;
    if (sqlite3_prepare_v2(c->db, "SELECT count(*)" DB_WHERE, -1, &count, NULL) != SQLITE_OK ||
        db_bind(count, o) < 0 || sqlite3_step(count) != SQLITE_ROW) {
        sqlite3_finalize(count);
        return db_error(c, err, "cannot read the table logs");
    }
    c->total = (uint64_t)sqlite3_column_int64(count, 0);
    sqlite3_finalize(count);
    if (sqlite3_prepare_v2(c->db, "SELECT id, log" DB_WHERE " ORDER BY id", -1, &c->rows,
                           NULL) != SQLITE_OK ||
        db_bind(c->rows, o) < 0)
        return db_error(c, err, "cannot read the table logs");
    return 0;
}

static int db_next(paifu_container *c, container_member *m, bool *fatal, paifu_error *err)
{
    int s = sqlite3_step(c->rows);
    if (s == SQLITE_DONE)
        return 0;
    if (s != SQLITE_ROW) {
        *fatal = true;
        return paifu_formats__error(err, PAIFU_EFORMAT, c->path, 0, 0, NULL,
                                    "database row %llu: %s", (unsigned long long)c->done + 1,
                                    sqlite3_errmsg(c->db));
    }
    c->done++;
    const unsigned char *id = sqlite3_column_text(c->rows, 0);
    snprintf(c->ref, sizeof(c->ref), "%s", id ? (const char *)id : "");
    if (!id)
        snprintf(c->ref, sizeof(c->ref), "row-%llu", (unsigned long long)c->done);
    snprintf(c->name, sizeof(c->name), "%s:%s", c->path, c->ref);
    m->name = c->name;
    const void *blob = sqlite3_column_blob(c->rows, 1);
    int size = sqlite3_column_bytes(c->rows, 1);
    if (!id)
        return paifu_formats__error(err, PAIFU_EFORMAT, c->name, 0, 0, NULL,
                                    "the row has no log id");
    if (!blob || size <= 0)
        return paifu_formats__error(err, PAIFU_EFORMAT, c->name, 0, 0, NULL,
                                    "the row holds no log");
    if ((uint64_t)size > c->max_input)
        return paifu_formats__error(err, PAIFU_ELIMIT, c->name, 0, 0, NULL,
                                    "log larger than %llu bytes", (unsigned long long)c->max_input);
    if (!(m->data = malloc((size_t)size + 1)))
        return paifu_formats__error(err, PAIFU_ENOMEM, c->name, 0, 0, NULL, "out of memory");
    memcpy(m->data, blob, (size_t)size);
    m->data[size] = '\0';
    m->size = (size_t)size;
    m->ref = c->ref;
    return 1;
}

/* ---- archive ---- */

static int ar_error(paifu_container *c, paifu_error *err, bool *fatal)
{
    *fatal = true;
    const char *why = archive_error_string(c->ar);
    return paifu_formats__error(err, PAIFU_EFORMAT, c->path, 0, 0, NULL,
                                "corrupt archive after %llu members: %s",
                                (unsigned long long)c->entries, why ? why : "read error");
}

static bool traverses(const char *name)
{
    if (name[0] == '/' || name[0] == '\\')
        return true;
    for (const char *p = name; *p;) {
        size_t len = strcspn(p, "/\\");
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return true;
        p += len;
        if (*p)
            p++;
    }
    return false;
}

static int ar_next(paifu_container *c, container_member *m, bool *fatal, paifu_error *err)
{
    for (;;) {
        struct archive_entry *e;
        uint64_t before = (uint64_t)archive_filter_bytes(c->ar, -1);
        int s = archive_read_next_header(c->ar, &e);
        if (s == ARCHIVE_EOF)
            return 0;
        if (s < ARCHIVE_WARN)
            return ar_error(c, err, fatal);
        if (++c->entries > c->max_members) {
            *fatal = true;
            return paifu_formats__error(err, PAIFU_ELIMIT, c->path, 0, 0, NULL,
                                        "archive holds more than %lu members",
                                        (unsigned long)c->max_members);
        }
        const char *member = archive_entry_pathname(e);
        if (!member)
            member = "";
        if (archive_entry_filetype(e) != AE_IFREG)
            continue; /* directories, links, devices */
        c->done++;
        snprintf(c->name, sizeof(c->name), "%s:%s", c->path, member);
        m->name = c->name;
        if (traverses(member))
            return paifu_formats__error(err, PAIFU_EFORMAT, c->name, 0, 0, NULL,
                                        "member name leaves the archive (absolute or \"..\"): "
                                        "refused");
        uint64_t cap = c->max_inflated;
        if (archive_entry_size_is_set(e) && (uint64_t)archive_entry_size(e) > cap)
            return paifu_formats__error(err, PAIFU_ELIMIT, c->name, 0, 0, NULL,
                                        "member larger than %llu bytes", (unsigned long long)cap);
        size_t len = 0, room = 1 << 16;
        char *buf = malloc(room + 1);
        if (!buf)
            return paifu_formats__error(err, PAIFU_ENOMEM, c->name, 0, 0, NULL, "out of memory");
        for (;;) {
            if (len == room) {
                if (room > cap) {
                    free(buf);
                    return paifu_formats__error(err, PAIFU_ELIMIT, c->name, 0, 0, NULL,
                                                "member larger than %llu bytes",
                                                (unsigned long long)cap);
                }
                size_t nroom = room * 2 > cap + 1 ? (size_t)cap + 1 : room * 2;
                char *p = realloc(buf, nroom + 1);
                if (!p) {
                    free(buf);
                    return paifu_formats__error(err, PAIFU_ENOMEM, c->name, 0, 0, NULL,
                                                "out of memory");
                }
                buf = p;
                room = nroom;
            }
            la_ssize_t got = archive_read_data(c->ar, buf + len, room - len);
            if (got < 0) {
                free(buf);
                return ar_error(c, err, fatal);
            }
            if (got == 0)
                break;
            len += (size_t)got;
            uint64_t used = (uint64_t)archive_filter_bytes(c->ar, -1) - before;
            if (len > CONTAINER_RATIO_FLOOR && len / (used ? used : 1) > CONTAINER_MAX_RATIO) {
                free(buf);
                *fatal = true; /* the rest of a bomb is not worth reading */
                return paifu_formats__error(err, PAIFU_ELIMIT, c->name, 0, 0, NULL,
                                            "member inflates more than %u times (a zip bomb?)",
                                            CONTAINER_MAX_RATIO);
            }
        }
        if (len > cap) {
            free(buf);
            return paifu_formats__error(err, PAIFU_ELIMIT, c->name, 0, 0, NULL,
                                        "member larger than %llu bytes", (unsigned long long)cap);
        }
        buf[len] = '\0';
        m->data = buf;
        m->size = len;
        m->ref = NULL;
        return 1;
    }
}

static int ar_open(paifu_container *c, paifu_error *err)
{
    if (!(c->ar = archive_read_new()))
        return paifu_formats__error(err, PAIFU_ENOMEM, c->path, 0, 0, NULL, "out of memory");
    archive_read_support_filter_gzip(c->ar);
    archive_read_support_format_zip(c->ar);
    archive_read_support_format_tar(c->ar);
    archive_read_support_format_gnutar(c->ar);
    if (archive_read_open_filename(c->ar, c->path, 1 << 16) != ARCHIVE_OK) {
        const char *why = archive_error_string(c->ar);
        return paifu_formats__error(err, PAIFU_EFORMAT, c->path, 0, 0, NULL,
                                    "cannot read the archive: %s", why ? why : "unknown");
    }
    return 0;
}

/* ---- the container ---- */

int paifu_container__open(paifu_container **out, const char *path, container_kind kind,
                          const paifu_read_options *opts, paifu_error *err)
{
    *out = NULL;
    paifu_container *c = calloc(1, sizeof(*c));
    if (!c)
        return paifu_formats__error(err, PAIFU_ENOMEM, path, 0, 0, NULL, "out of memory");
    c->kind = kind;
    snprintf(c->path, sizeof(c->path), "%s", path);
    c->max_input = opts && opts->max_input ? opts->max_input : DEFAULT_MAX_INPUT;
    c->max_inflated = opts && opts->max_inflated ? opts->max_inflated : DEFAULT_MAX_INFLATED;
    c->max_members = opts && opts->max_members ? opts->max_members : CONTAINER_MAX_MEMBERS;
    int rc = kind == CONTAINER_DATABASE ? db_open(c, opts, err) : ar_open(c, err);
    if (rc < 0) {
        paifu_container__free(c);
        return rc;
    }
    *out = c;
    return 0;
}

int paifu_container__next(paifu_container *c, container_member *m, bool *fatal, paifu_error *err)
{
    memset(m, 0, sizeof(*m));
    *fatal = false;
    return c->kind == CONTAINER_DATABASE ? db_next(c, m, fatal, err) : ar_next(c, m, fatal, err);
}

void paifu_container__count(const paifu_container *c, uint64_t *done, uint64_t *total)
{
    *done = c->done;
    *total = c->total;
}

void paifu_container__free(paifu_container *c)
{
    if (!c)
        return;
    sqlite3_finalize(c->rows);
    sqlite3_close(c->db);
    if (c->ar)
        archive_read_free(c->ar);
    free(c);
}

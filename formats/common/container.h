/* container.h: log databases and archives read as folders of logs (private to formats/). */
#ifndef PAIFU_FORMATS_CONTAINER_H
#define PAIFU_FORMATS_CONTAINER_H

#include <paifu/io.h>

typedef struct paifu_container paifu_container;

/* What the first bytes of a file say it is. */
typedef enum container_kind {
    CONTAINER_NONE = 0,
    CONTAINER_DATABASE, /* an SQLite database in houou-logs' layout */
    CONTAINER_ARCHIVE,  /* zip, tar, tar.gz (what libarchive reads) */
} container_kind;

/* The kind of container DATA (SIZE bytes, already inflated when it was gzip) starts like;
   GZIP_TAR says DATA is gzip whose first inflated block is a tar header. */
container_kind paifu_container__sniff(const unsigned char *data, size_t size);

/* Peek at PATH (a regular file; "-" is never a container): CONTAINER_NONE, the kind, or a
   negative error when it cannot be opened. */
int paifu_container__peek(const char *path, paifu_error *err);

/* Open PATH as a container of KIND under OPTS's caps and selection. */
int paifu_container__open(paifu_container **out, const char *path, container_kind kind,
                          const paifu_read_options *opts, paifu_error *err);

/* One member. */
typedef struct container_member {
    char *data; /* malloc'd, NUL-terminated, the caller's after a 1 */
    size_t size;
    const char *name; /* "ARCHIVE:MEMBER" or "DATABASE:LOG-ID", until the next call */
    const char *ref;  /* the log id of a database row, else NULL */
} container_member;

/* The next member: 1, 0 at the end, or a negative error naming the member; *FATAL tells an
   error that ends the container (a corrupt archive, a member cap) from one that ends only the
   member (the next call reads the next one). */
int paifu_container__next(paifu_container *c, container_member *m, bool *fatal, paifu_error *err);

/* Members handed out (or refused) so far and the total when known (databases), else 0. */
void paifu_container__count(const paifu_container *c, uint64_t *done, uint64_t *total);

void paifu_container__free(paifu_container *c);

#endif

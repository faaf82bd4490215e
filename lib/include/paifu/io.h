/*
 * paifu/io.h: reading and writing game logs.
 *
 * Declared here, implemented in formats/ (lib/ itself does no I/O). Input bytes are read whole
 * under a size cap, inflated when they are gzip (under a second cap), and the format is detected
 * from the content, never from the file name. A file may hold several games: a paifu_reader
 * hands them out one at a time, reusing one game (and its arena) for all of them, so memory is
 * bounded by one game however many a stream holds.
 */
#ifndef PAIFU_IO_H
#define PAIFU_IO_H

#include "game.h"
#include "rules.h"
#include <stdbool.h>

PAIFU_BEGIN_DECL

/* ---- options ---- */

#define PAIFU_READ_OPTIONS_VERSION 1

/** Options for reading. Zero-initialise with PAIFU_READ_OPTIONS_INIT; NULL means defaults. */
typedef struct paifu_read_options {
    unsigned int version;     /**< PAIFU_READ_OPTIONS_VERSION */
    const char *format;       /**< force a format by name ("tenhou-xml", ...); NULL = detect */
    const char *source_name;  /**< name used in errors for buffers ("-" for stdin) */
    uint64_t max_input;       /**< cap on input bytes (compressed); 0 = 256 MiB */
    uint64_t max_inflated;    /**< cap on decompressed bytes; 0 = 1 GiB */
    /* Whatever the caps, the bytes all open readers of the process hold at once (read and
       inflated) are at most 96 MiB, and a JSON document may take at most 16 bytes of memory
       per byte (24 MiB at most) to load; beyond, PAIFU_ELIMIT. */
    uint32_t max_events;      /**< cap on events per deal; 0 = 100000 */
    uint32_t max_deals;       /**< cap on deals per game; 0 = 10000 */
    uint32_t max_members;     /**< archives: cap on entries per archive; 0 = 1000000 */
    uint8_t players;          /**< log databases: only games of 3 or 4 players; 0 = all */
    uint8_t length;           /**< log databases: PAIFU_LENGTH_EAST or _HALF only; 0 = all */
    uint8_t no_wall;          /**< 1: leave unbuilt the walls a log gives only as a seed (Tenhou's
                                   shuffle: a SHA-512 and a Mersenne Twister per deal), for
                                   games going to a format that carries no wall; deal starts then
                                   have n_wall 0. 0 (default): build them */
} paifu_read_options;

/** paifu_read_options.length: the games a log database's selection keeps. */
#define PAIFU_LENGTH_EAST 1 /**< east only (tonpuusen) */
#define PAIFU_LENGTH_HALF 2 /**< east and south (hanchan) */

#define PAIFU_READ_OPTIONS_INIT {PAIFU_READ_OPTIONS_VERSION, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0}

/** Initialise OPTS to the defaults of VERSION. PAIFU_EINVAL for an unknown version. */
PAIFU_EXTERN int paifu_read_options_init(paifu_read_options *opts, unsigned int version);

/* ---- formats ---- */

/** What a format's writer can carry; a loss is reported when the game has more. */
#define PAIFU_CARRIES_WALL        0x0001 /**< the wall / shuffle seed */
#define PAIFU_CARRIES_TSUMOGIRI   0x0002 /**< which discards were tsumogiri */
#define PAIFU_CARRIES_CONNECTION  0x0004 /**< disconnections */
#define PAIFU_CARRIES_TILE_IDS    0x0008 /**< which physical copy of a tile was used */
#define PAIFU_CARRIES_PENALTIES   0x0010
#define PAIFU_CARRIES_FLOWERS     0x0020 /**< MCR bonus tiles */
#define PAIFU_CARRIES_RESULT_ONLY 0x0040 /**< deals without tile events */
#define PAIFU_CARRIES_FINAL       0x0080 /**< final scores with uma */
#define PAIFU_CARRIES_RULES       0x0100 /**< an arbitrary rule set */
#define PAIFU_CARRIES_NAME_ID     0x0200 /**< the log id travels in the file's name, not in
                                              the file (Tenhou XML): a caller writing files
                                              names them by it */
#define PAIFU_CARRIES_ALL         0xFFFF

/** One registered format. */
typedef struct paifu_format_info {
    const char *name;        /**< "paifu", "tenhou-xml", "tenhou6", "majsoul", "mjai", ... */
    const char *description;
    bool can_read;
    bool can_write;
    unsigned carries;        /**< PAIFU_CARRIES_* of the writer */
    const char *extension;   /**< file name extension for written files (".paifu.json") */
} paifu_format_info;

/** Number of registered formats. */
PAIFU_EXTERN size_t paifu_format_count(void);

/** Format I; NULL when out of range. Static storage. */
PAIFU_EXTERN const paifu_format_info *paifu_format(size_t i);

/** Look a format up by name; NULL if unknown. Static storage. */
PAIFU_EXTERN const paifu_format_info *paifu_format_find(const char *name);

/**
 * Detect the format of DATA (already inflated; a byte order mark or UTF-16 is read through).
 * Returns the name of the format whose reader reads it (the one it is, else the one a damaged
 * file of a format resembles, whose reader then names the damage) or NULL when it resembles
 * none. Static storage.
 */
PAIFU_EXTERN const char *paifu_format_detect(const void *data, size_t size);

/**
 * Detect the format of the file PATH, inflating gzip, within OPTS's size caps (NULL: defaults).
 * Sets *OUT to the format's name (as paifu_format_detect: a damaged file of a format gets the
 * format it resembles), or to NULL when the content resembles no format paifu reads (a README
 * beside the logs, say). Returns 0, or a negative error when the file cannot be read.
 */
PAIFU_EXTERN int paifu_format_detect_file(const char **out, const char *path,
                                          const paifu_read_options *opts, paifu_error *err);

/* ---- reading ---- */

/** A stream of games from one input. Opaque. */
typedef struct paifu_reader paifu_reader;

/**
 * Open PATH ("-" = standard input) for reading. The bytes are read, inflated and their format
 * detected now; games are parsed by paifu_reader_next(). Owned by the caller: free with
 * paifu_reader_free().
 */
PAIFU_EXTERN int paifu_reader_open(paifu_reader **out, const char *path,
                                   const paifu_read_options *opts, paifu_error *err);

/** As paifu_reader_open() for bytes in memory (copied; gzip is inflated). */
PAIFU_EXTERN int paifu_reader_open_buffer(paifu_reader **out, const void *data, size_t size,
                                          const paifu_read_options *opts, paifu_error *err);

/**
 * Read the next game. Returns 1 and sets *OUT, 0 at the end of the input, or a negative error.
 * The game is borrowed: valid until the next paifu_reader_next(reader) or paifu_reader_free().
 * After an error a single log's reader returns 0; a log database's or an archive's goes on with
 * its next member (the error names the member; see paifu_reader_source()), unless the container
 * itself is unreadable. So "report the error and call again until 0" reads all that can be read.
 *
 * A log database (houou-logs' SQLite layout, recognised by the SQLite header) hands out the
 * logs of its rows with is_processed = 1 and was_error = 0, in id order (as houou-logs reads them), each game with
 * metadata tenhou.ref set to the row's log id; options players and length select rows; a row
 * that holds no log (houou-logs stores only the mjlog, gzip'd) is an error naming it. A zip or
 * tar(.gz) archive hands out its members' games in archive order; members that are no log are
 * skipped (counted), and every member is held to the caps of a file, max_members, a ratio cap
 * (zip bombs), and refused when its name leaves the archive or it is an archive itself.
 */
PAIFU_EXTERN int paifu_reader_next(const paifu_game **out, paifu_reader *reader, paifu_error *err);

/**
 * Split READER's input into pieces that other threads can read at once, in input order: *OUT
 * gets a new reader (the caller's, freed with paifu_reader_free()) over the next piece, which
 * paifu_reader_next() reads as READER itself would have read that part of the input: the same
 * games, sources, positions (offsets, lines, game numbers) and errors. A piece is one game of a
 * format that splits (a Tenhou mjlog file of concatenated documents, or the same through
 * stdin: copied out of the window the stream is read through, so memory stays bounded by the
 * pieces held), one member of a log database or archive (read from the container now, inflated
 * and detected when the piece is first read: a member that is no log gives no game and counts
 * as skipped in paifu_reader_members() of the piece), or else the whole rest of the input.
 * Returns 1, 0 at the end, or a negative error: of the input (READER then ends), or of one
 * container member (the next call goes on with the next member, as paifu_reader_next() does).
 * A single log's reader ends after its first error: when a piece of it fails, the pieces split
 * after it are to be dropped, as paifu_reader_next() would not have read them. Do not mix
 * paifu_reader_split() and paifu_reader_next() on one reader.
 */
PAIFU_EXTERN int paifu_reader_split(paifu_reader **out, paifu_reader *reader, paifu_error *err);

/**
 * Open PATH as paifu_reader_open() does, unless its content resembles no format paifu reads
 * (what paifu_format_detect_file() tells with NULL and its default caps, a README beside the
 * logs): then *OUT is NULL, *SKIP is "empty" (a file of no bytes) or "not a log", and 0 is
 * returned. For a walk that takes the logs among a folder's files: a file read whole is read
 * once (a larger one is told from its first bytes and opened again). Returns 0, or a negative
 * error as paifu_reader_open() (a damaged log is opened and its reader names the damage).
 */
PAIFU_EXTERN int paifu_reader_open_log(paifu_reader **out, const char *path,
                                       const paifu_read_options *opts, const char **skip,
                                       paifu_error *err);

/** The detected (or forced) format name. Static storage. */
PAIFU_EXTERN const char *paifu_reader_format(const paifu_reader *reader);

/**
 * Where the last game came from: the path, or for a log database or archive its member,
 * "FILE:MEMBER" ("houou.db:2009082713gm-00e1-0000-8820f355", "logs.zip:2020/a.mjlog").
 * Borrowed until the next paifu_reader_next().
 */
PAIFU_EXTERN const char *paifu_reader_source(const paifu_reader *reader);

/**
 * For a log database or an archive: true, with the members read so far, their total when it
 * is known (a database's selected rows; 0 for an archive) and the members skipped as no log
 * format paifu reads. False for a single log (all set to 0). Any pointer may be NULL.
 */
PAIFU_EXTERN bool paifu_reader_members(const paifu_reader *reader, uint64_t *done,
                                       uint64_t *total, uint64_t *skipped);

/** True when the input was gzip-compressed. */
PAIFU_EXTERN bool paifu_reader_was_compressed(const paifu_reader *reader);

/** Free a reader and the game it handed out. NULL is a no-op. */
PAIFU_EXTERN void paifu_reader_free(paifu_reader *reader);

/**
 * Read the first game of PATH ("-" = stdin). Owned by the caller: free with paifu_game_free().
 * Further games in the file are ignored.
 */
PAIFU_EXTERN int paifu_game_read(paifu_game **out, const char *path,
                                 const paifu_read_options *opts, paifu_error *err);

/** Read the first game of a buffer. Owned by the caller: free with paifu_game_free(). */
PAIFU_EXTERN int paifu_game_read_buffer(paifu_game **out, const void *data, size_t size,
                                        const paifu_read_options *opts, paifu_error *err);

/* ---- writing ---- */

/** Where a writer sends its bytes: return 0, or a negative error to stop. */
typedef int (*paifu_write_cb)(const void *data, size_t size, void *payload);

/** Called once per piece of information the target format cannot carry. */
typedef void (*paifu_loss_cb)(const paifu_game *game, const char *what, void *payload);

/**
 * Whole files written one per call (one converted game each, as training data is kept), plain
 * or gzip-compressed; the compressor and its buffer are reused from file to file. Opaque.
 */
typedef struct paifu_files paifu_files;

/** Largest gzip level (the smallest files, the slowest); 1 is the fastest. */
#define PAIFU_GZIP_LEVEL_MAX 12

/** A writer of whole files: GZIP_LEVEL 0 writes them as given, 1 (fastest) to PAIFU_GZIP_LEVEL_MAX (smallest)
    gzip-compresses them. Free with paifu_files_free(). */
PAIFU_EXTERN int paifu_files_new(paifu_files **out, int gzip_level, paifu_error *err);

/** Write DATA (SIZE bytes) as the whole file PATH, created or replaced. A file that could not
    be written whole is removed (PAIFU_EIO naming PATH). PATH "-" appends to standard output
    (gzip: one more member; the members of a stream read back as one). */
PAIFU_EXTERN int paifu_files_write(paifu_files *files, const char *path, const void *data,
                                   size_t size, paifu_error *err);

/** Free FILES (NULL: no-op). */
PAIFU_EXTERN void paifu_files_free(paifu_files *files);

#define PAIFU_WRITE_OPTIONS_VERSION 3

/** Options for writing. Zero-initialise with PAIFU_WRITE_OPTIONS_INIT; NULL means defaults. */
typedef struct paifu_write_options {
    unsigned int version;  /**< PAIFU_WRITE_OPTIONS_VERSION */
    bool strict;           /**< a loss is an error (PAIFU_EUNSUPPORTED) instead of a report */
    bool pretty;           /**< human-friendly layout where the format allows (paifu: always) */
    paifu_loss_cb on_loss; /**< NULL: losses are not reported (but still errors when strict) */
    void *loss_payload;
    /* version 2 */
    /** Kinds of loss (paifu_loss_kinds(), comma-separated) that stay reports under strict. */
    const char *allow_loss;
    /** Like on_loss, with the loss's kind (one of paifu_loss_kinds()); may be NULL. */
    void (*on_loss_kind)(const paifu_game *game, const char *kind, const char *what,
                         void *payload);
    /* version 3 */
    /**
     * A value the target needs (or can hold) but the source does not record (final scores,
     * score changes, tenpai at a draw, payments, ...): false (the default) writes it only where
     * the target cannot do without it, and reports that as a loss of kind "computed" (refused
     * under strict); true writes it wherever the target has a place for it, said once per game
     * through on_filled (kinds and counts), and is no loss.
     */
    bool fill;
    /** The note of what FILL wrote (one call per game); may be NULL. */
    void (*on_filled)(const paifu_game *game, const char *what, void *payload);
} paifu_write_options;

#define PAIFU_WRITE_OPTIONS_INIT                                                                   \
    {PAIFU_WRITE_OPTIONS_VERSION, false, false, NULL, NULL, NULL, NULL, false, NULL}

/** The kinds of loss, by the short names --allow-loss takes ("wall", "dice", ...), NULL-ended. */
PAIFU_EXTERN const char *const *paifu_loss_kinds(void);

/** Initialise OPTS to the defaults of VERSION. PAIFU_EINVAL for an unknown version. */
PAIFU_EXTERN int paifu_write_options_init(paifu_write_options *opts, unsigned int version);

/** A writer of one format to one sink. Opaque. */
typedef struct paifu_writer paifu_writer;

/**
 * Create a writer for FORMAT sending bytes to WRITE(…, PAYLOAD). Owned by the caller: finish with
 * paifu_writer_close() and free with paifu_writer_free().
 */
PAIFU_EXTERN int paifu_writer_open(paifu_writer **out, const char *format, paifu_write_cb write,
                                   void *payload, const paifu_write_options *opts,
                                   paifu_error *err);

/** Write one game. Formats holding one game per document write one document per call.
    PAIFU_EINVAL after paifu_writer_close(). */
PAIFU_EXTERN int paifu_writer_write(paifu_writer *writer, const paifu_game *game, paifu_error *err);

/** Flush whatever the format writes after the last game. PAIFU_EINVAL the second time. */
PAIFU_EXTERN int paifu_writer_close(paifu_writer *writer, paifu_error *err);

/** Free a writer. NULL is a no-op. */
PAIFU_EXTERN void paifu_writer_free(paifu_writer *writer);

/** True when FORMAT can hold several games in one output (JSON lines, a list). */
PAIFU_EXTERN bool paifu_format_multi_game(const char *format);

/* ---- rule files ---- */

/**
 * Read a JSON rule file: {"preset": "rrc", "overrides": {"kiriage": true, ...}} (schema:
 * schemas/rules.schema.json). Owned by the caller: free with paifu_rules_free().
 */
PAIFU_EXTERN int paifu_rules_read_file(paifu_rules **out, const char *path,
                                       paifu_error *err);

PAIFU_END_DECL

#endif

/*
 * mjlog.h: the Tenhou mjlog XML reader's shared parts (private to formats/).
 *
 *   mjlog_meld.c   meld codes of <N m="..."> and AGARI m: decode and encode (spec §4.9)
 *   mjlog_read.c   the XML side: documents, libxml2 SAX2 parser, positions, errors, the format row
 *   mjlog_attr.c   attribute values: integers, tile ids, seats
 *   mjlog_header.c header tags (SHUFFLE, GO, UN, TAIKYOKU), rule set, metadata, end of game
 *   mjlog_deal.c   the deal side: INIT, draws, discards, N, REACH, DORA, AGARI, RYUUKYOKU, BYE
 *   mjlog_shuffle.c  seed -> wall (with sha512.c and mt19937.c)
 *
 * Spec: shared/formats/tenhou-xml.md ("spec" below). The reader's choices are documented at the
 * top of mjlog_read.c (parsing), mjlog_header.c (rules, metadata, wall) and mjlog_deal.c (a
 * deal's tags).
 */
#ifndef PAIFU_FORMATS_MJLOG_H
#define PAIFU_FORMATS_MJLOG_H

#include <paifu/game.h>
#include <stdarg.h>
#include <stdbool.h>

#include "format.h"
#include "mjlog_shuffle.h"

/* ---- meld codes (mjlog_meld.c) ---- */

/* A decoded meld code. Tile ids are physical ids 0..135. */
typedef struct mjlog_meld {
    uint8_t type;   /* PAIFU_EV_CHI, _PON, _DAIMINKAN, _ANKAN, _SHOUMINKAN or _KITA */
    uint8_t offset; /* source relative to the caller: 1 shimocha, 2 toimen, 3 kamicha; 0 own */
    uint8_t called; /* chi/pon/daiminkan: the called tile; shouminkan: the pon's called tile;
                       ankan: the id the code names (its copy is arbitrary); kita: the North */
    uint8_t added;  /* shouminkan: the added tile */
    uint8_t n;      /* tiles in ids[] */
    uint8_t ids[4]; /* every tile of the meld, ascending (kita: the North alone) */
} mjlog_meld;

/*
 * Decode meld code CODE (0..65535). Returns 0, or -1 with the reason in WHY when the code is
 * not one Tenhou writes (bits that must be 0 are set, a run beyond 9, a tile id beyond 135, a
 * chi/pon/open kan from the caller itself).
 */
int paifu_mjlog__meld_decode(mjlog_meld *out, unsigned code, char *why, size_t why_size);

/* Encode a meld; encode(decode(c)) == c for every code decode accepts. */
unsigned paifu_mjlog__meld_encode(const mjlog_meld *meld);

/* ---- reader state shared by mjlog_read.c and mjlog_deal.c ---- */

/* Tenhou's name of a seat without an account (XML and tenhou.net/6): no person's name, an
   unnamed seat when read, and what the writers give an unnamed seat in play. */
#define TENHOU_UNNAMED "NoName"

#define MJ_MAX_ATTRS 32    /* attributes of one tag */
#define MJ_SCRATCH   16384 /* bytes of attribute values of one tag (a seed is 3.4 KB) */
#define MJ_MAX_EXTRA 4096  /* unrecognised attributes kept as metadata, per game */
#define MJ_MAX_MELDS 8     /* meld codes tracked per seat (4 melds + 4 kita) */
#define MJ_SCAN_NAME 32    /* the scanner's longest tag or attribute name + 1 (mjlog_scan.c) */

/* Tags with a fixed name, for XPath-style counting ("AGARI[2]"). */
typedef enum mj_tag {
    MJ_TAG_MJLOGGM,
    MJ_TAG_SHUFFLE,
    MJ_TAG_GO,
    MJ_TAG_UN,
    MJ_TAG_TAIKYOKU,
    MJ_TAG_INIT,
    MJ_TAG_N,
    MJ_TAG_REACH,
    MJ_TAG_DORA,
    MJ_TAG_AGARI,
    MJ_TAG_RYUUKYOKU,
    MJ_TAG_BYE,
    MJ_TAG_DRAW,    /* T#, U#, V#, W#: counted per name in draw_count */
    MJ_TAG_DISCARD, /* D#, E#, F#, G# */
    MJ_TAG_COUNT
} mj_tag;

typedef struct mj_attr {
    const char *name;  /* libxml2 dictionary string or scanner copy: valid while the tag is read */
    const char *value; /* copy in scratch, NUL-terminated */
    size_t len;
    bool used; /* the reader mapped it into the model */
    bool asked; /* looked up by its name (paifu_mjlog__attr) */
} mj_attr;

#define MJ_MISSED_MAX 8

typedef struct mjlog_reader {
    /* input */
    format_input in;
    size_t next_doc;    /* where the next <mjloggm> document starts */
    int32_t game_index; /* 0-based index of the game being read */
    uint8_t single;     /* a piece (paifu_reader_split): 1 its one document to read, 2 read */

    char *patched; /* a cut document's readable prefix, closed (close_cut), the input read as
                      Shift_JIS (shift_jis), or NULL */
    bool encoding_checked; /* shift_jis ran */
    /* the names the current tag's handler looked up in vain (paifu_mjlog__attr; the first
       MJ_MISSED_MAX): an attribute no handler asked for that is a slip of one of them ("sede"
       for "seed") is refused once the handler is done (on_element) */
    const char *missed[MJ_MISSED_MAX];
    uint8_t n_missed;

    /* the document being read */
    size_t doc_start, doc_end;
    uint32_t doc_line, doc_column; /* position of doc_start (1-based) */
    size_t cur;                    /* position cursor: the next tag is searched from here */
    uint32_t line;                 /* line of `cur` */
    size_t line_start;             /* offset where that line starts */
    size_t next_newline;           /* offset of the first '\n' at or after `cur` (or size) */
    size_t tag_start;              /* offset of the current tag's '<' */
    uint32_t tag_line, tag_column;
    void *xml_ctxt;    /* the libxml2 parser (xmlParserCtxtPtr) while the document is parsed */
    int sax_rc;        /* the first error a SAX callback returned (the parser is then stopped) */
    int depth;         /* element depth in the document: 0 outside the root */
    bool root_seen;    /* the root element was read */
    bool pending;      /* a start tag waits to be handled (mjlog_read.c, handle_pending) */
    int pending_depth; /* its depth */
    const char *pending_name; /* its name (libxml2 dictionary string) */
    bool xml_failed;          /* libxml2 reported an error (first one kept below) */
    int xml_line, xml_column;
    char xml_message[160];

    /* the current tag */
    paifu_game *game;
    paifu_error *err;
    const char *tag; /* its name */
    mj_tag tag_kind;
    uint32_t tag_index; /* 1-based among siblings of the same name */
    mj_attr attrs[MJ_MAX_ATTRS];
    size_t n_attrs;
    int attrs_over; /* the tag's attributes exceed a bound: ELIMIT for the count,
                       EFORMAT for the bytes (attribute attrs_over_name), ENOMEM */
    const char *attrs_over_name;
    size_t scratch_used;
    char scan_tag[MJ_SCAN_NAME];                 /* the scanner's copies of the tag's name */
    char scan_names[MJ_MAX_ATTRS][MJ_SCAN_NAME]; /* and of its attribute names */

    /* per game */
    uint32_t counts[MJ_TAG_COUNT];
    uint16_t draw_count[8][136]; /* per tag letter TUVWDEFG and id */
    int players;                 /* 4 or 3 (GO type bit 0x10) */
    bool go_seen, un_seen, owari_seen;
    bool rules_carried; /* GO paifu_rules gave the rule set (paifu's writer) */
    unsigned go_type;
    bool reds;              /* ids 16, 52, 88 are red fives */
    paifu_tile tiles[136];  /* the tile of each id under that rule */
    bool in_deal;           /* an INIT was read */
    bool deal_over;         /* the current deal has its AGARI/RYUUKYOKU */
    paifu_deal_start start; /* of the current deal (for labels) */
    uint32_t n_extra;       /* unrecognised attributes kept */
    uint32_t n_prelude;     /* events before the first INIT */
    uint8_t owari_integers; /* owari results: 1 all integers, 0 some with decimals */
    bool owari_exact;       /* some owari result has a non-zero decimal */
    paifu_mjlog_shuffle shuffle;
    bool wall_error;                  /* a seed could not be decoded (meta paifu.wall_error) */
    mjlog_generation generation_seen; /* generation of the last wall built */

    /* per deal */
    bool riichi_pending[PAIFU_SEATS];          /* REACH step 1 seen, discard not yet */
    bool replacement_due[PAIFU_SEATS];         /* a kan/kita was declared, the next draw replaces */
    uint8_t last_draw[PAIFU_SEATS];            /* id of the seat's last draw, 0xFF after a call */
    uint16_t melds[PAIFU_SEATS][MJ_MAX_MELDS]; /* codes in declaration order (AGARI m) */
    uint8_t n_melds[PAIFU_SEATS];
    bool melds_overflow[PAIFU_SEATS];
    uint8_t wall[MJLOG_WALL_4P];
    paifu_tile wall_tiles[MJLOG_WALL_4P];

    /* last: never read before written, so it is not zeroed (mjlog_read.c, reader_open) */
    char scratch[MJ_SCRATCH]; /* the current tag's attribute values (NUL-terminated) */
} mjlog_reader;

/* ---- the two ways a document is parsed: the scanner (mjlog_scan.c) or libxml2's SAX2 ---- */

/*
 * Read the current document [doc_start, doc_end) with the scanner. Returns 1 when it was read,
 * 0 when the scanner declines (the document holds something outside its subset; tags before it
 * may have been handed over, so the caller resets st and the game and gives the document to
 * libxml2), or the error (< 0) a tag's handling returned.
 */
int paifu_mjlog__scan(mjlog_reader *st);
/* Whether read_document tries the scanner first (default true). Tests and benchmarks turn it
   off to compare with the libxml2 path; not to be changed while a reader runs. */
extern bool paifu_mjlog__scanner_on;
/* Documents the scanner declined in this thread (tests check that it reads what it should). */
extern _Thread_local unsigned long paifu_mjlog__scan_declines;

/* Start collecting a new tag's attributes. */
void paifu_mjlog__attrs_begin(mjlog_reader *st);
/* Add attribute NAME (kept by the caller while the tag is handled) with value [VALUE, +LEN):
   the value is copied; going past a bound is reported when the tag is handled. */
void paifu_mjlog__add_attribute(mjlog_reader *st, const char *name, const char *value, size_t len);
/* Handle the complete tag at offset AT with name NAME (NUL-terminated) and the collected
   attributes: the root when ROOT, else a child of <mjloggm>. */
int paifu_mjlog__element(mjlog_reader *st, size_t at, const char *name, bool root);

/* Errors: PAIFU_EFORMAT (or CODE) located at the current tag, or at attribute ATTR's value. */
int paifu_mjlog__fail(mjlog_reader *st, const char *attr, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
int paifu_mjlog__fail_code(mjlog_reader *st, paifu_error_code code, const char *attr,
                           const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* A model call returned RC < 0: give its error the current location when it has none. */
int paifu_mjlog__located(mjlog_reader *st, int rc);

/* The attribute NAME of the current tag (marked used), or NULL. */
const mj_attr *paifu_mjlog__attr(mjlog_reader *st, const char *name);
/* Fail when an attribute of the current tag that no handler asked for is a slip of NAME
   ("sede" for "seed"; names of fewer than 3 letters are not compared); 0 otherwise. */
int paifu_mjlog__slip(mjlog_reader *st, const char *name);
/* As __attr, failing with "missing attribute" when absent (or, when an attribute is a slip of
   NAME, "expected attribute NAME ..., found SLIP"). */
int paifu_mjlog__require(mjlog_reader *st, const char *name, const mj_attr **out);

/*
 * Parse attribute NAME as comma-separated integers in [MIN, MAX]: between N_MIN and CAP of them
 * (N_OUT gets the count). An empty value is zero integers.
 */
int paifu_mjlog__ints(mjlog_reader *st, const mj_attr *a, int32_t *out, size_t n_min, size_t cap,
                      long min, long max, size_t *n_out);
/* One integer in [MIN, MAX]. */
int paifu_mjlog__int(mjlog_reader *st, const mj_attr *a, long min, long max, int32_t *out);
/* Comma-separated tile ids (0..135, none of 2m..8m in sanma), at most CAP. */
int paifu_mjlog__ids(mjlog_reader *st, const mj_attr *a, uint8_t *out, size_t cap, size_t *n_out);
/* Check one tile id (as above); ATTR names it in the error (NULL: the tag itself). */
int paifu_mjlog__check_id(mjlog_reader *st, const char *attr, long id);
/* A seat 0..players-1 from attribute NAME (required). */
int paifu_mjlog__seat(mjlog_reader *st, const char *name, int *out);
/* The tile of id ID (red per the game's rule). */
static inline paifu_tile paifu_mjlog__tile(const mjlog_reader *st, unsigned id)
{
    return st->tiles[id];
}

/* Fill st->tiles for the game's red-five rule (st->reds). */
void paifu_mjlog__set_tiles(mjlog_reader *st);

/* Keep attribute A of the current tag as metadata "tenhou.<TAG>[i]@<name>". */
int paifu_mjlog__keep(mjlog_reader *st, const mj_attr *a);
/* Set metadata (copied). */
int paifu_mjlog__meta(mjlog_reader *st, const char *key, const char *value);

/* Keep every attribute not used yet as metadata "tenhou.<PREFIX>.<name>". */
int paifu_mjlog__keep_header(mjlog_reader *st, const char *prefix);

/* Header tags and the end of a game (mjlog_header.c). */
int paifu_mjlog__on_shuffle(mjlog_reader *st);
int paifu_mjlog__on_go(mjlog_reader *st);
int paifu_mjlog__on_un(mjlog_reader *st);
/* Truncated flag, era-dependent rules and wall metadata once the document is read. */
int paifu_mjlog__finish_game(mjlog_reader *st);

/* Deal tags (mjlog_deal.c): each handles the current tag. */
int paifu_mjlog__on_init(mjlog_reader *st);
/* T#/U#/V#/W# and D#/E#/F#/G#: ID is the tile id of the tag name, already within 0..135. */
int paifu_mjlog__on_draw(mjlog_reader *st, int seat, unsigned id);
int paifu_mjlog__on_discard(mjlog_reader *st, int seat, unsigned id);
int paifu_mjlog__on_call(mjlog_reader *st);
int paifu_mjlog__on_reach(mjlog_reader *st);
int paifu_mjlog__on_dora(mjlog_reader *st);
int paifu_mjlog__on_agari(mjlog_reader *st);
int paifu_mjlog__on_ryuukyoku(mjlog_reader *st);
int paifu_mjlog__on_bye(mjlog_reader *st);
int paifu_mjlog__on_reconnect(mjlog_reader *st);

#endif

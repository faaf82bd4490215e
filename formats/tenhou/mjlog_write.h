/*
 * mjlog_write.h: the Tenhou mjlog XML writer's shared parts (private to formats/).
 *
 *   mjlog_write.c       the game: mjloggm, SHUFFLE, GO, UN, TAIKYOKU, owari, the GO type and
 *                       the rule set it names, metadata, losses, the entry point
 *   mjlog_write_deal.c  a deal: tile ids, INIT, draws and discards, N, REACH, DORA, BYE and
 *                       reconnection UN, AGARI, RYUUKYOKU
 *
 * The choices are documented at the top of mjlog_write.c.
 */
#ifndef PAIFU_FORMATS_MJLOG_WRITE_H
#define PAIFU_FORMATS_MJLOG_WRITE_H

#include "format.h"
#include "lossy.h"
#include "mjlog.h"

#define MJLOG_WRITER_HAND       24 /* tiles tracked in one hand (14 in a legal game) */
#define MJLOG_WRITER_MELDS      8  /* meld codes per seat: 4 melds and 4 kita */
#define MJLOG_WRITER_INDICATORS (2 * PAIFU_MAX_INDICATORS)

/* An attribute of a later tag the reader kept as metadata "tenhou.<TAG>[i]@<attr>". */
typedef struct mjlog_kept {
    char tag[12];      /* "AGARI", "INIT", "N", ... */
    uint32_t index;    /* 1-based among the game's tags of that name */
    const char *attr;  /* points into the metadata key */
    const char *value; /* the kept value */
} mjlog_kept;

/* A seat's pon, for the added kan that extends it. */
typedef struct mjlog_pon {
    uint8_t kind;
    uint16_t code; /* its meld code */
} mjlog_pon;

typedef struct mjlog_writer {
    format_write head;
    paifu_buf *b;  /* the game's bytes (copied to the output once nothing is refused) */
    bool from_xml; /* the game was read from an mjlog (metadata tenhou.go.*) */
    bool carry_rules; /* the GO type cannot name the rule set: GO paifu_rules carries it */
    bool reds;     /* ids 16, 52, 88 are red fives (GO type bit 0x002 clear) */
    unsigned go_type;
    /* losses met while writing, reported once the game is written (a refusal comes first) */
    unsigned pending;
    char pending_what[LOSS_KIND_COUNT][160];
    /* attributes kept by the reader */
    mjlog_kept *kept;
    size_t n_kept;
    uint32_t count[MJ_TAG_COUNT]; /* tags written so far, per name (the kept keys' index) */
    /* the game's end */
    bool owari; /* the last outcome carries owari */
    char owari_text[256];
    size_t last_deal; /* deal and event of the last outcome */
    size_t last_event;

    /* the deal being written */
    const paifu_deal *deal;
    size_t index;
    bool assign;                            /* the writer chooses the tile ids */
    bool used[136];                         /* ids given out in this deal */
    paifu_tile hand[PAIFU_SEATS][MJLOG_WRITER_HAND]; /* concealed tiles and their ids */
    uint8_t hand_ids[PAIFU_SEATS][MJLOG_WRITER_HAND];
    uint8_t n_hand[PAIFU_SEATS];
    uint8_t drawn[PAIFU_SEATS];             /* id of the seat's latest draw, 0xFF after a move */
    uint16_t melds[PAIFU_SEATS][MJLOG_WRITER_MELDS]; /* meld codes in declaration order (AGARI m) */
    uint8_t n_melds[PAIFU_SEATS];
    mjlog_pon pons[PAIFU_SEATS][4];
    uint8_t n_pons[PAIFU_SEATS];
    paifu_tile offer; /* the last tile another seat could win on */
    uint8_t offer_id;
    int offer_seat;                   /* who offered it, -1 */
    uint8_t dora_ids[MJLOG_WRITER_INDICATORS]; /* indicators revealed so far */
    uint8_t n_dora;
    uint8_t ura_ids[MJLOG_WRITER_INDICATORS]; /* ura indicators given ids in this deal */
    paifu_tile ura[MJLOG_WRITER_INDICATORS];
    uint8_t n_ura;
    int32_t running[PAIFU_SEATS]; /* scores now (deposits and outcomes applied) */
    int32_t sticks;               /* riichi sticks on the table now */
    bool running_unknown;         /* an outcome's score changes are not known: running[] is not */
    size_t outcomes;              /* outcomes of the deal written so far */
    bool win_written;             /* a win of this deal collected the sticks */
    bool riichi[PAIFU_SEATS];     /* the seat's riichi was accepted */
    size_t moved[8];              /* riichi deposits written ahead of their event */
    size_t n_moved;
} mjlog_writer;

/* Refuse the game (PAIFU_EUNSUPPORTED naming the deal being written). */
int paifu_mjlog__writer_refuse(mjlog_writer *w, const char *what);

/* Note a loss of KIND (WHAT: its text, NULL for lossy.c's), reported once the game is written. */
void paifu_mjlog__writer_loss(mjlog_writer *w, lossy_kind kind, const char *what);

/* The value the reader kept as tenhou.<TAG>[INDEX]@<ATTR>, or NULL. */
const char *paifu_mjlog__writer_kept(const mjlog_writer *w, const char *tag, uint32_t index,
                                     const char *attr);

/* Write the kept attributes of TAG[INDEX] not named in HANDLED (NULL-terminated). */
void paifu_mjlog__writer_kept_rest(mjlog_writer *w, const char *tag, uint32_t index,
                                   const char *const *handled);

/* Append ` NAME="VALUE"` (VALUE escaped as libxml2 reads it back). */
void paifu_mjlog__writer_attr(mjlog_writer *w, const char *name, const char *value);

/* Write deal INDEX (INIT, its events and outcomes). */
int paifu_mjlog__writer_deal(mjlog_writer *w, size_t index);

/* A BYE or a reconnection UN (spec §4.4, §4.5). */
void paifu_mjlog__writer_connection(mjlog_writer *w, const paifu_event *e);

/* Percent-encode NAME as Tenhou writes a player's name (%XX for every byte) into B. */
void paifu_mjlog__writer_name(paifu_buf *b, const char *name);

/*
 * The rule overrides the XML reader derives from GO type TYPE (mjlog_header.c), each passed to
 * ADD(PAYLOAD, key, value); the first negative return stops and is returned.
 */
int paifu_mjlog__type_rules(unsigned type,
                            int (*add)(void *payload, const char *key, const char *value),
                            void *payload);

/* What the end of a game and its wall say of its era (paifu_mjlog__era_rules). */
#define MJLOG_ERA_GEN_A    0x1u /* a generation A wall seed (INIT shuffle, 2009) */
#define MJLOG_ERA_OWARI    0x2u /* the game has owari */
#define MJLOG_ERA_EXACT    0x4u /* some owari result has a non-zero decimal */
#define MJLOG_ERA_INTEGERS 0x8u /* every owari result is an integer */

/*
 * The rule overrides Tenhou's readers derive from the era (mjlog_header.c, spec §6, §8) of a
 * game of GO type TYPE and PLAYERS: from DATE (YYYYMMDD of the log id, 0 when unknown) and
 * what the content says (ERA bits), each passed to ADD as paifu_mjlog__type_rules does.
 */
int paifu_mjlog__era_rules(unsigned type, int players, unsigned era, uint32_t date,
                           int (*add)(void *payload, const char *key, const char *value),
                           void *payload);

/*
 * The date (YYYYMMDD) of the Tenhou log id TEXT begins with ("2009082713gm-00e1-0000-8820f355":
 * the hour, "gm-", the lobby and type, ...), or of the file name a path ends with; 0 when it
 * is no log id.
 */
uint32_t paifu_tenhou__log_date(const char *text);
uint32_t paifu_tenhou__path_date(const char *path);
/* The date (YYYYMMDD) of a PAIFU_META_DATE text ("2009-08-27..."), 0 when it is none. */
uint32_t paifu_tenhou__meta_date(const char *text);

/* DATE (YYYYMMDD) and the hour as PAIFU_META_DATE's text ("2009-08-27T13"). */
void paifu_tenhou__date_text(char *buf, size_t size, const char *log_id);

/* The writer (the format row of mjlog_read.c). */
extern const format_writer paifu_mjlog__writer;

#endif

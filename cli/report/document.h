/*
 * document.h: the document `paifu report` writes: its standings, games, deal rows, findings in
 * words and the players' own sections, gathered once by this folder (collect.c, standings.c,
 * players.c; README.md maps it) and rendered by one writer per format (../report_text.c,
 * ../report_html.c, ../report_md.c, ../report_csv.c, ../report_json.c), which only render it.
 * Everything here is owned by the document: games are read one after another and what a table
 * needs is copied out before the reader moves on.
 */
#ifndef PAIFU_CLI_REPORT_H
#define PAIFU_CLI_REPORT_H

#include "../cli.h"
#include "../tables.h"

/* One outcome of a deal (a deal with a double ron has two rows). */
typedef struct rep_row {
    size_t deal;          /* 1-based deal number within the game */
    char label[16];       /* "E2-1" */
    int dealer;
    char outcome[32];     /* "ron", "tsumo", "exhaustive draw", "chombo", ... */
    int winner, payer;    /* seats, -1 none (tsumo: payer -1, every other seat pays) */
    int han, fu;          /* -1 not recorded */
    int32_t points;       /* the hand's value as recorded; INT32_MIN not recorded */
    char yaku[256];
    bool has_delta;
    int32_t delta[PAIFU_SEATS];    /* the whole change of each seat's score over the row: the
                                      payments and the riichi deposits made before it, so that
                                      the scores before + delta = the scores after */
    bool has_deposits;
    int32_t deposits[PAIFU_SEATS]; /* the riichi deposits in it (paifu_settled_row_deposits) */
    int32_t scores[PAIFU_SEATS]; /* running scores after the row */
    bool scores_known;
    /* marks of the settled view: computed by paifu because the log does not record them */
    bool delta_computed;  /* the payments (a score sheet's: from han, fu and the rule set) */
    bool points_computed; /* the hand's value */
    bool label_computed;  /* label and dealer (a score sheet names no round) */
    char note[256];
} rep_row;

typedef struct rep_finding {
    paifu_finding f;
    char rule[512];  /* public citation */
    size_t deal;     /* 1-based deal within the game, 0 none */
    bool result_only; /* its deal records results, no tiles (a score sheet): no event shown */
    int seats[PAIFU_SEATS]; /* the seats it concerns (paifu_report_finding_seats) */
    int n_seats;
    paifu_table_state *state; /* a tile log's table just before the event, or NULL */
    char event[96];           /* the event itself, in words ("李明: discard 9m") */
    /* a fu finding (score.fu): the replay's fu of the hand, term by term
       (paifu_report_win_result), n_fu_parts 0 when the replay did not score it */
    paifu_fu_part fu_parts[PAIFU_MAX_FU_PARTS];
    int n_fu_parts;
    int fu_raw, fu, fu_wait;
} rep_finding;

typedef struct rep_game {
    size_t number;     /* 1-based over the report; the anchor is "game-NUMBER" */
    size_t in_file;    /* 1-based within its file */
    char *file;        /* relative: as given, to the current directory or to the folder given */
    char date[40];     /* when it was played, as the log says (PAIFU_META_DATE), "" unknown */
    char table[40];    /* the table's name or number when the log gives one, "" none */
    char format[32];
    int players;
    char *names[PAIFU_SEATS];
    cli_rules_info rules;
    bool mcr;          /* scores are MCR points (no ±x.y) */
    bool has_points;
    bool has_final;           /* final scores known (none where the rule set scores another table) */
    int32_t points[PAIFU_SEATS];
    int32_t final[PAIFU_SEATS]; /* the scores the standings count: under the options' rule set
                                   (--rules), that rule set's from the final points whatever
                                   the log recorded; else the log's (recorded, or computed) */
    bool has_penalties;         /* penalties taken off after uma (a chombo, a fine) ... */
    int32_t penalties[PAIFU_SEATS]; /* ... these, positive points (the settled view's) */
    bool has_recorded_final;    /* the log records final scores ... */
    int32_t recorded_final[PAIFU_SEATS]; /* ... these: a fact of the log, shown beside `final` */
    int place12[PAIFU_SEATS]; /* places x 12 (shared places) */
    bool points_computed;     /* the log records no final points: the walk's (see note) */
    bool final_computed;      /* the final scores are the rule set's from the points */
    char result_note[240];    /* how the result was settled, "" when recorded */
    char unscored[200];       /* why the game cannot be scored ("" when it can) */
    size_t standings_table;   /* 1-based index of its standings table, 0 none */
    rep_row *rows;
    size_t n_rows;
    /* the chart: scores at the start of every deal, then the final points */
    int32_t (*chart)[PAIFU_SEATS];
    size_t n_chart;
    rep_finding *findings;
    size_t n_findings;
    uint64_t findings_total; /* counted, some perhaps beyond max_findings */
    char *viewer;      /* the deal viewer's data (report_viewer.c), NULL none */
} rep_game;

typedef struct rep_standing {
    char *name;
    int rank, games;
    int64_t total, points;
    int avg_place_hundredths; /* sanctions included; average_place standings only */
    int64_t table_points_x12; /* table_points standings: summed table points, x 12 */
    int32_t best, worst;
    size_t first_game;        /* the number of the player's first game (a link) */
    size_t section;           /* the player's section: 1 + their place among the ranked
                                 players (rep_ranked_players), the same in every table */
} rep_standing;

/* One standings table: the games of one rule set, one number of players and one method
   (games of different rule sets are never ranked together). */
typedef struct rep_standings {
    rep_standing *rows;
    size_t n;
    char method[32];
    cli_rules_info rules;
    char rules_name[64]; /* paifu_rules_name */
    char name[160];      /* as a person names the rule set: its documents' citation names
                            ("RRC 2024"; "Tenhou's rules"), "/"-joined when games of several
                            documents score alike */
    char scoring[256];   /* its scoring identity in words (paifu_rules_scoring_text) */
    char apart[160];     /* what tells it from a table of the same name and players (its parts
                            of `scoring` the other has not: "uma +10,000/+5,000/..."), "" */
    int players;
    bool mcr;
    size_t games;        /* games ranked in it */
} rep_standings;

/* A game listed under the standings instead of in them. */
typedef struct rep_unranked {
    size_t game; /* its number */
    char reason[200];
} rep_unranked;

typedef struct rep_doc {
    rep_game *games;
    size_t n_games, cap;
    /* the table a writer renders (rep_standings_select): a copy of tables[table] */
    rep_standing *standings;
    size_t n_standings;
    char method[32];          /* the rules' standings parameter */
    cli_rules_info rules;     /* the rule set the standings are computed under */
    bool mcr;
    size_t table;             /* the index of that table in `tables` */
    bool one_table;           /* set by rep_standings_select: the standings grid is that table;
                                 else, with several tables, one grid of them all whose first
                                 column names each row's table (--table standings, CSV) */
    rep_standings *tables;    /* every standings table, one per rule set, players and method */
    size_t n_tables;
    rep_unranked *unranked;   /* games in no standings table, with the reason */
    size_t n_unranked;
    tab_names player_names;   /* input: --player-names GAME:SEAT=NAME */
    size_t files, unreadable;
    uint64_t findings;
    char **errors;            /* files that could not be read, as printed */
    size_t n_errors;
    tab_stats *stats;         /* per-player statistics (paifu stats), NULL without memory */
    const cli_skips *skips;   /* files the walk left out, named (borrowed) */
    const char *const *sanctions; /* input: --sanction NAME=PLACES, added before ranking */
    const char *title;        /* input: --title, NULL the default ("Audit report") */
    size_t n_sanctions;
    bool no_viewer;           /* input: --no-viewer, the HTML report without the deal viewer */
} rep_doc;

/* A copy of DOC whose standings fields (standings, method, rules, mcr, table) are those of
   table K: what the writers render as "the" standings, one table after another. */
rep_doc rep_standings_select(const rep_doc *doc, size_t k);
/* "RRC 2024, 4 players": a standings table's title, its rule set as a person names it. */
void rep_standings_title(char *buf, size_t size, const rep_standings *t);
/* Its footnote: the full scoring parameters, the games and who named the rule set ("4 players,
   start 30,000, return 30,000, oka 0, uma +15,000/+5,000/-5,000/-15,000, ranked by the sum of
   final scores; 8 games; the rule set chosen by the options"). */
void rep_standings_note(char *buf, size_t size, const rep_standings *t);
/* A player's standing in words, for their own section, from the standings tables themselves:
   "Rank 3 of 15 in RRC 2024, 4 players: 2 games, total +24.4" ("; "-joined over the tables
   the player is ranked in), "Not in the standings" when in none. Returns the games ranked. */
size_t rep_player_standing_text(char *buf, size_t size, const rep_doc *doc, const char *name);

/* Parse --sanction's NAME=PLACES ("Yuri=0.25": 25 hundredths of a place, JHC 2016 §8.3.2) into
   NAME (SIZE bytes) and *HUNDREDTHS. False when ARG is not of that form. */
bool rep_parse_sanction(const char *arg, char *name, size_t size, int32_t *hundredths);

/* Read every input, verify every game and rank the players. Errors are printed and counted. */
int rep_collect(rep_doc *doc, const cli_inputs *in, const cli_rules_opts *ro,
                const paifu_read_options *ropts, uint32_t max_findings);
void rep_free(rep_doc *doc);

/* Tables a writer may restrict itself to (CSV: exactly one). */
typedef enum rep_table {
    REP_ALL = 0,
    REP_STANDINGS,
    REP_GAMES,
    REP_DEALS,
    REP_FINDINGS,
    REP_STATS /* the per-player statistics (HTML's section; not a --table) */
} rep_table;

/* A table as cells, the same for every writer (grids.c). */
#define REP_MAX_COLS 24
typedef struct rep_cell {
    char *text;
    char *href; /* a link (HTML, Markdown), NULL none */
} rep_cell;

typedef struct rep_grid {
    char id[32];      /* "standings", "game-3-deals", ... */
    char caption[800]; /* a standings table names its rule set whole */
    int cols;
    char *head[REP_MAX_COLS];
    bool right[REP_MAX_COLS]; /* numbers: aligned right */
    rep_cell *cells;  /* rows x cols */
    size_t rows, cap;
    bool plain;       /* numbers as a program reads them (CSV): 26000, -9.2, 1000 */
    bool stats_kinds; /* the statistics: players of more than one kind of game */
} rep_grid;

/* Build table WHICH (REP_STANDINGS ... REP_FINDINGS) of the document; GAME restricts it to one
   game (and drops the game columns), NULL for every game. */
void rep_grid_build(rep_grid *t, const rep_doc *doc, rep_table which, const rep_game *game);
/* The same with plain numbers (CSV): points as integers, scores as decimals with a dot, no sign
   for positives, no thousands separators, rates as fractions, nothing for "not defined". */
void rep_grid_build_plain(rep_grid *t, const rep_doc *doc, rep_table which, const rep_game *game);
void rep_grid_free(rep_grid *t);

void rep_write_text(FILE *o, const rep_doc *doc, rep_table only);
void rep_write_markdown(FILE *o, const rep_doc *doc, rep_table only);
void rep_write_html(FILE *o, const rep_doc *doc, rep_table only);
void rep_write_csv(FILE *o, const rep_doc *doc, rep_table only);
void rep_write_json(FILE *o, const rep_doc *doc, rep_table only);

/* The table at a finding's event as text lines (../report_text.c). */
void rep_write_state(FILE *o, const rep_game *g, const rep_finding *f, const char *indent);
/* A meld as words and notation ("pon 555z", "closed kan 1111m", "flower 1f"). */
void rep_meld_text(char *buf, size_t size, const paifu_state_meld *m);
/* A seat's melds, " "-joined, or its discards / hand in notation. */
void rep_melds_text(char *buf, size_t size, const paifu_table_state *s, int seat);
void rep_discards_text(char *buf, size_t size, const paifu_table_state *s, int seat);

/* ---- shared by the writers (words.c, players.c) ---- */

/* A score in the rule set's convention: "+24.0" (thousands, riichi final scores) or "24"
   (MCR points). */
void rep_score(char *buf, size_t size, int64_t points, bool mcr);
/* Raw points with their thousands ("33,000"). */
void rep_points(char *buf, size_t size, int64_t points);
/* A place x 12 as text ("1", "2.5"). */
void rep_place(char *buf, size_t size, int place12);
/* PATH (an input, or a file found below the operand at PATH + BELOW) as the report shows it:
   never absolute. A relative path stays as given; an absolute one below the current directory
   becomes relative to it, any other is shown from the operand (the walked folder's part, or the
   base name). */
void rep_display_path(char *buf, size_t size, const char *path, size_t below);
/* The document's title (--title, else "Audit report"). */
const char *rep_title(const rep_doc *doc);
/* A game's heading: "Anna, Boris, Chen, Dana · 2024-05-01 · table 3" (what the log gives). */
void rep_game_heading(char *buf, size_t size, const rep_game *g);
/* A fu finding's breakdown in words ("20 base + 10 closed ron + 8 closed triplet 1z + 2 kanchan
   wait = 40"); "" without one. */
void rep_fu_text(char *buf, size_t size, const rep_finding *f);
/* One term of it ("8 closed triplet 1z"). */
void rep_fu_part_text(char *buf, size_t size, const paifu_fu_part *p, int wait);
/* Every seat of every game by the player sitting there: the players' own sections. */
typedef struct rep_seat_ref {
    char *name;         /* rep_name */
    const rep_game *g;
    int seat;
} rep_seat_ref;
/* Every seat of DOC sorted by name, then game: *OUT (rep_seats_free); their number. */
size_t rep_seats_by_player(rep_seat_ref **out, const rep_doc *doc);
/* The first of SEATS (N, sorted) held by NAME, and *COUNT how many; NULL none. */
const rep_seat_ref *rep_seats_find(const rep_seat_ref *seats, size_t n, const char *name,
                                   size_t *count);
void rep_seats_free(rep_seat_ref *seats, size_t n);
/* The ranked players of every standings table, in table and rank order, each once: player K
   (1-based) is the section "player-K"; its standing is that of the first table it is ranked
   in. Returns their number; *NAMES and *ROWS (NULL for no memory) are malloc'd (free both). */
size_t rep_ranked_players(const char ***names, const rep_standing ***rows, const rep_doc *doc);
/* Numbers the ranked players' sections in the order they first appear in the tables (each
   table in rank order): every row's `section`, once the tables are made. */
void rep_number_sections(rep_doc *doc);
/* The findings of game G that name SEAT: their number, *FIRST the index of the first. */
size_t rep_seat_findings(const rep_game *g, int seat, size_t *first);
/* "5 games from 3 files, 2 findings" */
void rep_summary(char *buf, size_t size, const rep_doc *doc);
/* A player's display name ("seat 2" when the log names none). */
const char *rep_name(const rep_game *g, int seat, char *buf, size_t size);
/* The average place in hundredths as text ("2.33"). */
void rep_avg_place(char *buf, size_t size, int hundredths);
/* A row's winner / payer in words ("Anna", "Anna from Dana", "all"). */
void rep_row_players(char *buf, size_t size, const rep_game *g, const rep_row *r);
/* Han and fu as text ("3", "40"; "" not recorded). */
void rep_int_or_blank(char *buf, size_t size, int v);

#endif

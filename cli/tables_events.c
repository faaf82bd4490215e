/*
 * tables_events.c: the events table of `paifu export`: one row per event of every deal, in the
 * deal's order, as the game's reader gives them (the same values Python's Deal.events give).
 * A row is built on the stack and handed to the sink at once: nothing is kept between rows, so
 * an export of any size runs in the memory of one game. doc/export.md defines the columns.
 */
#include "tables.h"

#define C(n, t)                                                                                    \
    {                                                                                              \
        n, t                                                                                       \
    }
const tab_column TAB_EVENT_COLUMNS[TAB_EVENT_NCOLS] = {
    C("game_id", 'i'), C("deal", 'i'),     C("event_index", 'i'), C("seat", 'i'),
    C("type", 't'),    C("tile", 't'),     C("tsumogiri", 'i'),   C("riichi", 'i'),
    C("tiles", 't'),   C("from_seat", 'i')};
#undef C

static tab_cell cell_int(long long v)
{
    return (tab_cell){'i', v, 0, NULL};
}

static tab_cell cell_text(const char *s)
{
    return s ? (tab_cell){'t', 0, 0, s} : (tab_cell){0, 0, 0, NULL};
}

int tab_events(const paifu_game *g, const tab_game_info *info, tab_row_fn fn, void *ctx)
{
    size_t n_deals = paifu_game_deal_count(g);
    for (size_t di = 0; di < n_deals; di++) {
        const paifu_deal *d = paifu_game_deal(g, di);
        for (size_t e = 0; e < d->n_events; e++) {
            const paifu_event *ev = &d->events[e];
            char tile[4], tiles[32];
            const char *type = paifu_event_type_name((paifu_event_type)ev->type);
            tab_cell c[TAB_EVENT_NCOLS];
            size_t k = 0;
            c[k++] = cell_int(info->id);
            c[k++] = cell_int((long long)di + 1);
            c[k++] = cell_int((long long)e);
            c[k++] = ev->seat >= 0 ? cell_int(ev->seat) : cell_text(NULL);
            c[k++] = cell_text(type ? type : "?");
            c[k++] =
                cell_text(ev->tile == PAIFU_TILE_NONE ? NULL : paifu_tile_name(tile, ev->tile));
            c[k++] = ev->flags & PAIFU_EVF_TSUMOGIRI_KNOWN
                         ? cell_int((ev->flags & PAIFU_EVF_TSUMOGIRI) != 0)
                         : cell_text(NULL);
            c[k++] = cell_int((ev->flags & PAIFU_EVF_RIICHI) != 0);
            size_t n = ev->n < 4 ? ev->n : 4;
            if (n)
                paifu_tile_format(tiles, sizeof(tiles), ev->tiles, n);
            c[k++] = cell_text(n ? tiles : NULL);
            c[k++] = ev->from >= 0 ? cell_int(ev->from) : cell_text(NULL);
            int rc = fn(ctx, TAB_EVENTS, c);
            if (rc)
                return rc;
        }
    }
    return 0;
}

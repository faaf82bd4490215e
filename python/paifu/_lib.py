"""ctypes mirror of libpaifu's public C API (lib/include/paifu/*.h) and the library loader.

Internal module: the structures here follow the C headers field by field; the rest of the
package turns them into plain Python values. Nothing outside this module touches ctypes
pointers into the library.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from ctypes import (POINTER, Structure, c_bool, c_char, c_char_p, c_int, c_int8, c_int16,
                    c_int32, c_int64, c_size_t, c_uint, c_uint8, c_uint16, c_uint32, c_uint64,
                    c_void_p)
from typing import Optional

SEATS = 4
MAX_INDICATORS = 5
MAX_YAKU = 24
MAX_HAND = 14
TILE_NONE = 0xFF
TILE_ID_NONE = 0xFF

# ---- error.h ----


class Location(Structure):
    _fields_ = [("source", c_char * 256), ("line", c_uint32), ("column", c_uint32),
                ("offset", c_uint64), ("path", c_char * 96), ("game", c_int32),
                ("deal", c_char * 16), ("event", c_int32)]


class Error(Structure):
    _fields_ = [("code", c_int), ("where", Location), ("text", c_char * 200)]


# ---- io.h ----


class ReadOptions(Structure):
    _fields_ = [("version", c_uint), ("format", c_char_p), ("source_name", c_char_p),
                ("max_input", c_uint64), ("max_inflated", c_uint64), ("max_events", c_uint32),
                ("max_deals", c_uint32), ("max_members", c_uint32), ("players", c_uint8),
                ("length", c_uint8), ("no_wall", c_uint8)]


class FormatInfo(Structure):
    _fields_ = [("name", c_char_p), ("description", c_char_p), ("can_read", c_bool),
                ("can_write", c_bool), ("carries", c_uint), ("extension", c_char_p)]


WRITE_CB = ctypes.CFUNCTYPE(c_int, c_void_p, c_size_t, c_void_p)
LOSS_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)


LOSS_KIND_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_char_p, c_void_p)


FILLED_CB = ctypes.CFUNCTYPE(None, c_void_p, c_char_p, c_void_p)


class WriteOptions(Structure):
    _fields_ = [("version", c_uint), ("strict", c_bool), ("pretty", c_bool),
                ("on_loss", LOSS_CB), ("loss_payload", c_void_p),
                ("allow_loss", c_char_p), ("on_loss_kind", LOSS_KIND_CB),
                ("fill", c_bool), ("on_filled", FILLED_CB)]


class FillCounts(Structure):
    _fields_ = [("yaku", ctypes.c_uint32), ("han", ctypes.c_uint32), ("fu", ctypes.c_uint32),
                ("points", ctypes.c_uint32), ("unscored", ctypes.c_uint32)]


# ---- the table at an event (game.h) ----

STATE_HAND, STATE_MELDS, STATE_DISCARDS, MAX_INDICATORS = 18, 12, 40, 5


class StateMeld(Structure):
    _fields_ = [("type", ctypes.c_uint8), ("from_", ctypes.c_int8), ("n", ctypes.c_uint8),
                ("tiles", ctypes.c_uint8 * 4)]


class StateDiscard(Structure):
    _fields_ = [("tile", ctypes.c_uint8), ("flags", ctypes.c_uint8)]


class TableState(Structure):
    _fields_ = [("n_hand", ctypes.c_uint8 * 4), ("hand", (ctypes.c_uint8 * STATE_HAND) * 4),
                ("n_melds", ctypes.c_uint8 * 4), ("melds", (StateMeld * STATE_MELDS) * 4),
                ("n_discards", ctypes.c_uint8 * 4),
                ("discards", (StateDiscard * STATE_DISCARDS) * 4),
                ("n_dora", ctypes.c_uint8), ("dora", ctypes.c_uint8 * MAX_INDICATORS)]


class TableWalk(Structure):
    _fields_ = [("state", TableState), ("event", c_size_t), ("wall_left", c_int32),
                ("scores_known", c_bool), ("scores", c_int32 * 4), ("riichi_sticks", c_int32),
                ("riichi", ctypes.c_uint8), ("changed", ctypes.c_uint8), ("deal", c_void_p)]


# ---- table.h ----


class TableColumn(Structure):
    _fields_ = [("name", c_char_p), ("type", ctypes.c_char), ("values", c_char_p)]


class Cell(Structure):
    _fields_ = [("kind", ctypes.c_char), ("i", ctypes.c_longlong), ("r", ctypes.c_double),
                ("s", c_char_p)]


class TableGame(Structure):
    _fields_ = [("id", ctypes.c_longlong), ("source", c_char_p), ("format", c_char_p),
                ("origin", c_char_p), ("findings", ctypes.c_longlong), ("verified", c_void_p),
                ("settled", c_void_p), ("names", c_char_p * 4)]


TABLE_ROW_CB = ctypes.CFUNCTYPE(c_int, c_int, POINTER(Cell), c_void_p)


# ---- rules.h ----


class RulesChoice(Structure):
    _fields_ = [("version", c_uint), ("preset", c_char_p), ("rules", c_void_p),
                ("assignments", POINTER(c_char_p)), ("n_assignments", c_size_t),
                ("fallback", c_char_p)]


class RuleParamInfo(Structure):
    _fields_ = [("name", c_char_p), ("group", c_char_p), ("type", c_int), ("values", c_char_p),
                ("doc", c_char_p), ("source", c_char_p), ("fact", c_int)]


class RuleCheck(Structure):
    _fields_ = [("clause", c_char_p), ("rule", c_char_p), ("status", c_int),
                ("params", c_char_p), ("findings", c_char_p)]


# ---- mcr.h ----


class McrFanInfo(Structure):
    _fields_ = [("id", c_uint8), ("points", c_uint8), ("repeatable", c_bool), ("name", c_char_p),
                ("english", c_char_p), ("chinese", c_char_p)]


class McrMeld(Structure):
    _fields_ = [("type", c_uint8), ("concealed", c_bool), ("tile", c_uint8), ("reserved", c_uint8)]


class McrHand(Structure):
    _fields_ = [("n_melds", c_uint8), ("melds", McrMeld * 4), ("n_tiles", c_uint8),
                ("tiles", c_uint8 * 13), ("win_tile", c_uint8)]


class McrSituation(Structure):
    _fields_ = [("win_by", c_uint8), ("flags", c_uint8), ("seat_wind", c_uint8),
                ("prevalent_wind", c_uint8), ("flowers", c_uint8)]


class McrFanValue(Structure):
    _fields_ = [("id", c_uint8), ("count", c_uint8), ("points", c_int16)]


class McrResult(Structure):
    _fields_ = [("complete", c_bool), ("legal", c_bool), ("shape", c_uint8), ("n_fans", c_uint8),
                ("fan_points", c_int32), ("flower_points", c_int32), ("total", c_int32),
                ("fans", McrFanValue * 32)]


class McrOffenceInfo(Structure):
    _fields_ = [("name", c_char_p), ("bars_win", c_bool), ("escalating", c_bool),
                ("transferred", c_bool), ("source", c_char_p)]


class McrPenaltyCase(Structure):
    _fields_ = [("offence", c_uint8), ("offender", c_int8), ("victim", c_int8),
                ("reserved", c_uint8), ("n", c_int32)]


class McrPlacement(Structure):
    _fields_ = [("place", c_uint8 * SEATS), ("table_points", c_int32 * SEATS)]


class McrTable(Structure):
    _fields_ = [("players", c_char_p * SEATS), ("totals", c_int32 * SEATS)]


class McrStanding(Structure):
    _fields_ = [("player", c_char_p), ("table_points", c_int32), ("total", c_int32),
                ("tables", c_uint32), ("rank", c_uint32)]


# ---- game.h ----


class Event(Structure):
    _fields_ = [("type", c_uint8), ("seat", c_int8), ("from_", c_int8), ("flags", c_uint8),
                ("tile", c_uint8), ("tile_id", c_uint8), ("n", c_uint8), ("reserved", c_uint8),
                ("tiles", c_uint8 * 4), ("ids", c_uint8 * 4), ("detail", c_int32),
                ("line", c_uint32), ("column", c_uint32)]


EVENT_STRUCT = "<BbbBBBBB4s4siII"  # struct module layout of Event (28 bytes, no padding)


class YakuValue(Structure):
    _fields_ = [("id", c_uint16), ("han", c_int16), ("count", c_uint8), ("reserved", c_uint8),
                ("name", c_char_p)]


class Win(Structure):
    _fields_ = [("winner", c_int8), ("from_", c_int8), ("pao", c_int8), ("limit", c_uint8),
                ("known", c_uint16), ("win_tile", c_uint8), ("win_tile_id", c_uint8),
                ("n_hand", c_uint8), ("hand", c_uint8 * MAX_HAND),
                ("hand_ids", c_uint8 * MAX_HAND), ("n_dora", c_uint8), ("n_ura", c_uint8),
                ("dora", c_uint8 * MAX_INDICATORS), ("ura", c_uint8 * MAX_INDICATORS),
                ("dora_ids", c_uint8 * MAX_INDICATORS), ("ura_ids", c_uint8 * MAX_INDICATORS),
                ("n_yaku", c_uint8), ("yakuman", c_uint8), ("han", c_int16), ("fu", c_int16),
                ("honba", c_int16), ("riichi_sticks", c_int16), ("points", c_int32),
                ("payment_nondealer", c_int32), ("payment_dealer", c_int32),
                ("deltas", c_int32 * SEATS), ("scores_before", c_int32 * SEATS),
                ("yaku", YakuValue * MAX_YAKU), ("computed", c_uint16)]


class Draw(Structure):
    _fields_ = [("kind", c_uint8), ("seat", c_int8), ("known", c_uint16), ("tenpai", c_uint8),
                ("nagashi", c_uint8), ("shown", c_uint8), ("n_hand", c_uint8 * SEATS),
                ("hands", (c_uint8 * MAX_HAND) * SEATS),
                ("hand_ids", (c_uint8 * MAX_HAND) * SEATS), ("honba", c_int16),
                ("riichi_sticks", c_int16), ("deltas", c_int32 * SEATS),
                ("scores_before", c_int32 * SEATS)]


class Penalty(Structure):
    _fields_ = [("kind", c_uint8), ("timing", c_uint8), ("seat", c_int8), ("has_deltas", c_uint8),
                ("amount", c_int32), ("deltas", c_int32 * SEATS), ("note", c_char_p)]


class WallLayout(Structure):
    _fields_ = [("live_start", c_uint8), ("live_end", c_uint8), ("n_dora", c_uint8),
                ("n_replacement", c_uint8), ("dora", c_uint8 * MAX_INDICATORS),
                ("ura", c_uint8 * MAX_INDICATORS), ("replacement", c_uint8 * 8)]


class DealStart(Structure):
    _fields_ = [("round_wind", c_uint8), ("hand_number", c_uint8), ("dealer", c_int8),
                ("flags", c_uint8), ("honba", c_int16), ("riichi_sticks", c_int16),
                ("scores", c_int32 * SEATS), ("dora_indicator", c_uint8),
                ("dora_indicator_id", c_uint8), ("dice", c_uint8 * 2),
                ("n_hand", c_uint8 * SEATS), ("hands", (c_uint8 * MAX_HAND) * SEATS),
                ("hand_ids", (c_uint8 * MAX_HAND) * SEATS), ("n_wall", c_uint16),
                ("wall_ids", c_void_p), ("wall", c_void_p), ("wall_layout", WallLayout)]


class Deal(Structure):
    _fields_ = [("start", DealStart), ("flags", c_uint32), ("events", c_void_p),
                ("n_events", c_size_t), ("wins", POINTER(Win)), ("n_wins", c_size_t),
                ("draws", POINTER(Draw)), ("n_draws", c_size_t),
                ("penalties", POINTER(Penalty)), ("n_penalties", c_size_t),
                ("score_rows", POINTER(c_int32 * SEATS)), ("n_score_rows", c_size_t),
                ("line", c_uint32), ("column", c_uint32)]


class Player(Structure):
    _fields_ = [("name", c_char_p)]


class GameResult(Structure):
    _fields_ = [("has_points", c_bool), ("has_final", c_bool), ("points", c_int32 * SEATS),
                ("final", c_int32 * SEATS)]


class Meta(Structure):
    _fields_ = [("key", c_char_p), ("value", c_char_p)]


# ---- verify.h ----


class Finding(Structure):
    _fields_ = [("code", c_char_p), ("severity", c_int), ("where", Location),
                ("message", c_char * 200), ("expected", c_char * 96), ("recorded", c_char * 96),
                ("rule_ref", c_char_p)]


# ---- settled.h: the settled view of a game ----


class SettledDeal(Structure):
    _fields_ = [("deal", c_uint32), ("round_wind", c_uint8), ("hand_number", c_uint8),
                ("dealer", c_int8), ("honba", c_int16), ("riichi_sticks", c_int16),
                ("scores_known", c_bool), ("scores", c_int32 * SEATS), ("label", c_char * 16),
                ("marks", c_uint), ("first_row", c_uint32), ("n_rows", c_uint32)]


class SettledRow(Structure):
    _fields_ = [("deal", c_uint32), ("event", c_uint32), ("detail", c_uint32),
                ("kind", c_uint8), ("draw_kind", c_uint8), ("penalty_kind", c_uint8),
                ("seat", c_int8), ("from_", c_int8), ("liable", c_int8), ("han", c_int16),
                ("fu", c_int16), ("yakuman", c_uint8), ("limit", c_uint8), ("points", c_int32),
                ("honba", c_int16), ("sticks", c_int32), ("tenpai", c_uint), ("paid", c_bool),
                ("deltas", c_int32 * SEATS), ("scores_known", c_bool),
                ("scores_after", c_int32 * SEATS), ("marks", c_uint)]


class SettledResult(Structure):
    _fields_ = [("has_points", c_bool), ("points", c_int32 * SEATS), ("has_final", c_bool),
                ("final", c_int32 * SEATS), ("place12", c_int * SEATS),
                ("penalties", c_int32 * SEATS), ("marks", c_uint), ("reason", c_char * 160)]


class FindingCodeInfo(Structure):
    _fields_ = [("code", c_char_p), ("severity", c_int), ("meaning", c_char_p)]


class VerifyStats(Structure):
    _fields_ = [("games", c_uint64), ("deals", c_uint64), ("events", c_uint64),
                ("wins", c_uint64), ("draws", c_uint64), ("findings", c_uint64),
                ("wins_scored", c_uint64)]


class VerifyOptions(Structure):
    _fields_ = [("version", c_uint), ("source_name", c_char_p), ("game_index", c_int32),
                ("max_findings", c_uint32)]


# ---- hand.h, score.h ----


class Meld(Structure):
    _fields_ = [("type", c_uint8), ("from_", c_uint8), ("called", c_uint8), ("n", c_uint8),
                ("tiles", c_uint8 * 4)]


class Hand(Structure):
    _fields_ = [("counts", c_uint8 * 34), ("red", c_uint8 * 3), ("n_closed", c_uint8),
                ("n_melds", c_uint8), ("kita", c_uint8), ("melds", Meld * 4)]


class Set(Structure):
    _fields_ = [("type", c_uint8), ("kind", c_uint8), ("meld", c_int8), ("reserved", c_uint8)]


class Reading(Structure):
    _fields_ = [("form", c_uint8), ("n_sets", c_uint8), ("pair", c_uint8),
                ("reserved", c_uint8), ("sets", Set * 4), ("pairs", c_uint8 * 7)]


class Situation(Structure):
    _fields_ = [("win_tile", c_uint8), ("round_wind", c_uint8), ("seat_wind", c_uint8),
                ("n_dora", c_uint8), ("n_ura", c_uint8), ("honba", c_int16),
                ("reserved", c_uint16), ("flags", c_uint), ("dora", c_uint8 * MAX_INDICATORS),
                ("ura", c_uint8 * MAX_INDICATORS)]


class FuPart(Structure):
    _fields_ = [("what", c_uint8), ("fu", c_uint8), ("tile", c_uint8), ("open", c_uint8)]


class Payment(Structure):
    _fields_ = [("base", c_int32), ("ron", c_int32), ("tsumo_dealer", c_int32),
                ("tsumo_nondealer", c_int32)]


class Score(Structure):
    _fields_ = [("status", c_uint8), ("limit", c_uint8), ("yakuman", c_uint8),
                ("n_yaku", c_uint8), ("han", c_int16), ("yaku_han", c_int16), ("fu", c_int16),
                ("fu_raw", c_int16), ("fu_counted", c_bool), ("tsumo", c_bool),
                ("dealer", c_bool), ("dora", c_uint8), ("aka", c_uint8), ("ura", c_uint8),
                ("kita", c_uint8), ("wait", c_uint8), ("win_set", c_uint8),
                ("n_fu_parts", c_uint8), ("pay", Payment), ("total", c_int32),
                ("reading", Reading), ("fu_parts", FuPart * 10), ("yaku", YakuValue * MAX_YAKU)]


class WinResult(Structure):
    _fields_ = [("deal", c_uint32), ("win", c_uint32), ("score", Score)]


# ---- settle.h ----


class Standing(Structure):
    _fields_ = [("name", c_char_p), ("rank", c_int), ("games", c_int), ("total", c_int64),
                ("points", c_int64), ("place_sum", c_int64), ("place_sq_sum", c_int64),
                ("best", c_int32), ("worst", c_int32), ("place_penalty", c_int32),
                ("table_points", c_int64)]


# ---- prototypes ----

P = c_void_p
E = POINTER(Error)
_PROTOTYPES = {
    # common.h, error.h
    "paifu_version": (c_char_p, []),
    "paifu_init": (None, []),
    "paifu_error_code_name": (c_char_p, [c_int]),
    "paifu_location_format": (c_int, [c_char_p, c_size_t, POINTER(Location)]),
    # io.h
    "paifu_format_count": (c_size_t, []),
    "paifu_format": (POINTER(FormatInfo), [c_size_t]),
    "paifu_format_find": (POINTER(FormatInfo), [c_char_p]),
    "paifu_format_detect": (c_char_p, [c_char_p, c_size_t]),
    "paifu_format_detect_file": (c_int, [POINTER(c_char_p), c_char_p, POINTER(ReadOptions), E]),
    "paifu_format_multi_game": (c_bool, [c_char_p]),
    "paifu_reader_open": (c_int, [POINTER(P), c_char_p, POINTER(ReadOptions), E]),
    "paifu_reader_open_buffer": (c_int, [POINTER(P), c_char_p, c_size_t, POINTER(ReadOptions), E]),
    "paifu_reader_next": (c_int, [POINTER(P), P, E]),
    "paifu_reader_format": (c_char_p, [P]),
    "paifu_reader_was_compressed": (c_bool, [P]),
    "paifu_reader_source": (c_char_p, [P]),
    "paifu_reader_members": (c_bool, [P, c_void_p, c_void_p, c_void_p]),
    "paifu_reader_free": (None, [P]),
    "paifu_writer_open": (c_int, [POINTER(P), c_char_p, WRITE_CB, P, POINTER(WriteOptions), E]),
    "paifu_writer_write": (c_int, [P, P, E]),
    "paifu_writer_close": (c_int, [P, E]),
    "paifu_writer_free": (None, [P]),
    "paifu_rules_read_file": (c_int, [POINTER(P), c_char_p, E]),
    # game.h
    "paifu_game_copy": (c_int, [POINTER(P), P, E]),
    "paifu_game_free": (None, [P]),
    "paifu_game_fill_values": (c_int, [P, P, POINTER(FillCounts), E]),
    "paifu_deal_state_at": (c_int, [POINTER(TableState), POINTER(Deal), c_size_t, E]),
    "paifu_table_walk_begin": (c_int, [POINTER(TableWalk), POINTER(Deal), P, E]),
    "paifu_table_walk_next": (c_bool, [POINTER(TableWalk)]),
    "paifu_table_name": (c_char_p, [c_int]),
    "paifu_table_column_count": (c_size_t, [c_int]),
    "paifu_table_column_get": (POINTER(TableColumn), [c_int, c_size_t]),
    "paifu_table_rows": (c_int, [P, P, POINTER(TableGame), c_uint, TABLE_ROW_CB, c_void_p]),
    "paifu_game_players": (c_int, [P]),
    "paifu_game_player": (POINTER(Player), [P, c_int]),
    "paifu_game_source_format": (c_char_p, [P]),
    "paifu_game_rules_name": (c_char_p, [P]),
    "paifu_game_rule_override_count": (c_size_t, [P]),
    "paifu_game_rule_override": (POINTER(Meta), [P, c_size_t]),
    "paifu_game_meta_count": (c_size_t, [P]),
    "paifu_game_meta": (POINTER(Meta), [P, c_size_t]),
    "paifu_game_meta_get": (c_char_p, [P, c_char_p]),
    "paifu_game_set_meta": (c_int, [P, c_char_p, c_char_p, E]),
    "paifu_game_deal_count": (c_size_t, [P]),
    "paifu_game_deal": (POINTER(Deal), [P, c_size_t]),
    "paifu_game_prelude_count": (c_size_t, [P]),
    "paifu_game_prelude": (POINTER(Event), [P, c_size_t]),
    "paifu_game_result_get": (POINTER(GameResult), [P]),
    "paifu_game_truncated": (c_bool, [P]),
    "paifu_deal_label": (c_char_p, [c_char_p, c_size_t, POINTER(DealStart)]),
    "paifu_event_type_name": (c_char_p, [c_int]),
    "paifu_draw_kind_name": (c_char_p, [c_int]),
    "paifu_penalty_kind_name": (c_char_p, [c_int]),
    "paifu_limit_name": (c_char_p, [c_int]),
    # tile.h
    "paifu_tile_name": (c_char_p, [c_char_p, c_uint8]),
    "paifu_tile_parse": (c_int, [POINTER(c_uint8), c_size_t, POINTER(c_size_t), c_char_p, E]),
    "paifu_tile_dora": (c_uint8, [c_uint8, c_bool]),
    # rules.h
    "paifu_rules_preset": (c_int, [POINTER(P), c_char_p, E]),
    "paifu_rules_copy": (c_int, [POINTER(P), P, E]),
    "paifu_rules_free": (None, [P]),
    "paifu_rules_name": (c_char_p, [P]),
    "paifu_rules_override_count": (c_size_t, [P]),
    "paifu_rules_changes": (c_int, [c_char_p, c_size_t, P]),
    "paifu_rules_set": (c_int, [P, c_char_p, c_char_p, E]),
    "paifu_rules_set_assignment": (c_int, [P, c_char_p, E]),
    "paifu_rules_get": (c_int, [c_char_p, c_size_t, P, c_char_p, E]),
    "paifu_rules_param_count": (c_size_t, []),
    "paifu_rules_param": (POINTER(RuleParamInfo), [c_size_t]),
    "paifu_rule_type_name": (c_char_p, [c_int]),
    "paifu_rules_preset_count": (c_size_t, []),
    "paifu_rules_preset_name": (c_char_p, [c_size_t]),
    "paifu_rules_preset_doc": (c_char_p, [c_size_t]),
    # verify.h
    "paifu_finding_code_count": (c_size_t, []),
    "paifu_finding_code": (POINTER(FindingCodeInfo), [c_size_t]),
    "paifu_severity_name": (c_char_p, [c_int]),
    "paifu_report_new": (c_int, [POINTER(P), E]),
    "paifu_report_free": (None, [P]),
    "paifu_report_count": (c_size_t, [P]),
    "paifu_report_finding": (POINTER(Finding), [P, c_size_t]),
    "paifu_report_finding_seats": (c_uint, [P, c_size_t]),
    "paifu_report_stats": (POINTER(VerifyStats), [P]),
    "paifu_report_clear_findings": (None, [P]),
    "paifu_game_rules": (c_int, [POINTER(P), P, c_char_p, E]),
    "paifu_game_rules_resolve": (c_int, [POINTER(P), POINTER(c_int), P, POINTER(RulesChoice),
                                         E]),
    "paifu_rules_origin_name": (c_char_p, [c_int]),
    "paifu_verify_game": (c_int, [P, P, P, POINTER(VerifyOptions), E]),
    # settled.h
    "paifu_game_settle": (c_int, [POINTER(P), P, P, P, POINTER(VerifyOptions), E]),
    "paifu_settled_free": (None, [P]),
    "paifu_settled_deal_count": (c_size_t, [P]),
    "paifu_settled_deal_get": (POINTER(SettledDeal), [P, c_size_t]),
    "paifu_settled_row_count": (c_size_t, [P]),
    "paifu_settled_row_get": (POINTER(SettledRow), [P, c_size_t]),
    "paifu_settled_result_get": (POINTER(SettledResult), [P]),
    # hand.h, score.h, yaku.h
    "paifu_hand_parse": (c_int, [POINTER(Hand), POINTER(c_uint8), c_char_p, E]),
    "paifu_hand_format": (c_size_t, [c_char_p, c_size_t, POINTER(Hand), c_uint8]),
    "paifu_hand_shanten": (c_int, [POINTER(Hand)]),
    "paifu_hand_add": (c_int, [POINTER(Hand), c_uint8, E]),
    "paifu_hand_waits": (c_uint64, [POINTER(Hand)]),
    "paifu_situation_init": (None, [POINTER(Situation)]),
    "paifu_score_hand": (c_int, [POINTER(Score), POINTER(Hand), POINTER(Situation), P, E]),
    "paifu_score_interpretations": (c_int, [POINTER(Score), c_size_t, POINTER(c_size_t),
                                            POINTER(Hand), POINTER(Situation), P, E]),
    "paifu_score_status_name": (c_char_p, [c_int]),
    "paifu_wait_name": (c_char_p, [c_int]),
    "paifu_points_base": (c_int32, [c_int, c_int, P, POINTER(c_int)]),
    "paifu_points_payment": (None, [POINTER(Payment), c_int32, c_bool]),
    "paifu_yaku_name": (c_char_p, [c_uint]),
    "paifu_mcr_fan_name": (c_char_p, [c_uint]),
    "paifu_yaku_from_name": (c_int, [c_char_p]),
    "paifu_yaku_is_yakuman": (c_bool, [c_uint]),
    # game.h: building a game
    "paifu_game_new": (c_int, [POINTER(P), E]),
    "paifu_game_set_players": (c_int, [P, c_int, E]),
    "paifu_game_set_player_name": (c_int, [P, c_int, c_char_p, E]),
    "paifu_game_set_source_format": (c_int, [P, c_char_p, E]),
    "paifu_game_set_rules_name": (c_int, [P, c_char_p, E]),
    "paifu_game_add_rule_override": (c_int, [P, c_char_p, c_char_p, E]),
    "paifu_game_begin_deal": (c_int, [P, POINTER(DealStart), c_uint32, c_uint32, E]),
    "paifu_game_set_deal_result_only": (c_int, [P, E]),
    "paifu_game_add_event": (c_int, [P, POINTER(Event), E]),
    "paifu_game_add_win": (c_int, [P, POINTER(Win), c_uint32, c_uint32, E]),
    "paifu_game_add_draw": (c_int, [P, POINTER(Draw), c_uint32, c_uint32, E]),
    "paifu_game_add_penalty": (c_int, [P, POINTER(Penalty), c_uint32, c_uint32, E]),
    "paifu_game_add_riichi_accepted": (c_int, [P, c_int, c_uint, POINTER(c_int32), c_uint32,
                                               c_uint32, E]),
    "paifu_game_set_result": (None, [P, POINTER(GameResult)]),
    "paifu_game_set_result_location": (None, [P, c_uint32, c_uint32]),
    "paifu_game_set_truncated": (None, [P, c_bool]),
    "paifu_game_set_draw_tenpai": (c_int, [P, c_size_t, c_size_t, c_uint, E]),
    "paifu_game_rules_given": (c_bool, [P]),
    "paifu_game_set_place_sanction": (c_int, [P, c_int, c_int32, E]),
    "paifu_game_set_limits": (None, [P, c_uint32, c_uint32]),
    "paifu_game_place_sanction": (c_int32, [P, c_int]),
    "paifu_game_result_line": (c_uint32, [P, POINTER(c_uint32)]),
    "paifu_event_init": (None, [POINTER(Event), c_int, c_int]),
    "paifu_win_init": (None, [POINTER(Win)]),
    "paifu_draw_init": (None, [POINTER(Draw), c_int]),
    "paifu_deal_start_init": (None, [POINTER(DealStart)]),
    "paifu_rules_live_wall": (c_int32, [P, c_int]),
    # tile.h
    "paifu_tile_parse_one": (c_int, [POINTER(c_uint8), c_char_p, E]),
    "paifu_tile_format": (c_size_t, [c_char_p, c_size_t, POINTER(c_uint8), c_size_t]),
    "paifu_tile_make": (c_uint8, [c_uint, c_bool]),
    "paifu_tile_valid": (c_bool, [c_uint8]),
    # rules.h: scoring identity, what is enforced
    "paifu_rules_scoring_text": (c_int, [c_char_p, c_size_t, P]),
    "paifu_rules_scoring_equal": (c_int, [P, P]),
    "paifu_rules_checks": (c_size_t, [POINTER(POINTER(RuleCheck)), c_char_p]),
    "paifu_rule_check_status_name": (c_char_p, [c_int]),
    # verify.h: numbers as every output writes them
    "paifu_points_text": (c_char_p, [c_char_p, c_size_t, c_int64, c_bool]),
    "paifu_final_score_text": (c_char_p, [c_char_p, c_size_t, c_int64, c_bool]),
    "paifu_finding_code_find": (POINTER(FindingCodeInfo), [c_char_p]),
    # io.h: a folder's files
    "paifu_reader_open_log": (c_int, [POINTER(P), c_char_p, POINTER(ReadOptions),
                                      POINTER(c_char_p), E]),
    # score.h: tenpai at a draw
    "paifu_deal_hands_tenpai": (c_int, [POINTER(c_uint), POINTER(Deal), c_size_t, c_int, P, E]),
    "paifu_deal_draw_tenpai": (c_int, [POINTER(c_uint), POINTER(Deal), c_size_t, c_int, P, E]),
    "paifu_points_possible": (c_bool, [c_int, c_int, c_bool]),
    "paifu_yaku_display_name": (c_char_p, [c_uint]),
    "paifu_yaku_is_dora": (c_bool, [c_uint]),
    # mcr.h
    "paifu_mcr_fan": (POINTER(McrFanInfo), [c_uint]),
    "paifu_mcr_fan_from_name": (c_int, [c_char_p]),
    "paifu_mcr_fan_points": (c_int, [P, c_uint]),
    "paifu_mcr_hand_parse": (c_int, [POINTER(McrHand), c_char_p, E]),
    "paifu_mcr_score_hand": (c_int, [POINTER(McrResult), POINTER(McrHand), POINTER(McrSituation),
                                     P, E]),
    "paifu_mcr_score_hand_as": (c_int, [POINTER(McrResult), POINTER(McrHand),
                                        POINTER(McrSituation), P, POINTER(McrFanValue),
                                        c_size_t, E]),
    "paifu_mcr_is_legal_total": (c_bool, [c_int32, P]),
    "paifu_mcr_settle": (c_int, [POINTER(c_int32), c_int, c_int, c_int32, P, E]),
    "paifu_mcr_siamese_settle": (c_int, [POINTER(c_int32), c_int, c_int, c_int, c_int32, E]),
    "paifu_mcr_offence_get": (POINTER(McrOffenceInfo), [c_uint]),
    "paifu_mcr_penalty_deltas": (c_int, [POINTER(c_int32), POINTER(McrPenaltyCase), P, E]),
    "paifu_mcr_seat_wind": (c_int, [c_int, c_int, P]),
    "paifu_mcr_dealer": (c_int, [c_int, P]),
    "paifu_mcr_place": (c_int, [POINTER(McrPlacement), POINTER(c_int32), P, E]),
    "paifu_mcr_session_totals": (c_int, [POINTER(c_int32), P, P, c_uint, E]),
    "paifu_mcr_standings": (c_int, [POINTER(McrStanding), POINTER(c_size_t), POINTER(McrTable),
                                    c_size_t, P, E]),
    "paifu_hand_is_complete": (c_bool, [POINTER(Hand)]),
    "paifu_hand_readings": (c_int, [POINTER(Reading), c_size_t, POINTER(c_size_t), POINTER(Hand),
                                    E]),
    "paifu_hand_is_closed": (c_bool, [POINTER(Hand)]),
    "paifu_hand_kind_count": (c_uint, [POINTER(Hand), c_uint]),
    "paifu_hand_furiten": (c_bool, [POINTER(Hand), c_uint64]),
    "paifu_hand_riichi_ankan_allowed": (c_bool, [POINTER(Hand), c_uint8, P]),
    "paifu_meld_kuikae_forbidden": (c_uint64, [POINTER(Meld), P]),
    "paifu_meld_type_name": (c_char_p, [c_int]),
    "paifu_hand_tenpai_for_draw": (c_bool, [POINTER(Hand), P, POINTER(Situation)]),
    "paifu_hand_dora_count": (c_uint, [POINTER(Hand), c_uint8, POINTER(c_uint8), c_size_t,
                                       c_bool]),
    "paifu_hand_aka_count": (c_uint, [POINTER(Hand), c_uint8]),
    "paifu_deal_win_hand": (c_int, [POINTER(Hand), POINTER(Situation), POINTER(Deal), c_size_t,
                                    c_int, E]),
    "paifu_report_win_result": (POINTER(WinResult), [P, c_size_t, c_size_t]),
    # settle.h
    "paifu_settle_places": (None, [POINTER(c_int), POINTER(c_int32), c_int, P]),
    "paifu_settle_leftover": (None, [POINTER(c_int32), c_int32, c_int, P]),
    "paifu_settle_oka": (c_int32, [c_int32, c_int32, c_int]),
    "paifu_settle_noten": (None, [POINTER(c_int32), c_uint, c_int, P]),
    "paifu_settle_nagashi": (None, [POINTER(c_int32), c_uint, c_int, c_int]),
    "paifu_settle_chombo_payment": (None, [POINTER(c_int32), c_int, c_int, c_int]),
    "paifu_settle_chombo_penalty": (c_int32, [P]),
    "paifu_settle_fine": (c_int32, [P, c_int, c_int]),
    "paifu_settle_substitute_score": (c_int32, [P]),
    "paifu_settle_wall_break": (c_int, [POINTER(c_int), POINTER(c_int), c_int, c_int, E]),
    "paifu_settle_game_final": (c_int, [POINTER(c_int32), P, P, E]),
    "paifu_standings_add_game": (c_int, [P, POINTER(c_char_p), POINTER(c_int32), POINTER(c_int32),
                                         c_int, E]),
    "paifu_standings_add_place_penalty": (c_int, [P, c_char_p, c_int32, E]),
    "paifu_standings_add_settled": (c_int, [P, P, P, POINTER(c_char_p), E]),
    "paifu_settled_players": (c_int, [P]),
    "paifu_settled_row_deposits": (c_int, [POINTER(c_int32), P, c_size_t]),
    "paifu_settled_leftover": (c_int32, [POINTER(c_int32), P]),
    "paifu_settle_final": (None, [POINTER(c_int32), POINTER(c_int32), POINTER(c_int32), c_int,
                                  P]),
    "paifu_standings_new": (c_int, [POINTER(P), P, E]),
    "paifu_standings_free": (None, [P]),
    "paifu_standings_add_log": (c_int, [P, P, E]),
    "paifu_standings_rank": (c_size_t, [POINTER(POINTER(Standing)), P]),
}

ENV_VAR = "PAIFU_LIBRARY"
_lock = threading.Lock()
_lib: Optional[ctypes.CDLL] = None
_lib_path: Optional[str] = None


def _candidates():
    env = os.environ.get(ENV_VAR)
    if env:
        yield env
        return  # an explicit choice is never second-guessed
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("libpaifu.so", "libpaifu.so.0", "libpaifu.dylib"):
        yield os.path.join(here, name)
    found = ctypes.util.find_library("paifu")
    if found:
        yield found
    yield "libpaifu.so.0"


def load() -> ctypes.CDLL:
    """The C library, loaded once per process: $PAIFU_LIBRARY, else the copy next to this
    package (where `cmake --install` puts it), else the system's (ldconfig, LD_LIBRARY_PATH)."""
    global _lib, _lib_path
    if _lib is not None:
        return _lib
    with _lock:
        if _lib is not None:
            return _lib
        tried = []
        lib = None
        for cand in _candidates():
            if os.sep in cand and not os.path.exists(cand):
                tried.append(cand + " (absent)")
                continue
            try:
                lib = ctypes.CDLL(cand)
                _lib_path = cand
                break
            except OSError as e:
                tried.append("%s (%s)" % (cand, e))
        if lib is None:
            raise ImportError("paifu: cannot load libpaifu; tried " + "; ".join(tried) +
                              ". Set %s to the path of libpaifu.so" % ENV_VAR)
        for name, (res, args) in _PROTOTYPES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        lib.paifu_init()
        _lib = lib
        return lib


def library_path() -> str:
    """Path of the loaded C library."""
    load()
    return _lib_path or ""

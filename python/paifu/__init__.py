"""paifu: read, verify and convert mahjong game records (牌譜) from Python.

A binding of the C library libpaifu through ctypes (no third-party dependency). It reads
Tenhou XML (mjlog), tenhou.net/6 JSON, MahjongSoul JSON, mjai, Pantheon score sheets,
Botzone MCR logs and paifu's own JSON into one model, re-simulates every deal and verifies
it under a rule set, converts between the formats and scores hands.

Reading
    read(source) -> [Game]        a path (a directory: walked), bytes, or a binary stream;
                                  gzip is detected
    games(sources) -> iterator    the games of many inputs, one at a time
    read_game(source) -> Game     the first game
    open(source) -> Reader        a stream of games (for files holding many)
    Game: players, rules_name, rule_overrides, meta, deals, result, truncated, prelude
    Deal: label ("E2-1"), round_wind, dealer, honba, scores, hands, events, wins, draws,
          penalties, score_rows, record(event)
    Event: type ("draw", "discard", "chi", ... "win"), seat, tile ("5m", "0p" red), tiles,
           from_seat, tsumogiri, riichi, line, column

Verifying
    game.verify(rules=None, overrides={...}) -> [Finding]  (code, severity, message,
        expected, recorded, rule, location with file, line, game (from 1), deal, event)
    validate(paths, rules=None) -> Report     as `paifu validate`; .to_dict() = its JSON
    validate_file(path or (name, bytes)) -> FileReport

Converting
    convert(games or source, "tenhou6") -> Conversion(format, data, losses)
    formats(), writers(), detect(bytes), detect_file(path)

Building
    Game.new(players, rules="rrc") then begin_deal(...), add_event(...), add_win(...),
    add_draw(...), add_penalty(...), add_riichi_accepted(...), add_deal(deal), set_result(...);
    game.write("tenhou6"), game.verify()

Rules and scoring
    Rules("rrc", kiriage=True), presets(), rule_params(), finding_codes(), rule_checks(preset),
    Rules.scoring_text(), Rules.live_wall(players)
    mcr_score("123m... +5p", self_draw=True), mcr_fan(id or name)
    score("123m99p13s chi:789s pon:666z +2s", dealer=True, tsumo=False, dora="9m")
    shanten(hand), waits(hand), points(han, fu), standings(games), is_complete, readings,
    tenpai_at_draw, furiten, dora_count, ...; deal.win_hand(i), game.replay_scores()
    places, final_scores, leftover, oka, noten_payments, nagashi_payments, chombo_payment,
    chombo_penalty, fine, substitute_score, wall_break; mcr_settle, mcr_penalty, mcr_place,
    mcr_seating, mcr_standings; game.final_scores(), game.session_totals()

Statistics and scale-out
    deals_table(paths) -> {column: [values]}  (frame=True: a pandas DataFrame)
    events_table(paths) -> {column: [values]} one row per event, as `paifu export`'s events
    paifu.dask: validate, convert and export over a dask.bag of files

Many inputs: read, games, validate, deals_table and paifu.dask's functions take
errors="raise" | "skip" | "collect" with one meaning: raise the first unreadable input's
PaifuError; go on without it; go on and return Collected(results, unreadable), a list of
Unreadable(file, error) beside the results (validate's Report holds them: report.unreadable).
Games and deals are numbered from 1 in every output (Location.game, deals_table's game and
deal, and events in to_dict() and str()); attributes named index count from 0 (Game.index,
Deal.index, Location.event).

Errors raise PaifuError (code, text, location). The C library is found through the
environment variable PAIFU_LIBRARY, then next to this package, then the system's.
"""

from ._core import (CARRIES, FindingCode, FormatInfo, Location, PaifuError, RuleCheck,
                    RuleParam, Rules, TILE_NAMES, detect, detect_file, dora_of, final_score_text,
                    finding_code, finding_codes, format_location, format_tiles, formats,
                    join_tiles, parse_tiles, points_text, presets, rule_checks, rule_params,
                    tile_code, tile_make, tile_name, tile_valid, version, writers, yaku_id,
                    yaku_name)
from ._game import (ERRORS, EVENT_TYPES, Collected, Conversion, Deal, Draw, Event, FileReport,
                    Finding, Game, Loss, Penalty, Reader, Report, STATE_ARRAYS, State,
                    StateDiscard, StateMeld, TILE_CODE_COUNT, TILE_CODES, Unreadable, Win, Yaku,
                    convert, expand_inputs, games, open, open_log, read, read_game, resolve_rules,
                    validate, validate_file)
from ._lib import library_path
from ._score import (McrFan, McrScore, ScoreResult, aka_count, dora_count, furiten, is_closed,
                     is_complete, kind_count, kuikae_forbidden, mcr_fan, mcr_legal_total,
                     mcr_score, meld_type, points, points_possible, readings,
                     riichi_ankan_allowed, score, shanten, standings, tenpai_at_draw, waits,
                     yaku_display_name, yaku_is_dora)
from ._settle import (McrOffence, chombo_payment, chombo_penalty, final_scores, fine, leftover,
                      mcr_offences, mcr_penalty, mcr_place, mcr_seating, mcr_settle,
                      mcr_siamese_settle, mcr_standings, nagashi_payments, noten_payments, oka,
                      places, substitute_score, wall_break)
from ._table import (COLUMNS, EVENT_COLUMNS, TABLES, by_file_columns, deals_table, events_table,
                     games_table,
                     players_table, table_columns, table_dtypes, tables, wins_table)

__version__ = "0.2.0"

__all__ = [
    "State", "StateDiscard", "StateMeld", "STATE_ARRAYS", "TILE_CODE_COUNT", "TILE_CODES", "CARRIES", "COLUMNS", "Collected", "Conversion", "ERRORS", "EVENT_COLUMNS", "Deal", "Draw", "EVENT_TYPES", "Event", "FileReport",
    "Finding", "FindingCode", "FormatInfo", "Game", "Location", "Loss", "PaifuError", "Penalty",
    "Reader", "Report", "RuleParam", "Rules", "ScoreResult", "TILE_NAMES", "Unreadable", "Win", "Yaku",
    "convert", "deals_table", "events_table", "games_table", "players_table", "wins_table",
    "tables", "table_columns", "table_dtypes", "TABLES", "by_file_columns", "detect", "detect_file", "dora_of", "expand_inputs",
    "finding_codes", "format_location", "format_tiles", "formats", "games", "library_path", "open",
    "parse_tiles", "points", "presets", "read", "read_game", "resolve_rules", "rule_params",
    "score", "shanten", "standings", "tile_name", "validate", "validate_file", "version",
    "waits", "writers", "yaku_id", "yaku_name", "RuleCheck", "final_score_text", "finding_code",
    "join_tiles", "points_text", "rule_checks", "tile_code", "tile_make", "tile_valid", "open_log",
    "McrFan", "McrScore", "mcr_fan", "mcr_legal_total", "mcr_score", "points_possible",
    "yaku_display_name", "yaku_is_dora", "McrOffence", "chombo_payment", "chombo_penalty",
    "final_scores", "fine", "leftover", "mcr_offences", "mcr_penalty", "mcr_place",
    "mcr_seating", "mcr_settle", "mcr_siamese_settle", "mcr_standings", "nagashi_payments",
    "noten_payments", "oka", "places", "substitute_score", "wall_break", "aka_count",
    "dora_count", "furiten", "is_closed", "is_complete", "kind_count", "kuikae_forbidden",
    "meld_type", "readings", "riichi_ankan_allowed", "tenpai_at_draw",
]

"""The card game's run report: each side's win rate with 95% Wilson intervals, by matchup of
decks (a deck-against-deck matrix), how games ended, their length, who held each arena turn by
turn, and each card's win rate in the games its side put it into play against the games it did
not. `dejarik sim` prints the summary, `dejarik report` draws it (simpage.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from dejarik.core.protocol import Action, GameState
from dejarik.core.reports import RunReport
from dejarik.core.runs import MAX_TURNS, RecordError, count, one_of, summarize_dir
from dejarik.core.stats import (
    benjamini_hochberg,
    difference_interval,
    pct,
    pct_range,
    rate,
    rounded,
    two_proportion_p,
)
from dejarik.tcg.carddefs import MISSION
from dejarik.tcg.flow import ABILITY, DEPLOY, PLAY
from dejarik.tcg.state import ARENA_NAMES, DARK, LIGHT, TcgState

SIDES = ("dark", "light")
MIN_GAMES = 20      # a card is tested only with at least this many games on each side of the split
NAMED = 4           # the cards offered and never played that the summary names
FDR_Q = 0.05        # the Benjamini-Hochberg false-discovery rate over all card rows


def _end(rec: Mapping[str, Any]) -> str:
    reason = str(rec.get("reason", ""))
    return ("arenas" if "controls" in reason else "deck out" if "empty deck" in reason
            else "turn limit" if "turn limit" in reason else "other")


def summarize(records: Iterable[Mapping[str, Any]], *, min_games: int = MIN_GAMES,
              q: float = FDR_Q) -> dict[str, Any]:
    games: Counter[str] = Counter()
    dark_wins: Counter[str] = Counter()
    draws: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    lengths: dict[str, Counter[int]] = {}
    control: dict[int, Counter[str]] = {}     # turn -> "arena:holder" -> games
    side_games: Counter[tuple[str, str]] = Counter()   # (side, deck) -> games, and wins below
    side_wins: Counter[tuple[str, str]] = Counter()
    card_games: Counter[tuple[str, str, str]] = Counter()   # (side, deck, card)
    card_wins: Counter[tuple[str, str, str]] = Counter()
    offered: Counter[tuple[str, str]] = Counter()   # (side, card) -> games it could be played
    used: Counter[tuple[str, str]] = Counter()      # ... and games it was
    traced = turns = n = 0
    for rec in records:
        key = f"{rec.get('dark')} v {rec.get('light')}"
        end = one_of(rec.get("end"), "end", (*SIDES, "draw"))
        n += 1
        games[key] += 1
        dark_wins[key] += end == "dark"
        draws[key] += end == "draw"
        ends[_end(rec)] += 1
        played = count(rec.get("turns", 0), "turns")
        turns += played
        lengths.setdefault(end, Counter())[played] += 1
        if "control" not in rec:   # a record from before the report traced games
            continue
        traced += 1
        if len(rec["control"]) > MAX_TURNS:
            raise ValueError(f"control: {len(rec['control'])} turns, more than {MAX_TURNS}")
        for turn, held in enumerate(rec["control"], start=1):
            cells = control.setdefault(turn, Counter())
            cells["games"] += 1
            for a, who in enumerate(str(held)[:3]):
                cells[f"{a}:{who}"] += 1
        for side, cards in zip(SIDES, rec["deployed"], strict=True):
            deck = str(rec.get(side))
            won = end == side
            side_games[(side, deck)] += 1
            side_wins[(side, deck)] += won
            for card in set(cards):
                card_games[(side, deck, str(card))] += 1
                card_wins[(side, deck, str(card))] += won
        for side, could, did in zip(SIDES, rec.get("offered", ((), ())), rec.get("used", ((), ())),
                                    strict=True):
            offered.update((side, str(card)) for card in set(could))
            used.update((side, str(card)) for card in set(did))
    if n == 0:
        raise RecordError("no games to summarise")
    rows = []
    for key in sorted(games):
        dark = rate(dark_wins[key], games[key])
        rows.append({"matchup": key, "games": dark["games"], "dark_wins": dark["wins"],
                     "draws": draws[key], "dark_rate": dark["rate"], "ci": dark["ci"]})
    cards = [_card_row(side, deck, card, card_wins[(side, deck, card)], k_n,
                       side_wins[(side, deck)], side_games[(side, deck)], min_games)
             for (side, deck, card), k_n in sorted(card_games.items())]
    tested = [r for r in cards if r["tested"]]
    for r, sig in zip(tested, benjamini_hochberg([r["p"] for r in tested], q), strict=True):
        r["significant"] = sig
    return {"games": n, "matchups": rows, "ends": dict(ends), "mean_turns": round(turns / n, 2),
            "traced": traced,
            "lengths": {e: sorted([t, c] for t, c in counts.items()) for e, counts in lengths.items()},
            "control": [_control_row(turn, cells) for turn, cells in sorted(control.items())],
            "cards": {"rows": sorted(cards, key=lambda r: (r["side"], r["deck"], r["card"])),
                      "min_games": min_games, "q": q, "tested": len(tested),
                      "significant": sum(r["significant"] for r in cards)},
            "use": [{"side": side, "card": card, "offered": k, "used": used[(side, card)]}
                    for (side, card), k in sorted(offered.items())]}


def _control_row(turn: int, cells: Mapping[str, int]) -> dict[str, Any]:
    """Who held each arena at the end of a turn, as shares of the games that reached it."""
    games = cells["games"]
    return {"turn": turn, "games": games,
            **{ARENA_NAMES[a].lower(): {"dark": round(cells[f"{a}:D"] / games, 4),
                                        "light": round(cells[f"{a}:L"] / games, 4)}
               for a in range(3)}}


def _card_row(side: str, deck: str, card: str, k1: int, n1: int, wins: int, games: int,
              min_games: int) -> dict[str, Any]:
    """A side's win rate with a deck in the games it put this card into play, against the games
    it did not, and whether they differ."""
    k2, n2 = wins - k1, games - n1
    tested = n1 >= min_games and n2 >= min_games
    lo, hi = difference_interval(k1, n1, k2, n2)
    return {"side": side, "deck": deck, "card": card, "played": rate(k1, n1),
            "not_played": rate(k2, n2),
            "difference": rounded(k1 / n1 - k2 / n2) if n1 and n2 else None,
            "difference_ci": [rounded(lo), rounded(hi)],
            "p": float(f"{two_proportion_p(k1, n1, k2, n2):.4g}") if tested else None,
            "tested": tested, "significant": False}


def summarize_run(run_dir: Path) -> dict[str, Any]:
    return summarize_dir(run_dir, summarize)


def digest(summary: Mapping[str, Any]) -> list[str]:
    lines = [f"{summary['games']} games; mean length {summary['mean_turns']} turns; ends: "
             + ", ".join(f"{k} {v}" for k, v in sorted(summary["ends"].items()))]
    for r in summary["matchups"]:
        light = r["games"] - r["dark_wins"] - r["draws"]
        lines.append(f"  {r['matchup']}: Dark Side {r['dark_wins']}/{r['games']} "
                     f"{pct(r['dark_rate'])} (95% CI {pct_range(r['ci'])}), "
                     f"Light Side {light}" + (f", no winner {r['draws']}" if r["draws"] else ""))
    use = summary.get("use", [])
    if use:
        never = [f"{r['card']} ({r['side']} side, {r['offered']} games)" for r in use
                 if not r["used"] and r["offered"] >= MIN_GAMES]
        named = ", ".join(never[:NAMED]) + (f" and {len(never) - NAMED} more (`dejarik report` "
                                            f"lists all)" if len(never) > NAMED else "")
        lines.append(f"  cards with something to play: {len(use)}, played in some game: "
                     f"{sum(1 for r in use if r['used'])}; offered in {MIN_GAMES}+ games and never "
                     f"played: {named or 'none'}")
    lines += [f"warning: {x}" for x in summary.get("warnings", [])]
    return lines


class TcgReport(RunReport):
    """A record keeps both decks, which side won and why the game ended, and (traced) who held
    each arena at the end of every turn and the cards each side put into play."""

    draws = True

    def trace(self, state: GameState) -> None:
        _tcg(state).trace = {"control": [], "deployed": [set(), set()],
                             "offered": [set(), set()], "used": [set(), set()]}

    def note_action(self, state: GameState, action: Action) -> None:
        """The cards whose abilities, Battle card or Mission the player to move could play, and
        the one it played: a card offered game after game and never played is one the player
        cannot decide on."""
        s = _tcg(state)
        if s.trace is None:
            return
        p = s.current_player
        offered = s.trace["offered"][p]
        for a in s.legal_actions():
            if _plays_card(s, a):
                offered.add(s.name(a[1]))
        if _plays_card(s, action):
            s.trace["used"][p].add(s.name(action[1]))

    def turns(self, state: GameState) -> int:
        return _tcg(state).turn

    def game_record(self, state: GameState) -> dict[str, Any]:
        """What a simulation record keeps of a game (docs/simulation.md)."""
        s = _tcg(state)
        out = {"end": ("dark" if s.won == DARK else "light" if s.won == LIGHT else "draw"),
               "reason": s.end_reason, "dark": s.config["dark"], "light": s.config["light"]}
        if s.trace is not None:
            out.update({k: s.trace[k] if k == "control" else [sorted(cards) for cards in s.trace[k]]
                        for k in ("control", "deployed", "offered", "used")})
        return out

    def summarize_run(self, run_dir: Path) -> dict[str, Any]:
        return summarize_run(run_dir)

    def digest(self, summary: Mapping[str, Any]) -> list[str]:
        return digest(summary)

    def draw(self, run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
        from dejarik.tcg.simpage import write_report  # matplotlib loads only here

        return write_report(run_dir, out_html)


def _plays_card(s: TcgState, a: Action) -> bool:
    """An ability used, a Battle card played or a Mission completed."""
    return a[0] in (ABILITY, PLAY) or (a[0] == DEPLOY and s.d(a[1]).kind == MISSION)


def _tcg(state: GameState) -> TcgState:
    assert isinstance(state, TcgState)
    return state


REPORT = TcgReport()

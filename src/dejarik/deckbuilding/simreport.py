"""The deckbuilder's run report: who wins, how long games last, and which bases and cards go
with winning, from a run's games.jsonl (one record per game; docs/simulation.md).

The file is read one line at a time into running counts, so a run of any size needs memory only
for its cards, bases and turns, not for its games. `htmlreport.py` draws these numbers; `REPORT`
is what the simulator and `dejarik report` reach through the registered game.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Collection, Hashable, Iterable, Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from dejarik.core.protocol import GameState
from dejarik.core.reports import RunReport
from dejarik.core.runs import GAMES_FILE, RUN_FILE, RecordError, count, read_records, read_run, run_dir_of
from dejarik.core.stats import (
    benjamini_hochberg,
    ci_text,
    difference_interval,
    mean,
    pct,
    quantile,
    rate,
    rounded,
    two_proportion_p,
)
from dejarik.deckbuilding.game import DeckbuildingState
from dejarik.deckbuilding.record import game_record, trace

COMPOSITION_CARDS = 6   # each side's most bought cards drawn one by one; the rest together
MIN_GAMES = 20      # a card is tested only with at least this many games on each side of the split
FDR_Q = 0.05        # the Benjamini-Hochberg false-discovery rate over all card x side rows
REQUIRED = ("factions", "winner", "first", "turns", "bases", "buys", "force")
NO_WINNER = "no winner"


# ---------------------------------------------------------------- counting


K = TypeVar("K", bound=Hashable)


class _Counts(Generic[K]):
    """Games and wins per key."""

    def __init__(self) -> None:
        self.games: Counter[K] = Counter()
        self.wins: Counter[K] = Counter()

    def add(self, key: K, won: bool) -> None:
        self.games[key] += 1
        self.wins[key] += won

    def add_all(self, keys: Collection[K], won: bool) -> None:
        """Count a game once for each of several keys (Counter.update counts them in C)."""
        self.games.update(keys)
        if won:
            self.wins.update(keys)

    def rate(self, key: K) -> dict[str, Any]:
        return rate(self.wins[key], self.games[key])


class _Tally:
    """Running counts over the records: everything the summary needs, nothing per game.

    A team in a game (a player, or two in the team game) is an appearance that counts once
    for its side, so even a mirror match is counted fairly."""

    def __init__(self) -> None:
        self.games = 0
        self.names: dict[str, str] = {}
        self.seats: defaultdict[int, Counter[str]] = defaultdict(Counter)
        self.kinds: Counter[str] = Counter()
        self.configs: Counter[str] = Counter()
        self.agents: Counter[tuple[str, ...]] = Counter()
        self.ends: Counter[str] = Counter()
        self.sides: _Counts[str] = _Counts()
        self.first: _Counts[None] = _Counts()                # did the seat that moved first win
        self.order: _Counts[tuple[str, bool]] = _Counts()    # (side, moved first)
        self.bases: _Counts[tuple[str, str, bool]] = _Counts()  # (side, card, starting base)
        self.cards: _Counts[tuple[str, str]] = _Counts()     # (side, card): bought one or more
        self.bought: Counter[tuple[str, str]] = Counter()    # (side, card): copies bought
        self.bought_rounds: Counter[tuple[str, str]] = Counter()   # ... and the sum of their rounds
        # copies held from a round on, while the game runs: +1 at the round bought, -1 after
        # the game's last round (summed up round by round in `_composition`)
        self.held: defaultdict[tuple[str, str], Counter[int]] = defaultdict(Counter)
        self.ended: Counter[int] = Counter()                  # games by their last round
        self.turns: defaultdict[str | None, Counter[int]] = defaultdict(Counter)  # by winning side
        self.force: defaultdict[str | None, Counter[tuple[int, int]]] = defaultdict(Counter)
        # the Force: by winning side, how many games had the marker at (turn, position)

    def add(self, rec: Mapping[str, Any]) -> None:
        sides = [str(f) for f in rec["factions"]]
        names = rec.get("faction_names") or sides
        teams = rec.get("teams") or [[seat] for seat in range(len(sides))]
        winner = rec["winner"]
        if winner is not None and winner not in range(len(teams)):
            raise ValueError(f"winner {winner!r} is not a team")
        self.games += 1
        self.kinds[str(rec.get("game", "?"))] += 1
        config = rec.get("config", {})
        if not isinstance(config, Mapping):
            raise TypeError(f"'config' is {type(config).__name__}, not a mapping")
        self.configs[json.dumps(config, sort_keys=True, default=str)] += 1
        self.agents[tuple(str(a) for a in rec.get("agents", []))] += 1
        self.ends[str(rec.get("end", "win" if winner is not None else NO_WINNER))] += 1
        self.first.add(None, winner == rec["first"])
        for seat, side in enumerate(sides):
            self.seats[seat][side] += 1
        for t, team in enumerate(teams):
            self._add_team(rec, t, [int(x) for x in team], sides[team[0]], str(names[team[0]]),
                           winner == t)
        won_by = None if winner is None else sides[teams[winner][0]]
        played = count(rec["turns"], "turns")
        self.turns[won_by][played] += 1
        self.ended[round_of(played)] += 1
        self.force[won_by].update(enumerate(map(int, rec["force"])))

    def _add_team(self, rec: Mapping[str, Any], t: int, seats: list[int], side: str, name: str,
                  won: bool) -> None:
        """One side's appearance in a game (a team game's two players count once together:
        a card counts as bought if either bought it)."""
        self.names.setdefault(side, name)
        self.sides.add(side, won)
        self.order.add((side, t == rec["first"]), won)
        self.bases.add_all({(side, str(b["card"]), i == 0) for seat in seats
                            for i, b in enumerate(rec["bases"][seat])}, won)
        self.cards.add_all({(side, str(b["card"])) for seat in seats for b in rec["buys"][seat]}, won)
        last = round_of(count(rec["turns"], "turns"))
        for seat in seats:
            for b in rec["buys"][seat]:
                key, bought = (side, str(b["card"])), round_of(count(b["turn"], "buys.turn"))
                self.bought[key] += 1
                self.bought_rounds[key] += bought
                self.held[key][bought] += 1
                self.held[key][last + 1] -= 1

    # ---------------------------------------------------------- the summary

    def summary(self, min_games: int, q: float) -> dict[str, Any]:
        return {
            "games": self.games,
            "game": sorted(self.kinds),
            "sides": dict(self.names),
            "seats": [dict(self.seats[s].most_common()) for s in sorted(self.seats)],
            "agents": [{"agents": list(a), "games": n} for a, n in self.agents.most_common()],
            "configs": [{"config": json.loads(c), "games": n} for c, n in self.configs.most_common()],
            "ends": dict(self.ends.most_common()),
            "wins": self._wins(),
            "length": self._length(),
            "bases": self._bases(),
            "cards": self._cards(min_games, q),
            "force": self._force(),
            "composition": self._composition(),
        }

    def _name(self, side: str | None) -> str:
        return NO_WINNER if side is None else self.names.get(side, side)

    def _winners(self) -> list[str | None]:
        """Winning sides in the order sides were first seen, then games with no winner."""
        order: list[str | None] = [s for s in self.names if s in self.turns]
        return order + ([None] if None in self.turns else [])

    def _wins(self) -> dict[str, Any]:
        draws = sum(self.turns[None].values()) if None in self.turns else 0
        return {
            "no_winner": {"games": draws, "share": rounded(draws / self.games)},
            "by_side": [{"side": s, "name": self.names[s], **self.sides.rate(s)} for s in self.names],
            "first_player": self.first.rate(None),
            "by_side_and_order": [
                {"side": s, "name": self.names[s], "order": "first" if first else "second",
                 **self.order.rate((s, first))}
                for s in self.names for first in (True, False) if self.order.games[(s, first)]],
        }

    def _length(self) -> dict[str, Any]:
        """In turns (each side's turn counts one) and in rounds (each side's turn once)."""
        total: Counter[int] = Counter()
        for counts in self.turns.values():
            total.update(counts)
        return {
            **_spread(total),
            "histogram": sorted(total.items()),
            "rounds": {**_spread(_rounds(total)), "histogram": sorted(_rounds(total).items())},
            "by_winner": [{"winner": w, "name": self._name(w), **_spread(self.turns[w]),
                           "histogram": sorted(self.turns[w].items()),
                           "rounds": {**_spread(_rounds(self.turns[w])),
                                      "histogram": sorted(_rounds(self.turns[w]).items())}}
                          for w in self._winners()],
        }

    def _bases(self) -> list[dict[str, Any]]:
        rows = [{"side": side, "name": self.names[side], "card": card, "starting": starting,
                 **self.bases.rate((side, card, starting))}
                for side, card, starting in self.bases.games]
        rank = {s: i for i, s in enumerate(self.names)}
        return sorted(rows, key=lambda r: (rank[r["side"]], not r["starting"], -r["rate"], r["card"]))

    def _cards(self, min_games: int, q: float) -> dict[str, Any]:
        rows = [self._card_row(side, card, min_games) for side, card in self.cards.games]
        tested = [r for r in rows if r["tested"]]
        for row, significant in zip(tested, benjamini_hochberg([r["p"] for r in tested], q), strict=True):
            row["significant"] = significant
        tested.sort(key=lambda r: (r["p"], -abs(r["difference"]), r["card"]))
        rest = sorted((r for r in rows if not r["tested"]), key=lambda r: (r["side"], r["card"]))
        return {"min_games": min_games, "q": q, "tested": len(tested),
                "significant": sum(r["significant"] for r in tested), "rows": tested + rest}

    def _card_row(self, side: str, card: str, min_games: int) -> dict[str, Any]:
        """A side's win rate with and without the card among its buys, and whether they differ."""
        k1, n1 = self.cards.wins[(side, card)], self.cards.games[(side, card)]
        k2, n2 = self.sides.wins[side] - k1, self.sides.games[side] - n1
        tested = n1 >= min_games and n2 >= min_games
        lo, hi = difference_interval(k1, n1, k2, n2)
        copies = self.bought[(side, card)]
        return {"card": card, "side": side, "name": self.names[side],
                "bought": rate(k1, n1), "not_bought": rate(k2, n2), "copies": copies,
                "mean_round": rounded(self.bought_rounds[(side, card)] / copies, 2) if copies else None,
                "difference": rounded(k1 / n1 - k2 / n2) if n1 and n2 else None,
                "difference_ci": [rounded(lo), rounded(hi)],
                "p": float(f"{two_proportion_p(k1, n1, k2, n2):.4g}") if tested else None,
                "tested": tested, "significant": False}

    def _composition(self, top: int = COMPOSITION_CARDS) -> dict[str, Any]:
        """Each side's bought cards round by round: the mean copies held, over the games still
        running at that round, of its most bought cards and of all the others together
        (starting decks and exiled cards are not in the records)."""
        last = max(self.ended, default=0)
        running, left = [], self.games
        for r in range(1, last + 1):
            running.append(left)
            left -= self.ended[r]
        sides = []
        for side in self.names:
            keys = sorted((k for k in self.held if k[0] == side), key=lambda k: (-self.bought[k], k[1]))

            def held(key: tuple[str, str]) -> list[int]:
                total, out = 0, []
                for r in range(1, last + 1):
                    total += self.held[key][r]
                    out.append(total)
                return out

            def means(held: list[int]) -> list[float]:
                return [rounded(h / n, 3) if n else 0.0 for h, n in zip(held, running, strict=True)]

            rest = [held(k) for k in keys[top:]]
            sides.append({"side": side, "name": self.names[side],
                          "cards": [{"card": k[1], "mean": means(held(k))} for k in keys[:top]],
                          "others": means([sum(col) for col in zip(*rest, strict=True)]
                                          if rest else [0] * last)})
        return {"rounds": list(range(1, last + 1)), "running": running, "sides": sides}

    def _force_by_turn(self, winner: str | None) -> list[Counter[int]]:
        """{position: games} at the end of each turn, among games `winner` won."""
        counts = self.force[winner]
        track: list[Counter[int]] = [Counter() for _ in range(1 + max((t for t, _ in counts), default=-1))]
        for (t, position), games in counts.items():
            track[t][position] += games
        return track

    def _force(self) -> dict[str, Any]:
        tracks = {w: self._force_by_turn(w) for w in self._winners()}
        longest = max((len(track) for track in tracks.values()), default=0)
        rows = []
        for t in range(longest):
            at_t: Counter[int] = Counter()
            for track in tracks.values():
                if t < len(track):
                    at_t.update(track[t])
            rows.append({"turn": t, "games": sum(at_t.values()), "mean": rounded(mean(at_t), 3),
                         "q25": quantile(at_t, 0.25), "q75": quantile(at_t, 0.75)})
        by_winner = [{"winner": w, "name": self._name(w),
                      "turns": [{"turn": t, "games": sum(c.values()), "mean": rounded(mean(c), 3)}
                                for t, c in enumerate(tracks[w])]}
                     for w in self._winners() if tracks[w]]
        return {"turns": rows, "by_winner": by_winner}


def round_of(turn: int) -> int:
    """The round a turn falls in: a round is each side's turn once (turns 1 and 2: round 1)."""
    return (turn + 1) // 2


def _rounds(turns: Counter[int]) -> Counter[int]:
    out: Counter[int] = Counter()
    for t, games in turns.items():
        out[round_of(t)] += games
    return out


def one_order(wins: Mapping[str, Any]) -> str | None:
    """The side that moved first in every game, if one did: then the first player's rate and
    each side's rate by order are only the sides' own rates again."""
    orders = wins["by_side_and_order"]
    if len(orders) != len(wins["by_side"]):
        return None
    return next((str(r["name"]) for r in orders if r["order"] == "first"), None)


def _spread(counts: Counter[int]) -> dict[str, Any]:
    """Mean, median, 5th and 95th percentile, least and most of a histogram of game lengths."""
    return {"games": sum(counts.values()), "mean": rounded(mean(counts), 2),
            "median": quantile(counts, 0.5), "p5": quantile(counts, 0.05),
            "p95": quantile(counts, 0.95), "min": min(counts), "max": max(counts)}


def _tally(records: Iterable[tuple[str, Mapping[str, Any]]]) -> _Tally:
    tally = _Tally()
    for where, rec in records:
        game = rec.get("game", "deckbuilding")
        if game != "deckbuilding":
            raise RecordError(f"{where}: a {game} game; the report draws deckbuilding runs only "
                              f"(for other games, `dejarik sim` prints the summary)")
        missing = [k for k in REQUIRED if k not in rec]
        if missing:
            raise RecordError(f"{where}: the record has no {', '.join(missing)}")
        try:
            tally.add(rec)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise RecordError(f"{where}: a field is not in the record format ({err!r})") from None
    return tally


def summarize(records: Iterable[Mapping[str, Any]], *, min_games: int = MIN_GAMES,
              q: float = FDR_Q) -> dict[str, Any]:
    """Every number of the report, from game records (see docs/report.md for the keys)."""
    tally = _tally((f"record {i}", rec) for i, rec in enumerate(records))
    if tally.games == 0:
        raise RecordError("no games to summarize")
    return {"warnings": [], "run": None, **tally.summary(min_games, q)}


def summarize_run(run_dir: Path) -> dict[str, Any]:
    """The summary of run_dir/games.jsonl, with run_dir/run.json (if any) for display and any
    warnings met on the way."""
    run_dir = run_dir_of(run_dir)
    games = run_dir / GAMES_FILE
    warnings: list[str] = []
    try:
        tally = _tally(read_records(games, warnings))
        if tally.games == 0:
            raise RecordError(f"{games}: no games in the file")
        summary = tally.summary(MIN_GAMES, FDR_Q)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError) as err:
        raise RecordError(f"{games}: a record this game's summary cannot use ({err!r})") from None
    run = read_run(run_dir / RUN_FILE, warnings)
    return {"warnings": warnings, "run": run, **summary}


# ---------------------------------------------------------------- text


def digest(summary: Mapping[str, Any]) -> list[str]:
    """A few lines for the terminal: who wins, how long games last, how many cards stand out."""
    wins, length, cards = summary["wins"], summary["length"], summary["cards"]
    sides = "; ".join(f"{r['name']} won {pct(r['rate'])} (95% CI {ci_text(r['ci'])})"
                      for r in wins["by_side"])
    first = wins["first_player"]
    always = one_order(wins)
    rounds = length["rounds"]
    return [
        f"{summary['games']} games: {sides}; no winner in {wins['no_winner']['games']}",
        f"{always} moved first in every game (the first player's rate is theirs)" if always else
        f"the first player won {pct(first['rate'])} (95% CI {ci_text(first['ci'])})",
        f"length: mean {rounds['mean']:.1f} rounds ({length['mean']:.1f} turns), median "
        f"{rounds['median']:g}, 5-95% {rounds['p5']:g}-{rounds['p95']:g} rounds",
        f"cards: {cards['significant']} of {cards['tested']} card-side rows tested differ "
        f"significantly (Benjamini-Hochberg, q = {cards['q']:g}); "
        f"{len(cards['rows']) - cards['tested']} had too few games to test",
    ]


class DeckbuildingReport(RunReport):
    """The deckbuilder's records note bases, buys and the Force (record.py); its runs draw."""

    draws = True

    def trace(self, state: GameState) -> None:
        trace(_deckbuilding(state))

    def turns(self, state: GameState) -> int:
        return _deckbuilding(state).turn

    def game_record(self, state: GameState) -> dict[str, Any]:
        return game_record(_deckbuilding(state))

    def summarize_run(self, run_dir: Path) -> dict[str, Any]:
        return summarize_run(run_dir)

    def digest(self, summary: Mapping[str, Any]) -> list[str]:
        return digest(summary)

    def draw(self, run_dir: Path, out_html: Path | None = None) -> tuple[Path, Path]:
        from dejarik.deckbuilding.htmlreport import write_report  # matplotlib loads only here

        return write_report(run_dir, out_html)


def _deckbuilding(state: GameState) -> DeckbuildingState:
    assert isinstance(state, DeckbuildingState)
    return state


REPORT = DeckbuildingReport()

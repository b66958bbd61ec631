"""The web UI end to end, in a real headless Chromium (Playwright) against a real `dejarik serve`
process: a whole game against the computer played only by clicking, two players in two
browser profiles, a reload mid-game, no secret reaching the page, and a phone-sized screen.

Every move is a click (a tap on the phone) on an action button, a playable card or the action
menu; the tests never write to the game's WebSocket themselves. They skip where Chromium or
the playwright package is missing (no browser is ever downloaded)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from tests.server import browser as b

REASON = b.missing()
if REASON:
    pytest.skip(f"browser tests skipped: {REASON}", allow_module_level=True)

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from dejarik.deckbuilding.describe import refs_in  # noqa: E402
from tests.server.test_secrets import hidden_refs, sweep  # noqa: E402

expect.set_options(timeout=b.MOVE_TIMEOUT)


# -- fixtures ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[b.Server]:
    with b.running_server(tmp_path_factory.mktemp("serve")) as srv:
        yield srv


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with sync_playwright() as p:
        browser = b.launch(p)
        yield browser
        browser.close()


class Pages:
    """Opens pages and keeps every uncaught script error they raise; a test ends by checking
    there were none."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def new(self, **options: Any) -> Any:
        ctx = b.new_context(self.browser, **(options or b.DESKTOP))
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda err: self.errors.append(f"{page.url}: {err}"))
        return page

    def describe(self) -> str:
        """What every open page shows: where it is, the board's state, the connection and any
        error box. Printed when a test fails."""
        lines = []
        for ctx in self.contexts:
            for page in ctx.pages:
                lines.append(f"{page.url}: {page.evaluate(b.DIAGNOSE)}")
        return "\n".join(lines)

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def pages(chromium: Any, server: b.Server, request: pytest.FixtureRequest) -> Iterator[Pages]:
    made = Pages(chromium)
    yield made
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        print(f"-- the pages when the test failed --\n{made.describe()}")
        print(f"-- the end of the server's log --\n{server.log()}")
    made.close()
    assert not made.errors, f"script errors in the page: {made.errors}"


# -- checks shared by the tests --------------------------------------------------------------------
def check_no_secrets(page: Any, frames: list[str], server: b.Server, game_id: str) -> int:
    """The page's seat may not have seen any card it could not see: in the frames it received
    (each against the game when it arrived, as test_secrets.py sweeps) and in its DOM now.
    The game must be at rest (the page deciding): its state is rebuilt from the database.
    Returns how many frames were checked."""
    seat = int(page.get_attribute("#board", "data-seat"))
    game = b.stored_game(server.db_path, game_id)
    states = b.replay_states(game)
    assert len(game["actions"]) == b.seq(page), "the page is not showing the stored game's position"
    messages = [json.loads(f) for f in frames]
    assert any(m["type"] == "state" for m in messages)
    checked = sweep(game, {seat: SimpleNamespace(messages=messages)})
    assert checked == len(messages)

    now = states[-1]
    hidden = hidden_refs(now, seat)
    assert hidden, "nothing is hidden: the check would prove nothing"
    # the board, the prompt, the actions and an open menu show the position now
    live = page.evaluate("""() => ['#board', '#prompt', '#actions', '#action-menu']
        .map((s) => document.querySelector(s)).filter(Boolean).map((e) => e.outerHTML).join('\\n')""")
    shown_now = set(refs_in(live))
    assert shown_now, "no card refs found on the board"
    assert not shown_now & hidden, f"the board shows hidden cards {sorted(shown_now & hidden)}"
    # the whole page (the log and the card detail panel included) names only cards the seat
    # saw at some point of the game
    ever_seen = set().union(*(refs_in(json.dumps(s.observation(seat))) for s in states))
    everything = page.content() + "\n" + page.evaluate("() => document.body.innerText")
    unseen = set(refs_in(everything)) - ever_seen
    assert not unseen, f"the page names cards its seat never saw: {sorted(unseen)}"
    seed = str(game["seed"])
    assert seed not in everything and not any(seed in f for f in frames), "the seed reached the page"
    return checked


def seat_entries(page: Any) -> dict[str, dict[str, Any]]:
    """The page's stored seats ("dejarik:seat:<game>" in localStorage), parsed."""
    store = b.storage(page)
    assert not store["session"], f"unexpected sessionStorage: {store['session']}"
    return {k: json.loads(v) for k, v in store["local"].items() if k.startswith("dejarik:seat:")}


# -- a) a whole game against the computer ----------------------------------------------------------
def test_a_whole_game_against_the_easy_ai_by_clicking(pages: Pages, server: b.Server) -> None:
    page = pages.new(**b.DESKTOP, accept_downloads=True)
    game_id = b.create_game(page, server.url, opponent="ai", level="easy", seat="0")
    expect(page.locator("#board")).to_have_attribute("data-seat", "0")
    player = b.Player(random.Random(7))
    made = b.play_until(page, player)
    assert made >= 20
    assert player.card_clicks > 0 and player.button_clicks > 0
    expect(page.locator("#board")).to_have_attribute("data-status", "finished")
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#winner")).to_have_text(re.compile(r"^You (win|lose)"))
    expect(page.locator("#actions button.action")).to_have_count(0)
    total = b.seq(page)
    summary = httpx.get(f"{server.url}/api/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["actions"] == total and summary["winner"] in (0, 1)
    assert total > made   # the computer moved too

    # the replay viewer steps forward and back
    page.click("#replay-link")
    page.wait_for_url(f"**/game/{game_id}/replay**")
    step = page.locator("#replay-step")
    expect(step).to_have_text(f"0 / {total}")
    expect(page.locator("#replay-prev")).to_be_disabled()
    for n in (1, 2, 3):
        page.click("#replay-next")
        expect(step).to_have_text(f"{n} / {total}")
    expect(page.locator("#board")).to_have_attribute("data-seq", "3")
    page.click("#replay-prev")
    expect(step).to_have_text(f"2 / {total}")
    expect(page.locator("#board")).to_have_attribute("data-seq", "2")
    expect(page.locator("#replay-action code")).to_have_count(1)
    page.click("#replay-last")
    expect(step).to_have_text(f"{total} / {total}")
    expect(page.locator("#replay-next")).to_be_disabled()
    page.click("#replay-first")
    expect(step).to_have_text(f"0 / {total}")

    # the download is the game's replay file
    href = page.get_attribute("#replay-download", "href")
    assert href == f"/api/games/{game_id}/replay"
    with page.expect_download() as info:
        page.click("#replay-download")
    replay = json.loads(Path(info.value.path()).read_text())
    assert len(replay["actions"]) == total
    assert replay["seed"] is not None and replay["config"]["packs"] == ["original"]


# -- b) two players, two browser profiles ----------------------------------------------------------
def test_b_two_players_in_two_browser_contexts(pages: Pages, server: b.Server) -> None:
    host = pages.new()
    frames = {0: b.record_frames(host)}
    game_id = b.create_game(host, server.url, opponent="friend", seat="0")
    expect(host.locator("#board")).to_have_attribute("data-status", "waiting")
    invite = host.locator("#invite-link")
    expect(invite).to_be_visible()
    link = invite.input_value()
    assert re.fullmatch(rf"{re.escape(server.url)}/game/{game_id}#invite=[\w%-]+", link), link

    guest = pages.new()
    frames[1] = b.record_frames(guest)
    guest.goto(link)
    by_seat = {0: host, 1: guest}
    for seat, page in by_seat.items():
        expect(page.locator("#board")).to_have_attribute("data-status", "playing")
        expect(page.locator("#board")).to_have_attribute("data-seat", str(seat))
        # "playing" can come in the join notice before the first state: wait for the position too
        expect(page.locator("#board")).to_have_attribute("data-seq", re.compile(r"^\d+$"))
    expect(host.locator("#invite-box")).to_be_hidden()
    expect(guest.locator("#spectating")).to_be_hidden()

    players = {0: b.Player(random.Random(11)), 1: b.Player(random.Random(12))}
    moves = {0: 0, 1: 0}
    at = b.seq(host)
    while at < 40:
        snaps = {seat: b.snapshot(page) for seat, page in by_seat.items()}
        assert snaps[0]["seq"] == snaps[1]["seq"] == at
        if snaps[0]["ready"] == "finished":
            break
        deciders = [seat for seat, s in snaps.items() if s["ready"] == "decide"]
        assert len(deciders) == 1, f"at action {at} the deciders are {deciders}"
        seat = deciders[0]
        waiting = by_seat[1 - seat]
        expect(waiting.locator("#actions button.action")).to_have_count(0)
        expect(waiting.locator("#actions .no-actions")).to_be_visible()
        players[seat].move(by_seat[seat], snaps[seat])
        moves[seat] += 1
        at += 1
        for page in by_seat.values():
            b.wait_seq(page, at)
    assert at >= 30 and moves[0] and moves[1]

    # d) neither seat saw a card it could not see, and neither holds the other's token
    for seat, page in by_seat.items():
        check_no_secrets(page, frames[seat], server, game_id)
    host_seats, guest_seats = seat_entries(host), seat_entries(guest)
    key = f"dejarik:seat:{game_id}"
    assert host_seats[key]["seat"] == 0 and guest_seats[key]["seat"] == 1
    tokens = {0: host_seats[key]["token"], 1: guest_seats[key]["token"]}
    assert tokens[0] and tokens[1] and tokens[0] != tokens[1]
    for seat, page in by_seat.items():
        other = tokens[1 - seat]
        assert other not in json.dumps(b.storage(page)), f"seat {seat}'s storage holds the other seat's token"
        assert other not in page.content()
        assert not any(tokens[0] in f or tokens[1] in f for f in frames[seat]), "a token came back over the socket"


# -- c) a reload in the middle of a game -----------------------------------------------------------
def test_c_reload_in_the_middle_of_a_game_resumes_it(pages: Pages, server: b.Server) -> None:
    page = pages.new()
    b.create_game(page, server.url, opponent="ai", level="easy", seat="1")
    player = b.Player(random.Random(5))
    b.play_until(page, player, moves=8)
    before = b.wait_ready(page)
    assert before["ready"] == "decide"
    lines = b.log_lines(page)
    assert len(lines) > 8 and len(set(lines)) > 8
    seat = page.get_attribute("#board", "data-seat")
    assert seat == "1"

    page.reload()
    expect(page.locator("#board")).to_have_attribute("data-seq", str(before["seq"]))
    after = b.wait_ready(page)
    assert after == before   # same position, same decision
    assert page.get_attribute("#board", "data-seat") == seat
    assert page.get_attribute("#board", "data-status") == "playing"
    assert b.log_lines(page) == lines   # the whole log once: nothing lost, nothing twice
    expect(page.locator("#conn")).to_have_attribute("data-state", "open")

    # and the game goes on from there
    player.move(page, after)
    assert b.seq(page) > before["seq"]
    new_lines = b.log_lines(page)
    assert new_lines[:len(lines)] == lines and len(new_lines) > len(lines)


# -- d) no secret reaches the page (against the computer; the two-player game checks it too) ----
def test_d_no_secret_reaches_the_page_against_the_ai(pages: Pages, server: b.Server) -> None:
    page = pages.new()
    frames = b.record_frames(page)
    game_id = b.create_game(page, server.url, opponent="ai", level="easy", seat="1")
    player = b.Player(random.Random(3))
    b.play_until(page, player, moves=25)
    snap = b.wait_ready(page)
    assert snap["ready"] == "decide"
    # read a card (of the hand, if it holds any) in the detail panel, then point at an action
    # (it highlights the action's cards)
    hand = page.locator(".side.mine .zone-hand .card")
    (hand if hand.count() else page.locator("#board .card")).first.hover()
    expect(page.locator("#card-detail .detail-ref code")).to_have_count(1)
    page.locator("#actions button.action").first.hover()
    checked = check_no_secrets(page, frames, server, game_id)
    assert checked > 25
    # this browser holds its own seat only (against the computer there is no other token)
    seats = seat_entries(page)
    assert list(seats) == [f"dejarik:seat:{game_id}"]
    mine = seats[f"dejarik:seat:{game_id}"]
    assert mine["seat"] == 1 and mine["token"] and mine.get("invite") is None
    assert mine["token"] not in "".join(frames)


# -- e) a phone --------------------------------------------------------------------------------------
def test_e_phone_sized_screen_plays_by_tapping(pages: Pages, server: b.Server) -> None:
    page = pages.new(**b.PHONE)
    page.goto(f"{server.url}/")
    page.wait_for_selector("#create-form")
    assert b.page_width(page) <= 390
    b.create_game(page, server.url, opponent="ai", level="easy", seat="0", tap=True)
    assert b.page_width(page) <= 390

    # a tap on a playable card opens the bottom sheet with its actions
    snap = b.wait_ready(page)
    card = page.locator(".card.playable").first
    card.scroll_into_view_if_needed()
    card.tap()
    sheet = page.locator("#action-menu.sheet")
    expect(sheet).to_be_visible()
    expect(sheet.locator(".menu-detail")).to_be_visible()
    assert b.page_width(page) <= 390
    sheet.locator("button.menu-action").first.tap()
    b.wait_seq_past(page, snap["seq"])

    player = b.Player(random.Random(9), tap=True)
    b.play_until(page, player, moves=5)
    assert b.seq(page) > snap["seq"] + 5
    assert b.page_width(page) <= 390
    expect(page.locator("#board")).to_have_attribute("data-status", re.compile("playing|finished"))

"""Screenshots of the web UI (`dejarik serve`) on a desktop (1280x860) and a phone (390x844).

Starts a server on a fresh SQLite file, plays into interesting positions in a real headless
Chromium (by clicking, as tests/server/test_browser.py does) and saves PNGs:

    desktop-home.png, desktop-game.png (card detail showing), desktop-action-menu.png,
    desktop-invite.png, desktop-game-over.png, desktop-replay.png,
    phone-home.png, phone-game.png, phone-card-sheet.png, phone-invite.png,
    phone-game-over.png, phone-replay.png

Usage: .venv/bin/python tools/screenshots.py [--out docs/screenshots]
Needs the playwright package and the machine's Chromium (/usr/bin/chromium); it downloads
nothing. Games are dealt at random, so each run's pictures differ.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server import browser as b  # noqa: E402

# A playable card that a click does not play at once but opens the action menu: the one with
# the most actions of its own (at least two).
_MENU_CARD = """() => {
  const acts = Array.from(document.querySelectorAll('#actions button.action')).map((x) => x.dataset.action);
  const refs = (s) => s.match(/[A-Za-z0-9][\\w'.-]*#\\d+/g) || [];
  let best = null, most = 1;
  for (const c of document.querySelectorAll('.card.playable')) {
    const n = acts.filter((a) => refs(a)[0] === c.dataset.ref).length;
    if (n > most) { best = c.dataset.ref; most = n; }
  }
  return best;
}"""

# A position worth showing: a few turns in, cards in play and in hand.
_BUSY = """() => {
  const mine = document.querySelector('.side.mine');
  if (!mine) return false;
  const turn = Number((document.querySelector('#turn strong') || {}).textContent?.replace(/\\D/g, '') || 0);
  return turn >= 5 && mine.querySelectorAll('.zone-play .card').length >= 2
    && mine.querySelectorAll('.zone-hand .card').length >= 2;
}"""


MAX_BYTES = 400_000


def shrink(path: Path) -> None:
    """Save a PNG with a 256-colour palette (where Pillow is installed)."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as img:
        small = img.convert("RGB").quantize(256)
    small.save(path, optimize=True)


class Shooter:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.saved: list[Path] = []

    def shot(self, page: Any, name: str, *, full_page: bool = False) -> None:
        path = self.out / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page, animations="disabled", caret="hide")
        if path.stat().st_size > MAX_BYTES:   # a phone's 2x picture: take it at CSS pixels
            page.screenshot(path=str(path), full_page=full_page, animations="disabled", caret="hide",
                            scale="css")
        if path.stat().st_size > MAX_BYTES:
            shrink(path)
        self.saved.append(path)
        print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}  "
              f"({path.stat().st_size // 1024} KB)")


def play_to(page: Any, player: b.Player, condition: str, limit: int) -> bool:
    """Play until `condition` (a page function) holds at one of this page's decisions."""
    for _ in range(limit):
        snap = b.wait_ready(page)
        if snap["ready"] == "finished":
            return False
        if page.evaluate(condition):
            return True
        player.move(page, snap)
    return bool(page.evaluate(condition))


def hover_wordiest(page: Any, selector: str) -> None:
    """Hover over the card (of those `selector` finds) with the longest text in the detail panel."""
    cards = page.locator(selector)
    best, longest = 0, -1
    for i in range(cards.count()):
        cards.nth(i).hover()
        text = page.locator("#card-detail .detail-text")
        length = len(text.inner_text()) if text.count() else 0
        if length > longest:
            best, longest = i, length
    cards.nth(best).hover()
    page.wait_for_selector("#card-detail .detail-name")


def desktop(browser: Any, base: str, shoot: Shooter, rng: random.Random) -> dict[str, Any]:
    ctx = b.new_context(browser, still=False, **b.DESKTOP)
    page = ctx.new_page()

    # a game against the computer, a few turns in, a galaxy card read in the detail panel
    game = b.create_game(page, base, opponent="ai", level="medium", seat="1")
    player = b.Player(rng)
    play_to(page, player, _BUSY, 80)
    b.wait_ready(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    hover_wordiest(page, ".galaxy .zone-row .card")
    shoot.shot(page, "desktop-game")

    # the action menu: a card that can do more than one thing
    if play_to(page, player, _MENU_CARD, 80):
        ref = page.evaluate(_MENU_CARD)
        card = page.locator(f'.card.playable[data-ref="{ref}"]').first
        card.scroll_into_view_if_needed()
        card.click()
        page.wait_for_selector("#action-menu:not([hidden]) .menu-action")
        shoot.shot(page, "desktop-action-menu")
        page.keyboard.press("Escape")
    else:
        print("  (no card with several actions came up: desktop-action-menu.png not made)")

    # the end of the game, then its replay half way through
    b.play_until(page, player)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    shoot.shot(page, "desktop-game-over")
    total = b.seq(page)
    page.goto(f"{base}/game/{game}/replay#{total // 2}")
    page.wait_for_selector(f"#board[data-seq='{total // 2}']")
    page.evaluate("() => window.scrollTo(0, 0)")
    hover_wordiest(page, ".galaxy .zone-row .card")
    shoot.shot(page, "desktop-replay")

    # a game for a friend, waiting for them to open the invite
    friend = b.create_game(page, base, opponent="friend", seat="0")
    page.wait_for_selector("#invite-link:visible")
    shoot.shot(page, "desktop-invite")

    # the home page, listing the games this browser holds a seat in
    page.goto(f"{base}/")
    page.wait_for_selector("#my-games .game-status[data-status='finished']")
    shoot.shot(page, "desktop-home")
    state = ctx.storage_state()
    ctx.close()
    return {"finished": game, "friend": friend, "total": total, "storage": state}


def phone(browser: Any, base: str, shoot: Shooter, rng: random.Random, games: dict[str, Any]) -> None:
    # the same player on their phone: the desktop's seats come along (its localStorage)
    ctx = b.new_context(browser, still=False, storage_state=games["storage"], **b.PHONE)
    page = ctx.new_page()
    page.goto(f"{base}/")
    page.wait_for_selector("#my-games .game-status[data-status='finished']")
    shoot.shot(page, "phone-home")

    b.create_game(page, base, opponent="ai", level="easy", seat="0", tap=True)
    player = b.Player(rng, tap=True)
    play_to(page, player, _BUSY, 40)
    b.wait_ready(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot.shot(page, "phone-game")
    card = page.locator(".side.mine .zone-hand .card.playable, .side.mine .card.playable").first
    card.scroll_into_view_if_needed()
    card.tap()
    page.wait_for_selector("#action-menu.sheet:not([hidden])")
    shoot.shot(page, "phone-card-sheet")

    page.goto(f"{base}/game/{games['friend']}")
    page.wait_for_selector("#invite-link:visible")
    shoot.shot(page, "phone-invite")

    page.goto(f"{base}/game/{games['finished']}")
    page.wait_for_selector("#game-over:visible")
    shoot.shot(page, "phone-game-over")
    step = games["total"] // 3
    page.goto(f"{base}/game/{games['finished']}/replay#{step}")
    page.wait_for_selector(f"#board[data-seq='{step}']")
    shoot.shot(page, "phone-replay")
    ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots", help="folder for the PNGs")
    ap.add_argument("--seed", type=int, default=1, help="seed of the clicking player's choices")
    args = ap.parse_args()
    reason = b.missing()
    if reason:
        print(f"cannot take screenshots: {reason}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    shoot = Shooter(args.out.resolve())
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp, b.running_server(Path(tmp)) as server, sync_playwright() as p:
        print(f"server at {server.url}; saving into {args.out}")
        browser = b.launch(p)
        try:
            games = desktop(browser, server.url, shoot, rng)
            phone(browser, server.url, shoot, rng, games)
        finally:
            browser.close()
    print(f"{len(shoot.saved)} screenshots")
    return 0


if __name__ == "__main__":
    sys.exit(main())

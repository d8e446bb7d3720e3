"""The page's start from the first start's memory snapshot (web/snapshot.js; docs/speed.md,
"The page's start from a snapshot"), in Chromium: the first start boots Python and keeps
only a mark that it started (a first visit may be the only one); the second boots and
keeps a snapshot that holds nothing of the page (its address's names are not in it); the
next start restores it, deals the same game for the same seed and plays; a damaged
snapshot is refused, the start boots as the first did and keeps a whole one again. No
test here times anything: each checks what the page says of its start and what it
shows."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.pages import answered, play_one_step, wait_ready
from tests.support.js_support import js_constants

NAME = "Qwyzzelbert"  # a name no code or data of ours holds
GAME = f"index.html?players={NAME},bot:random&seed=21&first=1&speed=instant"
LOOKS = 120  # looks at the cache, 250 ms apart, before the snapshot counts as not kept
# where web/snapshot.js keeps it (its key relative to worker.js, which is beside the page)
CACHE, KEY, SEEN_KEY = js_constants("snapshot.js", "CACHE", "KEY", "SEEN_KEY")
# How long the first page stays open once its start is marked: past the moment a snapshot
# made at that start would be stored (worker.js's STORE_AFTER_MS, 1.5 s, and its
# compression); a snapshot stored late would still make the second start restore
PAST_THE_STORE_MS = 5000

# The snapshot's entry, decompressed: its size and whether it holds `needle` (null when
# there is none, or it is not whole).
ENTRY = """async ([cacheName, key, needle]) => {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(key);
  if (!hit) return null;
  try {
    const plain = hit.body.pipeThrough(new DecompressionStream('gzip'));
    const bytes = new Uint8Array(await new Response(plain).arrayBuffer());
    const word = new TextEncoder().encode(needle);
    let holds = false;
    outer: for (let i = bytes.indexOf(word[0]); i >= 0; i = bytes.indexOf(word[0], i + 1)) {
      for (let j = 1; j < word.length; j++) if (bytes[i + j] !== word[j]) continue outer;
      holds = true;
      break;
    }
    return {size: bytes.length, holds};
  } catch (err) {
    return null;
  }
}"""

DAMAGE = """async ([cacheName, key]) => {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(key);
  const body = new Uint8Array(await hit.arrayBuffer());
  body[body.length >> 1] ^= 0xff;
  await cache.put(key, new Response(body, {headers: hit.headers}));
}"""


MARKED = """async ([cacheName, key]) => Boolean(await (await caches.open(cacheName)).match(key))"""


def marked(page: Page) -> bool:
    """Once the start is marked (the worker marks it after Python has started)."""
    for _ in range(LOOKS):
        if page.evaluate(MARKED, [CACHE, SEEN_KEY]):
            return True
        page.wait_for_timeout(250)
    return False


def kept_snapshot(page: Page) -> dict[str, object]:
    """The snapshot once it is stored whole (the first start stores it a few seconds after
    its first screen)."""
    for _ in range(LOOKS):
        entry = page.evaluate(ENTRY, [CACHE, KEY, NAME])
        if entry is not None:
            return dict(entry)
        page.wait_for_timeout(250)
    raise AssertionError("the first start kept no snapshot")


def started(ctx: BrowserContext, site_url: str) -> Page:
    page = ctx.new_page()
    page.goto(site_url + GAME)
    wait_ready(page)
    return page


def dealt(page: Page) -> str:
    answered(page)
    return page.locator("#hand").inner_text() + page.locator("#players").inner_text()


def test_the_second_start_keeps_a_snapshot_the_next_restores_and_a_damaged_one_boots(
        fresh_context: Callable[..., BrowserContext], site_url: str) -> None:
    ctx = fresh_context(service_workers="block")
    once = started(ctx, site_url)  # a first visit
    expect(once.locator("body")).to_have_attribute("data-python-start", "boot")
    boot_deal = dealt(once)
    assert marked(once)
    once.wait_for_timeout(PAST_THE_STORE_MS)
    # a first visit keeps no snapshot: it may be the only one
    assert once.evaluate(ENTRY, [CACHE, KEY, NAME]) is None
    once.close()

    first = started(ctx, site_url)  # the second: the first with a snapshot
    expect(first.locator("body")).to_have_attribute("data-python-start", "boot")
    entry = kept_snapshot(first)
    assert int(str(entry["size"])) > 10_000_000  # Python's memory with the game imported
    assert entry["holds"] is False  # taken before the page's address reached Python
    assert dealt(first) == boot_deal
    first.close()

    second = started(ctx, site_url)
    expect(second.locator("body")).to_have_attribute("data-python-start", "snapshot")
    # this start's moments, not the first start's that the memory held
    assert 0 <= int(str(second.locator("body").get_attribute("data-py-start-ms")))
    assert dealt(second) == boot_deal  # the same seed deals the same game
    rng = random.Random(3)
    for _ in range(4):
        assert play_one_step(second, rng)
    second.evaluate(DAMAGE, [CACHE, KEY])
    second.close()

    third = started(ctx, site_url)
    expect(third.locator("body")).to_have_attribute("data-python-start", "boot")
    assert dealt(third) == boot_deal
    assert play_one_step(third, rng)
    assert kept_snapshot(third)["holds"] is False  # a whole one kept again
    third.close()

    fourth = started(ctx, site_url)
    expect(fourth.locator("body")).to_have_attribute("data-python-start", "snapshot")

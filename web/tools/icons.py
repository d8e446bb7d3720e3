#!/usr/bin/env python3
"""Draw the app's PNG icons from web/assets/logo.svg into web/assets/icons/ (`make icons`).

The PNGs are committed: the build copies them into the site as they are, so that
`make web` needs no browser. Run this again when the logo changes. Chromium draws the
SVG at each icon's exact size (a screenshot of a page that shows only the icon, one CSS
pixel per pixel):

- icon-192.png, icon-512.png: the logo on a transparent background ("any" purpose);
- icon-maskable-512.png: the logo inside the maskable safe zone (the middle circle of
  80% of the width: an app launcher may cut anything outside it) on the page's
  background colour, edge to edge;
- apple-touch-icon.png (180 px): opaque, as iOS wants it (it fills transparency with
  black and rounds the corners itself).
"""

from __future__ import annotations

import base64
import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1]  # this file is web/tools/icons.py
LOGO = WEB / "assets" / "logo.svg"
OUT = WEB / "assets" / "icons"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
BACKGROUND = "#efe4cb"  # manifest.webmanifest's background_color

# file name: (size in px, logo size in px, background or None for transparent)
ICONS: dict[str, tuple[int, int, str | None]] = {
    "icon-192.png": (192, 192, None),
    "icon-512.png": (512, 512, None),
    # the hexagon's corners are 30/32 of the logo's half-width from its centre: at 384 px
    # they lie 180 px (plus the stroke) from the middle, inside the safe zone's 204.8 px
    "icon-maskable-512.png": (512, 384, BACKGROUND),
    "apple-touch-icon.png": (180, 150, BACKGROUND),
}


def page(size: int, logo: int, background: str | None) -> str:
    svg = base64.b64encode(LOGO.read_bytes()).decode()
    fill = background or "transparent"
    return (f'<!doctype html><html><body style="margin:0;background:{fill}">'
            f'<div style="width:{size}px;height:{size}px;display:flex;align-items:center;'
            f'justify-content:center;background:{fill}">'
            f'<img src="data:image/svg+xml;base64,{svg}" width="{logo}" height="{logo}" '
            'alt=""></div></body></html>')


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        launch = {"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {}
        browser = p.chromium.launch(args=ARGS, **launch)
        try:
            for name, (size, logo, background) in ICONS.items():
                tab = browser.new_page(viewport={"width": size, "height": size},
                                       device_scale_factor=1)
                tab.set_content(page(size, logo, background))
                tab.locator("img").evaluate("(img) => img.decode()")
                (OUT / name).write_bytes(tab.screenshot(
                    omit_background=background is None,
                    clip={"x": 0, "y": 0, "width": size, "height": size}))
                tab.close()
                print(f"wrote {(OUT / name).relative_to(WEB.parent)}")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

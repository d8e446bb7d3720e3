#!/usr/bin/env python3
"""Serve web/ on localhost, as Netlify would: same headers (read from netlify.toml),
right MIME types, no directory listings.

    .venv/bin/python web/serve.py [--port 8000] [--host 127.0.0.1] [--root web]

`--port 0` picks a free port. From Python (the e2e tests):

    server, url = start_server(root, port=0)   # serves in a daemon thread
    ...
    server.shutdown(); server.server_close()

Rewrites: the [[redirects]] of netlify.toml with status 200 (the built start page,
vendor/index.html, answers "/" and "/index.html"; web/index.html is its source).

Caching: the Cache-Control of netlify.toml where a rule sets one, else "no-cache"
(always revalidate), so an edited file is seen on the next reload. The service
worker (sw.js) still answers precached files from its own cache until the next
`make web` changes the build version.
"""

from __future__ import annotations

import argparse
import http.server
import os
import re
import sys
import threading
import tomllib
from collections import deque
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

HERE = Path(__file__).resolve().parent
NETLIFY_TOML = HERE.parent / "netlify.toml"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    "": "application/octet-stream",
}
DEFAULT_CACHE_CONTROL = "no-cache"


def _rule_regex(path: str) -> re.Pattern[str]:
    """Netlify's `for` pattern: "*" matches anything, ":name" one segment."""
    parts = [p for p in path.split("/") if p]
    if not parts:
        return re.compile(r"^/$")
    pattern = ""
    for part in parts:
        if part == "*":
            pattern += "(?:/.*)?"
        elif part.startswith(":"):
            pattern += "/[^/]+"
        else:
            pattern += "/" + re.escape(part).replace(r"\*", ".*")
    return re.compile("^" + pattern + "/?$")


def load_header_rules(toml_path: Path = NETLIFY_TOML) -> list[tuple[re.Pattern[str], dict]]:
    """[[headers]] of netlify.toml as (path regex, {header: value}), in file order."""
    if not toml_path.is_file():
        return []
    data = tomllib.loads(toml_path.read_text())
    return [(_rule_regex(h["for"]), dict(h.get("values", {}))) for h in data.get("headers", [])]


def load_rewrites(toml_path: Path = NETLIFY_TOML) -> list[tuple[re.Pattern[str], str]]:
    """[[redirects]] of netlify.toml with status 200 (rewrites: the address stays, another
    file answers) as (path regex, target path)."""
    if not toml_path.is_file():
        return []
    data = tomllib.loads(toml_path.read_text())
    return [(_rule_regex(r["from"]), str(r["to"])) for r in data.get("redirects", [])
            if int(r.get("status", 301)) == 200]


def rewrite(path: str, rewrites: list[tuple[re.Pattern[str], str]]) -> str:
    for rx, target in rewrites:
        if rx.match(path):
            return target
    return path


def resolve_path(root: Path | str, url_path: str, toml_path: Path = NETLIFY_TOML) -> Path | None:
    """The file under root that answers url_path (after the rewrites), or None."""
    path = rewrite(unquote(urlsplit(url_path).path), load_rewrites(toml_path))
    base = Path(root).resolve()
    target = (base / path.lstrip("/")).resolve()
    if base != target and base not in target.parents:
        return None
    return target


def headers_for(path: str, rules: list[tuple[re.Pattern[str], dict]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for rx, values in rules:
        if rx.match(path):
            out.update(values)
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a real host
    rules: list[tuple[re.Pattern[str], dict]] = []
    rewrites: list[tuple[re.Pattern[str], str]] = []
    quiet = False
    extensions_map = MIME_TYPES

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return MIME_TYPES.get(Path(path).suffix.lower(), "application/octet-stream")

    def translate_path(self, path: str) -> str:
        asked = unquote(urlsplit(path).path)
        target = rewrite(asked, self.rewrites)
        return super().translate_path(target if target != asked else path)

    def end_headers(self) -> None:
        path = unquote(urlsplit(self.path).path)
        values = headers_for(path, self.rules)
        values.setdefault("Cache-Control", DEFAULT_CACHE_CONTROL)
        for name, value in values.items():
            self.send_header(name, value)
        super().end_headers()

    def list_directory(self, path: str | os.PathLike[str]):  # type: ignore[override]
        self.send_error(404, "Not found")  # like Netlify: no listings
        return None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        log = getattr(self.server, "request_log", None)
        if log is not None:
            log.append((self.command, urlsplit(self.path).path, int(code)))
        super().log_request(code, size)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # (method, path, status) of every request answered; tests read it
    request_log: deque[tuple[str, str, int]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request_log = deque(maxlen=10_000)

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        # A browser that drops a connection (navigation, reload, offline) is normal.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path | str, port: int = 8000, host: str = "127.0.0.1",
                quiet: bool = False,
                toml_path: Path = NETLIFY_TOML) -> Server:
    handler = type("SiteHandler", (Handler,), {"rules": load_header_rules(toml_path),
                                               "rewrites": load_rewrites(toml_path),
                                               "quiet": quiet})
    return Server((host, port), partial(handler, directory=str(Path(root).resolve())))


def server_url(server: http.server.HTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def start_server(root: Path | str = HERE, port: int = 0, host: str = "127.0.0.1",
                 quiet: bool = True) -> tuple[Server, str]:
    """Serve `root` in a daemon thread; return (server, base URL ending in "/").
    Stop it with server.shutdown(); server.server_close()."""
    server = make_server(root, port, host, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="web-serve", daemon=True).start()
    return server, server_url(server)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve web/ on localhost.")
    ap.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--root", type=Path, default=HERE)
    ap.add_argument("--quiet", action="store_true", help="no request log")
    args = ap.parse_args(argv)
    if not (args.root / "vendor" / "precache.json").is_file():
        print(f"warning: {args.root}/vendor is not built; run `make web` first",
              file=sys.stderr)
    server = make_server(args.root, args.port, args.host, quiet=args.quiet)
    print(f"Serving {args.root} at {server_url(server)}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

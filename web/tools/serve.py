#!/usr/bin/env python3
"""Serve the site folder (site/, written by `make web`) on localhost, as a static host
would: the headers of its _headers file (web/tools/publish.py writes it; Netlify and
Cloudflare Pages read the same file), right MIME types, no directory listings, no rewrites.

    .venv/bin/python web/tools/serve.py [--port 8000] [--host 127.0.0.1] [--root site]
                                        [--log] [--test-pages]

Without --port it serves on 8000, or on the next free port up to 8019 when 8000 is
taken (`make play PORT=8080` chooses one; a port given and taken is an error that says
so). It prints the address once and no line per request (`--log` prints them).
`--port 0` picks any free port. From Python (the e2e tests, the benchmarks):

    server, url = start_server(root, port=0, test_pages=True)   # in a daemon thread
    ...
    server.shutdown(); server.server_close()

Test pages (`test_pages=True`, `--test-pages`): the bench's and the tests' pages
(TEST_ROUTES: bare.html, floor.html, smoke.html and their scripts, boot.py, the PyScript
config, and PyScript itself, which the site leaves out: only these pages run it) are
answered from web/pages/ (the pages and their scripts) and web/ (boot.py, vendor/);
they never go into the site folder, so no host publishes them.

Caching: the Cache-Control of _headers where a rule sets one, else "no-cache" (always
revalidate), so an edited file is seen on the next reload. The service worker (sw.js)
still answers precached files from its own cache until the next `make web` changes the
build version.
"""

from __future__ import annotations

import argparse
import errno
import http.server
import os
import re
import sys
import threading
from collections import deque
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

# web/ (this file is web/tools/serve.py; it imports nothing of the build, so that a
# benchmark can load another build's copy by its path) and the site folder beside it.
WEB = Path(__file__).resolve().parents[1]
PAGES = WEB / "pages"
SITE = WEB.parent / "site"
HEADERS_FILE = "_headers"
# URL -> file (test_pages): pages for the tests and the benchmarks (web/pages/), and what
# they load that the site does not serve (from web/). Their URLs are the site's root, as
# the game page's: their relative links reach the runtime at ./vendor/.
TEST_ROUTES = {f"/{name}": PAGES / name for name in (
    "bare.html", "bare.js", "floor.html", "floor.py", "smoke.html", "smoke.py")}
TEST_ROUTES["/boot.py"] = WEB / "boot.py"
TEST_ROUTES["/vendor/config.json"] = WEB / "vendor" / "config.json"


def test_routes(root: Path | str) -> dict[str, Path]:
    """TEST_ROUTES, and PyScript's files that the site at `root` leaves out (from
    web/vendor/pyscript/): the game page runs none of PyScript; smoke.html and floor.html
    (the benchmark's PyScript floor, with all its plugins) do. A site of an older build
    that still ships some of PyScript's files answers those itself."""
    routes = dict(TEST_ROUTES)
    chunks = WEB / "vendor" / "pyscript"
    for p in sorted(chunks.iterdir()) if chunks.is_dir() else []:
        if not (Path(root) / "vendor" / "pyscript" / p.name).exists():
            routes[f"/vendor/pyscript/{p.name}"] = p
    return routes

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
    ".bin": "application/octet-stream",
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


def parse_headers(text: str) -> list[tuple[str, dict[str, str]]]:
    """A _headers file (Netlify's and Cloudflare Pages' format) as [(path pattern,
    {header: value})], in file order: a line starting with "/" opens a rule, indented
    "Name: value" lines are its headers, "#" lines are comments."""
    rules: list[tuple[str, dict[str, str]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), {}))
        elif rules and ":" in line:
            name, value = line.split(":", 1)
            rules[-1][1][name.strip()] = value.strip()
        else:
            raise ValueError(f"_headers line {number}: {line.strip()!r} is no header")
    return rules


def load_header_rules(root: Path | str = SITE) -> list[tuple[re.Pattern[str], dict]]:
    """The rules of root/_headers as (path regex, {header: value}), in file order."""
    path = Path(root) / HEADERS_FILE
    if not path.is_file():
        return []
    return [(_rule_regex(p), values) for p, values in parse_headers(path.read_text())]


def resolve_path(root: Path | str, url_path: str,
                 routes: dict[str, Path] | None = None) -> Path | None:
    """The file that answers url_path (under root, or a test route), or None."""
    path = unquote(urlsplit(url_path).path)
    if routes and path in routes:
        return routes[path]
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
    routes: dict[str, Path] = {}
    quiet = False
    extensions_map = MIME_TYPES

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        return MIME_TYPES.get(Path(path).suffix.lower(), "application/octet-stream")

    def translate_path(self, path: str) -> str:
        route = self.routes.get(unquote(urlsplit(path).path))
        return str(route) if route is not None else super().translate_path(path)

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
                quiet: bool = False, test_pages: bool = False) -> Server:
    handler = type("SiteHandler", (Handler,), {"rules": load_header_rules(root),
                                               "routes": test_routes(root) if test_pages
                                               else {},
                                               "quiet": quiet})
    return Server((host, port), partial(handler, directory=str(Path(root).resolve())))


def server_url(server: http.server.HTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def start_server(root: Path | str = SITE, port: int = 0, host: str = "127.0.0.1",
                 quiet: bool = True, test_pages: bool = False) -> tuple[Server, str]:
    """Serve `root` in a daemon thread; return (server, base URL ending in "/").
    Stop it with server.shutdown(); server.server_close()."""
    server = make_server(root, port, host, quiet=quiet, test_pages=test_pages)
    threading.Thread(target=server.serve_forever, name="web-serve", daemon=True).start()
    return server, server_url(server)


DEFAULT_PORT = 8000
PORTS_TRIED = 20  # 8000 to 8019


class PortsTaken(OSError):
    """No port to serve on; the message says which were tried and how to choose one."""


def bind_server(root: Path | str, port: int | None, host: str = "127.0.0.1",
                quiet: bool = True, start: int = DEFAULT_PORT,
                tries: int = PORTS_TRIED, test_pages: bool = False) -> Server:
    """A server on `port`, or (port None) on the first free one from 8000 on.

    A port in use raises PortsTaken with a message a person can act on, never a
    traceback: `make play` on a machine where 8000 is taken just moves on."""
    candidates = [port] if port is not None else list(range(start, start + tries))
    for candidate in candidates:
        try:
            return make_server(root, candidate, host, quiet=quiet, test_pages=test_pages)
        except OSError as exc:
            if exc.errno not in (errno.EADDRINUSE, errno.EACCES):
                raise
    if port is not None:
        raise PortsTaken(f"port {port} on {host} is in use: choose another one with "
                         f"--port N (make play PORT=N), or --port 0 for any free port")
    raise PortsTaken(f"ports {candidates[0]} to {candidates[-1]} on {host} are all in use: "
                     f"choose one with --port N (make play PORT=N), or --port 0 for any")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the site folder on localhost.")
    ap.add_argument("--port", type=int, default=None,
                    help="port to serve on (default: 8000, or the next free one up to "
                         f"{DEFAULT_PORT + PORTS_TRIED - 1}); 0 picks any free port")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--root", type=Path, default=SITE,
                    help="the folder to serve (default: site/, written by make web)")
    ap.add_argument("--test-pages", action="store_true",
                    help="also serve the tests' and benchmarks' pages (web/pages/)")
    ap.add_argument("--log", action="store_true", help="print a line per request")
    ap.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)  # the default now
    ap.add_argument("--first-port", type=int, default=DEFAULT_PORT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if not (args.root / "index.html").is_file():
        print(f"warning: {args.root} is not built; run `make web` first", file=sys.stderr)
    try:
        server = bind_server(args.root, args.port, args.host, quiet=not args.log,
                             start=args.first_port, test_pages=args.test_pages)
    except PortsTaken as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    url = server_url(server)
    moved = args.port is None and server.server_address[1] != args.first_port
    print(f"Samarkand is served at {url}index.html  (Ctrl-C to stop)"
          + (f"\n(port {args.first_port} is in use; `make play PORT=N` chooses another)"
             if moved else ""), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

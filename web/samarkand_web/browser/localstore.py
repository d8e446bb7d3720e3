"""window.localStorage as the storage module's KeyValueStore, and how it is at the start."""

from __future__ import annotations

from samarkand_web.browser.dom import Storage, Window
from samarkand_web.saves.storage import (
    KeyValueStore,
    MemoryStore,
    StorageFull,
    StorageUnavailable,
    probe,
)


def js_error_text(exc: Exception) -> str:
    """"SecurityError: The operation is insecure.": the browser's own words for a refusal
    (Pyodide's text for a JavaScript exception wraps them in a Python repr)."""
    text = str(exc)
    # A DOMException is not an Error to Pyodide, which then quotes its text in """...""".
    start = text.find('"""')
    end = text.find('"""', start + 3)
    return text[start + 3:end] if 0 <= start < end else text


class LocalStore:
    """window.localStorage as the storage module's KeyValueStore."""

    def __init__(self, ls: Storage) -> None:
        self.ls = ls

    def get(self, key: str) -> str | None:
        try:
            value = self.ls.getItem(key)
        except Exception as exc:
            raise StorageUnavailable(str(exc)) from None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self.ls.setItem(key, value)
        except Exception as exc:
            text = js_error_text(exc)
            if "Quota" in text or "quota" in text or "full" in text:
                raise StorageFull(text) from None
            raise StorageUnavailable(text) from None

    def remove(self, key: str) -> None:
        try:
            self.ls.removeItem(key)
        except Exception as exc:
            raise StorageUnavailable(str(exc)) from None

    def keys(self) -> list[str]:
        try:
            return [str(self.ls.key(i)) for i in range(int(self.ls.length))]
        except Exception as exc:
            raise StorageUnavailable(str(exc)) from None


def open_session(win: Window) -> KeyValueStore:
    """window.sessionStorage (this tab's, kept across its reloads); a dict for this
    visit when it cannot be used."""
    try:
        store = LocalStore(win.sessionStorage)
        store.keys()
    except Exception:
        return MemoryStore()
    return store


def open_store(win: Window) -> tuple[KeyValueStore, str]:
    """localStorage and how it is: "ok", "full" (it reads but refuses writes: every save
    is still listed and opens) or "off" (it cannot be read: a dict for this visit)."""
    try:
        store = LocalStore(win.localStorage)
    except Exception:
        return MemoryStore(), "off"
    health = probe(store)
    return (MemoryStore(), "off") if health == "off" else (store, health)

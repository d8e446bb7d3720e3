"""localStorage as the page's store (samarkand_web/browser/localstore.py) with a fake
Storage: a full store and a blocked one are told apart, with the browser's own words;
and a control's identity across redraws never puts stored text into a selector."""

from __future__ import annotations

import pytest
from samarkand_web.browser.focus import control_key, find_control
from samarkand_web.browser.localstore import LocalStore, open_store
from samarkand_web.saves.storage import MemoryStore, StorageFull, StorageUnavailable

from tests.support.browser_fakes import FakeDocument, FakeElement, FakeWindow


class Refusing:
    """A Storage whose writes fail with `text` (as Pyodide words a JS exception)."""

    def __init__(self, text: str, reads: bool = True) -> None:
        self.text, self.reads, self.data = text, reads, {}
        self.length = 0

    def getItem(self, key: str) -> str | None:
        if not self.reads:
            raise RuntimeError('JsException: SecurityError: """The operation is insecure."""')
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError(self.text)

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)

    def key(self, index: int) -> str | None:
        return None


def test_a_full_store_is_full_and_a_refusal_is_unavailable_in_the_browsers_words() -> None:
    with pytest.raises(StorageFull):
        LocalStore(Refusing("QuotaExceededError: the quota has been exceeded")).set("k", "v")
    with pytest.raises(StorageUnavailable, match="^The operation is insecure.$"):
        LocalStore(Refusing('DOMException: """The operation is insecure."""')).set("k", "v")


def test_a_store_that_cannot_be_read_is_a_store_for_this_visit() -> None:
    win = FakeWindow()
    win.localStorage = Refusing("x", reads=False)
    store, health = open_store(win)
    assert health == "off" and isinstance(store, MemoryStore)
    win.localStorage = Refusing("QuotaExceededError")
    store, health = open_store(win)
    assert health == "full" and isinstance(store, LocalStore)


def test_a_saves_button_is_found_again_by_its_value_not_by_a_selector_of_it() -> None:
    """A stored key (any text, quotes too) is compared, never put into a selector."""
    key = 'g"] , body [x="'
    delete = FakeElement("button", data_action="delete", data_value=key)
    other = FakeElement("button", data_action="delete", data_value="other")
    doc = FakeDocument(other, delete)
    found = control_key(delete)
    assert found == ('[data-action="delete"]', key)
    assert find_control(doc, found) is delete

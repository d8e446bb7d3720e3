"""The page's main thread for its Python in a worker (issue 33; web/client.js, paint.js,
store.js, input.js; docs/phone.md, "The main thread's side"), run in Node on a page of
fakes (tests/js/client_cases.mjs): Start carries the page and its samarkand.* keys; a
Paint's writes happen before its patch; a refused write undoes the Paint's earlier
writes and answers full (or unavailable); a person's input becomes the Event JSON of
worker/protocol.py; clicks made before the worker is Ready are kept and sent in order."""

from __future__ import annotations

from typing import Any

from samarkand_web.saves import backup, storage
from samarkand_web.state.early import EARLY_ACTIONS

from tests.support.js_support import CASES, js_constants, run

# worker/protocol.py's Event.to_json, every field
EVENT: dict[str, object] = {"type": "event", "kind": "click", "action": "", "value": "",
                             "form": None, "key": "", "mods": [], "t0": None,
                             "portrait": False}


def client_case(name: str) -> Any:
    return run([str(CASES / "client_cases.mjs"), name])


def event(seq: int, **fields: Any) -> dict[str, Any]:
    return {**EVENT, **fields, "seq": seq}


def test_the_constants_are_the_ones_the_pages_python_uses() -> None:
    """What the main thread's modules share with the page's Python: the start screen's
    early actions, the backup file's type and size bound, the store's probe key; and
    client.js's tooltip targets and rest are tipwatch.js's."""
    early, targets, hover = js_constants("client.js", "EARLY_ACTIONS", "TIP_TARGETS", "HOVER_MS")
    assert sorted(early) == sorted(EARLY_ACTIONS)
    assert [targets, hover] == js_constants("tipwatch.js", "TARGETS", "HOVER_MS")
    assert js_constants("effects.js", "MIME", "MAX_BACKUP_CHARS") == [
        backup.MIME, backup.MAX_BACKUP_CHARS]
    assert js_constants("store.js", "PROBE_KEY") == [storage.PROBE_KEY]


def test_start_carries_the_page_and_only_the_games_keys() -> None:
    """Start (protocol.py's Start.to_json, every field): the address under its sub-path,
    the browser's language, the screen's line, the samarkand.* keys of localStorage
    (another site's keys on the same host stay out) and of sessionStorage, the store's
    health as saves/storage.py's probe says it."""
    assert client_case("start_message") == [{
        "type": "start", "seq": 1, "path": "/sub/", "search": "?lang=de", "hash": "",
        "origin": "http://localhost:8000", "lang": "de-DE", "touch": False,
        "portrait": False, "store": {"samarkand.prefs": '{"lang":"de"}'},
        "session": {"samarkand.tab": "1"}, "storage": "ok", "early": "",
        "can_share": False, "can_sign": False, "time_origin": 1700000000000}]


def test_a_paints_writes_happen_before_its_patch() -> None:
    """Every write of a Paint (set, remove, this tab's session key) is in storage before
    any region is written, and Stored ok answers that Paint by its number."""
    out = client_case("writes_before_patch")
    kinds = [entry[0] for entry in out["log"]]
    assert kinds == ["setItem", "removeItem", "setItem", "html", "event"]
    assert out["log"][3] == ["html", "status", "Your move was made"]
    assert out["local"] == {"samarkand.save.a": "new"}
    assert out["session"] == {"samarkand.tab": "7"}
    assert out["sent"] == [{"type": "stored", "seq": 2, "paint": 2, "result": "ok",
                            "text": ""}]


def test_a_refused_write_undoes_the_paints_earlier_writes_and_answers_full() -> None:
    """The quota refuses the Paint's third write: its first two are undone (the save's
    old value and the removed index back), so storage holds what it held before the
    Paint, and Stored full carries the browser's words. The Paint is drawn after the
    undo: it holds no word that says "saved" (the worker's part)."""
    out = client_case("refused_write_undoes_the_paints_writes")
    assert out["local"] == {"samarkand.save.a": "old", "samarkand.index": "i"}
    assert out["sent"] == [{"type": "stored", "seq": 2, "paint": 2, "result": "full",
                            "text": "QuotaExceededError: The quota has been exceeded."}]
    html_at = [e[0] for e in out["log"]].index("html")
    assert out["log"][html_at - 2:html_at] == [["setItem", "local", "samarkand.index", "i"],
                                               ["setItem", "local", "samarkand.save.a", "old"]]


def test_a_missing_store_answers_unavailable() -> None:
    """No localStorage to write to: nothing written, Stored unavailable."""
    out = client_case("missing_storage_is_unavailable")
    assert out["sent"] == [{"type": "stored", "seq": 2, "paint": 2, "result": "unavailable",
                            "text": "storage is not available"}]
    assert ["setItem", "local", "samarkand.save.a", "x"] not in out["log"]


def test_a_store_that_cannot_be_read_is_off_and_a_refusal_is_full_or_unavailable() -> None:
    """store.js's probe (as saves/storage.py's): a store that throws on reading, or a
    window whose localStorage throws, is "off" (the worker's mirror is then a store for
    this visit); one that reads but refuses the probe's write is "full"; a working one is
    "ok" and keeps no probe key. A refusal is "full" for the quota and "unavailable"
    otherwise, in the browser's own words."""
    out = client_case("store_health_and_refusals")
    assert out["unreadable"] == "off"
    assert out["blocked_window"] == [None, "off"]
    assert out["full"] == "full"
    assert out["ok"] == ["ok", {}]
    assert out["quota"] == {"result": "full",
                            "text": "QuotaExceededError: The quota has been exceeded."}
    assert out["insecure"] == {"result": "unavailable",
                               "text": "SecurityError: The operation is insecure."}


def test_a_saves_button_is_found_again_by_its_value_not_by_a_selector_of_it() -> None:
    """focus.js: a control's identity across redraws is a selector of our own names and
    its data-value compared as text (a stored key, quotes and all, never enters a
    selector), and that finds the very button again."""
    out = client_case("control_found_by_value")
    assert out["found"] == {"selector": '[data-action="delete"]', "value": 'g"] , body [x="'}
    assert out["same"] and out["other_first"]


def test_input_becomes_the_event_json_the_protocol_reads() -> None:
    """input.js's reading of the page, as Events: a click inside a
    space is the space, a domain its family, a data-action with its value and the
    new-game form's named fields; a changed select its value; the form sent is "start";
    Escape with a dialog open, Ctrl+Z; a #fragment opened; the screen crossing the upright
    board's line once (not again while it stays narrow); another tab's change to a
    samarkand.* key (another site's key is not sent)."""
    out = client_case("events_as_json")
    form = {"players": "3", "name": "Ana"}
    assert out["sent"] == [
        event(2, action="space", value="12", t0=5),
        event(3, action="family", value="3", t0=6),
        event(4, action="quick", value="hard", form=form, t0=7),
        event(5, kind="change", action="lang", value="fr"),
        event(6, kind="submit", action="start", form=form, t0=8),
        event(7, kind="key", action="escape", key="Escape", t0=0),
        event(8, kind="key", action="take-back", key="z", mods=["ctrl"], t0=0),
        event(9, kind="hash", action="hash", value="#g=abc"),
        event(10, kind="resize", portrait=True),
        {"type": "storage", "seq": 11, "key": "samarkand.save.z", "value": "v"}]
    # the browser's own submit, Escape and undo are not done as well
    assert out["prevented"] == [True, True, True]


def test_clicks_before_ready_are_kept_and_sent_in_order() -> None:
    """While the worker starts only Start is sent; at Ready the start screen's early
    click that first.js kept after Start went comes first, then the clicks in the order
    they were made. Ready makes the page live with the test hooks' names: data-ready,
    data-ready-ms, the worker's start moments as ms since this page's navigation, and
    how its Python started (data-python-start: booted, or restored from the start's
    snapshot, web/snapshot.js)."""
    out = client_case("clicks_before_ready_are_kept")
    assert out["beforeReady"] == ["start"]
    assert out["after"] == [event(2, action="quick", form={"name": "Bo"}),
                            event(3, action="guide", form={}, t0=1),
                            event(4, action="setup", form={}, t0=2)]
    assert out["body"] == {"pyStartMs": "900", "importedMs": "1500", "readyMs": "1000",
                           "ready": "1", "pythonStart": "boot"}
    assert out["loadingHidden"] is True
    assert out["restored"] == "snapshot"


def test_a_paint_that_answers_a_click_is_drawn_and_timed() -> None:
    """The address first, then only the changed board piece through dom.js, the game
    shown, the language and title set; zoompan.js hears the board was drawn with its
    label; the click's time to the next frame lands in window.samarkandTimings, with
    the main thread's "paint" and the worker's own measures ("render", its start sent
    as ms since the epoch) on the page's timeline, and its bot figures in their record."""
    out = client_case("paint_answers_a_click")
    assert out["log"][0] == ["url", "/sub/?lang=de#g=1"]
    assert out["log"][1] == ["pieces", "board", [['[data-space="4"]', [], {"class": "x"},
                                                  None, None]]]
    assert out["painted"] == [{"board": True, "label": "Das Brett"}]
    assert out["shown"] is True and out["lang"] == "de" and out["title"] == "Samarkand"
    assert out["timings"] == [26]
    assert out["measures"] == [["paint", {"start": 2000, "end": 2000}],
                               ["render", {"start": 1991, "end": 1994}],
                               ["click-to-frame", {"start": 1990, "end": 2016}]]
    assert out["bots"] == [{"level": "hard", "phase": "move", "ms": 12}]


def test_a_late_paints_focus_leaves_the_focus_where_the_person_has_put_it() -> None:
    """A Paint moves the focus it names (the full setup's first field) only when the
    person has not moved the focus since the Event it answers: a fast person (or a slow
    phone) who went on to player 2's choice keeps it there (test_flow's
    test_changing_player_2_keeps_the_focus_on_player_2s_select failed once so)."""
    out = client_case("a_late_paints_focus_leaves_the_persons_own")
    assert out == {"moved": "kind1", "stayed": "count"}


def test_an_address_the_browser_would_misread_or_refuses_never_stops_the_drawing() -> None:
    """A page opened at http://host//index.html has the path "//index.html": the game's
    address "//index.html?game=g1" would name a host "index.html" (replaceState throws),
    so it is set as "/index.html?game=g1"; an address the browser refuses all the same
    leaves the address as it was, and the Paint is drawn."""
    out = client_case("paint_with_an_address_the_browser_would_misread")
    assert out["log"][0] == ["url", "/index.html?game=g1"]
    assert [e for e in out["log"] if e[0] == "html"] == [["html", "status", "<p>1</p>"],
                                                         ["html", "status", "<p>2</p>"]]
    assert out["status"] == "<p>2</p>"


def test_a_keys_answer_is_waited_for_as_a_clicks_is() -> None:
    """Escape (the final scores open) and Ctrl+Z carry their time, so the worker answers
    each with a Paint that names it: the page is busy (samarkandBusy, what the e2e tests
    wait for) from the key until that Paint is drawn, never idle while the scores that
    Escape closes are still on screen."""
    out = client_case("keys_are_answered_before_the_page_is_idle")
    assert out["busy"] == [["ready", False], ["Escape sent", True], ["its Paint drawn", False],
                           ["Ctrl+Z sent", True], ["its Paint drawn", False]]
    assert out["sent"] == [event(2, kind="key", action="escape", key="Escape", t0=30),
                           event(3, kind="key", action="take-back", key="z", mods=["ctrl"],
                                 t0=40)]
    assert out["overlayHidden"] is True


def test_a_patch_that_does_not_fit_asks_the_worker_for_the_region_whole() -> None:
    """A Paint carries a region's patch without its whole: when dom.js cannot apply the
    board's, the status's parts or the log's new lines (the page is not as the patch
    expects), those regions are left as they are and asked for whole in one Redraw
    (protocol.py's Redraw.to_json); the other regions are written; the page stays busy
    (samarkandBusy) until the Paint that answers the Redraw is drawn, whole."""
    out = client_case("patch_that_does_not_fit_asks_for_the_region_whole")
    assert out["asked"] == {"type": "redraw", "seq": 2, "regions": ["board", "status", "log"]}
    assert out["logBefore"] == [["pieces", "board"], ["parts", "status"], ["html", "messages"]]
    assert out["busyBefore"] is True and out["busyAfter"] is False
    assert out["logAfter"] == [["html", "board"], ["setParts", "status"], ["html", "log"]]
    assert out["sent"] == 2  # no other Redraw: the whole regions were drawn


def test_the_focused_control_keeps_the_focus_when_its_region_is_drawn_anew() -> None:
    """paint.js's focus keeping: the focused "Pass" button's region is replaced;
    the new "Pass" button (the same data-action and data-value) takes the focus, not the
    first button of the region, and it is focused after the region is written."""
    out = client_case("focus_kept_across_a_redrawn_region")
    assert out["log"][:2] == [["html", "actions"], ["focus", ""]]
    assert out["focused"] == "pass" and out["inActions"] is True


def test_a_late_paint_never_undoes_what_the_person_typed_or_chose_in_the_form() -> None:
    """typed.js: a Paint redraws the whole new-game form from what the worker had heard
    when it made it (Paint.seen). One that answers an earlier Event and comes after a
    later keystroke or choice (a slow phone) keeps the person's values in the fields they
    changed since ("Ann" typed, "Medium" chosen), and the worker's in the others (player
    2's name that follows its kind), the focused field its caret and selection; the next
    Event carries the person's values. Once the worker has heard them, its drawing
    holds. A field whose value no Event has carried yet (the one-click game's name, read
    at the click) stays the person's."""
    out = client_case("late_paints_keep_what_the_person_changed")
    assert out["after_a_late_paint"] == ["", "Ann", "Bot 2 (Easy)", "heuristic"]
    assert out["caret"] == ["name0", 1, 3, "backward"]  # a new field, focused again
    assert out["sent"] == [[2, "Player 1", "random"], [3, "Ann", "random"],
                           [4, "Ann", "heuristic"], [5, "Ann", "heuristic"]]
    assert out["after_its_answer"] == ["", "Ann", "Bot 2 (Medium)", "heuristic"]
    assert out["typed_not_sent"] == ["Mo", "Ann", "Bot 2 (Medium)", "search"]


def test_a_failure_before_ready_shows_the_loading_failure_and_storage_waits() -> None:
    """The worker's Failed before the page is live: first.js's "samarkand:failed" (the
    loading indicator says the game could not start), the page never marked ready; a
    storage change made meanwhile is kept for Ready, not sent before the App exists."""
    out = client_case("failed_before_ready")
    assert out["sentBefore"] == ["start"]
    assert out["events"] == ["samarkand:failed"] and out["ready"] == ""


def effects_case(name: str) -> Any:
    return run([str(CASES / "effects_cases.mjs"), name])


def test_a_refused_clipboard_is_told_to_the_worker() -> None:
    """effects.js's copy: the link field is selected (to copy by hand) and a
    clipboard that refuses becomes the "copy-failed" answer (handlers/page.copy_failed)."""
    assert effects_case("copy_refused") == {"answers": [["copy-failed", "", None]],
                                            "done": ["selected"]}


def test_a_cancelled_share_sheet_does_nothing_and_a_failed_one_copies() -> None:
    """The share sheet closed by the person (AbortError) does nothing; one that fails
    otherwise copies the link instead."""
    out = effects_case("share_cancelled_or_failed")
    assert out["cancelled"] == [[], []]
    assert out["failed"] == [[], ["selected", "copied https://x/#g=2"]]


def test_a_download_is_a_clicked_blob_link_freed_later_and_sounds_play_in_order() -> None:
    """effects.js's download (a hidden link to a JSON blob, clicked, removed, its
    URL revoked by a timer) and sound.py's sounds, one call, in the Paint's order."""
    assert effects_case("download_and_sounds") == [
        "sound move,score", "append a", "click a", "remove a",
        "revoked blob:application/json:2"]


def test_the_sounds_of_a_paint_start_after_the_frame_that_shows_it() -> None:
    """effects.js: a Paint's sounds are not made inside the click's task (before its
    frame) but in a task of their own once that frame is drawn, in the Paint's order."""
    assert effects_case("sounds_after_the_frame") == {
        "before": 0, "afterFrame": 0, "played": ["sound camel,turn"]}


def test_a_picked_backup_file_goes_to_the_worker_as_its_text_or_its_problem() -> None:
    """effects.js's picker: a hidden file input of its own; a file too big is
    refused unread (backup.too_big), a readable one goes as its text, an unreadable one
    as backup.read_failed, an empty pick as nothing."""
    out = effects_case("picked_files")
    assert out["answers"] == [["backup-problem", "backup.too_big", None],
                              ["backup-file", '{"saves":[]}', None],
                              ["backup-problem", "backup.read_failed", None]]
    assert out["field"] == {"type": "file", "id": "import-file",
                            "accept": ".json,application/json", "hidden": True}


def test_keys_send_what_keys_py_ran_and_move_the_focus_among_the_choices() -> None:
    """keys.py as input.js: Escape with nothing open is left to the browser; Enter on a
    space (not a native button) is its click, Enter on a button is the button's own; an
    arrow on the decision goes into the board (backwards: the last choice) and arrows
    among the choices go round, without a message to the worker; Ctrl+Z in a field is
    the field's undo; the replay's keys (its chart shown) go with Shift, not under a
    dialog."""
    out = client_case("keys")
    assert out["seen"] == [
        ["Escape, nothing open", False, None],
        ["Enter on a space", True, None],
        ["Enter on a button", False, None],
        ["ArrowLeft on the decision", True, "14"],
        ["ArrowRight on the last space", True, "3"],
        ["Ctrl+Z in a field", False, "3"],
        ["Shift+ArrowRight in the replay", True, "3"],
        ["End in the replay under a dialog", False, "3"]]
    assert out["sent"] == [
        event(2, action="space", value="9", t0=0),
        event(3, kind="key", action="replay-key", value="ArrowRight+shift", key="ArrowRight",
              mods=["shift"], t0=9)]


def test_a_click_whose_answer_was_prepared_is_shown_in_its_own_task() -> None:
    """Prepared answers (docs/phone.md): asked for once a Paint's frame is drawn, for the
    board's highlighted choices only; the click's prepared Paint written before any frame,
    its time taken as any click's, the worker told which copy to keep (Adopt, carrying the
    click with the click's number); asked for again after it; and stale once anything
    else was sent (another tab's change): that click goes to the worker as an Event."""
    out = client_case("prepared_answers")
    assert out["askedBeforeFrame"] == 0
    assert out["asked"] == "prepare" and out["values"] == ["4", "5"]
    assert out["t0s"] == [0, 0]
    assert out["inTheClick"] == ["Camel on 4"]
    assert out["adopt"] == {"type": "adopt", "key": True, "value": "4", "same_seq": True,
                            "after_prepare": True}
    assert out["timings"] == [14]
    assert out["shown"] == 1
    assert out["askedAgain"] == "prepare"
    assert out["stale"] == ["event", "space", "5"]
    assert out["staleShown"] == 0

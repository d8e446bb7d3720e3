"""The worker's side of the page (docs/phone.md, "The worker's Python side"): the App
over a mirror of localStorage, answering the main thread's messages with Paints.

- A write to the mirror is queued into the Paint of the same call; the main thread does
  the writes before it shows that Paint, so the screen never shows a move whose save was
  not written first.
- A refused write (`Stored` full or unavailable) puts the mirror's old value back and
  runs the App's storage-failure path (App.storage_failed, as a StorageFull raised by
  localStorage does today). The words that say a game is saved wait for `Stored` ok.
- Bots, the coach, an analysis, a backup's import and a replay's playback are the host's
  own steps (what browser/tasks.py schedules today): `tick()` runs those due, `Cancel`
  drops them. The page's worker loop calls `tick()` at `next_due()`.
- A person's move on the game screen is painted in two: first the regions that show the
  move and the next decision (render's FIRST, `Paint.rest`), the rest once the main
  thread says that frame is drawn (`Drawn`), so that the click's frame never waits for
  the log or the players' strip.
- What only the main thread can do comes back as messages: a link signed (`Signed`) or
  verified (`Verified`) by WebCrypto, the service worker's news and a refused clipboard
  (`Notice`).
- A Paint carries a region's patch without its whole markup; a region the main thread
  could not patch is asked for whole (`Redraw`) and drawn whole in the answer.
- A TipAsk is answered at once by a Tip (worker/tips.py): a tooltip's words and a ring
  on the map, read from the App, which they never change.

Nothing here touches a document: what changed on the page is view/patches.py's JSON.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace

from samarkand_web.handlers import analysis, coach, page, remote, replay, saves
from samarkand_web.saves.links import game_url
from samarkand_web.saves.storage import PREFIX as SAVE_PREFIX
from samarkand_web.saves.storage import (
    KeyValueStore,
    MemoryStore,
    StorageFull,
    StorageUnavailable,
)
from samarkand_web.state.app import App
from samarkand_web.state.early import early_intent
from samarkand_web.state.effects import Effects
from samarkand_web.view.patches import PageDiff
from samarkand_web.view.render import Page, render
from samarkand_web.worker.protocol import (
    ANSWERS,
    BACKUP_FILE,
    BACKUP_PROBLEM,
    LINK_SIGNED,
    LINK_VERIFIED,
    UPDATE_READY,
    UPDATE_WAITS,
    Cancel,
    Drawn,
    Event,
    Failed,
    Job,
    Paint,
    ProtocolError,
    Ready,
    Redraw,
    Start,
    StorageEvent,
    Stored,
    TipAsk,
    WorkerMessage,
    Write,
    read_main,
)
from samarkand_web.worker.timings import (
    SLOW_SLICE_MS,
    BotDecision,
    CoachRun,
    Measure,
    Records,
    Slices,
)
from samarkand_web.worker.tips import tip_answer

# Messages that tell the person a game is saved: shown only once the main thread has
# confirmed every write made so far (Stored ok).
SAVED_WORDS = frozenset({"storage.saved_again", "tabs.saved_again"})
# The header's storage alert (App.storage_state) that says something is not saved: its
# state is not eased (to "" or from "unsaved" to "refused") while writes wait.
ALARMING = ("refused", "unsaved")
MAIN_MESSAGES = (Start, Event, Stored, StorageEvent, Cancel, Drawn, TipAsk, Redraw)
# A person's move is drawn in two: its first regions, then the rest once the main thread
# says their frame is drawn (Drawn). The steps (a bot's move, the coach, a replay) wait for
# that Drawn: a step's Paint that reached the main thread between the click's Paint and
# its frame was handled first and held that frame back (the slowest clicks of the click
# runs, a bot moving at the instant speed). At most this long (ms), as a hidden tab draws
# no frame and sends no Drawn.
REST_HOLD_MS = 250.0


@dataclass(frozen=True, slots=True)
class Queued:
    """A write sent to the main thread, with the value it replaced (to put back)."""

    write: Write
    old: str | None


class MirrorStore:
    """The storage module's KeyValueStore over a copy of localStorage's samarkand.* keys
    (or of this tab's sessionStorage, `session`), filled from `Start`: reads answer at
    once, each change is queued to travel with the next Paint."""

    def __init__(self, data: dict[str, str], session: bool = False) -> None:
        self.data = dict(data)
        self.session = session
        self.queue: list[Queued] = []

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def write(self, key: str, value: str | None) -> Write:
        """The write, checked against the mirror's value where it is a saved game (the
        main thread does it only over that value: another tab may have written it)."""
        checked = not self.session and key.startswith(SAVE_PREFIX)
        return Write(key, value, self.session, checked, self.data.get(key) if checked else None)

    def set(self, key: str, value: str) -> None:
        self.queue.append(Queued(self.write(key, value), self.data.get(key)))
        self.data[key] = value

    def remove(self, key: str) -> None:
        if key in self.data:
            write = self.write(key, None)
            self.queue.append(Queued(write, self.data.pop(key)))

    def keys(self) -> list[str]:
        return list(self.data)

    def take(self) -> list[Queued]:
        queued, self.queue = self.queue, []
        return queued

    def put_back(self, queued: list[Queued]) -> None:
        """The main thread refused these writes: the old values again, newest first,
        where no later write has changed the key since."""
        for q in reversed(queued):
            if self.data.get(q.write.key) != q.write.value:
                continue  # written again since: that write has its own answer coming
            if q.old is None:
                self.data.pop(q.write.key, None)
            else:
                self.data[q.write.key] = q.old


@dataclass(frozen=True, slots=True)
class StartMarks:
    """The worker's start (web/main.py): when its Python ran and had imported the game
    (ms since the epoch), the dataclasses' compiled methods found / compiled, and whether
    Python was restored from the start's memory snapshot (web/snapshot.js)."""

    py_start_at: float | None = None
    imported_at: float | None = None
    class_code: str = ""
    snapshot: bool = False


@dataclass(slots=True)
class BotTurn:
    """The bot's turn under way: when it started, whose level, in which phase."""

    start: float = 0.0
    level: str = ""
    phase: str = ""


@dataclass(slots=True)
class CoachTurn:
    """The coach's run under way: when it first looked, its steps, the longest (ms)."""

    start: float = 0.0
    slices: int = 0
    longest: float = 0.0


@dataclass(slots=True)
class Step:
    """A job's next step: its token (a stale one does nothing: the App says) and when
    it is due (the host's clock, ms)."""

    token: int
    due: float


class WorkerHost:
    def __init__(self, now: Callable[[], float], new_seed: Callable[[], int] | None = None,
                 new_id: Callable[[], str] | None = None,
                 marks: StartMarks | None = None) -> None:
        """`now()`: ms since the epoch (the worker's clock); `new_seed`, `new_id`: as
        App takes them (tests pass their own for the same game every run); `marks`: the
        worker's own start, told in Ready."""
        self.now, self.new_seed, self.new_id = now, new_seed, new_id
        self.marks = marks or StartMarks()
        self.app: App | None = None
        self.local = MirrorStore({})
        self.session = MirrorStore({}, session=True)
        self.diff = PageDiff()
        self.here = ""  # the page's address as last sent (path, search and #fragment)
        self.seq = 0  # the last message sent
        self.heard = 0  # the last message of the main thread's handled (Paint.seen)
        self.unconfirmed: dict[int, list[Queued]] = {}  # paint seq -> its writes
        self.steps: dict[Job, Step] = {}
        self.rest_due: int | None = None  # the first paint whose rest waits for Drawn
        self.rest_at = 0.0  # when that first paint was sent (the host's clock)
        self.records = Records(now)  # the page's figures, for the next Paint
        self.bot_turn = BotTurn()
        self.coach_turn = CoachTurn()
        self.suggested = False  # the coach's suggestion is in the next Paint
        self.alert = ""  # the storage alert's state as last rendered (App.storage_state)

    # ------------------------------------------------------------------ messages

    def handle(self, data: object) -> list[WorkerMessage]:
        """One message from the main thread (a protocol dataclass, its dict or its JSON
        text): the messages to send back. A message of another shape is refused with
        `Failed` saying why; nothing of the App has run then."""
        try:
            msg = data if isinstance(data, MAIN_MESSAGES) else read_main(data)
        except ProtocolError as exc:
            return [self.failed(f"message refused: {exc}")]
        self.heard = max(self.heard, msg.seq)
        app = self.app
        if isinstance(msg, Start):
            if app is not None:
                return [self.failed("message refused: the page has started already")]
            return self.start(msg)
        if app is None:
            return [self.failed(f"message refused: {type(msg).__name__.lower()} "
                                "before start")]
        if isinstance(msg, Event):
            return self.event(app, msg)
        if isinstance(msg, Stored):
            return self.stored(app, msg)
        if isinstance(msg, StorageEvent):
            return self.storage(app, msg)
        if isinstance(msg, Cancel):
            self.cancel(app, msg)
            return []
        if isinstance(msg, TipAsk):  # a tooltip's words: the App is only read
            return [tip_answer(app, msg, self.next_seq())]
        if isinstance(msg, Redraw):
            return self.redraw(app, msg)
        return self.drawn(app, msg)

    def redraw(self, app: App, msg: Redraw) -> list[WorkerMessage]:
        """The main thread could not apply a patch of these regions: they are drawn
        whole (with whatever else changed since the last Paint), in a Paint that names
        the Redraw. Nothing of the App changes."""
        self.diff.forget(msg.regions)
        return self.paint(app, Effects(), msg.seq)

    def drawn(self, app: App, msg: Drawn) -> list[WorkerMessage]:
        """A move's first paint is on screen: the rest of the page, unless a paint since
        drew everything. Always answered (a Paint that names it), so that the main thread
        knows when the page is whole."""
        if msg.paint != self.rest_due:
            return self.paint(app, Effects(render=False), msg.seq)
        self.rest_due = None
        return self.guard(app, Effects, msg.seq)

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def failed(self, text: str) -> Failed:
        return Failed(self.next_seq(), text)

    def start(self, msg: Start) -> list[WorkerMessage]:
        """The App over the mirror (a store for this visit when localStorage cannot be
        read, as browser/localstore.py's open_store does), the page for its address."""
        off = msg.storage == "off"
        self.local = MirrorStore({} if off else msg.store)
        self.session = MirrorStore(msg.session, session=True)
        store: KeyValueStore = MemoryStore() if off else self.local
        app = App(store, now=self.now, lang=msg.lang, path=msg.path, origin=msg.origin,
                  storage_ok=not off, touch=msg.touch, session=self.session,
                  new_seed=self.new_seed, new_id=self.new_id)
        if msg.storage == "full":
            app.storage_full_at_start()
        self.alert = app.storage_state  # the probe's word holds until a write is taken
        app.portrait = msg.portrait
        app.can_share = msg.can_share
        app.bylink.signs = msg.can_sign
        self.app = app
        self.records.time_origin = msg.time_origin
        self.here = msg.path + msg.search + msg.hash
        out: list[WorkerMessage] = []
        out += self.guard(app, lambda: app.boot(msg.search, msg.hash))
        marks = self.marks
        out.append(Ready(self.next_seq(), marks.py_start_at, marks.imported_at,
                         marks.class_code, marks.snapshot))
        early = early_intent(msg.early)
        if early is not None and app.screen == "home" and not app.overlay:
            out += self.guard(app, lambda: app.dispatch(*early))
        return out

    def event(self, app: App, msg: Event) -> list[WorkerMessage]:
        """A person's input: App.dispatch (a resize only draws the board anew when the
        screen crossed the upright board's line). An Event with its time (`t0`) is
        always answered by a Paint that names it, drawn in two on the game screen."""
        answers = None if msg.t0 is None else msg.seq
        if msg.kind == "resize":
            redraw = msg.portrait != app.portrait
            app.portrait = msg.portrait
            return self.paint(app, Effects(render=redraw), answers)
        if msg.kind == "hash":
            # the address the page shows now: an address the App asks for is compared
            # with it (a link opened in this tab is left for the game's address)
            self.here = self.here.split("#", 1)[0] + msg.value
            return self.guard(app, lambda: app.dispatch("hash", msg.value), answers)
        if msg.action in ANSWERS:
            return self.guard(app, lambda: self.answer(app, msg), answers)
        return self.guard(app, self.measured("dispatch",
                                             lambda: app.dispatch(msg.action, msg.value,
                                                                  msg.form)),
                          answers, split=answers is not None)

    def answer(self, app: App, msg: Event) -> Effects:
        """The browser's answer to what only the main thread can do (protocol.ANSWERS):
        the handler the page's Python called for it."""
        form = msg.form or {}
        if msg.action == LINK_SIGNED:
            return remote.link_signed(app, form.get("fragment", ""), msg.value)
        if msg.action == LINK_VERIFIED:
            return remote.link_verified(app, form.get("signed", ""), msg.value == "1")
        if msg.action == BACKUP_FILE:
            return saves.import_backup_text(app, msg.value)
        if msg.action == BACKUP_PROBLEM:
            return saves.backup_problem(app, msg.value)
        if msg.action == UPDATE_READY:
            page.update_ready(app)
        elif msg.action == UPDATE_WAITS:
            page.update_waits_for_tabs(app)
        else:
            page.copy_failed(app)
        return Effects()

    def measured(self, name: str, call: Callable[[], Effects]) -> Callable[[], Effects]:
        """call(), its time measured for the page's records under `name`."""
        def timed() -> Effects:
            start = self.now()
            try:
                return call()
            finally:
                self.records.measure(name, start)
        return timed

    def stored(self, app: App, msg: Stored) -> list[WorkerMessage]:
        """The main thread's answer to a Paint's writes."""
        queued = self.unconfirmed.pop(msg.paint, None)
        if queued is None:
            return [self.failed(f"message refused: no writes of paint {msg.paint} wait "
                                "for an answer")]
        if msg.result == "ok":
            held = (any(m.key in SAVED_WORDS for m in app.messages)
                    or self.alert != app.storage_state)
            return self.paint(app, Effects()) if held and not self.unconfirmed else []
        self.local.put_back([q for q in queued if not q.write.session])
        self.session.put_back([q for q in queued if q.write.session])
        # the words that the refused writes would have made true are never said
        app.messages = [m for m in app.messages if m.key not in SAVED_WORDS]
        if msg.result == "changed" and msg.key is not None:
            return self.changed_under(app, msg.key, msg.value)
        text = msg.text or msg.result
        error = StorageFull(text) if msg.result == "full" else StorageUnavailable(text)
        app.storage_failed(error)
        return self.paint(app, Effects())

    def changed_under(self, app: App, key: str, value: str | None) -> list[WorkerMessage]:
        """A saved game was written by another tab that this one never heard of: the
        mirror takes its value, and the game is saved again over it, as the App does
        when it finds the store changed (saves.written: the moves of both kept, a copy
        where they went apart)."""
        if value is None:
            self.local.data.pop(key, None)
        else:
            self.local.data[key] = value
        app.game.saved_commits = -1  # what the session counted as saved was not

        def save_again() -> Effects:
            app.game.autosave()
            entry = app.game.entry  # a copy has an address of its own
            return Effects(url=None if entry is None else game_url(app.path, entry.id))
        return self.guard(app, save_again)

    def storage(self, app: App, msg: StorageEvent) -> list[WorkerMessage]:
        """Another tab changed localStorage: the mirror follows, then the App (the
        two-tab merge of handlers/saves.py, unchanged). Always answered by a Paint that
        names it: the main thread knows when the page shows the change."""
        if msg.key is None:
            self.local.data.clear()
        elif msg.value is None:
            self.local.data.pop(msg.key, None)
        else:
            self.local.data[msg.key] = msg.value
        return self.guard(app, lambda: saves.storage_changed(app, msg.key), msg.seq)

    def cancel(self, app: App, msg: Cancel) -> None:
        """The job's next step is dropped; a bot's turn is stopped for good (its token
        is stale from now on), as a pause does."""
        self.steps.pop(msg.job, None)
        if msg.job == "bot":
            app.game.stop_bots()

    # ------------------------------------------------------------------ the steps

    def next_due(self) -> float | None:
        """When the next step is due (the host's clock), None when none waits: not before
        the main thread has drawn a person's move's first paint (REST_HOLD_MS)."""
        due = min((s.due for s in self.steps.values()), default=None)
        if due is not None and self.rest_due is not None:
            due = max(due, self.rest_at + REST_HOLD_MS)
        return due

    def tick(self) -> list[WorkerMessage]:
        """The steps due now, each guarded as a click is: their Paints."""
        app = self.app
        if app is None:
            return []
        now = self.now()
        if self.rest_due is not None and now < self.rest_at + REST_HOLD_MS:
            return []  # a person's move's frame is not drawn yet
        out: list[WorkerMessage] = []
        for job, step in sorted(self.steps.items(), key=lambda kv: kv[1].due):
            if step.due > now or self.steps.get(job) is not step:
                continue
            del self.steps[job]
            out += self.guard(app, self.measured_step(app, job, step.token))
        return out

    def measured_step(self, app: App, job: Job, token: int) -> Callable[[], Effects]:
        """A job's step, measured for the page's records as browser/tasks.py measured
        it: a bot's and the coach's phases and turns, an import's and an analysis's
        slices."""
        call = self.step_call(app, job, token)

        def timed() -> Effects:
            start = self.now()
            fx = call()
            took = self.now() - start
            if job == "bot":
                self.bot_measured(app, start, took)
            elif job == "coach":
                self.coach_measured(app, start, took)
            elif job in ("import", "analysis"):
                self.slice_measured(app, job, fx, start, took)
            return fx
        return timed

    def slice_measured(self, app: App, job: Job, fx: Effects, start: float,
                       took: float) -> None:
        """An import's or an analysis's step: its record (one per run: a new run starts
        a new record) counts it, its longest step, and its time once it is done."""
        records = self.records
        analysis = job == "analysis"
        record = records.analysis if analysis else records.backup_import
        if (app.analysis_phase == "start") if analysis else record.ms > 0:
            record = Slices(start=records.page_time(start))
            if analysis:
                records.analysis = record
            else:
                records.backup_import = record
        if not analysis and record.slices == 0:
            record.start = records.page_time(start)
        record.slices += 1
        record.longest_ms = max(record.longest_ms, took)
        record.longest_think_ms = max(record.longest_think_ms, took)
        done = (app.analysis_phase == "done" if analysis
                else fx.import_token is None and app.importing is None)
        if done:
            record.ms = records.page_time(self.now()) - record.start
        records.changed.add(job)

    def bot_measured(self, app: App, start: float, took: float) -> None:
        """A bot's step: its phase measured (a plain step only when slow), its turn
        recorded once its move is committed."""
        records, turn = self.records, self.bot_turn
        records.steps_run += 1
        records.changed.add("slices")
        phase = app.game.bot_phase
        if phase == "start" and app.ctl is not None:
            turn.start, turn.level = start, app.ctl.seats[app.ctl.deciding]
            turn.phase = app.ctl.state.phase
        if phase and (phase != "step" or took > SLOW_SLICE_MS):
            records.measures.append(Measure("bot-" + phase, start, took))
        if phase == "commit":
            records.bot_decisions.append(
                BotDecision(turn.level, turn.phase, self.now() - turn.start))

    def coach_measured(self, app: App, start: float, took: float) -> None:
        """The coach's step: its phase measured, its run recorded once its suggestion
        is drawn (by this step's Paint: `suggested`)."""
        records, turn = self.records, self.coach_turn
        phase = app.coach_phase
        if phase == "start":
            turn.start, turn.slices, turn.longest = start, 0, 0.0
        turn.slices += 1
        turn.longest = max(turn.longest, took)
        if phase and (phase != "step" or took > SLOW_SLICE_MS):
            records.measures.append(Measure("coach-" + phase, start, took))
        if phase == "done":
            self.suggested = True
            records.coach.append(CoachRun(records.page_time(turn.start),
                                          self.now() - turn.start, turn.slices,
                                          turn.longest))

    @staticmethod
    def step_call(app: App, job: Job, token: int) -> Callable[[], Effects]:
        if job == "bot":
            return lambda: app.game.bot_tick(token)
        if job == "coach":
            return lambda: coach.coach_tick(app, token)
        if job == "analysis":
            return lambda: analysis.analysis_tick(app, token)
        if job == "import":
            return lambda: saves.import_tick(app, token)
        return lambda: replay.replay_tick(app, token)

    def schedule(self, fx: Effects) -> None:
        """The steps an Effects asks for (browser/tasks.py's schedule)."""
        now = self.now()
        if fx.bot_delay is not None:
            self.steps["bot"] = Step(fx.bot_token, now + fx.bot_delay)
        if fx.coach_token is not None:
            self.steps["coach"] = Step(fx.coach_token, now)
        if fx.import_token is not None:
            self.steps["import"] = Step(fx.import_token, now)
        if fx.analysis_token is not None:
            self.steps["analysis"] = Step(fx.analysis_token, now)
        if fx.replay_delay is not None:
            self.steps["replay"] = Step(fx.replay_token, now + fx.replay_delay)

    # ------------------------------------------------------------------ painting

    def guard(self, app: App, call: Callable[[], Effects], answers: int | None = None,
              split: bool = False) -> list[WorkerMessage]:
        """call() and its Paint; if it raises, the App's internal error (which says truly
        whether the game is saved) is drawn instead. `answers`: the message (its seq)
        the Paint answers: it is always sent. `split`: a person's move, drawn in two on
        the game screen."""
        try:
            fx = call()
        except Exception:
            traceback.print_exc(file=sys.stderr)
            app.internal_error()
            return self.paint(app, Effects(), answers, split)
        return self.paint(app, fx, answers, split)

    def paint(self, app: App, fx: Effects, answers: int | None = None,
              split: bool = False) -> list[WorkerMessage]:
        """The Paint of a call: the writes it made, then what changed on the page and
        what only the browser can do. [] when there is nothing to send."""
        queued = self.local.take() + self.session.take()
        patch = None
        board = first = False
        if fx.render:
            # a person's move on the game screen shown: its first regions now, the rest
            # once the main thread has drawn them (Drawn)
            first = split and self.diff.shows("game")
            start = self.now()
            page = self.render(app, bool(queued), first)
            self.records.measure("render", start)
            start = self.now()
            change = self.diff.diff(page)
            if first and not change.writes:  # the move showed nowhere first: all at once
                first = False
                page = self.render(app, bool(queued))
                change = self.diff.diff(page)
            board = "board" in change.regions and bool(page.show.get("game"))
            if change.writes or change.hidden or change.inert or change.lang or change.title:
                patch = change.to_json()
            self.records.measure("diff", start)
        url = fx.url if fx.url is not None and fx.url != self.here else None
        if url is not None:
            self.here = url
        self.schedule(fx)
        share = fx.share
        sign = remote.link_to_sign(app) if fx.render else None
        msg = Paint(
            self.next_seq(), tuple(q.write for q in queued), patch, url, fx.focus,
            fx.focus_if_idle, board, fx.copy,
            None if share is None else {"title": share.title, "text": share.text,
                                        "url": share.url},
            None if fx.download is None else {"name": fx.download[0],
                                              "text": fx.download[1]},
            fx.pick_file, tuple(str(s) for s in fx.sounds),
            label=app.t("zoom.region") if board else "", answers=answers, rest=first,
            suggested=self.suggested,
            sign=None if sign is None else {"game": sign[0], "fragment": sign[1]},
            verify=None if fx.verify is None else dict(zip(("key", "signed", "signature"),
                                                           fx.verify, strict=True)),
            activate_update=fx.activate_update, seen=self.heard)
        self.suggested = False
        if msg == Paint(msg.seq, seen=self.heard) and answers is None:
            self.seq -= 1  # nothing to send: the number is not used
            return []
        msg = replace(msg, timings=self.records.take())
        if first:
            self.rest_due, self.rest_at = msg.seq, self.now()
        elif fx.render:
            self.rest_due = None  # everything is drawn
        if queued:
            self.unconfirmed[msg.seq] = queued
        return [msg]

    def render(self, app: App, writing: bool, first: bool = False) -> Page:
        """render(app, first). While any write (`writing`: this call's own) waits for the
        main thread's answer, the words that say "saved" are left out and the storage
        alert shown stays at least as it was: the App counts a save as done once the
        mirror took it, and took the alert away then, but the store may still refuse it
        (the alert would leave the screen for a frame on each move of a store that
        refuses every write, and come back with the refusal)."""
        if not (writing or self.unconfirmed):
            self.alert = app.storage_state
            return render(app, first)
        kept = app.messages
        storage, game = app.storage, app.game
        refused, unsaved = storage.refused, game.unsaved
        app.messages = [m for m in kept if m.key not in SAVED_WORDS]
        if self.alert in ALARMING:
            storage.refused = True
            game.unsaved = unsaved or self.alert == "unsaved"
        try:
            self.alert = app.storage_state
            return render(app, first)
        finally:
            app.messages = kept
            storage.refused, game.unsaved = refused, unsaved

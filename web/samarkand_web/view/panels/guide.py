"""The guided first game on the game screen: its panel above the decision (the step's
number, what to do and why, "Leave the guide"), and its target marked with the coach's
own mark: on the board draw/board.py's ring and star (``board_marks``, the arguments the coach's
mark uses), on a control of the decision its star (``cls``). The panel names the target
in ``data-target`` (from the step's data), so that the browser (web/zoompan.js) and the tests
find the marked piece without reading our markup back. Style: assets/coach.css."""

from __future__ import annotations

from samarkand_web.handlers.guide import guide_now
from samarkand_web.state.guide import FINISH, Step
from samarkand_web.view.markup import EMPTY, Markup, html
from samarkand_web.view.panels.coach import BoardMarks
from samarkand_web.view.ui import Screen, button

# The board's pieces the guide may target: a space ("space:<id>") or a domain
# ("family:<id>"), keyed as samarkand_core.draw.board keys them.
SPACE, DOMAIN = "space:", "family:"


class GuidePanel(Screen):
    def step(self) -> Step | None:
        guide = guide_now(self.app)
        if guide is None or self.ctl is None:
            return None
        return guide.current(self.ctl)

    def panel(self) -> Markup:
        """Above the decision while the guide leads (also while the bots play: it says
        it waits for them)."""
        guide = guide_now(self.app)
        if guide is None or self.ctl is None:
            return EMPTY
        t = self.t
        step = guide.current(self.ctl)
        leave = button(t("guide.leave"), "guide-leave", cls="ghost small guide-leave",
                       btn_id="guide-leave")
        if step is None:
            body = html('<p class="guide-text">{}</p>', t("guide.bots"))
            number = EMPTY
        else:
            number = html('<span class="guide-step">{}</span>',
                          t("guide.step", number=guide.steps + 1))
            body = self.text(step)
        note = (html('<p class="guide-note">{}</p>', t("guide.other"))
                if guide.other_move and step is not None else EMPTY)
        target = step.target if step is not None else ""
        return html('<section id="guide" class="guide" tabindex="-1" data-target="{}" '
                    'aria-labelledby="guide-title"><div class="guide-head"><h3 '
                    'id="guide-title">{} {}</h3>{}</div><div class="guide-body" '
                    'aria-live="polite">{}{}</div></section>',
                    target, t("guide.title"), number, leave, note, body)

    def text(self, step: Step) -> Markup:
        words = self.fmt(step.text, step.params)
        if step.topic != FINISH:
            return html('<p class="guide-text">{}</p>', words)
        finish = button(self.t("guide.finish_button"), "guide-finish",
                        cls="primary suggested guided", btn_id="guide-finish")
        return html('<p class="guide-text">{}</p><div class="choices">{}</div>', words, finish)

    # ------------------------------------------------------------------ the mark

    def target(self) -> str:
        step = self.step()
        return step.target if step is not None else ""

    def cls(self, target: str) -> str:
        """" suggested guided" for the decision's control that makes the guide's move."""
        return " suggested guided" if target and target == self.target() else ""

    def board_marks(self) -> BoardMarks | None:
        """The guide's target on the board, for draw/board.py to mark as the coach's mark is
        drawn (ring, star, and "the guide's next step" in its name); None when the guide
        marks nothing there."""
        target = self.target()
        label = self.t("guide.mark")
        if target.startswith(SPACE):
            return BoardMarks(spaces=(int(target.removeprefix(SPACE)),), label=label)
        if target.startswith(DOMAIN):
            return BoardMarks(families=(target.removeprefix(DOMAIN),), label=label)
        return None


def guide_start(screen: Screen) -> Markup:
    """The start screen's entry: the guided first game, one button and what it is.
    data-early: a click while the page loads is kept and carried out once it is live."""
    t = screen.t
    return html('<section id="guide-start" class="card-panel guide-start" aria-labelledby='
                '"guide-start-title"><h2 id="guide-start-title">{}</h2><p id="guide-hint">{}'
                '</p><button type="button" class="primary" id="guide-start-button" '
                'data-action="guide" data-early="run" aria-describedby="guide-hint">{}'
                "</button></section>",
                t("guide.title"), t("guide.start_hint"), t("guide.start"))

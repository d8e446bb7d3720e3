"""The rules in brief, as a dialog over the game: reachable from the
header at any time of a game, and from the pass-the-device screen; Escape or its
button closes it and the game is as it was. Four sections have a labelled picture beside
them (rules_pictures.py)."""

from __future__ import annotations

from samarkand_web.view.markup import Markup, html
from samarkand_web.view.ui import Screen, button, dialog
from samarkand_web.words.texts.rules import SECTIONS


class RulesPanel(Screen):
    def dialog(self) -> Markup:
        # the pictures (and the example game they show) only once the rules open: not a
        # cost of the page's start
        from samarkand_web.view.panels.rules_pictures import RulesPictures

        t = self.t
        pictures = RulesPictures(self.app).pictures()
        sections = Markup("").join(
            html('<section class="rules-section{}" id="rules-{}"><h3>{}</h3><p>{}</p>{}'
                 "</section>", " pictured" if name in pictures else "", name,
                 t(f"rules.{name}.title"), self.tr(f"rules.{name}.text"),
                 pictures.get(name, ""))
            for name in SECTIONS)
        # the sections scroll in their own box: focusable, so that keys scroll it too
        body = html('<div class="rules-body" tabindex="0" role="region" aria-label="{}">{}</div>'
                    '<p class="keys-hint">{}</p><div class="choices">{}</div>',
                    t("rules.title"), sections, t("keys.hint"),
                    button(t("rules.close"), "rules", cls="primary", btn_id="rules-close")
                    + button(t("guide.start"), "guide", btn_id="rules-guide"))  # guided game
        return dialog(t("rules.title"), body, "rules-dialog")


def rules_button(screen: Screen, cls: str = "ghost") -> Markup:
    """The button that opens the rules (in the header and on the pass-the-device screen)."""
    return button(screen.t("rules.button"), "rules", cls=cls, btn_id="rules-button")

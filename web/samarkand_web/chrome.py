"""The page's frame around every screen: the header (name, menu, language) and the
messages (errors, warnings, notes) under it."""

from __future__ import annotations

from . import i18n
from .markup import Markup, html
from .panel_rules import rules_button
from .ui import Screen, button, options


class Chrome(Screen):
    def header(self) -> Markup:
        app = self.app
        nav = []
        skip = Markup("")
        if app.screen == "game" and app.ctl is not None:
            skip = button(self.t("skip.board"), "skip-board", cls="skip-link")
            nav.append(rules_button(self))
            nav.append(button(self.t("nav.home"), "home", cls="ghost"))
            nav.append(button(self.t("nav.share"), "share", cls="ghost"))
        language = self.t("nav.language")
        return skip + html(
            '<div class="brand"><img src="./assets/logo.svg" alt="" width="30" height="30">'
            '<h1 class="app-name">{}</h1><span class="tagline">{}</span></div>'
            '<nav aria-label="{}">{}<label class="lang"><span class="sr-only">{}</span>'
            '<select id="lang" data-action="lang" aria-label="{}">{}</select></label></nav>',
            self.t("app.name"), self.t("app.tagline"), self.t("nav.label"),
            Markup("").join(nav), language, language,
            options(list(i18n.LANGUAGES.items()), app.lang))

    def messages(self) -> Markup:
        out = []
        for i, m in enumerate(self.app.messages):
            detail = html('<span class="detail">{}</span>', m.detail) if m.detail else ""
            ways = Markup("").join(button(self.t(label), action, value or None, cls="ghost")
                                   for label, action, value in m.actions)
            out.append(html(
                '<div class="message {}" role="{}" data-message="{}"><p>{}{}{}</p>{}</div>',
                m.kind, "alert" if m.kind == "error" else "status", m.key,
                self.tr(m.key, **m.params), detail,
                html('<span class="message-actions">{}</span>', ways) if ways else "",
                button("×", "dismiss", i, cls="icon", aria_label=self.t("message.dismiss"))))
        return Markup("").join(out)

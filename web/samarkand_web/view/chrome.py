"""The page's frame around every screen: the header (name, menu, language) and the
messages (errors, warnings, notes), which float over the page's edge (style.css), so
that a message never moves the game under the pointer."""

from __future__ import annotations

from samarkand_web.view.markup import EMPTY, Markup, html
from samarkand_web.view.panels.rules import rules_button
from samarkand_web.view.ui import Screen, button, options
from samarkand_web.words import i18n

# The switch's speaker, with its waves or crossed out (drawn in currentColor).
_SPEAKER = ('<svg class="speaker" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" '
            'focusable="false"><path d="M3 7.5h3l4-3.5v12l-4-3.5H3z" fill="currentColor"/>{}'
            "</svg>")
SPEAKER_ON = Markup(_SPEAKER.format(
    '<path d="M13 7.2a4 4 0 0 1 0 5.6M15.2 5a7 7 0 0 1 0 10" fill="none" '
    'stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>'))
SPEAKER_OFF = Markup(_SPEAKER.format(
    '<path d="M13 7.5l5 5M18 7.5l-5 5" fill="none" stroke="currentColor" '
    'stroke-width="1.6" stroke-linecap="round"/>'))


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
            nav.append(self.sound_switch())
        language = self.t("nav.language")
        return skip + html(
            '<div class="brand"><img src="./assets/logo.svg" alt="" width="30" height="30">'
            '<h1 class="app-name">{}</h1><span class="tagline">{}</span></div>{}'
            '<nav aria-label="{}">{}<label class="lang"><span class="sr-only">{}</span>'
            '<select id="lang" data-action="lang" aria-label="{}">{}</select></label></nav>',
            self.t("app.name"), self.t("app.tagline"), self.storage_alert(), self.t("nav.label"),
            Markup("").join(nav), language, language,
            options(list(i18n.LANGUAGES.items()), app.lang))

    def sound_switch(self) -> Markup:
        """The game's sounds on or off (state/sounds.py): a switch whose name is its word
        (a phone shows only the speaker, the word stays for screen readers)."""
        on = self.app.sound
        return html(
            '<button type="button" id="sound-switch" class="ghost sound-switch" role="switch" '
            'aria-checked="{}" data-action="sound">{}<span class="sound-word">{}</span> '
            '<span class="sound-state" aria-hidden="true">{}</span></button>',
            "true" if on else "false", SPEAKER_ON if on else SPEAKER_OFF,
            self.t("sound.switch"), self.t("sound.on" if on else "sound.off"))

    def storage_alert(self) -> Markup:
        """One alert in the header while the store refuses writes (or cannot be read): a
        short label always in sight, the why and the ways out unfolded on demand. It sits
        in the header, so it never covers a control of the game."""
        app = self.app
        state = app.storage_state
        if not state:
            return Markup("")
        ctl = app.ctl if app.screen == "game" else None
        if state == "unsaved" and ctl is not None:
            text = self.t("storage.full_move", turn=ctl.committed.turn,
                          names=", ".join(ctl.state.names))
        else:
            text = self.t("storage.disabled" if state == "off" else "storage.full_start")
        ways: list[tuple[str, str]] = []
        if ctl is not None:
            ways.append(("message.share", "share"))
        if state != "off":
            ways.append(("message.saves", "home") if ctl is not None
                        else ("storage.alert.export", "export"))
        cause = (html('<p class="detail">{}{} {}</p>', self.t("storage.alert.cause"),
                      self.colon, app.storage.detail)
                 if app.storage.detail and state != "off" else EMPTY)
        label = self.t("storage.alert.unsaved" if state == "unsaved" and ctl is not None
                       else f"storage.alert.{'off' if state == 'off' else 'refused'}")
        return html(
            '<details class="storage-alert" data-storage="{}"><summary role="status">'
            '<span aria-hidden="true">⚠</span> <span class="storage-label">{}</span></summary>'
            '<div class="storage-alert-body">'
            "<p>{}</p>{}<p class=\"message-actions\">{}</p></div></details>",
            state, label, text, cause,
            Markup("").join(button(self.t(k), action, cls="ghost") for k, action in ways))

    def messages(self) -> Markup:
        out = []
        for i, m in enumerate(self.app.messages):
            detail = html('<span class="detail">{}</span>', m.detail) if m.detail else ""
            ways = Markup("").join(button(self.t(label), action, value or None, cls="ghost")
                                   for label, action, value in m.actions)
            # a plain note fades away (style.css); one with a way out stays, as errors do
            fades = " fades" if m.kind == "info" and not m.actions else ""
            out.append(html(
                '<div class="message {}{}" role="{}" data-message="{}"><p>{}{}{}</p>{}</div>',
                m.kind, fades, "alert" if m.kind == "error" else "status", m.key,
                self.tr(m.key, **m.params), detail,
                html('<span class="message-actions">{}</span>', ways) if ways else "",
                button("×", "dismiss", i, cls="icon", aria_label=self.t("message.dismiss"))))
        return Markup("").join(out)

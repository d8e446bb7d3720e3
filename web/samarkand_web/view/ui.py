"""What every screen of the page builds with: buttons, dialogs, names as safe markup.

Markup is built by construction (markup.py): ``html(template, ...)`` escapes every
value that is not Markup already, so a player's name is escaped exactly once, where it
enters the page. Every control is a real <button>/<select>/<input> with an accessible
name and a ``data-action`` that main.py passes to ``App.dispatch``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from samarkand_core.board import Board
from samarkand_core.draw.board import SvgStrings, family_chip, good_name, space_name
from samarkand_web.view.markup import EMPTY, Markup, escape, html, tr
from samarkand_web.words import i18n

if TYPE_CHECKING:
    from samarkand_core import GameState
    from samarkand_web.state.app import App
    from samarkand_web.state.controller import Controller


def attrs(**kw: Any) -> Markup:
    """HTML attributes from keywords (class_ -> class, data_value -> data-value); None and
    False leave an attribute out, True writes it without a value."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = Markup(k.rstrip("_").replace("_", "-"))
        out.append(name if v is True else html('{}="{}"', name, v))
    return Markup(" ") + Markup(" ").join(out) if out else EMPTY


def button(label: str, action: str, value: str | int | None = None, *, cls: str = "",
           aria_label: str | None = None, pressed: bool | None = None,
           disabled: bool = False, btn_id: str | None = None, keys: str | None = None,
           expanded: bool | None = None, controls: str | None = None,
           **data: str | int) -> Markup:
    """A button for main.py to dispatch; `label` is text, or Markup (a chip and a name).
    `keys`: its keyboard shortcut (aria-keyshortcuts, e.g. "Control+Z"); `expanded` and
    `controls`: a button that shows or hides the element of that id. More attributes by
    keyword: data_map=12 writes data-map="12"."""
    return html("<button{}>{}</button>", attrs(
        type="button", id=btn_id, class_=cls or None, data_action=action, data_value=value,
        aria_label=aria_label,
        aria_pressed=None if pressed is None else ("true" if pressed else "false"),
        aria_expanded=None if expanded is None else ("true" if expanded else "false"),
        aria_controls=controls, aria_keyshortcuts=keys, disabled=disabled, **data), label)


def dialog(title: str, body: Markup, cls: str = "") -> Markup:
    """A modal dialog; main.py makes the rest of the page inert while one is shown."""
    return html('<div class="dialog {}" role="dialog" aria-modal="true" '
                'aria-labelledby="dialog-title"><h2 id="dialog-title" tabindex="-1">{}</h2>'
                "{}</div>", cls, title, body)


def labelled_cells(labels: Iterable[str], values: Iterable[object],
                   cls: Iterable[str | None] = ()) -> Markup:
    """A row's <td> cells, each with its column's heading in data-label: a narrow screen
    shows each row as a block of "heading value" lines (style.css, table.scores), so that
    a table never runs wider than a phone."""
    classes = list(cls)
    return Markup("").join(
        html("<td{}>{}</td>", attrs(data_label=label,
                                    class_=classes[i] if i < len(classes) else None), value)
        for i, (label, value) in enumerate(zip(labels, values, strict=True)))


def options(choices: list[tuple[str, str]], selected: str) -> Markup:
    """<option> elements for a <select>: (value, label) pairs."""
    return Markup("").join(
        html('<option value="{}"{}>{}</option>', value,
             Markup(" selected") if value == selected else EMPTY, label)
        for value, label in choices)


class Screen:
    """A part of the page drawn from the App: its words and the game's names."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.lang = app.lang
        self.ctl: Controller | None = app.ctl
        self.svg_strings: SvgStrings = i18n.svg_strings(
            app.lang, app.ctl.state.board if app.ctl else None)

    @property
    def game(self) -> Controller:
        """The game on the screen, for the parts drawn only when there is one."""
        assert self.ctl is not None, "drawn without a game"
        return self.ctl

    def key(self, key: str) -> str:
        """`key`, or its touch-screen wording (``<key>_touch``: "tap", not "click") when
        the page runs on a touch screen and that wording exists."""
        if self.app.touch and i18n.template(self.lang, key + "_touch") is not None:
            return key + "_touch"
        return key

    def t(self, key: str, **params: Any) -> str:
        """Plain text (for attributes and buttons, which escape it)."""
        return i18n.t(self.lang, self.key(key), **params)

    def tr(self, key: str, **params: Any) -> Markup:
        """Text as markup (values that are Markup, like a family's chip, stay)."""
        return tr(self.lang, self.key(key), **params)

    # -- names in the game (markup)

    def player_name(self, p: int) -> str:
        """A player's name as shown (a bot's default name in the page's language)."""
        from samarkand_web.state.names import shown_name

        assert self.ctl is not None
        return shown_name(self.lang, self.ctl.state.names[p], p, self.ctl.seats[p])

    def pname(self, p: int) -> Markup:
        return escape(self.player_name(p))

    def name_in(self, s: GameState, p: int) -> str:
        """Player p's name in `s` as shown: the game on screen's own (a bot's default name
        in the page's language), else the name `s` holds."""
        ctl = self.ctl
        return self.player_name(p) if ctl is not None and ctl.state.names == s.names \
            else s.names[p]

    @property
    def colon(self) -> str:
        """The colon after a label, as the page's language sets it (i18n.colon)."""
        return i18n.colon(self.lang)

    def family_text(self, f: int) -> str:
        assert self.ctl is not None
        board = self.ctl.state.board
        return self.svg_strings.family_names.get(board.family_ids[f], board.family_names[f])

    def fname(self, f: int, chip: bool = True) -> Markup:
        assert self.ctl is not None
        name = self.family_text(f)
        if not chip:
            return escape(name)
        return html('<span class="fam">{}{}</span>',
                    Markup(family_chip(self.ctl.state.board, f, 16)), name)

    def sname(self, space: int) -> Markup:
        assert self.ctl is not None
        return escape(space_name(self.ctl.state.board, space, self.svg_strings))

    def good_text(self, good: int) -> str:
        assert self.ctl is not None
        name = good_name(self.ctl.state.board, good, self.svg_strings)
        return self.t("card.name", good=name, number=good)

    def gname(self, good: int) -> Markup:
        return escape(self.good_text(good))

    def game_board(self) -> Board:
        """The board of the game on screen."""
        assert self.ctl is not None
        return self.ctl.state.board

    def map_ref(self, space: int, text: Markup) -> Markup:
        """A mention of a space or a goods card: hovering it (or focusing something that
        holds it) highlights the space on the map (main.py reads data-map)."""
        return html('<span class="map-ref" data-map="{}">{}</span>', space, text)

    def fmt(self, key: str, params: dict[str, Any]) -> Markup:
        """An i18n template with the game's names filled in: player/holder (seat),
        family/other (family index), space (space id), good (good number)."""
        values: dict[str, Any] = {}
        for k, v in params.items():
            if k in ("player", "holder"):
                values[k] = html("<strong>{}</strong>", self.pname(v))
            elif k in ("family", "other"):
                values[k] = self.fname(v) if isinstance(v, int) else escape(v)
            elif k == "space":  # (a space already in words, as Markup, stays as it is)
                values[k] = self.map_ref(v, self.sname(v)) if isinstance(v, int) else v
            elif k == "good":
                values[k] = self.map_ref(self.game_board().good_space[v], self.gname(v))
            else:
                values[k] = v
        return self.tr(key, **values)

"""Words of the board and its surroundings: who married in, zoom buttons, tooltips,
the opponents strip, and the prompts as a touch screen says them ("tap", not "click":
a key ``<key>_touch`` is used instead of ``<key>`` on touch screens, see ui.Screen)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "zoom.region": "The board, zoomed in: scroll to see the rest",
        "svg.land_e": "land east of {place}",
        "svg.land_w": "land west of {place}",
        "svg.land_ne": "land north-east of {place}",
        "svg.land_nw": "land north-west of {place}",
        "svg.land_se": "land south-east of {place}",
        "svg.land_sw": "land south-west of {place}",
        "svg.married_label": ", married into by {players}",
        "zoom.label": "Board size",
        "zoom.in": "Zoom in",
        "zoom.out": "Zoom out",
        "zoom.fit": "Show the whole board",
        "prompt.marry_touch": "tap a highlighted family domain above or below the map.",
        "prompt.expand_touch": "choose one of your families, then tap a highlighted space.",
        "prompt.expand_space_touch": "Tap a highlighted space for a camel of the {family}.",
        "prompt.second_touch": "A second camel of the {family}? Tap a highlighted space: the "
                               "family pays {cost} dirham from its treasury (it has "
                               "{treasury}). Or end your turn.",
        "strip.no_family": "no family yet",
        "strip.badge": "On the board: {badge}",
        "tip.goods_title": "{good} {number}",
        "tip.home": "Home city of the {family}",
        "tip.marker_on": "Goods marker here: the first camel takes it (1 point).",
        "tip.marker_taken": "Goods marker taken by {player}.",
        "tip.card_sold": "Its card was sold by {player}.",
        "tip.your_card": "You hold its card: worth {n} now.",
        "tip.camels": "Camels: {families}",
        "tip.no_camels": "No camels yet.",
        "tip.room": "Room for one more camel.",
        "tip.full": "Full: two camels.",
        "tip.portion": "Marriage portion: {n} dirhams (paid into its treasury).",
        "tip.portion_one": "Marriage portion: {n} dirham (paid into its treasury).",
        "tip.treasury": "Treasury: {n} dirhams (1 pays for each second camel).",
        "tip.treasury_one": "Treasury: {n} dirham (1 pays for each second camel).",
        "tip.members": "Married in: {players}",
        "tip.no_members": "Nobody has married in yet.",
        "tip.tiles": "Family tiles left: {n}",
        "tip.camels_left": "Camels left: {n}",
        "tip.markers": "Relationship markers left: {n}",
        "tip.green": "The dark green marker is on top: no trade relationship yet.",
        "tip.can_marry": "You may marry in now: click the domain.",
        "tip.can_marry_touch": "You may marry in now: tap the domain.",
        "tip.card_camels": "Camels on its space: {families}",
        "tip.card_no_camels": "No camels on its space yet.",
        "tip.card_value": "Worth {n} now: 4 for each camel of a family you married into, "
                          "1 for any other camel.",
        "tip.card_where": "Its space on the map is marked {number}.",
    },
}

"""Words of play by link: each person on their own device, the game sent as a link
after each turn (saves/remote.py, handlers/remote.py, view/panels/remote.py)."""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "link.bad_remote": "The address asks for remote={value}: only 1 (play by link) "
                           "or 0 is possible.",
        "remote.form": "Where",
        "remote.form_here": "At this device",
        "remote.form_link": "By link: each on their own device",
        "remote.form_note": "Play by link: after each turn the page gives a link to send to "
                            "the next player (by chat, mail or a QR code); this device plays "
                            "for the first person. The link holds the whole game, the hands "
                            "and the cards still to come included, so that every device can "
                            "check every move: it trusts the players not to decode it, like "
                            "face-down cards on a table.",
        "remote.honesty": "Each link holds the whole game, every hand and the cards still "
                          "to come included, so that every device can check every move: "
                          "play by link trusts the players not to decode it, like face-down "
                          "cards on a table.",
        "remote.seat_title": "Who are you in this game?",
        "remote.seat_text": "{sender} sent this game to {to}. Which person do you play on "
                            "this device? Only that person's cards will show here, and this "
                            "device plays that person from now on.",
        "remote.seat_as": "I play {name}",
        "remote.seat_cancel": "Not now",
        "remote.damaged": "This game link is damaged (cut short or changed on the way): "
                          "nothing was opened or saved. Ask for the link again.",
        "remote.illegal": "This game link holds a move the rules do not allow: nothing was "
                          "opened or saved.",
        "remote.not_theirs": "This game link does not fit its game (it is not for the person "
                             "who decides next): nothing was opened or saved.",
        "remote.forged": "This game link was not opened: it holds moves for the person this "
                         "device plays that this device never made, so it was changed "
                         "outside the page. Nothing was stored; your game here is as it was.",
        "remote.forged_send": "This game link was not opened: it says this device sent a "
                              "link that it never sent, so it was changed outside the page. "
                              "Nothing was stored; your game here is as it was.",
        "remote.unsigned": "This game link was not opened: it says it comes from {sender}, "
                           "but it is not signed, and the links of this game are. Nothing "
                           "was stored; your game here is as it was.",
        "remote.bad_signature": "This game link was not opened: its signature is not "
                                "{sender}'s (the link was changed on the way, or does not "
                                "come from {sender}). Nothing was stored; your game here is "
                                "as it was.",
        "remote.new_key": "This game link says it comes from {sender}, but it is signed by "
                          "another key than {sender}'s links so far. Nothing was stored. "
                          "If {sender} told you that their device lost its key (site data "
                          "cleared, a new phone), you may trust the new key; otherwise the "
                          "link may not come from {sender}.",
        "remote.trust": "Trust the new key and open the link",
        "remote.sign_failed": "This browser could not sign the link: it goes unsigned, and "
                              "a device that knows this device's key will refuse it.",
        "remote.own_new_key": "This device has made a new key for this game (its old one "
                              "is gone): the others will be asked whether they trust it.",
        "remote.new": "{sender} sent you this game: it is saved on this device, where you "
                      "play {you}.",
        "remote.updated": "{sender}'s moves are in this device's save of the game.",
        "remote.same": "This device already holds this game as far as the link goes: nothing "
                       "changed.",
        "remote.older": "This link is older than the game on this device (turn {turn}): "
                        "nothing changed.",
        "remote.branch": "The game on this device went another way than this link. Both are "
                         "kept: the link's game is a save of its own (a copy).",
        "remote.other_seat": "This link is for {to}; in this game this device plays {you}.",
        "remote.status_waiting": "plays on their own device: send them the game",
        "remote.send_title": "Send the game to {name}",
        "remote.send_text": "{name} decides next, on their own device. Send this link by chat "
                            "or mail, or let them scan the code.",
        "remote.over_text": "The game is over. Send the final position to {name}.",
        "remote.link_label": "Link for {name}",
        "remote.share": "Send to {name}",
        "remote.copy": "Copy the link",
        # the words beside the link in the system's share sheet (and so in the chat
        # message): whose turn and which game, nothing of anybody's cards
        "remote.share_text": "Samarkand: your turn, {name} (the game of {names}, turn {turn})",
        "remote.share_over": "Samarkand: the game of {names} is over; the final position "
                             "for {name}",
        "remote.copied": "Link copied: paste it into a message to {name}.",
        "remote.copy_failed": "The link could not be copied: select it in the field and copy "
                              "it by hand.",
        "remote.qr_show": "QR code for a device beside you",
        "remote.qr_hide": "Hide the QR code",
        "remote.qr_label": "QR code of the link for {name}",
        "remote.qr_too_long": "This link is too long for a QR code: send it as a link.",
        "remote.device": "Played by link: this device plays {name}.",
        "remote.history": "Links of this game",
        "remote.history_item": "Move {moves}: {sender} to {to}, {when}",
        "remote.history_none": "No link sent yet.",
        "remote.list_your_turn": "your turn",
        "remote.list_waiting": "waiting for {name}",
        "remote.list_tag": "by link",
        "remote.round_text": "Whoever holds this card may sell it now for {price} dirhams (it "
                             "then scores nothing). The question goes to every player in "
                             "turn, each on their own device; keeping the card is said by "
                             "nobody.",
        "remote.round_pass": "Pass on",
        "remote.round_send_text": "{name} is asked next whether they sell the card. Send this "
                                  "link by chat or mail, or let them scan the code.",
        "remote.round_sold": "A sale is public: the question goes no further.",
        "remote.ask_text": "Taken since your last turn. Its holder may sell the card now for "
                           "{price} dirhams (it then scores nothing); every player is asked "
                           "this as their turn begins.",
        "remote.ask_on": "Go on",
    },
}

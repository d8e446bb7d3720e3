"""What each action does: plain handlers, one module per area, named in one table.

The markup names an action (data-action="take-back"), main.py passes the name to
``App.dispatch``, and HANDLERS says which function it runs. A name the table lacks
changes nothing (tests/page/test_handlers.py checks that every action the view can emit is
here, and that every handler here is reached).
"""

from __future__ import annotations

from samarkand_web.handlers import (
    analysis,
    coach,
    form,
    game,
    guide,
    page,
    quick,
    remote,
    replay,
    saves,
    turn,
    watch,
)
from samarkand_web.handlers.base import Form, Handler

__all__ = ["HANDLERS", "Form", "Handler"]

HANDLERS: dict[str, Handler] = {
    # the page's own controls
    "lang": page.lang,
    "sound": page.sound,
    "dismiss": page.dismiss,
    "update": page.update,
    "home": page.home,
    "share": page.share,
    "copy": page.copy,
    "close": page.close,
    "scores": page.scores,
    # the new-game form
    "form": form.form_changed,
    "start": form.start,
    "rematch": form.rematch,
    # the start screen's quick choices
    "quick": quick.quick,
    "quick-name": quick.quick_name_typed,
    "setup": quick.setup,
    # a game: the board, the decision, the cards, the bots' controls
    "reveal": game.reveal,
    "family": game.family,
    "expand": game.expand,
    "space": game.space,
    "end-turn": game.end_turn,
    "pass": game.pass_turn,
    "sell": game.sell,
    "keep": game.keep,
    "sale-pass": game.sale_pass,
    "sale-ask": game.sale_ask,
    "sale-claim": game.sale_claim,
    "card": game.card,
    "discard": game.discard,
    "speed": game.speed,
    "pause": game.pause,
    # the play flow
    "take-back": turn.take_back,
    "confirm-marriage": turn.confirm_marriage,
    "recap": turn.recap,
    "rules": turn.rules,
    "escape": turn.escape,
    "skip-board": turn.skip_board,
    # the moves since the person's last turn, again on the board
    "watch-again": watch.watch_again,
    "watch-stop": watch.watch_stop,
    # the coach
    "coach": coach.coach,
    "coach-hide": coach.coach_hide,
    "coach-switch": coach.coach_switch,
    # the guided first game
    "guide": guide.guide,
    "guide-leave": guide.guide_leave,
    "guide-finish": guide.guide_finish,
    # the replay
    "replay": replay.replay,
    "replay-save": replay.replay_save,
    "replay-step": replay.replay_step,
    "replay-key": replay.replay_key,
    "replay-seek": replay.replay_seek,
    "replay-play": replay.replay_play,
    "replay-speed": replay.replay_speed,
    "replay-all": replay.replay_all,
    "replay-share": replay.replay_share,
    "replay-play-on": replay.replay_play_on,
    "replay-close": replay.replay_close,
    # a game by link: send the next one
    "remote-share": remote.remote_share,
    "remote-copy": remote.remote_copy,
    "remote-qr": remote.remote_qr,
    "remote-seat": remote.remote_seat,
    "remote-seat-cancel": remote.remote_seat_cancel,
    "remote-trust": remote.remote_trust,
    "round-pass": remote.round_pass,
    "round-keep": remote.round_keep,
    "round-sell": remote.round_sell,
    # the analysis of a finished game, and the statistics over the saves
    "analyse": analysis.analyse,
    "analysis-stop": analysis.analysis_stop,
    "analysis-jump": analysis.analysis_jump,
    "stats": analysis.stats,
    "stats-close": analysis.stats_close,
    # saved games, links and backups
    "resume": saves.resume,
    "delete": saves.delete,
    "delete-no": saves.delete_no,
    "delete-yes": saves.delete_yes,
    "share-save": saves.share_save,
    "link-copy": saves.link_copy,
    "hash": saves.hash_changed,
    "export": saves.export,
    "import": saves.pick_backup,
}

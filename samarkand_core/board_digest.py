"""Written by `python -m samarkand_core.board_tool --renew`: do not edit.
What its numbers are, and how default_board() trusts them: board_tool.py."""

BOARD_JSON_SHA256 = "fb3b34019b445becc1b5833b2d359c2c38dda02559684ea1e80105b83a4acaf4"
BOARD_FINGERPRINT = 16115582003227060139  # Board.fingerprint of that board (what save codes check)
EARLIER_BOARDS: dict[int, str] = {
    13019204161811248603: 'fc56a8351fb25d2cc3e04f79e6448cdfe92075cc2d74276fb37f4c0a77075093',
}

"""The drawings, as SVG: pure functions of what a player may see.

    >>> from samarkand_core.draw.board import board_svg      # the board
    >>> from samarkand_core.draw.chart import race, race_svg  # the score charts

- board: the board (`board_svg`, and as pieces, `board_pieces`), chips and badges
- chart: the score race by turn and the final scores as bars
- excerpt: parts of the board on their own, for the rules' pictures
- domains, moves, marks, shapes, style, words: the board's parts, its moves and marks,
  shapes, layout and colours, and words (board re-exports what a caller needs)
- svgkit: the low-level kit both draw with (numbers, escaped elements, `Piece`)

Nothing is imported here: the page loads the board's modules at its start and the
chart's only when it shows one.
"""

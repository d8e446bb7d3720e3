"""The research tools: long runs of bot games that measure and tune, for the command
line only (the page never imports them; the build leaves them out of its bundle).

- tournament: bots of given levels against each other, win rates with 95% intervals
  and OpenSkill ratings (`samarkand tournament`); the worker pool, the logged run and
  the --resume reader that the other two share
- balance: the map's and the seats' balance over self-play (`samarkand balance`)
- fit: the heuristic estimate's weights fitted on self-play (`samarkand fit`)
"""

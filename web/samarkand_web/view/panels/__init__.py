"""Panels shown beside the board: coach, end gauge, players, recap, rules."""

"""Saved games, preferences, backups and links: storage adapters and the strict
readers of what comes from outside."""

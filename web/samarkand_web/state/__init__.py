"""The page's state: the App (screens, saved games, messages, bot timing), the
controller (what a click means), and what they hand to the view."""

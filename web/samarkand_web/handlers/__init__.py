"""What each action does: plain handlers, one module per area, registered by name
in one table (the App dispatches through it)."""

"""One module per screen: home, game, replay."""

"""What the tests share: helpers that build positions and play games, the seeded decision
positions, a save code's bytes written by hand, a fake WebCrypto signer, Node runners for
web/*.js, the twin positions of a secret and their devices by link, the build's paths."""

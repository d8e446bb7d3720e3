"""What the tests share: helpers that build positions and play games, the browser's fakes,
Node runners for web/*.js, the twin positions of a secret, the build's paths."""

"""End-to-end tests: the built site in Chromium (Playwright), each marked `e2e`."""

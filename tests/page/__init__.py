"""Tests of the page, headless in CPython: web/samarkand_web (state, handlers, view,
browser with fakes, saves, play by link, words), web/main.py's glue and web/*.js in Node."""

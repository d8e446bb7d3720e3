"""The project's tests, laid out as the source is (CONTRIBUTING.md, "Tests").

A package, so that a test module is imported once under one name (tests.page.test_app)
whether pytest collects it or another test imports a helper from it.
"""

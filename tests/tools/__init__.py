"""Tests of the build and the repository: the site build and its tools, the catalogs, the
dev server, the locks and the install, the docs, and the import layers."""

"""The sha256 of components.json as it last passed the schema (python -m merv_core.components_schema
--renew)."""

DIGEST = "ee8ad642a0ee27281abf0441b28298cc165f7fcb0e08e1d6c43878d4b7604eb4"

"""The sha256 of components.json as it last passed the schema (python -m merv_core.components_schema
--renew)."""

DIGEST = "7e7c2298313b27d61e69ba6b4c4a7800ab403a0bdf5c53cd5b2baea4765311aa"

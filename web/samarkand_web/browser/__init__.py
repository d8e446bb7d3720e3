"""The browser side: what touches the DOM through PyScript (the rest of the
package runs headless)."""

# PyScript's names the page imports: the browser's document and window, typed by what
# the page uses of them (samarkand_web/browser/dom.py).
from samarkand_web.browser.dom import Document, Window

document: Document
window: Window

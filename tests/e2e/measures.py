"""Scripts the e2e tests run in the page (page.evaluate) to measure it, shared by several
modules: the board's words, each with its drawn height and font size in CSS px, the
smallest first (tests/e2e/test_layout.py, test_table.py).
"""

LABEL_SIZES = """() => {
  const texts = Array.from(document.querySelectorAll('#board svg text'));
  const out = texts.map(t => {
    const box = t.getBoundingClientRect();
    const m = t.getScreenCTM();  // its scale whichever way it runs (a sea's name may run down)
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    const turned = Math.abs(m.b) > Math.abs(m.a);
    return {text: t.textContent, height: turned ? box.width : box.height, fontPx: px};
  }).filter(x => x.height > 0);
  out.sort((a, b) => a.height - b.height);
  return out;
}"""

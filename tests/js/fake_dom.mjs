// A browser's DOM as far as web/zoompan.js uses it, for the unit tests run in Node
// (tests/support/js_support.py): every read of the layout (getBoundingClientRect,
// clientWidth, ...) is counted, frames are queued and run by the test, and the page's
// scrolls are recorded.

// A selector list; of a descendant selector only its last compound is matched (the
// query's root stands for the rest: "#decision-bar button" asked of the bar). A compound
// is of tag, #id, .class, [attr] and [attr="value"] (or 'value') parts.
export function matches(el, selector) {
  return selector.split(",").some((alternative) => {
    const compound = alternative.trim().split(/\s+/).pop();
    const parts = compound.match(/^[a-z]+|#[\w-]+|\.[\w-]+|\[[^\]]+\]/g) || [];
    return parts.every((part) => {
      if (part[0] === ".") return el.classList.contains(part.slice(1));
      if (part[0] === "#") return el.id === part.slice(1);
      if (part[0] === "[") {
        const [, name, value] = part.match(/^\[([\w-]+)(?:=["']?([^"']*)["']?)?\]$/);
        return value === undefined ? el.hasAttribute(name) : el.getAttribute(name) === value;
      }
      return el.tagName === part.toUpperCase();
    });
  });
}

export class FakeElement {
  constructor(tag = "div", attrs = {}) {
    this.tagName = tag.toUpperCase();
    this.attrs = { ...attrs };
    this.children = [];
    this.parent = null;
    this.doc = null;
    this.layoutReads = 0;
    this.hidden = false;
    this.size = { width: 100, height: 30 }; // offsetWidth, offsetHeight
    this.box = { left: 10, top: 20, right: 50, bottom: 40 };
    this._clientWidth = 0;
    this._clientHeight = 0;
    this.scrollLeft = 0;
    this.scrollTop = 0;
    this._scrollHeight = 1e9; // scrolls as far as asked, unless a test says otherwise
    const props = {};
    this.style = { height: "", transform: "", props, setProperty: (k, v) => { props[k] = v; } };
  }

  append(child) {
    child.parent = this;
    child.doc = this.doc;
    this.children.push(child);
    return child;
  }

  get id() { return this.attrs.id || ""; }
  get isConnected() { return true; }

  getAttribute(name) { return name in this.attrs ? this.attrs[name] : null; }
  hasAttribute(name) { return name in this.attrs; }
  setAttribute(name, value) { this.attrs[name] = String(value); }
  removeAttribute(name) { delete this.attrs[name]; }

  get classList() {
    const names = (this.attrs.class || "").split(/\s+/).filter(Boolean);
    return {
      contains: (name) => names.includes(name),
      toggle: (name, force) => {
        const kept = names.filter((n) => n !== name).concat(force ? [name] : []);
        this.attrs.class = kept.join(" ");
        return force;
      },
    };
  }

  *descendants() {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }

  querySelectorAll(selector) {
    return [...this.descendants()].filter((el) => matches(el, selector));
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }

  getBoundingClientRect() {
    this.layoutReads += 1;
    const b = this.box;
    return { ...b, width: b.right - b.left, height: b.bottom - b.top };
  }

  get offsetWidth() { this.layoutReads += 1; return this.size.width; }
  get offsetHeight() { this.layoutReads += 1; return this.size.height; }
  get clientWidth() { this.layoutReads += 1; return this._clientWidth; }
  set clientWidth(v) { this._clientWidth = v; }
  get clientHeight() { this.layoutReads += 1; return this._clientHeight; }
  set clientHeight(v) { this._clientHeight = v; }
  get scrollHeight() { this.layoutReads += 1; return this._scrollHeight; }
  set scrollHeight(v) { this._scrollHeight = v; }
}

export class FakeDocument {
  constructor(...elements) {
    this.root = new FakeElement("body");
    this.root.doc = this;
    for (const el of elements) this.root.append(el);
    this.documentElement = new FakeElement("html");
  }

  getElementById(id) {
    return [...this.root.descendants()].find((el) => el.id === id) || null;
  }
}

export class FakeWindow {
  constructor(width = 1280, height = 800) {
    this.innerWidth = width;
    this.innerHeight = height;
    this.frames = [];
    this.scrolled = [];
  }

  // events the page's JavaScript sends the page's Python, by name
  get CustomEvent() {
    return class { constructor(type) { this.type = type; } };
  }

  dispatchEvent(event) { (this.events ||= []).push(event.type); return true; }

  requestAnimationFrame(fn) { this.frames.push(fn); return this.frames.length; }

  runFrames() {
    const due = this.frames;
    this.frames = [];
    for (const fn of due) fn(0);
  }

  scrollBy(x, y) { this.scrolled.push([x, y]); }
}

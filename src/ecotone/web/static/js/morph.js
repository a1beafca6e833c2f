// Drawing a page again without losing what the player is doing on it.
//
// A page is built anew from its state at every draw (a tree of fresh elements, as `h`
// makes them), and then the elements on screen are patched to match it (morphdom): an
// element that is still there stays the same element, so a list keeps its scroll, a text
// its selection, a card the pointer rests on its popover, a field its caret, a panel its
// fold, and the browser lays out again only what changed. Elements match by their `id` where they have
// one (a choice's button is `act-<index>`, so focus never passes to another choice), else
// by their tag and place among their siblings.
//
// The one thing an element kept on screen does not take from the one built to replace
// it is its event listeners: the DOM has no way to read them back. So every listener a
// page adds goes through `listen` (which `h` uses for its `on...` attributes), which keeps
// a note of it; a patch takes the kept element's listeners off and puts the built one's
// on. A listener must therefore read the element it is called for from its event
// (`ev.currentTarget`), never from a variable that held the element when it was built:
// after a patch that variable names an element that is not on the page.
import morphdom from "./vendor/morphdom.js";

/** @typedef {[type: string, listener: EventListener, options: boolean | AddEventListenerOptions | undefined]} Listening */

/** The listeners each element was given through `listen`, so that a patch can hand them on.
 * @type {WeakMap<EventTarget, Listening[]>} */
const listeners = new WeakMap();

/** `el.addEventListener(type, listener, options)`, noted so that a patch that keeps the
 * element on screen in place of `el` hands the listener on to it.
 * @template {EventTarget} T @param {T} el @param {string} type @param {EventListener} listener
 * @param {boolean | AddEventListenerOptions} [options] @returns {T} */
export function listen(el, type, listener, options) {
  el.addEventListener(type, listener, options);
  const had = listeners.get(el);
  if (had) had.push([type, listener, options]); else listeners.set(el, [[type, listener, options]]);
  return el;
}

/** The element on screen `kept` takes the listeners of `built`, the element drawn to replace
 * it, and gives up its own. @param {Element} kept @param {Element} built */
function handOn(kept, built) {
  for (const [type, listener, options] of listeners.get(kept) || []) kept.removeEventListener(type, listener, options);
  const fresh = listeners.get(built);
  if (fresh) {
    for (const [type, listener, options] of fresh) kept.addEventListener(type, listener, options);
    listeners.set(kept, fresh);
  } else listeners.delete(kept);
}

/** Whether `el` is a field a player types into (its value is theirs while they type). @param {Element} el */
const typedInto = (el) => el instanceof HTMLTextAreaElement
  || (el instanceof HTMLInputElement && ["text", "search", "email", "url", "tel", "password", "number", ""].includes(el.type));

const options = {
  /** @param {HTMLElement} kept @param {HTMLElement} built */
  onBeforeElUpdated(kept, built) {
    handOn(kept, built);
    // A panel stays unfolded or folded as the player left it: the page drawn from its
    // state may not know (a panel with no state of its own) or not know yet (its toggle
    // event comes as a task of its own).
    if (kept instanceof HTMLDetailsElement && built instanceof HTMLDetailsElement) built.open = kept.open;
    // The field being typed into keeps what is typed and where the caret is: the page drawn
    // from its state may not have seen the last keystroke yet.
    if (kept === document.activeElement && typedInto(kept) && typedInto(built)) {
      /** @type {HTMLInputElement} */ (built).value = /** @type {HTMLInputElement} */ (kept).value;
    }
    return true;
  },
};

/** Make the children of `parent`, an element on the page, those of the `children` given
 * (built by `h`, not yet on the page), keeping every element that is still there.
 * @param {Element} parent @param {...Node} children */
export function patchChildren(parent, ...children) {
  const built = document.createElement(parent.tagName);
  built.append(...children);
  morphdom(parent, built, { ...options, childrenOnly: true });
}

// -- lists that follow their newest line -----------------------------------------------------
// A log or a chat shows its newest line as lines come, unless the reader has scrolled back
// to read: then it stays where they are until they scroll to its end again. A list that
// does this has `data-follow`; a draw calls `follow()` once the page is patched (the list
// is the same element from one draw to the next, so it is known by itself).

/** The lists scrolled back from their end. @type {WeakSet<Element>} */
const scrolledBack = new WeakSet();
let watching = false;

/** Whether `el` shows its last line (to within a few pixels). @param {Element} el */
const atEnd = (el) => el.scrollHeight - el.scrollTop - el.clientHeight < 4;

/** Bring every following list on the page to its newest line, but those the reader scrolled
 * back in, and those in a folded panel (measuring those would lay the page out for nothing). */
export function follow() {
  if (!watching) {
    watching = true;
    // scroll events do not bubble: one listener on the document catches them all on the way down
    document.addEventListener("scroll", (ev) => {
      const el = ev.target;
      if (!(el instanceof HTMLElement) || !el.hasAttribute("data-follow")) return;
      if (atEnd(el)) scrolledBack.delete(el); else scrolledBack.add(el);
    }, true);
  }
  for (const el of document.querySelectorAll("[data-follow]")) {
    if (scrolledBack.has(el) || el.closest("details:not([open])")) continue;
    el.scrollTop = el.scrollHeight;
  }
}

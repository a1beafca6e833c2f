// Guided decisions: a long list of legal actions picked one field at a time, with the
// kernel's semantics (`ecotone.core.choices`). A kind of action names the order of its
// fields (`choose_by`, sent with each legal action); the page asks for the first field in
// which the actions left still differ, narrows them to the value chosen, and asks the next,
// until one action is left. Nothing here decides legality: every value offered is taken
// from the legal actions, and the last one left is sent as it came.
import { h } from "./api.js";
import { faceName } from "./faces.js";
/** @import { Catalogue, Json, LegalAction } from "./types.js" */

/** The key of a field's value, for comparing values of any type. @param {unknown} value */
const keyOf = (value) => JSON.stringify(value);

/** The next field to ask for among `actions` (legal actions as the server sends them):
 * the first of their kind's `choose_by` in which they still differ; null when they are of
 * several kinds, declare no steps, or no longer differ in any step field.
 * @param {LegalAction[]} actions @returns {string | null} */
export function nextField(actions) {
  if (!actions.length) return null;
  const kind = actions[0].action.type;
  if (actions.some((l) => l.action.type !== kind)) return null;
  for (const field of actions[0].choose_by || []) {
    if (new Set(actions.map((l) => keyOf(l.action[field]))).size > 1) return field;
  }
  return null;
}

/** The distinct values `field` takes among `actions`, in their first order.
 * @param {LegalAction[]} actions @param {string} field @returns {unknown[]} */
export function values(actions, field) {
  const seen = new Map();
  for (const l of actions) if (!seen.has(keyOf(l.action[field]))) seen.set(keyOf(l.action[field]), l.action[field]);
  return [...seen.values()];
}

/** The actions whose `field` is `value`, in their order.
 * @param {LegalAction[]} actions @param {string} field @param {unknown} value */
export function narrow(actions, field, value) {
  return actions.filter((l) => keyOf(l.action[field]) === keyOf(value));
}

/** The step fields every action of `actions` shares and `picked` does not name, with
 * their one value: never asked, yet known (BIOME Borneo's one tile that fits a cell).
 * @param {LegalAction[]} actions @param {Array<[string, unknown]>} picked
 * @returns {Array<[string, unknown]>} */
export function settled(actions, picked) {
  if (!actions.length) return [];
  const chosen = new Set(picked.map(([field]) => field));
  return (actions[0].choose_by || [])
    .filter((field) => !chosen.has(field) && values(actions, field).length === 1)
    .map((field) => [field, actions[0].action[field]]);
}

/** Whether a kind of action is worth guiding: several actions that declare steps.
 * @param {LegalAction[]} actions */
export function guided(actions) {
  return actions.length > 1 && nextField(actions) !== null;
}

/** @param {string} field */
const words = (field) => field.replace(/_/g, " ");

/** The step-by-step chooser of one kind of action: what is chosen so far (each step can be
 * taken back), then the values of the next field as buttons; once a single action is left
 * it is sent. `picked` is the list of [field, value] chosen so far (kept by the page
 * across redraws of the same decision); `changed` redraws after a pick; `act` sends.
 * @param {{kind: string, actions: LegalAction[], picked: Array<[string, unknown]>, cat: Catalogue,
 *   busy: boolean, changed: function(): void, act: function(Json): void}} args */
export function guidedChooser({ kind, actions, picked, cat, busy, changed, act }) {
  let left = actions;
  for (const [field, value] of picked) left = narrow(left, field, value);
  /** @param {unknown} value */
  const said = (value) => (typeof value === "string" ? faceName(cat, value) : String(value));
  const slug = kind.replace(/[^A-Za-z0-9-]/g, "_");
  const crumbs = picked.map(([field, value], i) => h("button.secondary.guide-crumb", {
    type: "button", "data-field": field, title: `Choose the ${words(field)} again`,
    onclick: () => { picked.splice(i); changed(); },
  }, `${words(field)}: ${said(value)} ✕`));
  // what the actions left all share, said beside what was chosen (it is never asked)
  const known = settled(left, picked).map(([field, value]) => h("span.guide-settled.muted", { "data-field": field }, ` ${words(field)}: ${said(value)} `));
  const field = nextField(left);
  let body;
  if (field) {
    body = [h("p.guide-ask", { id: `guide-${slug}-ask` }, `Choose the ${words(field)}`, h("span.muted", {}, ` (${left.length} choices left)`)),
      h("div.actions.guide-values", { role: "group", "aria-labelledby": `guide-${slug}-ask`, "data-field": field },
        values(left, field).map((value) => h("button", {
          type: "button", "data-value": JSON.stringify(value), disabled: busy,
          onclick: () => {
            picked.push([field, value]);
            const now = narrow(left, field, value);
            if (now.length === 1) { picked.length = 0; act(now[0].action); } else changed();
          },
        }, said(value))))];
  } else {
    // no step field tells the rest apart: they are offered whole
    body = [h("div.actions.guide-values", { role: "group", "aria-label": `The ${left.length} choices left` },
      left.map((l) => h("button", { type: "button", "data-guide-index": l.index, disabled: busy, onclick: () => { picked.length = 0; act(l.action); } }, l.text)))];
  }
  return h("div.guide", { "data-kind": kind, role: "group", "aria-label": `${words(kind)}, step by step` },
    h("h3", {}, `${words(kind).replace(/^./, (c) => c.toUpperCase())}, step by step`),
    h("p.guide-head", {}, crumbs.length || known.length ? [...crumbs, ...known] : h("span.muted", {}, "Nothing chosen yet.")), body);
}

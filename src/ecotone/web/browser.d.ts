// Declarations for the type check of the browser client (jsconfig.json), where the DOM's
// own are narrower than the browser: nothing here is loaded by a page.

// The HTML standard's clearTimeout and clearInterval take any handle, null included (it
// is taken as 0, no timer): the page keeps "no timer" as null.
declare function clearTimeout(id: number | null | undefined): void;
declare function clearInterval(id: number | null | undefined): void;

// Whether a list holds null or undefined is a fair question (the answer is no, for a list
// of seats): the page asks it of the viewer's seat, null for a spectator.
interface Array<T> {
  includes(searchElement: T | null | undefined, fromIndex?: number): boolean;
}

interface Window {
  /** The match page open now, for tests and the curious (main.js). */
  ecotonePage?: import("./static/js/match.js").MatchPage;
}

// Declarations for the type check of the browser client (jsconfig.json), where the DOM's
// own are narrower than the browser: nothing here is loaded by a page.

// The HTML standard's clearTimeout and clearInterval take any handle, null included (it
// is taken as 0, no timer): the page keeps "no timer" as null.
declare function clearTimeout(id: number | null | undefined): void;
declare function clearInterval(id: number | null | undefined): void;

interface Window {
  /** The match page open now, for tests and the curious (main.js). */
  ecotonePage?: import("./static/js/match.js").MatchPage;
}

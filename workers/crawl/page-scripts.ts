/**
 * The programs the crawler runs inside a rendered page, as strings: bundlers rewrite functions (helpers,
 * renamed names) in ways that break once the source is sent to the browser.
 */

/** At most this many elements get a `data-box`: enough for any real page's content, bounded in time. */
const MAX_BOXES = 4_000;
/** At most this many elements are looked at for a CSS background image (`data-bg`). */
const MAX_BACKGROUND_CHECKS = 3_000;

// Marks where visible content elements were drawn (`data-box="x,y,w,h"`, document coordinates: the
// screenshot's) and which sit in a fixed layer (`data-fixed`), then reads the DOM.
export const READ = `(() => {
  const BOXED = new Set(["H1","H2","H3","H4","H5","H6","P","LI","IMG","PICTURE","FIGURE","FIGCAPTION","TABLE","BLOCKQUOTE","PRE","TIME","A","ARTICLE","MAIN","SECTION","ASIDE","NAV","HEADER","FOOTER","FORM","DIV","SPAN"]);
  let boxes = 0;
  // Elements drawn in a fixed layer (cookie banners, fixed bars, chat widgets) get data-fixed too:
  // the offsetParent chain of an element inside one ends at the fixed element, not at the body.
  const fixedTops = new Map();
  const inFixed = (el) => {
    let top = el;
    while (top.offsetParent) top = top.offsetParent;
    if (top === document.body || top === document.documentElement) return false;
    if (!fixedTops.has(top)) fixedTops.set(top, getComputedStyle(top).position === "fixed");
    return fixedTops.get(top);
  };
  if (document.body) {
    for (const el of document.body.querySelectorAll("*")) {
      if (boxes >= ${MAX_BOXES}) break;
      if (!BOXED.has(el.tagName)) continue;
      if ((el.tagName === "DIV" || el.tagName === "SPAN") && !Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      el.setAttribute("data-box", [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round).join(","));
      if (inFixed(el)) el.setAttribute("data-fixed", "");
      boxes++;
    }
  }
  // Content blocks drawn with a CSS background image (a hero, a teaser) get it as data-bg: extraction
  // takes it as the block's image. Only images that fill a block (no repeating pattern, 200 × 100 or more).
  if (document.body) {
    let checked = 0;
    for (const el of document.body.querySelectorAll("*")) {
      if (++checked > ${MAX_BACKGROUND_CHECKS}) break;
      const image = getComputedStyle(el).backgroundImage;
      if (!image || image === "none") continue;
      const url = /url\\(["']?([^"')]+)["']?\\)/.exec(image);
      if (!url || url[1].startsWith("data:")) continue;
      const style = getComputedStyle(el);
      if (style.backgroundRepeat.startsWith("repeat") && style.backgroundSize === "auto") continue;
      const r = el.getBoundingClientRect();
      if (r.width < 200 || r.height < 100) continue;
      try { el.setAttribute("data-bg", new URL(url[1], document.baseURI).href); } catch (e) {}
    }
  }
  const sizes = {};
  for (const img of Array.from(document.images)) {
    if (img.complete && img.naturalWidth > 0 && img.currentSrc) sizes[img.currentSrc] = { width: img.naturalWidth, height: img.naturalHeight };
  }
  const doctype = document.doctype ? "<!DOCTYPE " + document.doctype.name + ">" : "";
  const height = Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0);
  return { html: doctype + document.documentElement.outerHTML, sizes, height };
})()`;

// Runs in the page: from now on, notes any change to the document but READ's own marks. Starts over
// when called again; CHANGED reads the note and stops watching.
export const WATCH = `(() => {
  const own = new Set(["data-box", "data-fixed", "data-bg"]);
  const w = window;
  if (w.__migrateWatch) w.__migrateWatch.disconnect();
  w.__migrateChanged = false;
  w.__migrateWatch = new MutationObserver((records) => {
    if (records.some((r) => r.type !== "attributes" || !own.has(r.attributeName))) w.__migrateChanged = true;
  });
  w.__migrateWatch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;
export const CHANGED = `(() => {
  const w = window;
  const changed = w.__migrateChanged !== false;
  if (w.__migrateWatch) w.__migrateWatch.disconnect();
  w.__migrateWatch = null;
  return changed;
})()`;

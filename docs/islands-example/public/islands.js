// Islands loader for a Trunk build (classic script, in <head>, before the
// rust link). It hydrates every <leptos-island> by calling the wasm export
// named by its data-component with the element, and replays clicks made on
// an island before it was hydrated.
//
// Two ways to get the wasm:
//  - default: Trunk's own loader initialises it, sets window.wasmBindings and
//    dispatches TrunkApplicationStarted;
//  - lazy (Trunk.toml pattern_script puts data-glue / data-wasm on this tag):
//    this script imports the glue itself, and only if the page has an island.
(() => {
  const me = document.currentScript;
  const pending = [];              // elements tapped before their island hydrated
  const hydrated = new WeakSet();  // islands whose export has run
  let done = false;

  // Capture phase, so it runs before anything else and even without handlers.
  addEventListener('click', (ev) => {
    if (done || ev.__replayed) return;
    const island = ev.target instanceof Element && ev.target.closest('leptos-island');
    if (!island || hydrated.has(island)) return;
    pending.push(ev.target);
    ev.preventDefault();           // no link/form default the island would handle
    ev.stopPropagation();
  }, true);

  async function hydrateAll(bindings) {
    // querySelectorAll is in document order: an outer island hydrates before
    // the islands in its children, so their context exists.
    for (const el of document.querySelectorAll('leptos-island')) {
      const id = el.dataset.component;
      const f = bindings[id];
      if (typeof f !== 'function') {
        console.warn(`islands: no wasm export ${id}`);
        continue;
      }
      // An island inside another island's children: make the outer island's
      // owner current (Leptos sets $$on_hydrate on <leptos-children>).
      const ch = el.parentElement && el.parentElement.closest('leptos-children');
      if (ch && typeof ch.$$on_hydrate === 'function') ch.$$on_hydrate();
      const r = f(el);
      if (r && typeof r.then === 'function') await r;
      hydrated.add(el);
    }
    done = true;
    window.__islandsHydrated = true;
    for (const t of pending.splice(0)) {
      if (t.isConnected) t.click();
    }
    dispatchEvent(new CustomEvent('IslandsHydrated'));
  }

  const glue = me && me.dataset.glue;
  if (glue) {
    const start = () => {
      if (!document.querySelector('leptos-island')) return; // nothing to fetch
      import(glue)
        .then(async (m) => {
          await m.default({ module_or_path: me.dataset.wasm });
          await hydrateAll(m);
        })
        .catch((e) => console.error('islands: loading failed', e));
    };
    if (document.readyState === 'loading') {
      addEventListener('DOMContentLoaded', start, { once: true });
    } else {
      start();
    }
  } else if (window.wasmBindings) {
    hydrateAll(window.wasmBindings);
  } else {
    addEventListener('TrunkApplicationStarted', () => hydrateAll(window.wasmBindings), { once: true });
  }
})();

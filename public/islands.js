// The loader of a page drawn as islands (PageRoute::islands in
// src/app/routes.rs): the build's HTML is the page, and only its islands
// (Leptos's <leptos-island> elements) come alive. A classic deferred script,
// so the page is parsed when it runs; the build writes its bundle's glue and
// wasm in data-glue and data-wasm (src/bin/prerender.rs).
//
// - A page without an island loads no code at all: it is live as it is.
// - Otherwise, once the page is shown (its first contentful paint, then a
//   frame), the wasm is compiled by a worker (public/compile.js) and the
//   glue imported; the bundle's islands_ready fetches what the islands read;
//   then each island's own export (named by its data-component) hydrates it,
//   outer islands first, and islands_live applies the visitor's state and
//   marks the page live (data-app="live").
// - A click on an island before it is live is held and replayed once it is
//   (a hole of a board is held by the shell's own script, see index.html).
(() => {
  const me = document.currentScript;
  const root = document.documentElement;
  // The service worker is registered once the page has started (index.html).
  const started = () => dispatchEvent(new CustomEvent('TrunkApplicationStarted'));
  if (!document.querySelector('leptos-island')) {
    root.dataset.app = 'live';
    started();
    return;
  }
  const held = [];
  const hold = (ev) => {
    if (root.dataset.app === 'live' || !(ev.target instanceof Element)) return;
    if (!ev.target.closest('leptos-island') || ev.target.closest('[data-board]')) return;
    held.push(ev.target);
    ev.preventDefault();
    ev.stopPropagation();
  };
  addEventListener('click', hold, true);
  const shown = (wait) => new Promise((ok) => {
    wait(() => setTimeout(ok));
    setTimeout(ok, 300);
  });
  const painted = (go) => {
    try {
      new PerformanceObserver((list, o) => {
        if (list.getEntries().some((e) => e.name === 'first-contentful-paint')) {
          o.disconnect();
          go();
        }
      }).observe({ type: 'paint', buffered: true });
    } catch (e) {
      requestAnimationFrame(go);
    }
  };
  const { glue, wasm } = me.dataset;
  (async () => {
    await shown(painted);
    await shown((go) => requestAnimationFrame(go));
    const compiled = new Promise((ok) => {
      try {
        const w = new Worker('/compile.js');
        w.onmessage = (e) => {
          ok(e.data || wasm);
          w.terminate();
        };
        w.onerror = () => ok(wasm);
        w.postMessage(wasm);
      } catch (e) {
        ok(wasm);
      }
    });
    const bindings = await import(glue);
    await bindings.default({ module_or_path: await compiled });
    started();
    if (!(await bindings.islands_ready())) return;
    // In document order: an outer island before those in its children.
    for (const el of document.querySelectorAll('leptos-island')) {
      const hydrate = bindings[el.dataset.component];
      if (typeof hydrate !== 'function') {
        console.error(`islands: the bundle has no island ${el.dataset.component}`);
        continue;
      }
      // An island inside another's children: the outer island's owner first
      // (Leptos keeps it on <leptos-children>), for its context.
      const children = el.parentElement && el.parentElement.closest('leptos-children');
      if (children && typeof children.$$on_hydrate === 'function') children.$$on_hydrate();
      await hydrate(el);
    }
    await bindings.islands_live();
    removeEventListener('click', hold, true);
    await new Promise((ok) => setTimeout(ok));
    for (const target of held.splice(0)) {
      if (target.isConnected) target.click();
    }
  })().catch((e) => console.error('islands: the page could not come alive', e));
})();

// The loader of a page drawn as islands (PageRoute::islands in
// src/app/routes.rs): the build's HTML is the page, and only its islands
// (Leptos's <leptos-island> elements) come alive. A classic deferred script,
// so the page is parsed when it runs; the build writes its bundle's glue and
// wasm in data-glue and data-wasm (src/bin/prerender.rs).
//
// - A page without an island loads no code at all: it is live as it is.
// - Otherwise, once the page is shown (its first contentful paint, then a
//   frame), the wasm is compiled by a worker (public/compile.js) and the
//   glue imported; on a page whose route says so (data-wake="used",
//   Wake::Used in src/app/routes.rs), not before the visitor is about to
//   use an island (a pointer over it, a touch, focus, a key or an edit in it),
//   or at once if the address has a query or a fragment (the islands read
//   it; also when the fragment changes), or if the visitor has something
//   stored under the key in data-wake-stored (their own to see); the bundle's islands_ready fetches what the islands read;
//   then each island's own export (named by its data-component) hydrates it,
//   outer islands first, and islands_live applies the visitor's state and
//   marks the page live (data-app="live").
// - A click on an island before it is live is held and replayed once it is
//   (a hole of a board is held by the shell's own script, see index.html);
//   a field typed in or a choice changed before then is told to the island
//   once it is (an `input` or `change` event on it), so nothing done while
//   the code comes is lost.
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
  // Fields typed in or changed before the island is live, each once.
  const edited = new Map();
  const edit = (ev) => {
    if (root.dataset.app === 'live' || !(ev.target instanceof Element)) return;
    const t = ev.target;
    if (!t.closest('leptos-island')) return;
    const kinds = (edited.get(t) || { kinds: new Set() }).kinds.add(ev.type);
    edited.set(t, { kinds, value: t.value, checked: t.checked });
  };
  addEventListener('input', edit, true);
  addEventListener('change', edit, true);
  // Resolves once the page may load its code (see the top); listening
  // from the start, so a pointer that came before the first paint counts.
  const wanted = new Promise((ok) => {
    const stored = () => {
      try {
        return !!me.dataset.wakeStored && localStorage.getItem(me.dataset.wakeStored) !== null;
      } catch (_) {
        return false;
      }
    };
    if (me.dataset.wake !== 'used' || location.search || location.hash || stored()) {
      ok();
      return;
    }
    const kinds = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'];
    const go = (ev) => {
      if (ev.type !== 'hashchange' && !(ev.target instanceof Element && ev.target.closest('leptos-island'))) return;
      for (const kind of kinds) removeEventListener(kind, go, true);
      removeEventListener('hashchange', go);
      root.dataset.wake = 'waking';
      ok();
    };
    for (const kind of kinds) addEventListener(kind, go, { capture: true, passive: true });
    addEventListener('hashchange', go);
  });
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
    await wanted;
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
    removeEventListener('input', edit, true);
    removeEventListener('change', edit, true);
    delete root.dataset.wake;
    await new Promise((ok) => setTimeout(ok));
    // As the visitor left them (hydration may have set a field's value to
    // the island's own), then told to the island.
    for (const [target, { kinds, value, checked }] of edited) {
      if (!target.isConnected) continue;
      if (value !== undefined && target.value !== value) target.value = value;
      if (checked !== undefined && target.checked !== checked) target.checked = checked;
      for (const kind of ['input', 'change']) {
        if (kinds.has(kind)) target.dispatchEvent(new Event(kind, { bubbles: true }));
      }
    }
    edited.clear();
    for (const target of held.splice(0)) {
      if (target.isConnected) target.click();
    }
  })().catch((e) => console.error('islands: the page could not come alive', e));
})();

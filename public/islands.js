// The loader of every page (Trunk writes its tag, see pattern_script in
// Trunk.toml; the build writes nothing into it). A classic deferred script,
// so the page is parsed when it runs. The code it loads is the page's own
// bundle where the build names one (<meta name="congklak-bundle">, from the
// page's row of the route table, src/app/routes.rs), else Trunk's, which
// this script's tag names (data-glue, data-wasm).
//
// - A page hydrated whole (the play page: no <meta name="congklak-islands">)
//   loads its code once it is shown (its first contentful paint, then a
//   frame); the bundle's main hydrates it and marks it live. A hole tapped
//   before then is held by the shell's own script (index.html).
// - A page drawn as islands (PageRoute::islands): the build's HTML is the
//   page, and only its islands (Leptos's <leptos-island> elements) come
//   alive. A page without an island loads no code at all: it is live as it
//   is.
// - Otherwise, once the page is shown, the wasm is compiled by a worker
//   (public/compile.js) and the glue imported; on a page whose route says
//   so (<meta name="congklak-wake" content="used">, Wake::Used in
//   src/app/routes.rs), not before the visitor is about to use an island (a
//   pointer over it, a touch, focus, a key or an edit in it), or at once if
//   the address has a query or a fragment (the islands read it; also when
//   the fragment changes), or if the visitor has something stored under the
//   key in the meta's data-unless-stored (their own to see); the bundle's
//   islands_ready fetches what the islands read; then each island's own
//   export (named by its data-component) hydrates it, outer islands first,
//   and islands_live applies the visitor's state and marks the page live
//   (data-app="live").
// - A click on an island before it is live is held and replayed once it is
//   (a hole of a board is held by the shell's own script, see index.html);
//   a field typed in or a choice changed before then is told to the island
//   once it is (an `input` or `change` event on it), so nothing done while
//   the code comes is lost.
(() => {
  const me = document.currentScript;
  const root = document.documentElement;
  const meta = (name) => document.querySelector(`meta[name="${name}"]`);
  // The service worker is registered once the page has started (index.html).
  const started = () => dispatchEvent(new CustomEvent('TrunkApplicationStarted'));
  const own = meta('congklak-bundle');
  const glue = own ? `${own.content}.js` : me.dataset.glue;
  const wasm = own ? `${own.content}_bg.wasm` : me.dataset.wasm;
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
  // The wasm compiled off the page's thread, else (no workers, or it
  // failed) its address, for the glue to load.
  const compiled = () => new Promise((ok) => {
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
  // The bundle, started once the page is shown (its first contentful
  // paint, then a frame) and `wanted` has resolved.
  const load = async (wanted) => {
    await shown(painted);
    await shown((go) => requestAnimationFrame(go));
    await wanted;
    const module = compiled();
    const bindings = await import(glue);
    await bindings.default({ module_or_path: await module });
    started();
    return bindings;
  };
  if (!meta('congklak-islands')) {
    // Fetched early but behind what the first paint needs.
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = glue;
    preload.fetchPriority = 'low';
    document.head.append(preload);
    load().catch((e) => console.error('the page could not come alive', e));
    return;
  }
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
  const wake = meta('congklak-wake');
  const wanted = new Promise((ok) => {
    const stored = () => {
      try {
        return !!wake && !!wake.dataset.unlessStored && localStorage.getItem(wake.dataset.unlessStored) !== null;
      } catch (_) {
        return false;
      }
    };
    if (!wake || wake.content !== 'used' || location.search || location.hash || stored()) {
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
  (async () => {
    const bindings = await load(wanted);
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

// The loader of every page (Trunk writes its tag, see pattern_script in
// Trunk.toml; the build writes nothing into it). A classic deferred script,
// so the page is parsed when it runs. The code it loads is the page's own
// bundle where the build names one (<meta name="congklak-bundle">, from the
// page's row of the route table, src/app/routes.rs), else Trunk's, which
// this script's tag names (data-glue, data-wasm).
//
// - A page hydrated whole (the play page: no <meta name="congklak-islands">)
//   loads its code once it is shown (its first contentful paint, then a
//   frame) and wanted (below); the bundle's play_page hydrates it and
//   marks it live.
// - A page drawn as islands (PageRoute::islands): the build's HTML is the
//   page, and only its islands (Leptos's <leptos-island> elements) come
//   alive. A page without an island loads no code at all: it is live as it
//   is. Otherwise, once the page is shown and wanted, the wasm is compiled
//   by a worker (public/compile.js) and the glue imported; the bundle's
//   islands_ready fetches what the islands read; then each island's own
//   export (named by its data-component) hydrates it, outer islands first,
//   and islands_live applies the visitor's state and marks the page live
//   (data-app="live").
// - Wanted: at once, unless the page's route says otherwise
//   (<meta name="congklak-wake" content="used">, Wake::Used in
//   src/app/routes.rs): then not before the visitor is about to use the
//   page (a pointer over an island or the play page's <main>, a touch,
//   focus, a key or an edit in it), or at once if the address has a query
//   or a fragment (the page reads it; also when the fragment changes), or
//   if the visitor has something stored under one of the keys in the
//   meta's data-unless-stored (theirs to see). The service worker, which
//   keeps what the visitor uses (and the play page's code) for offline use,
//   is installed once the page has started (index.html), so a visitor who
//   only reads fetches nothing more.
// - Ready before the first tap: on the play page, when it waits for its
//   first use, its code is fetched and compiled (off the page's thread) once
//   the page has loaded and the browser is idle, but not run: the first use
//   then only hydrates it. A page drawn as islands that waits for its first
//   use fetches nothing before it.
// - Code that cannot be had (offline before it was kept, or a damaged copy
//   that the service worker could not replace): the page stays as the
//   build drew it, readable, and says so once, in its language.
// - A click before the page is live (in an island; on the play page, on a
//   control of its <main>) is held and replayed once it is (a hole of a
//   board is held by the shell's own script, see index.html); a field typed
//   in or a choice changed before then is told to the page once it is (an
//   `input` or `change` event on it), so nothing done while the code comes
//   is lost.
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
  // The wasm, compiled once asked for (at idle, or when the page is wanted).
  let module = null;
  const compile = () => (module ||= compiled());
  // The glue, fetched early but behind what the first paint needs.
  const preloadGlue = () => {
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = glue;
    preload.fetchPriority = 'low';
    document.head.append(preload);
  };
  // The page's code could not be had: said once on the page, which stays
  // as the build drew it (<html data-app="failed">).
  const failed = (e) => {
    console.error('the page could not come alive', e);
    root.dataset.app = 'failed';
    if (document.querySelector('[data-testid=load-failed]')) return;
    const id = root.lang === 'id';
    const offline = navigator.onLine === false;
    const p = document.createElement('p');
    p.className = 'notice load-failed';
    p.setAttribute('role', 'alert');
    p.dataset.testid = 'load-failed';
    p.textContent = offline
      ? id
        ? 'Halaman ini tidak bisa berjalan tanpa internet: kodenya belum tersimpan di perangkat ini. Isinya tetap bisa dibaca; muat ulang halaman ini setelah tersambung lagi.'
        : 'This page cannot start offline: its code is not saved on this device. You can still read it; reload it once you are online again.'
      : id
        ? 'Kode halaman ini tidak bisa dimuat. Isinya tetap bisa dibaca; coba muat ulang halaman ini.'
        : 'The code of this page could not be loaded. You can still read it; try reloading the page.';
    (document.querySelector('main') || document.body).prepend(p);
  };
  // The bundle, started once the page is shown (its first contentful
  // paint, then a frame) and `wanted` has resolved.
  const load = async (wanted) => {
    await shown(painted);
    await shown((go) => requestAnimationFrame(go));
    await wanted;
    compile();
    const bindings = await import(glue);
    await bindings.default({ module_or_path: await module });
    started();
    return bindings;
  };
  // The play page is hydrated whole (no <meta name="congklak-islands">): its
  // game is the part of it used; a page drawn as islands, its islands.
  const whole = !meta('congklak-islands');
  const area = whole ? 'main' : 'leptos-island';
  if (!whole && !document.querySelector('leptos-island')) {
    root.dataset.app = 'live';
    started();
    return;
  }
  // Resolves once the page may load its code (see the top); listening
  // from the start, so a pointer that came before the first paint counts.
  const wake = meta('congklak-wake');
  // Whether it loads at once.
  let woken = false;
  const wanted = new Promise((ok) => {
    const stored = () => {
      try {
        const keys = (wake && wake.dataset.unlessStored || '').split(' ').filter(Boolean);
        return keys.some((key) => localStorage.getItem(key) !== null);
      } catch (_) {
        return false;
      }
    };
    if (!wake || wake.content !== 'used' || location.search || location.hash || stored()) {
      woken = true;
      ok();
      return;
    }
    const kinds = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'];
    const go = (ev) => {
      if (ev.type !== 'hashchange' && !(ev.target instanceof Element && ev.target.closest(area))) return;
      for (const kind of kinds) removeEventListener(kind, go, true);
      removeEventListener('hashchange', go);
      root.dataset.wake = 'waking';
      ok();
    };
    for (const kind of kinds) addEventListener(kind, go, { capture: true, passive: true });
    addEventListener('hashchange', go);
  });
  // What is clicked before the page is live is held and replayed once it is:
  // in an island (its links too), or on the play page a control of its
  // game (its links and folds work as they are). A hole of a board is held
  // by the shell's own script (index.html).
  const held = [];
  const holds = (t) => whole
    ? !!t.closest('main') && !t.closest('a[href], summary, [data-board]')
    : !!t.closest('leptos-island') && !t.closest('[data-board]');
  const hold = (ev) => {
    if (root.dataset.app === 'live' || !(ev.target instanceof Element) || !holds(ev.target)) return;
    held.push(ev.target);
    ev.preventDefault();
    ev.stopPropagation();
  };
  addEventListener('click', hold, true);
  // Fields typed in or changed before the page is live, each once.
  const edited = new Map();
  const edit = (ev) => {
    if (root.dataset.app === 'live' || !(ev.target instanceof Element)) return;
    const t = ev.target;
    if (!t.closest(area)) return;
    const kinds = (edited.get(t) || { kinds: new Set() }).kinds.add(ev.type);
    edited.set(t, { kinds, value: t.value, checked: t.checked });
  };
  addEventListener('input', edit, true);
  addEventListener('change', edit, true);
  // Once live: what was held, applied.
  const replay = async () => {
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
  };
  if (whole) {
    if (woken) {
      preloadGlue();
    } else {
      // Ready before the first use: fetched and compiled once the page has
      // loaded and the browser is idle (not run until used).
      const early = () => {
        const idle = window.requestIdleCallback || ((go) => setTimeout(go, 1));
        idle(() => {
          preloadGlue();
          compile();
        }, { timeout: 2000 });
      };
      if (document.readyState === 'complete') early();
      else addEventListener('load', early, { once: true });
    }
    // The bundle's play_page hydrates the page and marks it live.
    const live = new Promise((ok) => {
      if (root.dataset.app === 'live') return ok();
      new MutationObserver((_, o) => {
        if (root.dataset.app !== 'live') return;
        o.disconnect();
        ok();
      }).observe(root, { attributes: true, attributeFilter: ['data-app'] });
    });
    load(wanted)
      .then((bindings) => bindings.play_page())
      .then(() => live)
      .then(replay)
      .catch(failed);
    return;
  }
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
    await replay();
  })().catch(failed);
})();

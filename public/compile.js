// Compiles a page's wasm off the page's thread: the page sends the wasm's
// address and gets back the compiled WebAssembly.Module (or null if it could
// not be had; the page then loads the wasm itself). Compiling on the page's
// own thread cost it a long task while the page was already on screen (see
// public/islands.js); a module posted to the page shares
// its compiled code, so nothing is compiled twice.
//
// V8 compiles each function of a module only when it is first called, on
// the thread that calls it: that was most of the page's long tasks while it
// went live. So before posting the module this worker calls every function
// once, in an instance of its own, through the export `__warm` that the
// build adds (scripts/warm.mjs): each function then returns at once, and
// the page finds them all compiled. Its imports are never called; if the
// module needs more than functions, or anything fails, the page gets the
// module as it is.
function warm(module) {
  if (!WebAssembly.Module.exports(module).some((e) => e.name === '__warm')) return;
  const imports = {};
  for (const i of WebAssembly.Module.imports(module)) {
    if (i.kind !== 'function') return;
    (imports[i.module] ||= {})[i.name] = () => {
      throw new Error('not while warming');
    };
  }
  new WebAssembly.Instance(module, imports).exports.__warm();
}

onmessage = async (event) => {
  let module = null;
  try {
    module = await WebAssembly.compileStreaming(fetch(event.data));
  } catch (_) {
    // A host that does not send wasm as application/wasm.
    try {
      const response = await fetch(event.data);
      module = await WebAssembly.compile(await response.arrayBuffer());
    } catch (_) {
      module = null;
    }
  }
  if (module) {
    try {
      warm(module);
    } catch (_) {
      // The page compiles what it runs, as without this step.
    }
  }
  postMessage(module);
};

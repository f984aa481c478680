// Compiles a page's wasm off the page's thread: the page sends the wasm's
// address and gets back the compiled WebAssembly.Module (or null if it could
// not be had; the page then loads the wasm itself). Compiling on the page's
// own thread cost it a long task while the page was already on screen (see
// defer_loader in src/bin/prerender.rs); a module posted to the page shares
// its compiled code, so nothing is compiled twice.
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
  postMessage(module);
};

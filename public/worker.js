// The engine's long jobs (the computer's move, a move's mark, the divergence
// finder) run here, off the page's thread, in the engine's own bundle
// (congklak-worker, see src/worker_main.rs): the page sends the address of
// its wasm-bindgen glue first (from the page's <meta name="congklak-worker">),
// and this worker loads it and its wasm, which sits next to it. Each job is
// then text in, text out (see src/jobs/protocol.rs).
let engine = null;

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.glue) {
    engine = import(msg.glue).then(async (glue) => {
      await glue.default({ module_or_path: msg.glue.replace(/\.js$/, '_bg.wasm') });
      return glue;
    });
    return;
  }
  try {
    const glue = await engine;
    self.postMessage({ id: msg.id, reply: glue.worker_job(msg.job) });
  } catch (e) {
    self.postMessage({ id: msg.id, error: String(e) });
  }
};

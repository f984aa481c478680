// The engine's long jobs (the computer's move, the divergence finder) run
// here, off the page's thread. The page sends the address of the app's
// wasm-bindgen glue and the compiled wasm module first, so this worker runs
// the very same code without downloading or compiling it again; each job is
// then JSON in, JSON out (see src/worker.rs).
let engine = null;

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.glue) {
    engine = import(msg.glue).then(async (glue) => {
      await glue.default({ module_or_path: msg.module });
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

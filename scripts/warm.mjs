// Adds to a bundle's wasm a way to have every function compiled before the
// page first runs it, off the page's thread:
//
//   node scripts/warm.mjs IN.wasm OUT.wasm
//
// V8 compiles a wasm function the first time it is called, on the thread
// that calls it; while a page went live that was most of its long tasks
// (about 1,000-1,500 functions a page, see tests/lighthouse/tasks.mjs). Code
// compiled for a module is shared by every instance of it, in any thread:
// so the worker that compiles the wasm (public/compile.js) calls every
// function once, in an instance of its own, and the page finds them
// compiled. To call a function without running it, each function first
// reads a flag (a global of the instance, so only the worker's instance
// ever sets it) and, when it is set, returns zeros at once. The export
// `__warm` sets the flag, calls every function with zeros and clears it.
// What the page's instance runs is unchanged but for that one test a call.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { default: binaryen } = await import(join(ROOT, '.tools/node_modules/binaryen/index.js'));

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: node scripts/warm.mjs IN.wasm OUT.wasm');
  process.exit(2);
}

const FLAG = '__warming';
const WARM = '__warm';
const F = binaryen.Features;
// The features the build's wasm-opt enables (scripts/route-pages.sh).
const features =
  F.MVP | F.ReferenceTypes | F.BulkMemory | (F.BulkMemoryOpt ?? 0) | F.NontrappingFPToInt | F.SignExt | F.MutableGlobals | F.Multivalue;
const mod = binaryen.readBinary(new Uint8Array(readFileSync(input)));
mod.setFeatures(features);

// A zero of each value type.
function zero(type) {
  switch (type) {
    case binaryen.i32:
      return mod.i32.const(0);
    case binaryen.i64:
      return mod.i64.const(0n);
    case binaryen.f32:
      return mod.f32.const(0);
    case binaryen.f64:
      return mod.f64.const(0);
    default:
      return mod.ref.null(type);
  }
}
const values = (tuple) => binaryen.expandType(tuple).map(zero);
const pack = (list) => (list.length === 0 ? undefined : list.length === 1 ? list[0] : mod.tuple.make(list));

if (mod.getGlobal?.(FLAG)) {
  console.error(`warm: ${input} already has ${FLAG}`);
  process.exit(1);
}
mod.addGlobal(FLAG, binaryen.i32, true, mod.i32.const(0));

const calls = [];
let bodies = 0;
for (let i = 0; i < mod.getNumFunctions(); i++) {
  const func = mod.getFunctionByIndex(i);
  const info = binaryen.getFunctionInfo(func);
  if (info.module) continue; // imported: nothing to compile
  const back = mod.if(mod.global.get(FLAG, binaryen.i32), mod.return(pack(values(info.results))));
  binaryen.Function.setBody(func, mod.block(null, [back, info.body], info.results));
  bodies++;
  const call = mod.call(info.name, values(info.params), info.results);
  calls.push(info.results === binaryen.none ? call : mod.drop(call));
}
mod.addFunction(
  WARM,
  binaryen.none,
  binaryen.none,
  [],
  mod.block(null, [mod.global.set(FLAG, mod.i32.const(1)), ...calls, mod.global.set(FLAG, mod.i32.const(0))]),
);
mod.addFunctionExport(WARM, WARM);

if (!mod.validate()) {
  console.error(`warm: ${input}: the changed module does not validate`);
  process.exit(1);
}
writeFileSync(output, mod.emitBinary());
console.error(`warm: ${output}: ${bodies} functions can be compiled ahead`);

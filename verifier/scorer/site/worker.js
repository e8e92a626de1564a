// The scorer's engine: Pyodide and the project's wheel, in a Web Worker so
// that the page answers at once while it starts. Every message is a call
// {id, op, args} answered by {id, ok, value} or {id, ok: false, error}; the
// first answer is {ready: true, ms} or {ready: false, error}. It never
// scores: engine.py hands each call to verifier.api.
import { loadPyodide } from "./pyodide.mjs";

const started = performance.now();
let engine = null;

// Pyodide says a WebAssembly that cannot start on its standard error and
// never settles its promise: such a line fails the start.
let fatal = null;
const failed = new Promise((_, no) => { fatal = no; });
const FATAL = /instantiation failed|Aborted\(|CompileError|LinkError/;
function stderr(text) {
  console.error(text);
  if (FATAL.test(text)) fatal(new Error(text));
}
const warn = console.warn.bind(console);
console.warn = (...args) => {  // (pyodide.mjs says a WebAssembly that fails here)
  warn(...args);
  const text = args.map(String).join(" ");
  if (FATAL.test(text)) fatal(new Error(`the engine's WebAssembly did not load (${text})`));
};

async function start() {
  const files = await (await fetch("./site.json")).json();
  const py = await Promise.race([
    loadPyodide({ indexURL: new URL("./", location.href).href, packages: [], stderr }), failed]);
  const extractDir = py.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of files.wheels) {
    const response = await fetch("./" + wheel);
    if (!response.ok) throw new Error(`${wheel}: ${response.status} ${response.statusText}`);
    py.unpackArchive(await response.arrayBuffer(), "wheel", { extractDir });
  }
  const glue = await (await fetch("./engine.py")).text();
  py.FS.writeFile("/home/pyodide/ftn_scorer_engine.py", glue);
  engine = py.pyimport("ftn_scorer_engine");
}

const ready = start().then(
  () => postMessage({ ready: true, ms: Math.round(performance.now() - started) }),
  (e) => postMessage({ ready: false, error: String(e && e.message || e) }),
);

const CALLS = {
  open: (lines, name) => JSON.parse(engine.open_record(JSON.stringify(lines), name)),
  type: (text) => JSON.parse(engine.type_line(text)),
  header: (form) => JSON.parse(engine.header(JSON.stringify(form))),
  fmt: (text, name) => JSON.parse(engine.fmt(text, name)),
  page: (text, name) => engine.page(text, name),
};

onmessage = async (event) => {
  const { id, op, args } = event.data;
  await ready;
  try {
    if (!engine) throw new Error("the engine did not start");
    postMessage({ id, ok: true, value: CALLS[op](...args) });
  } catch (e) {
    postMessage({ id, ok: false, error: String(e && e.message || e) });
  }
};

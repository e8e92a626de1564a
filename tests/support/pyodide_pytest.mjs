// Part of the project's own test suite run inside Pyodide under Node: the
// engine the scorer's site ships (its pyodide.mjs and wheels), plus
// pytest's pure wheels, and the test files copied into Pyodide's memory.
// Usage: node pyodide_pytest.mjs SITE TESTS_ROOT WHEEL... -- PYTEST_ARG...
// (test files relative to TESTS_ROOT's parent; every argument ending in
// .py is copied in). The exit status is pytest's.
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { pathToFileURL } from "node:url";

const [site, testsRoot, ...rest] = process.argv.slice(2);
const cut = rest.indexOf("--");
const extra = rest.slice(0, cut), tests = rest.slice(cut + 1);
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: site + "/" });
const siteInfo = JSON.parse(readFileSync(join(site, "site.json"), "utf8"));
const extractDir = py.runPython("import site; site.getsitepackages()[0]");
for (const wheel of [...siteInfo.wheels.map((w) => join(site, w)), ...extra]) {
  py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir });
}
const root = dirname(testsRoot);
function put(relative) {
  const target = "/work/" + relative;
  py.FS.mkdirTree(dirname(target));
  py.FS.writeFile(target, readFileSync(join(root, relative)));
}
put("tests/conftest.py");
for (const name of readdirSync(join(testsRoot, "support"))) {
  if (name.endsWith(".py")) put("tests/support/" + name);
}
for (const t of tests) if (t.endsWith(".py")) put(t);
py.FS.writeFile("/work/pytest.ini", "[pytest]\nmarkers =\n slow\n browser\n system\n");
py.globals.set("test_files", py.toPy(tests));
const status = await py.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True
os.chdir("/work")
sys.path.insert(0, "/work/tests")
import pytest
int(pytest.main(["-p", "no:cacheprovider", "-q", "--strict-markers", "-rN", *test_files]))
`);
process.exit(status);

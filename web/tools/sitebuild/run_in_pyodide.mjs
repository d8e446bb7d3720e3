// Runs a Python program in the Pyodide the site serves, under Node (bytecode.py,
// run_in_pyodide): the build compiles with the very interpreter the browser runs, so
// the .pyc magic and the marshal format always match.
//
//   node run_in_pyodide.mjs <pyodide dir> <program.py> <options JSON>
//
// options: {"mounts": {"/dir in Pyodide": "host dir", ...}, "env": {NAME: value}}.
// The program reads its input from, and writes its output to, the mounted folders.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, program, optionsJson] = process.argv.slice(2);
const { mounts = {}, env = {} } = JSON.parse(optionsJson);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const options = { indexURL: pyodideDir + "/" };
// Only when asked: variables such as PYTHONNODEBUGRANGES are read when the interpreter
// starts, and any env given replaces Pyodide's defaults.
if (Object.keys(env).length) options.env = env;
const py = await loadPyodide(options);
for (const [dir, root] of Object.entries(mounts)) {
  py.FS.mkdirTree(dir);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, dir);
}
py.runPython(readFileSync(program, "utf8"));

// Boots Pyodide in Node.js on a standard library zip (argv[2]) and prints, as JSON, the
// modules Python imported from that zip (not the frozen ones, which live in the binary) and
// the boot's CPU time. Used by
// tests/tools/test_build_stdlib.py: every one of them must come from bytecode.
import { loadPyodide } from "pyodide";

const started = process.cpuUsage();
const pyodide = await loadPyodide({ stdLibURL: process.argv[2] });
const cpu = process.cpuUsage(started);
const modules = pyodide.runPython(`
import json, sys
import asyncio, dataclasses, json, random  # what the engine and the table import on top
json.dumps(sorted(
    [name, module.__file__] for name, module in sys.modules.items()
    if ".zip/" in (getattr(module, "__file__", None) or "")
    and getattr(module.__spec__, "origin", None) != "frozen"))  # frozen: in the binary
`);
console.log(JSON.stringify({ modules: JSON.parse(modules), cpu_ms: Math.round((cpu.user + cpu.system) / 1000) }));

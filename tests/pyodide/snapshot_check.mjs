// The app's memory snapshot under Pyodide in Node.js: an interpreter restored from it plays
// exactly the same deals as a freshly booted one (same records, same scores).
// Why: the browser boots from that snapshot; the engine must not notice the difference.
// Run by tests/pyodide/run.mjs after the pytest suite.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { loadPyodide } from "pyodide";
import { HOME, MODULES, freshInterpreter, makeSnapshot } from "../../tools/snapshot.mjs";

// Seeded deals, every decision deterministic (the strong AI bounded by worlds, not time).
const PLAY = `
import json, random
from engine import new_game
from engine.ai.levels import EasyPlayer, NormalPlayer, StrongPlayer
from engine.players import GreedyPlayer, choose

def make(name, rng):
    if name == "strong":
        return StrongPlayer(rng, worlds=4, time_budget=None)
    return {"easy": EasyPlayer, "normal": NormalPlayer, "greedy": GreedyPlayer}[name](rng)

def play(variant, seed, names):
    game = new_game(variant, {}, seed=seed, dealer=0)
    rng = random.Random(seed)
    players = [make(n, random.Random(rng.random())) for n in names]
    while not game.deal.is_terminal:
        seat = game.current_player
        game.apply(choose(players[seat], game.observation(seat)))
    return {"record": game.record(), "totals": list(game.totals)}

json.dumps([
    play("classic", 11, ["strong", "normal"]),
    play("russian-3", 12, ["greedy", "easy", "normal"]),
    play("bezik", 13, ["normal", "easy"]),
], sort_keys=True)
`;

function pythonFiles(repo) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name === "__pycache__" || name.startsWith(".")) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".py")) found.push(relative(repo, path));
    }
  };
  walk(join(repo, "engine"));
  walk(join(repo, "web"));
  return found;
}

export async function checkSnapshot(repo) {
  const started = Date.now();
  const files = pythonFiles(repo);
  const snapshot = await makeSnapshot(repo, files);
  const fresh = await freshInterpreter(repo, files);
  fresh.runPython(`import os; os.chdir("${HOME}")`);
  const expected = fresh.runPython(PLAY);
  const restored = await loadPyodide({ _loadSnapshot: snapshot });
  for (const rel of files) { // as PyScript does in the page: the file system is not in it
    restored.FS.mkdirTree(dirname(`${HOME}/${rel}`));
    restored.FS.writeFile(`${HOME}/${rel}`, readFileSync(join(repo, rel)));
  }
  const preloaded = restored.runPython(
    `import json, sys; wanted = ${JSON.stringify(MODULES)} + list(sys.modules["web.app"].AI_MODULES)\n` +
    `json.dumps([m for m in wanted if m not in sys.modules])`,
  );
  if (preloaded !== "[]") throw new Error(`snapshot lacks modules ${preloaded}`);
  const got = restored.runPython(PLAY);
  if (got !== expected) {
    throw new Error(`restored interpreter played differently:\n${got.slice(0, 500)}\nvs\n${expected.slice(0, 500)}`);
  }
  const deals = JSON.parse(got).length;
  console.log(`snapshot check: ${deals} deals identical from the snapshot and a fresh boot ` +
    `(${(snapshot.byteLength / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

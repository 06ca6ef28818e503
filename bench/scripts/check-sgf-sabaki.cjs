// Parses every SGF file given (or found in the folders given) with @sabaki/sgf, the parser of
// the Sabaki GUI, and checks what a viewer needs: one game tree, a board size, a result, and a
// main line of moves whose coordinates lie on the board. Prints one line per failure and a
// last line "N passed, M failed"; exit status 1 if any failed.
const fs = require('fs');
const path = require('path');
const sgf = require('@sabaki/sgf');

function files(args) {
  const out = [];
  for (const a of args) {
    if (fs.statSync(a).isDirectory()) {
      for (const f of fs.readdirSync(a).sort()) {
        if (f.endsWith('.sgf')) out.push(path.join(a, f));
      }
    } else {
      out.push(a);
    }
  }
  return out;
}

function check(file) {
  const trees = sgf.parse(fs.readFileSync(file, 'utf8'));
  if (trees.length !== 1) throw new Error(`${trees.length} game trees`);
  let node = trees[0];
  const root = node.data;
  const size = Number((root.SZ || ['19'])[0]);
  if (!(size >= 2 && size <= 25)) throw new Error(`board size ${root.SZ}`);
  if (!root.RE) throw new Error('no result (RE)');
  let moves = 0;
  while (node.children.length > 0) {
    node = node.children[0];
    for (const key of ['B', 'W']) {
      if (!node.data[key]) continue;
      const v = node.data[key][0];
      moves++;
      if (v === '') continue; // pass
      const [x, y] = sgf.parseVertex(v);
      if (!(x >= 0 && x < size && y >= 0 && y < size)) throw new Error(`move ${key}[${v}] off the board`);
    }
  }
  return moves;
}

let passed = 0;
let failed = 0;
for (const f of files(process.argv.slice(2))) {
  try {
    check(f);
    passed++;
  } catch (e) {
    failed++;
    console.log(`FAIL ${f}: ${e.message}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

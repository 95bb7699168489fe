'use strict';
// docs/node.md's quick start is the example the suite runs (examples/quick_start.js), word for word, and it prints
// what the page says.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..');

test('the quick start in the docs is the example, and it runs', () => {
  const page = fs.readFileSync(path.join(ROOT, '..', '..', 'docs', 'node.md'), 'utf8');
  const example = fs.readFileSync(path.join(ROOT, 'examples', 'quick_start.js'), 'utf8');
  const block = page.match(/```js\n([\s\S]*?)```/)[1];
  assert.equal(block, example);
  const output = execFileSync(process.execPath, [path.join(ROOT, 'examples', 'quick_start.js')], { encoding: 'utf8' });
  assert.deepEqual(output.trim().split('\n').slice(-4), ['id 42n', 'pop catalog', 'state_changed ', "[ 'catalog' ]"]);
});

test('the shop host plays its session', () => {
  const output = execFileSync(process.execPath, [path.join(ROOT, 'examples', 'shop.js')], { encoding: 'utf8' });
  assert.match(output, /^review after login: tab 0 \["home","product"\] layers \[\["review"\]\]$/m);
  assert.match(output, /^cart: tab 2 \["cart"\] layers \[\]$/m);
  assert.match(output, /^logged out: tab 0 \["home","product"\] layers \[\]$/m);
});

test("the README's example is the example file, and it runs from the repository's root", () => {
  const readme = fs.readFileSync(path.join(ROOT, '..', '..', 'README.md'), 'utf8');
  const example = fs.readFileSync(path.join(ROOT, 'examples', 'readme.js'), 'utf8');
  assert.equal(readme.match(/```js\n([\s\S]*?)```/)[1], example);
  const output = execFileSync(process.execPath, ['-'], { input: example, cwd: path.join(ROOT, '..', '..'),
    encoding: 'utf8' });
  assert.deepEqual(output.trim().split('\n').slice(0, 2), ['42n', 'tabs_set_up']);
  assert.ok(output.includes('\npush\n'));
});

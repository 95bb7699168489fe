'use strict';
// The quick start (docs/node.md): load the shop manifest, start a router (a tab per root route), open a deep link
// from outside the app, go back, and print what is on screen.
const fs = require('node:fs');
const path = require('node:path');
const { Registry, Router } = require('..');

const registry = new Registry();
registry.loadManifest(fs.readFileSync(path.join(__dirname, '../../../examples/manifests/shop.json'), 'utf8'));
const router = new Router(registry, {
  navigator: (event) => {
    console.log(event.kind, event.entry ? event.entry.route : '');
    return true; // accept the change; false refuses it and the command is rolled back
  },
});
router.start();
router.navigate('myapp://shop/product/42', { external: true }); // catalog tab: catalog > product
console.log('id', registry.resolve('myapp://shop/product/42').int('id')); // 42n: a BigInt
router.back();
const state = router.state;
console.log(state.tabs[state.selected_tab].stack.map((entry) => entry.route));

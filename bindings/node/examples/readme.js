const { Registry, Router } = require('./bindings/node');

const registry = new Registry();
registry.loadManifest(require('fs').readFileSync('examples/manifests/shop.json', 'utf8'));
console.log(registry.resolve('myapp://shop/product/42').int('id')); // 42n
const router = new Router(registry, { navigator: (event) => console.log(event.kind) }); // false would refuse it
router.start();
router.navigate('/shop/product/42');

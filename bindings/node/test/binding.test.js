'use strict';
// The JS classes over the addon: errors carry status and code, typed values, callbacks that throw, a navigator that
// calls its router, promises that wait for the host's renders, and callbacks from a command run off the JS thread.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Registry, Router, AsyncRouter, NavRouterError, _navigateOnAnotherThread } = require('..');

const SHOP = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'manifests', 'shop.json'), 'utf8');
const shop = () => {
  const registry = new Registry();
  registry.loadManifest(SHOP);
  return registry;
};
const stack = (router) => router.state.tabs[router.state.selected_tab].stack.map((entry) => entry.route);

test('errors carry the status, its name and the message', () => {
  const registry = shop();
  assert.throws(() => registry.resolve('/shop/prodcut/1'), (error) => error instanceof NavRouterError
    && error.status === -2 && error.code === 'NAVROUTER_ENOTFOUND' && error.message.includes('/shop/prodcut/1'));
  assert.throws(() => registry.buildUrl('prodcut', { id: 1 }), /did you mean 'product'\?/);
  assert.throws(() => registry.resolve('/shop/\0'), TypeError);
  assert.throws(() => registry.resolve(42), TypeError);
  const router = new Router(registry);
  router.close();
  assert.throws(() => router.start(), (error) => error.code === 'NAVROUTER_EINVAL');
});

test('a match reads typed values', () => {
  const registry = new Registry();
  registry.loadManifest({ routes: [{ name: 'item', pattern: 'i/<int:id>/<bool:on>/<double:x>',
    query: { page: { type: 'int', default: 1 } } }] });
  const match = registry.resolve('/i/9007199254740993/true/2.5');
  assert.equal(match.int('id'), 9007199254740993n, 'a BigInt: every int64 exactly');
  assert.equal(match.bool('on'), true);
  assert.equal(match.double('x'), 2.5);
  assert.equal(match.int('page'), 1n);
  assert.throws(() => match.int('on'), (error) => error.code === 'NAVROUTER_EPARAM');
  assert.deepEqual(registry.route('item').parameter_types, { id: 'int', on: 'bool', x: 'double' });
});

test('a callback that throws refuses or cancels, and the command throws what it threw', () => {
  const registry = shop();
  const router = new Router(registry);
  router.start();
  const before = router.snapshot();
  router.setNavigator((event) => {
    if (event.kind === 'push') throw new Error('the host failed to draw');
  });
  assert.throws(() => router.navigate('/shop/product/1'), /the host failed to draw/);
  assert.deepEqual(router.snapshot(), before);
  router.setNavigator((event) => event.kind !== 'push');
  assert.throws(() => router.navigate('/shop/product/1'), (error) => error.code === 'NAVROUTER_ECALLBACK');
  assert.deepEqual(router.snapshot(), before);
  registry.addInterceptor(() => { throw new Error('bug'); }, { name: 'boom', routes: ['cart'] });
  router.setNavigator(() => true);
  assert.throws(() => router.navigate('/shop/cart'), /bug/, 'cancelled, and the command throws what it threw');
  assert.deepEqual(router.snapshot(), before);
});

test('interceptors decide, and a removed one is not asked again', () => {
  const registry = shop();
  const asked = [];
  const id = registry.addInterceptor((interception) => {
    asked.push(interception.url);
    return interception.parameters.id === '13' ? { cancel: 'sold out' } : undefined;
  }, { name: 'stock', routes: ['product'] });
  const router = new Router(registry);
  router.start();
  router.navigate('/shop/product/1');
  assert.throws(() => router.navigate('/shop/product/13'), (error) => error.code === 'NAVROUTER_ECANCELLED'
    && error.message.includes('sold out'));
  registry.removeInterceptor(id);
  router.navigate('/shop/product/13');
  assert.deepEqual(asked, ['/shop/product/1', '/shop/product/13']);
  assert.throws(() => registry.addInterceptor(() => undefined, { pattern: 'a/<float:x>' }),
    (error) => error.code === 'NAVROUTER_EPATTERN');
});

test('views are made, read back and released once', () => {
  const registry = shop();
  const released = [];
  const seen = [];
  const router = new Router(registry);
  router.setHandler(null, (entry) => ({ screen: entry.route, id: entry.parameters.id }),
    (view, entry) => released.push(`${view.screen} #${entry.id}`));
  router.setNavigator((event) => {
    if (event.kind === 'push') seen.push(router.view(event.entry));
  });
  router.start();
  router.navigate('/shop/product/7');
  assert.deepEqual(seen, [{ screen: 'product', id: '7' }]);
  router.back();
  assert.deepEqual(released, ['product #5']);
  router.setHandler('search', () => null);
  assert.throws(() => router.navigate('/shop/search?q=x'), (error) => error.code === 'NAVROUTER_ECALLBACK');
});

test('back gestures preview, commit and cancel', () => {
  const router = new Router(shop());
  router.start();
  assert.equal(router.canGoBack(), false);
  assert.equal(router.backPreview(), null);
  router.navigate('/shop/product/7');
  assert.equal(router.backPreview().action, 'pop');
  const gesture = router.beginBackGesture();
  assert.equal(gesture.preview.appearing.route, 'home');
  gesture.cancel();
  assert.deepEqual(stack(router), ['home', 'product']);
  router.beginBackGesture().commit();
  assert.deepEqual(stack(router), ['home']);
  assert.throws(() => gesture.cancel(), (error) => error.code === 'NAVROUTER_EINVAL');
});

test('a navigator may call its router: the command is queued and runs next', () => {
  const registry = shop();
  const outcomes = [];
  const router = new Router(registry, {
    navigator: (event) => {
      if (event.kind === 'push' && event.entry.route === 'product') outcomes.push(router.navigate('/shop/search?q=x'));
    },
  });
  router.start();
  router.navigate('/shop/product/1');
  assert.equal(outcomes[0].status, 'queued');
  assert.deepEqual(stack(router).slice(-2), ['product', 'search']);
});

test('an AsyncRouter command resolves once its renders settled', async () => {
  const registry = shop();
  const drawn = [];
  const router = new AsyncRouter(registry, {
    navigator: async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      drawn.push(event.kind);
    },
  });
  await router.start();
  const outcome = await router.navigate('/shop/product/1');
  assert.equal(outcome.status, 'applied');
  assert.ok(drawn.includes('push'), 'the push was drawn before the command resolved');
  const [first, second] = await Promise.all([router.navigate('/shop/product/2'), router.back()]);
  assert.equal(first.status, 'applied');
  assert.equal(second.status, 'applied', 'the queued back ran after the first transition was drawn');
  assert.deepEqual(stack(router.router), ['home', 'product']);
  router.close();
});

test('callbacks of a command run on another thread reach the JS thread', async () => {
  const registry = shop();
  const kinds = [];
  const router = new Router(registry, { navigator: (event) => { kinds.push(event.kind); } });
  router.start();
  const status = await _navigateOnAnotherThread(router, '/shop/product/5');
  assert.equal(status, 0);
  assert.deepEqual(kinds.slice(-2), ['push', 'state_changed']);
  assert.deepEqual(stack(router), ['home', 'product']);
});

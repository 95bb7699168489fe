'use strict';
// A small host playing the shop session with async renders: tabs, a product, its review sheet behind a login, a
// guard that holds the cart until onboarding is done, a snapshot restored, and logout pruning protected screens.
const fs = require('node:fs');
const path = require('node:path');
const { Registry, AsyncRouter } = require('..');

async function main() {
  const registry = new Registry();
  registry.loadManifest(fs.readFileSync(path.join(__dirname, '../../../examples/manifests/shop.json'), 'utf8'));
  let onboarded = false;
  let login = null;
  registry.addInterceptor(() => (onboarded ? 'proceed' : 'pending'), { name: 'onboarding', routes: ['cart'] });
  registry.setLoginHandler((flow, url) => {
    console.log(`  (login asked for ${url})`);
    login = flow;
  });
  const host = new AsyncRouter(registry, {
    navigator: async (event) => {
      if (event.kind !== 'state_changed') console.log(`  ${event.kind}${event.entry ? ' ' + event.entry.route : ''}`);
      await new Promise((resolve) => setImmediate(resolve)); // an animation's frame
    },
  });
  const show = (step) => {
    const state = host.state;
    const stack = state.tabs[state.selected_tab].stack.map((entry) => entry.route);
    const layers = state.layers.map((layer) => layer.stack.map((entry) => entry.route));
    console.log(`${step}: tab ${state.selected_tab} ${JSON.stringify(stack)} layers ${JSON.stringify(layers)}`);
  };
  await host.start();
  show('start');
  await host.navigate('/shop/product/7');
  show('product');
  const review = await host.navigate('/shop/product/7/review');
  if (review.status === 'pending') {
    registry.setAuthenticated(true);
    host.router.completeLogin(login, true);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  show('review after login');
  const snapshot = host.router.snapshot();
  await host.dismiss(0);
  const cart = await host.navigate('/shop/cart');
  if (cart.status === 'pending') {
    show('cart held');
    onboarded = true;
    host.router.resumeFlow(cart.flow);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  show('cart');
  host.router.restore(snapshot);
  await new Promise((resolve) => setTimeout(resolve, 10));
  show('restored');
  registry.setAuthenticated(false);
  await new Promise((resolve) => setTimeout(resolve, 10));
  show('logged out');
  host.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

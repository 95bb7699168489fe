'use strict';
// The conformance vectors (Tests/vectors/*.json) through the Node binding: matching, reverse routing and command
// scripts with their events and final states. The XCTest, C, Python and Rust suites run the same files and must agree.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { Registry, Router, NavRouterError } = require('..');

const ROOT = path.join(__dirname, '..', '..', '..');
const vectors = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'Tests', 'vectors', name), 'utf8'));
const statusName = (error) => {
  assert.ok(error instanceof NavRouterError, String(error));
  return error.code.replace(/^NAVROUTER_/, '');
};

test('matching', () => {
  for (const table of vectors('matching.json').tables) {
    const registry = new Registry();
    if (table.web_domains) registry.setWebDomains(table.web_domains);
    if (table.schemes) registry.setSchemes(table.schemes);
    registry.loadManifest({ routes: table.routes });
    for (const testCase of table.cases) {
      let got;
      try {
        const match = registry.resolve(testCase.url);
        got = { route: match.route, parameters: match.parameters };
      } catch (error) {
        got = { error: statusName(error) };
      }
      const expected = Object.fromEntries(['route', 'parameters', 'error'].filter((k) => k in testCase)
        .map((k) => [k, testCase[k]]));
      assert.deepEqual(got, expected, `${table.name}: ${testCase.url}`);
    }
    registry.close();
  }
});

test('reverse routing', () => {
  const reverse = vectors('reverse.json');
  const registry = new Registry();
  registry.loadManifest({ routes: reverse.routes });
  for (const testCase of reverse.cases) {
    let url;
    try {
      url = registry.buildUrl(testCase.route, testCase.parameters,
        { props: testCase.props ?? null, scheme: testCase.scheme ?? null });
    } catch (error) {
      assert.equal(statusName(error), testCase.error, JSON.stringify(testCase));
      continue;
    }
    assert.equal(url, testCase.url, JSON.stringify(testCase));
    const match = registry.resolve(url);
    assert.deepEqual([match.route, match.parameters], [testCase.route, testCase.parameters], url);
  }
});

function decide(interceptor) {
  return (interception) => {
    for (const [key, value] of Object.entries(interceptor.when || {})) {
      if (interception.parameters[key] !== value) return undefined;
    }
    if (interceptor.decision === 'cancel') return { cancel: interceptor.name };
    if (interceptor.decision === 'redirect') return { redirect: interceptor.url };
    return 'pending';
  };
}

const OPTION_NAMES = {
  external: 'external', replace: 'replace', single_top: 'singleTop', clear_top: 'clearTop',
  prevent_dismissal: 'preventDismissal', expects_result: 'expectsResult', pop_up_to: 'popUpTo',
  pop_up_to_inclusive: 'popUpToInclusive', build_back_stack: 'buildBackStack', presentation: 'presentation',
};

function runStep(router, registry, step, script) {
  let result;
  switch (step.do) {
    case 'navigate': {
      const options = Object.fromEntries(Object.entries(step.options || {}).map(([k, v]) => [OPTION_NAMES[k], v]));
      result = router.navigate(step.url, options);
      break;
    }
    case 'back': result = router.back(); break;
    case 'pop': result = router.pop(step.count ?? 1, step.result); break;
    case 'pop_to': result = router.popTo(step.entry); break;
    case 'pop_after': result = router.popAfter(step.index); break;
    case 'pop_to_root': result = router.popToRoot(); break;
    case 'set_stack': result = router.setStack(step.urls); break;
    case 'dismiss': result = router.dismiss(); break;
    case 'user_dismissed': result = router.userDismissed(); break;
    case 'user_popped': result = router.userPopped(step.entry); break;
    case 'select_tab': result = router.selectTab(step.index); break;
    case 'set_tabs': result = router.setTabs(step.urls, step.selected); break;
    case 'refresh': result = router.refresh(); break;
    case 'authenticated': registry.setAuthenticated(step.value); break;
    case 'snapshot': script.saved = router.snapshot(); break;
    case 'restore': result = router.restore(script.saved); break;
    case 'restore_text': result = router.restore(step.text); break;
    case 'resume': result = router.resumeFlow(script.flow, step.decision, step.url ?? null); break;
    case 'complete_login': result = router.completeLogin(script.login, step.success); break;
    default: throw new Error(`unknown step ${step.do}`);
  }
  if (result && result.status === 'pending') {
    script.flow = result.flow;
    return 'pending';
  }
  return 'ok';
}

test('commands', () => {
  const commands = vectors('commands.json');
  const manifest = fs.readFileSync(path.join(ROOT, commands.manifest), 'utf8');
  for (const script of commands.scripts) {
    const registry = new Registry();
    registry.loadManifest(manifest);
    const state = { saved: null, flow: null, login: null };
    for (const interceptor of script.interceptors || []) {
      registry.addInterceptor(decide(interceptor), { name: interceptor.name, phase: interceptor.phase,
        routes: interceptor.routes });
    }
    if (script.login_handler) registry.setLoginHandler((flow) => { state.login = flow; });
    const events = [];
    const router = new Router(registry, { navigator: (event) => { events.push(event.kind); } });
    router.start();
    script.steps.forEach((step, number) => {
      events.length = 0;
      let got;
      try {
        got = runStep(router, registry, step, state);
      } catch (error) {
        got = statusName(error);
      }
      const kinds = events.filter((kind) => kind !== 'state_changed');
      const where = `${script.name}, step ${number}: ${JSON.stringify(step)}`;
      assert.deepEqual([got, kinds], [step.status, step.events], where);
    });
    const current = router.state;
    assert.deepEqual({
      selected_tab: current.selected_tab,
      tabs: current.tabs.map((tab) => tab.stack.map((entry) => entry.route)),
      layers: current.layers.map((layer) => layer.stack.map((entry) => entry.route)),
    }, script.final, script.name);
    router.close();
    registry.close();
  }
});

'use strict';
// The Node binding of libnavrouter: classes over the native addon (build/navrouter.node, src/addon.c). The addon
// converts and maps errors; this module holds the classes, options and promises. Types: index.d.ts.

const path = require('node:path');

const native = require(process.env.NAVROUTER_NODE_ADDON || path.join(__dirname, '..', 'build', 'navrouter.node'));

/** A failed call: `status` is the library's code (negative), `code` its name (`NAVROUTER_ENOTFOUND`). */
class NavRouterError extends Error {}

/** Rethrows the addon's errors as NavRouterError (they carry status and code). */
function call(body) {
  try {
    return body();
  } catch (error) {
    if (error && typeof error.status === 'number' && !(error instanceof NavRouterError)) {
      const wrapped = new NavRouterError(error.message);
      wrapped.status = error.status;
      wrapped.code = error.code;
      throw wrapped;
    }
    throw error;
  }
}

const PHASES = { before: 0, after: 1, leave: 2 };
const PRIORITIES = { low: 0, medium: 1, high: 2, mandatory: 3 };
const DECISIONS = { proceed: 0, cancel: 1, redirect: 2, pending: 3 };
const PRESENTATIONS = { push: 0x1, sheet: 0x2, fullscreen: 0x3, root: 0x4, replace_top: 0x5 };
const FLAGS = {
  replace: 0x10,
  preventDismissal: 0x20,
  singleTop: 0x80,
  clearTop: 0x100,
  expectsResult: 0x800,
  external: 0x1000,
  popUpToInclusive: 0x2000,
};

/** A resolved deep link: the route and everything the URL carried, decoded. */
class Match {
  constructor(handle) {
    const json = JSON.parse(native.matchJson(handle));
    this.route = json.route;
    this.url = json.url;
    this.parameters = json.parameters;
    this.pathParameters = json.path_parameters;
    this.query = json.query;
    this.remainder = json.remainder;
    this.fragment = json.fragment;
    this.props = json.props;
    Object.defineProperty(this, '_handle', { value: handle });
  }

  /** A parameter as the 64-bit integer the matcher checked (a BigInt). */
  int(name) {
    return call(() => native.matchTyped(this._handle, name, 0));
  }

  /** A parameter as a finite number. */
  double(name) {
    return call(() => native.matchTyped(this._handle, name, 1));
  }

  /** A parameter as a boolean (`true` or `false` in the URL). */
  bool(name) {
    return call(() => native.matchTyped(this._handle, name, 2));
  }
}

/** A set of routes and the guards on them, shared by every router on it. */
class Registry {
  constructor() {
    this._handle = call(() => native.registryNew());
  }

  /** Frees the registry now (else when it is garbage-collected); routers on it keep working. */
  close() {
    native.close(this._handle);
  }

  [Symbol.dispose]() {
    this.close();
  }

  /** Loads a JSON manifest (text or object), all or nothing; returns how many routes it registered. */
  loadManifest(manifest) {
    const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
    return call(() => native.loadManifest(this._handle, text));
  }

  /** Resolves a deep link. */
  resolve(url) {
    return new Match(call(() => native.resolve(this._handle, url)));
  }

  /** Builds a route's deep link from its parameters (reverse routing). */
  buildUrl(route, parameters = {}, { props = null, scheme = null } = {}) {
    const text = JSON.stringify(Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, String(v)])));
    return call(() =>
      native.buildUrl(this._handle, route, text, props === null ? null : JSON.stringify(props), scheme),
    );
  }

  /** One route as an object (name, pattern, presentation, flags, parameter_types, query, …). */
  route(name) {
    return JSON.parse(call(() => native.routeJson(this._handle, name)));
  }

  /** The app's web domains: https links on them are deep links. */
  setWebDomains(domains) {
    call(() => native.setList(this._handle, 0, domains));
  }

  /** The app's custom schemes (none: any custom scheme). */
  setSchemes(schemes) {
    call(() => native.setList(this._handle, 1, schemes));
  }

  /** Logs in or out (logging out prunes protected entries from every router on the registry). */
  setAuthenticated(authenticated) {
    call(() => native.setAuthenticated(this._handle, Boolean(authenticated)));
  }

  /**
   * Registers an interceptor: `interceptor(interception)` returns `undefined` or `'proceed'`, `'pending'`,
   * `{ cancel: reason }` or `{ redirect: url }`. A throwing interceptor cancels the navigation.
   */
  addInterceptor(interceptor, { name = 'interceptor', phase = 'before', priority = 'medium', pattern = null,
    routes = null, requiresAuth = false } = {}) {
    if (!(phase in PHASES)) throw new TypeError(`phase must be before, after or leave, not ${phase}`);
    if (!(priority in PRIORITIES)) throw new TypeError(`priority must be low, medium, high or mandatory`);
    const wrapped = (text) => {
      const interception = JSON.parse(text);
      const answer = interceptor(interception);
      if (answer === undefined || answer === null || answer === 'proceed') return [DECISIONS.proceed, null];
      if (answer === 'pending') return [DECISIONS.pending, null];
      if (typeof answer === 'object' && typeof answer.cancel === 'string') return [DECISIONS.cancel, answer.cancel];
      if (typeof answer === 'object' && typeof answer.redirect === 'string') {
        return [DECISIONS.redirect, answer.redirect];
      }
      return [DECISIONS.cancel, `interceptor '${name}' answered ${JSON.stringify(answer)}`];
    };
    return call(() => native.addInterceptor(this._handle, name, PHASES[phase], PRIORITIES[priority], pattern, routes,
      requiresAuth, wrapped));
  }

  /** Removes an interceptor by id. */
  removeInterceptor(id) {
    call(() => native.removeInterceptor(this._handle, id));
  }

  /** Sets the login handler: `login(flow, url)` when a protected route is opened while logged out. */
  setLoginHandler(login) {
    call(() => native.setLoginHandler(this._handle, (url, flow) => login(flow, url)));
  }
}

/** A command's status and id as an Outcome. */
function outcome([status, id]) {
  switch (status) {
    case 1: return { status: 'queued', ticket: id, id };
    case 2: return { status: 'pending', flow: id, id };
    case 3: return { status: 'handled', id };
    default: return { status: 'applied', transition: id, id };
  }
}

/** navigate's options as the addon takes them. */
function navigateArguments(url, options = {}) {
  let flags = 0;
  const { presentation = null, animated = true, buildBackStack = null, props = null, popUpTo = null, tab = null,
    flowDeadline = null } = options;
  if (presentation !== null) {
    if (!(presentation in PRESENTATIONS)) throw new TypeError(`unknown presentation ${presentation}`);
    flags |= PRESENTATIONS[presentation];
  }
  for (const [key, bit] of Object.entries(FLAGS)) if (options[key]) flags |= bit;
  if (!animated) flags |= 0x40;
  if (buildBackStack === true) flags |= 0x200;
  if (buildBackStack === false) flags |= 0x400;
  const deadline = flowDeadline === null ? 0 : Math.max(1, Math.round(flowDeadline * 1000));
  return [url, flags, props === null ? null : JSON.stringify(props), popUpTo, tab, deadline];
}

/** The navigation state (tabs, stacks, modal layers) and the commands that change it, as transactions. */
class Router {
  constructor(registry, { navigator = null } = {}) {
    this.registry = registry;
    this._handle = call(() => native.routerNew(registry._handle));
    this._views = new Map(); // the views the handlers made, by id, while their entries are in the state
    this._nextView = 0;
    if (navigator) this.setNavigator(navigator);
  }

  /**
   * Sets the view handler of a route (null: the default for routes without their own): `make(entry)` builds the
   * host's view for a new entry (null or undefined declines: the command fails and nothing changes), `release(view,
   * entry)` gets it back exactly once when the entry leaves. `view(entry)` reads an entry's view meanwhile.
   */
  setHandler(route, make, release = () => {}) {
    const made = (text) => {
      const view = make(JSON.parse(text));
      if (view === null || view === undefined) return null;
      this._nextView += 1;
      this._views.set(this._nextView, view);
      return String(this._nextView);
    };
    const released = (text, id) => {
      const view = this._views.get(id);
      this._views.delete(id);
      if (view !== undefined) release(view, JSON.parse(text));
    };
    call(() => native.setHandler(this._handle, route, made, released));
  }

  /** Removes a route's handler (null: the default one); the views it made are still released by it. */
  removeHandler(route) {
    call(() => native.setHandler(this._handle, route, null, null));
  }

  /** The view a handler made for an entry (an event's entry), while the entry is in the state. */
  view(entry) {
    return entry && entry.view ? this._views.get(entry.view) : undefined;
  }

  /** Frees the router now (else when it is garbage-collected). */
  close() {
    native.close(this._handle);
  }

  [Symbol.dispose]() {
    this.close();
  }

  /**
   * Sets the navigator: `navigator(event)` receives every event (a plain object with a `kind`) on the JS thread;
   * returning `false` refuses the change (the command fails and the state stays as it was), and so does throwing
   * (the command then throws what it threw).
   */
  setNavigator(navigator) {
    call(() => native.setNavigator(this._handle, (text) => navigator(JSON.parse(text)) !== false));
  }

  _command(name, ...args) {
    return outcome(call(() => native.command(this._handle, name, ...args)));
  }

  /** Sets up the tabs (one per root route) when the state is empty. */
  start() { return this._command('start'); }
  /** Opens a deep link as its route's presentation says (or options.presentation). */
  navigate(url, options = {}) {
    return outcome(call(() => native.navigate(this._handle, ...navigateArguments(url, options))));
  }
  /** Pushes a deep link onto the current stack, whatever its route's presentation. */
  push(url, options = {}) { return this.navigate(url, { ...options, presentation: 'push' }); }
  /** Presents a deep link in a modal layer (`sheet` or `fullscreen`). */
  present(url, style = 'sheet', options = {}) { return this.navigate(url, { ...options, presentation: style }); }
  /** Pops count entries; `result` goes to the opener that expects one. */
  pop(count = 1, result = undefined) {
    return this._command('pop', count, result === undefined ? null : JSON.stringify(result));
  }
  /** Pops the current stack to its root. */
  popToRoot() { return this._command('popToRoot'); }
  /** Pops the current stack down to an entry (kept). */
  popTo(entry) { return this._command('popTo', entry); }
  /** Keeps the current stack's entries up to index. */
  popAfter(index) { return this._command('popAfter', index); }
  /** Replaces the current stack with entries for these URLs. */
  setStack(urls) { return this._command('setStack', urls); }
  /** Sets the tabs to these root URLs, selecting one. */
  setTabs(urls, selected = 0) { return this._command('setTabs', urls, selected); }
  /** Dismisses the top count modal layers (0: all). */
  dismiss(count = 1, result = undefined) {
    return this._command('dismiss', count, result === undefined ? null : JSON.stringify(result));
  }
  /** Selects a tab by index or by its root route's name. */
  selectTab(tab) {
    return typeof tab === 'string' ? this._command('selectTabRoute', tab) : this._command('selectTab', tab);
  }
  /** Pops, or dismisses at a modal's root. */
  back() { return this._command('back'); }
  /** The user popped to entry directly (a swipe back). */
  userPopped(entry) { return this._command('userPopped', entry); }
  /** The user dismissed the top count layers directly. */
  userDismissed(count = 1) { return this._command('userDismissed', count); }
  /** Runs the guards again over the state. */
  refresh() { return this._command('refresh'); }
  /** Answers a pending flow: `proceed`, `cancel` (argument: reason) or `redirect` (argument: URL). */
  resumeFlow(flow, decision = 'proceed', argument = null) {
    if (!['proceed', 'cancel', 'redirect'].includes(decision)) throw new TypeError(`unknown decision ${decision}`);
    return this._command('resumeFlow', flow, DECISIONS[decision], argument);
  }
  /** Completes a login flow. */
  completeLogin(flow, success) { return this._command('completeLogin', flow, Boolean(success)); }
  /** Restores a snapshot (an object or its JSON text), all or nothing. */
  restore(snapshot) {
    return this._command('restore', typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot));
  }
  /** Whether back would do something now. */
  canGoBack() { return call(() => native.backGesture(this._handle, 'canGoBack', 0)); }
  /** What back would do, without doing it ({ action, leaving, appearing, … }), or null when nothing. */
  backPreview() {
    const text = call(() => native.backGesture(this._handle, 'preview', 0));
    return text === null ? null : JSON.parse(text);
  }
  /**
   * Begins an interactive back gesture (Android's predictive back, iOS's swipe, a browser's back): asks the leave
   * guards (a veto throws NAVROUTER_ECANCELLED) and returns { id, preview, commit(), cancel() }.
   */
  beginBackGesture() {
    const [id, preview] = call(() => native.backGesture(this._handle, 'begin', 0));
    return {
      id,
      preview: JSON.parse(preview),
      commit: () => ({ status: 'applied', transition: call(() => native.backGesture(this._handle, 'commit', id)) }),
      cancel: () => { call(() => native.backGesture(this._handle, 'cancel', id)); },
    };
  }
  /** The whole state as a snapshot object, to restore later. */
  snapshot() { return JSON.parse(call(() => native.routerText(this._handle, 0))); }
  /** The current state (the snapshot's form, with views). */
  get state() { return JSON.parse(call(() => native.routerText(this._handle, 1))); }
}

/**
 * A router whose commands return promises that settle once the host has drawn them: its navigator may return a
 * promise (an animated render), and a command's promise resolves when every render of its transition settled (then
 * the router runs the commands queued meanwhile). A queued command's promise resolves when its own transition is
 * drawn, or rejects with its failure.
 */
class AsyncRouter {
  constructor(registry, { navigator = null } = {}) {
    this.router = new Router(registry);
    this._navigator = navigator;
    this._renders = new Map(); // transition → [promise]
    this._finished = new Map(); // transition → resolve
    this._tickets = new Map(); // ticket → { resolve, reject }
    this._ticketOf = new Map(); // transition → ticket
    call(() => native.command(this.router._handle, 'transitionMode', 1));
    this.router.setNavigator((event) => this._onEvent(event));
  }

  close() { this.router.close(); }
  [Symbol.dispose]() { this.close(); }

  setNavigator(navigator) { this._navigator = navigator; }

  _onEvent(event) {
    if (event.ticket) this._ticketOf.set(event.transition, event.ticket);
    if (event.kind === 'command_failed' && event.ticket && this._tickets.has(event.ticket)) {
      const error = new NavRouterError(event.failure || 'the queued command failed');
      error.status = event.status;
      this._tickets.get(event.ticket).reject(error);
      this._tickets.delete(event.ticket);
    }
    const result = this._navigator ? this._navigator(event) : undefined;
    if (result === false) return false;
    const renders = this._renders.get(event.transition) || [];
    renders.push(Promise.resolve(result));
    this._renders.set(event.transition, renders);
    if (event.kind === 'state_changed') {
      const transition = event.transition;
      Promise.allSettled(this._renders.get(transition) || []).then(() => {
        this._renders.delete(transition);
        try {
          native.command(this.router._handle, 'transitionFinished', transition);
        } catch {
          // a transition that is no longer awaited (the router was closed, or restarted): nothing to finish
        }
        const resolve = this._finished.get(transition);
        if (resolve) resolve();
        this._finished.delete(transition);
        const ticket = this._ticketOf.get(transition);
        this._ticketOf.delete(transition);
        if (ticket && this._tickets.has(ticket)) {
          this._tickets.get(ticket).resolve({ status: 'applied', transition, id: transition });
          this._tickets.delete(ticket);
        }
      });
    }
    return true;
  }

  /** Runs a command and waits for its transition to be drawn. */
  _complete(body) {
    let settled;
    try {
      settled = body();
    } catch (error) {
      return Promise.reject(error);
    }
    if (settled.status === 'queued') {
      return new Promise((resolve, reject) => this._tickets.set(settled.ticket, { resolve, reject }));
    }
    if (settled.status !== 'applied' || !settled.transition || !this._renders.has(settled.transition)) {
      return Promise.resolve(settled);
    }
    return new Promise((resolve) => this._finished.set(settled.transition, () => resolve(settled)));
  }

  start() { return this._complete(() => this.router.start()); }
  navigate(url, options = {}) { return this._complete(() => this.router.navigate(url, options)); }
  push(url, options = {}) { return this._complete(() => this.router.push(url, options)); }
  present(url, style = 'sheet', options = {}) { return this._complete(() => this.router.present(url, style, options)); }
  pop(count = 1, result = undefined) { return this._complete(() => this.router.pop(count, result)); }
  popToRoot() { return this._complete(() => this.router.popToRoot()); }
  dismiss(count = 1, result = undefined) { return this._complete(() => this.router.dismiss(count, result)); }
  selectTab(tab) { return this._complete(() => this.router.selectTab(tab)); }
  back() { return this._complete(() => this.router.back()); }
  get state() { return this.router.state; }
}

module.exports = {
  NavRouterError,
  Registry,
  Router,
  AsyncRouter,
  Match,
  version: () => native.version(),
  /** Test support: runs navigate on a libuv worker thread (its callbacks cross to the JS thread). */
  _navigateOnAnotherThread: (router, url) => native.navigateOnAnotherThread(router._handle, url),
};

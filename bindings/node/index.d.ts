// Types of the Node binding of libnavrouter (lib/navrouter.js). (No TypeScript compiler is installable on the
// build machine, which reaches no npm registry: these declarations are written by hand beside the module.)

/** The library's failure: `status` is its code (negative), `code` its name, the message says what is wrong. */
export class NavRouterError extends Error {
  status: number;
  code:
    | 'NAVROUTER_EINVAL' | 'NAVROUTER_ENOTFOUND' | 'NAVROUTER_ECONFLICT' | 'NAVROUTER_EDENIED' | 'NAVROUTER_ECANCELLED'
    | 'NAVROUTER_ECALLBACK' | 'NAVROUTER_EMALFORMED' | 'NAVROUTER_EPATTERN' | 'NAVROUTER_EJSON' | 'NAVROUTER_ELIMIT'
    | 'NAVROUTER_EPARAM' | 'NAVROUTER_EDESTROYED' | 'NAVROUTER_EEXTERNAL';
}

/** A JSON value. */
export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

/** A resolved deep link. */
export class Match {
  readonly route: string;
  readonly url: string;
  /** Path and query parameters merged (the path wins). */
  readonly parameters: Record<string, string>;
  readonly pathParameters: Record<string, string>;
  /** Every query item in order, repeats included. */
  readonly query: [string, string][];
  readonly remainder: string | null;
  readonly fragment: string | null;
  readonly props: Record<string, JSONValue> | null;
  /** A parameter as the 64-bit integer the matcher checked. */
  int(name: string): bigint;
  /** A parameter as a finite number. */
  double(name: string): number;
  /** A parameter as a boolean. */
  bool(name: string): boolean;
}

/** One screen in the navigation state. */
export interface Entry {
  id: number;
  route: string;
  url: string;
  parameters: Record<string, string>;
  props: Record<string, JSONValue> | null;
  expects_result: boolean;
  view?: number | null;
  saved_state?: Record<string, JSONValue> | null;
}

interface EventBase {
  transition: number;
  entry: Entry | null;
  entries: Entry[];
  removed: Entry[];
  tab?: number;
  layer?: number;
  animated: boolean;
  user_initiated: boolean;
  ticket?: number;
  flow?: number;
  status?: number;
  failure?: string;
  info?: Record<string, JSONValue>;
  [key: string]: unknown;
}

/** The kinds of events, each a member of `NavigationEvent` with its `kind` as discriminant. */
export type EventKind =
  | 'tabs_set_up' | 'push' | 'pop' | 'present' | 'dismiss' | 'stack_replaced' | 'tab_selected' | 'result_delivered'
  | 'restored' | 'command_failed' | 'flow_cancelled' | 'state_changed' | 'guard_error' | 'layers_hidden'
  | 'layers_shown' | 'navigation_pending' | 'pending_ended' | 'entry_updated';

/** A visible change for the host to render: narrow it with `switch (event.kind)`. */
export type NavigationEvent = { [K in EventKind]: EventBase & { kind: K } }[EventKind];

/** What an interceptor is asked about. */
export interface Interception {
  phase: 'before' | 'after' | 'leave';
  route: string;
  url: string;
  parameters: Record<string, string>;
  flow: number;
  authenticated: boolean;
  external: boolean;
}

/** An interceptor's answer: nothing (or 'proceed') goes on. */
export type Decision = undefined | 'proceed' | 'pending' | { cancel: string } | { redirect: string };

export interface InterceptorOptions {
  name?: string;
  phase?: 'before' | 'after' | 'leave';
  priority?: 'low' | 'medium' | 'high' | 'mandatory';
  /** Applies to routes whose URL path matches this pattern. */
  pattern?: string | null;
  /** Applies to routes of these names. */
  routes?: string[] | null;
  requiresAuth?: boolean;
}

export class Registry {
  constructor();
  close(): void;
  [Symbol.dispose](): void;
  loadManifest(manifest: string | object): number;
  resolve(url: string): Match;
  buildUrl(
    route: string,
    parameters?: Record<string, string | number | boolean>,
    options?: { props?: Record<string, JSONValue> | null; scheme?: string | null },
  ): string;
  route(name: string): Record<string, JSONValue>;
  setWebDomains(domains: string[]): void;
  setSchemes(schemes: string[]): void;
  setAuthenticated(authenticated: boolean): void;
  addInterceptor(interceptor: (interception: Interception) => Decision, options?: InterceptorOptions): number;
  removeInterceptor(id: number): void;
  setLoginHandler(login: (flow: number, url: string) => void): void;
}

/** The entry a view handler is given. */
export interface HandlerEntry {
  id: number;
  route: string;
  url: string;
  parameters: Record<string, string>;
}

/** What a command did. */
export type Outcome =
  | { status: 'applied'; transition: number; id: number }
  | { status: 'queued'; ticket: number; id: number }
  | { status: 'pending'; flow: number; id: number }
  | { status: 'handled'; id: number };

export interface NavigateOptions {
  presentation?: 'push' | 'sheet' | 'fullscreen' | 'root' | 'replace_top' | null;
  replace?: boolean;
  preventDismissal?: boolean;
  animated?: boolean;
  singleTop?: boolean;
  clearTop?: boolean;
  buildBackStack?: boolean | null;
  expectsResult?: boolean;
  external?: boolean;
  popUpTo?: string | null;
  popUpToInclusive?: boolean;
  props?: Record<string, JSONValue> | null;
  tab?: string | null;
  /** Seconds the navigation may wait as a pending flow. */
  flowDeadline?: number | null;
}

/** The navigation state as the router reads it. */
export interface State {
  selected_tab: number;
  tabs: { route: string | null; stack: Entry[]; hidden_layers?: unknown[] }[];
  layers: { style: string; prevent_dismissal: boolean; stack: Entry[] }[];
  [key: string]: unknown;
}

export class Router {
  constructor(registry: Registry, options?: { navigator?: ((event: NavigationEvent) => boolean | void) | null });
  readonly registry: Registry;
  close(): void;
  [Symbol.dispose](): void;
  /** false (or throwing) refuses the change. */
  setNavigator(navigator: (event: NavigationEvent) => boolean | void): void;
  /** The host's own view per entry (null or undefined declines), released once when the entry leaves. */
  setHandler<V>(
    route: string | null,
    make: (entry: HandlerEntry) => V | null | undefined,
    release?: (view: V, entry: HandlerEntry) => void,
  ): void;
  removeHandler(route: string | null): void;
  /** The view a handler made for an entry, while the entry is in the state. */
  view(entry: Entry | null): unknown;
  start(): Outcome;
  navigate(url: string, options?: NavigateOptions): Outcome;
  push(url: string, options?: NavigateOptions): Outcome;
  present(url: string, style?: 'sheet' | 'fullscreen', options?: NavigateOptions): Outcome;
  pop(count?: number, result?: JSONValue): Outcome;
  popToRoot(): Outcome;
  popTo(entry: number): Outcome;
  popAfter(index: number): Outcome;
  setStack(urls: string[]): Outcome;
  setTabs(urls: string[], selected?: number): Outcome;
  dismiss(count?: number, result?: JSONValue): Outcome;
  /** By index, or by the tab's root route name. */
  selectTab(tab: number | string): Outcome;
  back(): Outcome;
  userPopped(entry: number): Outcome;
  userDismissed(count?: number): Outcome;
  refresh(): Outcome;
  resumeFlow(flow: number, decision?: 'proceed' | 'cancel' | 'redirect', argument?: string | null): Outcome;
  completeLogin(flow: number, success: boolean): Outcome;
  restore(snapshot: string | object): Outcome;
  snapshot(): Record<string, JSONValue>;
  readonly state: State;
  canGoBack(): boolean;
  backPreview(): BackPreview | null;
  beginBackGesture(): BackGesture;
}

/** What back would do. */
export interface BackPreview {
  action: 'pop' | 'dismiss' | 'select_tab';
  leaving: Entry[];
  appearing: Entry | null;
  tab?: number;
  layer?: number;
}

/** An interactive back gesture: commit goes back as the user did it, cancel changes nothing. */
export interface BackGesture {
  id: number;
  preview: BackPreview;
  commit(): Outcome;
  cancel(): void;
}

/** A router whose commands resolve once the host has drawn them (its navigator may return a promise). */
export class AsyncRouter {
  constructor(
    registry: Registry,
    options?: { navigator?: ((event: NavigationEvent) => boolean | void | Promise<void>) | null },
  );
  readonly router: Router;
  close(): void;
  [Symbol.dispose](): void;
  setNavigator(navigator: (event: NavigationEvent) => boolean | void | Promise<void>): void;
  start(): Promise<Outcome>;
  navigate(url: string, options?: NavigateOptions): Promise<Outcome>;
  push(url: string, options?: NavigateOptions): Promise<Outcome>;
  present(url: string, style?: 'sheet' | 'fullscreen', options?: NavigateOptions): Promise<Outcome>;
  pop(count?: number, result?: JSONValue): Promise<Outcome>;
  popToRoot(): Promise<Outcome>;
  dismiss(count?: number, result?: JSONValue): Promise<Outcome>;
  selectTab(tab: number | string): Promise<Outcome>;
  back(): Promise<Outcome>;
  readonly state: State;
}

/** The library's version. */
export function version(): string;

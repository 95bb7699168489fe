//! The router: the navigation state (tabs, stacks, modal layers) and the commands that change it, as transactions.

use std::any::Any;
use std::collections::HashMap;
use std::ops::Deref;
use std::os::raw::{c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{self, NonNull};
use std::sync::Arc;
use std::sync::Mutex;

use crate::error::{check, Error, Result};
use crate::event::{Entry, Event};
use crate::ffi;
use crate::json::Value;
use crate::registry::Registry;
use crate::strings::{c_string, optional_c_string, pointer, take, CStringList};

/// What a command did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Applied, with its transition id (0 when nothing changed).
    Applied(u64),
    /// Queued behind the running command (its ticket; a later failure reaches the navigator as a
    /// `CommandFailed` event with it).
    Queued(u64),
    /// Held by a guard as a pending flow (its token, for `resume_flow`).
    Pending(u64),
    /// An authentication callback link was claimed.
    Handled,
}

/// How `navigate` shows the destination, overriding the route's presentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavPresentation {
    /// Push onto the current stack.
    Push,
    /// Present in a modal sheet.
    Sheet,
    /// Present full screen.
    FullScreen,
    /// Select the route's tab.
    Root,
    /// Replace the current stack's top entry.
    ReplaceTop,
}

/// The options of `navigate` (all off by default; `animated` on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NavOptions {
    /// Overrides the route's presentation.
    pub presentation: Option<NavPresentation>,
    /// The current stack becomes this entry alone (a tab keeps its root).
    pub replace: bool,
    /// A presented layer may not be dismissed by the user.
    pub prevent_dismissal: bool,
    /// Whether the host should animate.
    pub animated: bool,
    /// Don't push when the top entry has the same route and parameters.
    pub single_top: bool,
    /// Remove the route's entry and everything above it before pushing.
    pub clear_top: bool,
    /// Build the parent chain underneath (None: the default, on for external links).
    pub build_back_stack: Option<bool>,
    /// The entry expects a result.
    pub expects_result: bool,
    /// The link comes from outside the app.
    pub external: bool,
    /// Before pushing, pop down to the topmost entry of this route.
    pub pop_up_to: Option<String>,
    /// With `pop_up_to`: remove that entry too.
    pub pop_up_to_inclusive: bool,
    /// Props for the entry (a JSON object).
    pub props: Option<String>,
    /// Push onto the stack of the tab with this root route, without selecting it.
    pub tab: Option<String>,
    /// How long the navigation may wait as a pending flow, in milliseconds (0: the router's default).
    pub flow_deadline_ms: i64,
}

impl Default for NavOptions {
    fn default() -> NavOptions {
        NavOptions {
            presentation: None,
            replace: false,
            prevent_dismissal: false,
            animated: true,
            single_top: false,
            clear_top: false,
            build_back_stack: None,
            expects_result: false,
            external: false,
            pop_up_to: None,
            pop_up_to_inclusive: false,
            props: None,
            tab: None,
            flow_deadline_ms: 0,
        }
    }
}

impl NavOptions {
    fn flags(&self) -> u32 {
        let mut flags = match self.presentation {
            None => 0,
            Some(NavPresentation::Push) => 0x1,
            Some(NavPresentation::Sheet) => 0x2,
            Some(NavPresentation::FullScreen) => 0x3,
            Some(NavPresentation::Root) => 0x4,
            Some(NavPresentation::ReplaceTop) => 0x5,
        };
        for (on, bit) in [
            (self.replace, 0x10),
            (self.prevent_dismissal, 0x20),
            (!self.animated, 0x40),
            (self.single_top, 0x80),
            (self.clear_top, 0x100),
            (self.build_back_stack == Some(true), 0x200),
            (self.build_back_stack == Some(false), 0x400),
            (self.expects_result, 0x800),
            (self.external, 0x1000),
            (self.pop_up_to_inclusive, 0x2000),
        ] {
            if on {
                flags |= bit;
            }
        }
        flags
    }
}

/// A pending flow's answer to `resume_flow`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resume {
    /// Go on with the navigation.
    Proceed,
    /// Cancel it with this reason.
    Cancel(String),
    /// Open this URL instead.
    Redirect(String),
}

/// The navigator closure as its user data.
type NavigatorBox = Mutex<Box<dyn FnMut(&Event) -> bool + Send>>;

/// A router's commands, on a handle this value does not own: a `Router` derefs to it, and the login handler gets one
/// for the router asking. Every method takes `&self` and is thread-safe; commands issued from inside a callback are
/// queued (`Outcome::Queued`) and run in order.
pub struct RouterRef {
    raw: *mut ffi::navrouter_router,
}

// SAFETY: every navrouter_router_* function is thread-safe (navrouter.h, "Threading").
unsafe impl Send for RouterRef {}
// SAFETY: as above.
unsafe impl Sync for RouterRef {}

/// The views the handlers made, by id, while their entries are in the state.
type Views = Arc<Mutex<HashMap<u64, Box<dyn Any + Send>>>>;

/// A view handler's closures and the router's views, as their user data.
struct HandlerBox {
    make: Box<dyn FnMut(&Entry) -> Option<Box<dyn Any + Send>> + Send>,
    release: Box<dyn FnMut(Box<dyn Any + Send>, &Entry) + Send>,
    views: Views,
    next: u64,
}

/// A router on a registry. Dropping it frees the handle (the navigator closure is dropped then, exactly once).
pub struct Router {
    handle: RouterRef,
    views: Views,
    next_view: Arc<Mutex<u64>>,
}

impl Deref for Router {
    type Target = RouterRef;
    fn deref(&self) -> &RouterRef {
        &self.handle
    }
}

impl Router {
    /// A router on `registry` (it keeps the registry alive: drop them in any order). The state is empty until
    /// `start` or the first command: one tab per root route, or one main stack.
    pub fn new(registry: &Registry) -> Result<Router> {
        let mut raw = ptr::null_mut();
        // SAFETY: live registry handle; `raw` is a valid out pointer.
        check(unsafe { ffi::navrouter_router_new(&mut raw, registry.raw()) })?;
        NonNull::new(raw)
            .map(|raw| Router {
                handle: RouterRef { raw: raw.as_ptr() },
                views: Arc::new(Mutex::new(HashMap::new())),
                next_view: Arc::new(Mutex::new(0)),
            })
            .ok_or_else(|| Error::invalid("no router"))
    }

    /// Sets the navigator: it receives every event on the thread that ran the command, never two at once for one
    /// router; returning false refuses the change (the command fails with `Status::Callback` and is rolled back). A
    /// panic in it refuses the change. It may call the router (commands are queued). The previous navigator is
    /// dropped.
    pub fn set_navigator<F>(&self, navigator: F) -> Result<()>
    where
        F: FnMut(&Event) -> bool + Send + 'static,
    {
        let boxed: Box<NavigatorBox> = Box::new(Mutex::new(Box::new(navigator)));
        let user_data = Box::into_raw(boxed) as *mut c_void;
        // SAFETY: live handle; `user_data` goes to `navigate_trampoline` and is freed by `drop_navigator` exactly
        // once (when replaced or when the router is freed).
        let status = unsafe {
            ffi::navrouter_router_set_navigator(self.raw, Some(navigate_trampoline), user_data, Some(drop_navigator))
        };
        if status < 0 {
            // SAFETY: the library did not keep user_data.
            drop(unsafe { Box::from_raw(user_data as *mut NavigatorBox) });
            return Err(Error::last(status));
        }
        Ok(())
    }
}

impl Router {
    /// Sets the view handler of a route (`None`: the default for routes without their own): `make` builds the host's
    /// view for a new entry (`None` declines: the command fails with `Status::Callback` and nothing changes),
    /// `release` gets it back exactly once when the entry leaves the state. `with_view` reads a view meanwhile.
    pub fn set_handler<V, M, R>(&self, route: Option<&str>, mut make: M, mut release: R) -> Result<()>
    where
        V: Send + 'static,
        M: FnMut(&Entry) -> Option<V> + Send + 'static,
        R: FnMut(V, &Entry) + Send + 'static,
    {
        let route = optional_c_string(route, "route")?;
        let start = *self.next_view.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let boxed = Box::new(HandlerBox {
            make: Box::new(move |entry| make(entry).map(|view| Box::new(view) as Box<dyn Any + Send>)),
            release: Box::new(move |view, entry| {
                if let Ok(view) = view.downcast::<V>() {
                    release(*view, entry)
                }
            }),
            views: Arc::clone(&self.views),
            // Each handler numbers its views in a range of its own (2^32 a handler), so ids never collide.
            next: start << 32,
        });
        *self.next_view.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = start + 1;
        let user_data = Box::into_raw(boxed) as *mut c_void;
        // SAFETY: live handle; `user_data` goes to the trampolines and is freed by `drop_handler` exactly once (when
        // the handler is replaced or removed and every view it made was released, or the router freed).
        let status = unsafe {
            ffi::navrouter_router_set_handler(
                self.raw,
                pointer(&route),
                Some(make_view),
                Some(release_view),
                user_data,
                Some(drop_handler),
            )
        };
        if status < 0 {
            // SAFETY: the library did not keep user_data.
            drop(unsafe { Box::from_raw(user_data as *mut HandlerBox) });
            return Err(Error::last(status));
        }
        Ok(())
    }

    /// `body` on the view a handler made for an entry, while the entry is in the state (`None` otherwise, or for a
    /// view of another type). The views are locked while `body` runs: it must not issue a command on this router
    /// (a command making a view would wait for that lock); take what it needs out of the view instead.
    pub fn with_view<V: 'static, T>(&self, entry: &Entry, body: impl FnOnce(&V) -> T) -> Option<T> {
        let views = self.views.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        views
            .get(&entry.view)
            .and_then(|view| view.downcast_ref::<V>())
            .map(body)
    }
}

/// The library asks a handler for an entry's view.
unsafe extern "C" fn make_view(entry: *const ffi::navrouter_entry, user_data: *mut c_void) -> *mut c_void {
    // SAFETY: `user_data` is the box `set_handler` made; the library calls a router's handlers one at a time.
    let handler = unsafe { &mut *(user_data as *mut HandlerBox) };
    // SAFETY: the entry is valid for this call.
    let Some(entry) = (unsafe { Entry::copy(entry) }) else {
        return ptr::null_mut();
    };
    let made = catch_unwind(AssertUnwindSafe(|| (handler.make)(&entry))).ok().flatten();
    let Some(view) = made else { return ptr::null_mut() };
    handler.next += 1;
    let id = handler.next;
    handler
        .views
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(id, view);
    id as usize as *mut c_void
}

/// The library gives a view back to the handler that made it.
unsafe extern "C" fn release_view(view: *mut c_void, entry: *const ffi::navrouter_entry, user_data: *mut c_void) {
    // SAFETY: as in `make_view`.
    let handler = unsafe { &mut *(user_data as *mut HandlerBox) };
    let taken = handler
        .views
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .remove(&(view as usize as u64));
    // SAFETY: the entry is valid for this call.
    if let (Some(view), Some(entry)) = (taken, unsafe { Entry::copy(entry) }) {
        let _ = catch_unwind(AssertUnwindSafe(|| (handler.release)(view, &entry)));
    }
}

/// Frees a handler's closures, once.
unsafe extern "C" fn drop_handler(user_data: *mut c_void) {
    // SAFETY: the library calls destroy exactly once for the box `set_handler` made.
    drop(unsafe { Box::from_raw(user_data as *mut HandlerBox) });
}

impl Drop for Router {
    fn drop(&mut self) {
        // SAFETY: the handle is freed once, here.
        unsafe { ffi::navrouter_router_free(self.handle.raw) }
    }
}

/// The library's call of the navigator closure.
unsafe extern "C" fn navigate_trampoline(event: *const ffi::navrouter_event, user_data: *mut c_void) -> c_int {
    // SAFETY: `user_data` is the box `set_navigator` made, alive until `drop_navigator`.
    let navigator = unsafe { &*(user_data as *const NavigatorBox) };
    // SAFETY: the event is valid for this call.
    let event = unsafe { Event::copy(event) };
    let accepted = catch_unwind(AssertUnwindSafe(|| match navigator.lock() {
        Ok(mut navigator) => navigator(&event),
        Err(poisoned) => {
            let mut navigator = poisoned.into_inner();
            navigator(&event)
        }
    }))
    .unwrap_or(false);
    if accepted {
        0
    } else {
        1
    }
}

/// Frees the navigator closure, once.
unsafe extern "C" fn drop_navigator(user_data: *mut c_void) {
    // SAFETY: the library calls destroy exactly once for the box `set_navigator` made.
    drop(unsafe { Box::from_raw(user_data as *mut NavigatorBox) });
}

/// A command's status and id as an outcome.
fn outcome(status: c_int, id: u64) -> Result<Outcome> {
    match check(status)? {
        1 => Ok(Outcome::Queued(id)),
        2 => Ok(Outcome::Pending(id)),
        3 => Ok(Outcome::Handled),
        _ => Ok(Outcome::Applied(id)),
    }
}

impl RouterRef {
    /// A handle the library passed to a callback (not owned).
    pub(crate) fn borrowed(raw: *mut ffi::navrouter_router) -> RouterRef {
        RouterRef { raw }
    }

    /// Runs a command that hands out an id.
    fn command(&self, body: impl FnOnce(*mut u64) -> c_int) -> Result<Outcome> {
        if self.raw.is_null() {
            return Err(Error::invalid("the router is gone"));
        }
        let mut id = 0u64;
        let status = body(&mut id);
        outcome(status, id)
    }

    /// Sets up the tabs (one per root route) when the state is empty.
    pub fn start(&self) -> Result<Outcome> {
        // SAFETY (each command below): a live handle (or NULL, refused by `command`); the strings live through the
        // call; `id` is a valid out pointer.
        self.command(|id| unsafe { ffi::navrouter_router_start(self.raw, id) })
    }

    /// Opens a deep link as its route's presentation says (or `options.presentation`).
    pub fn navigate(&self, url: &str, options: &NavOptions) -> Result<Outcome> {
        let url = c_string(url, "url")?;
        let props = optional_c_string(options.props.as_deref(), "props")?;
        let pop_up_to = optional_c_string(options.pop_up_to.as_deref(), "pop_up_to")?;
        let tab = optional_c_string(options.tab.as_deref(), "tab")?;
        let raw = ffi::navrouter_nav_options {
            version: ffi::NAVROUTER_NAV_OPTIONS_VERSION,
            flags: options.flags(),
            props_json: pointer(&props),
            pop_up_to: pointer(&pop_up_to),
            tab: pointer(&tab),
            flow_deadline_ms: options.flow_deadline_ms,
        };
        self.command(|id| unsafe { ffi::navrouter_router_navigate(self.raw, url.as_ptr(), &raw, id) })
    }

    /// Pushes a deep link onto the current stack, whatever its route's presentation.
    pub fn push(&self, url: &str) -> Result<Outcome> {
        self.navigate(
            url,
            &NavOptions {
                presentation: Some(NavPresentation::Push),
                ..NavOptions::default()
            },
        )
    }

    /// Pops `count` entries (never a stack's root); `result` (JSON) goes to the opener that expects one.
    pub fn pop(&self, count: usize, result: Option<&str>) -> Result<Outcome> {
        let result = optional_c_string(result, "result")?;
        self.command(|id| unsafe { ffi::navrouter_router_pop(self.raw, count, pointer(&result), id) })
    }

    /// Pops the current stack to its root.
    pub fn pop_to_root(&self) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_pop_to_root(self.raw, id) })
    }

    /// Pops the current stack down to an entry (kept).
    pub fn pop_to(&self, entry: u64) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_pop_to(self.raw, entry, id) })
    }

    /// Keeps the current stack's entries up to `index`; pops the rest.
    pub fn pop_after(&self, index: usize) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_pop_after(self.raw, index, id) })
    }

    /// Replaces the current stack with entries for these URLs (a tab keeps its root).
    pub fn set_stack<S: AsRef<str>>(&self, urls: &[S]) -> Result<Outcome> {
        let list = CStringList::new(urls, "url")?;
        self.command(|id| unsafe { ffi::navrouter_router_set_stack(self.raw, list.as_ptr(), list.len(), id) })
    }

    /// Sets the tabs to these root URLs, selecting one.
    pub fn set_tabs<S: AsRef<str>>(&self, urls: &[S], selected: usize) -> Result<Outcome> {
        let list = CStringList::new(urls, "url")?;
        self.command(|id| unsafe { ffi::navrouter_router_set_tabs(self.raw, list.as_ptr(), list.len(), selected, id) })
    }

    /// Dismisses the top `count` modal layers (0: all); `result` as with `pop`.
    pub fn dismiss(&self, count: usize, result: Option<&str>) -> Result<Outcome> {
        let result = optional_c_string(result, "result")?;
        self.command(|id| unsafe { ffi::navrouter_router_dismiss(self.raw, count, pointer(&result), id) })
    }

    /// Selects a tab by index (dismissing modal layers).
    pub fn select_tab(&self, index: usize) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_select_tab(self.raw, index, id) })
    }

    /// Selects the tab whose root route is `route`.
    pub fn select_tab_route(&self, route: &str) -> Result<Outcome> {
        let route = c_string(route, "route")?;
        self.command(|id| unsafe { ffi::navrouter_router_select_tab_route(self.raw, route.as_ptr(), id) })
    }

    /// Pops, or dismisses at a modal's root.
    pub fn back(&self) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_back(self.raw, id) })
    }

    /// The user popped to `entry` directly (a swipe back): the state follows.
    pub fn user_popped(&self, entry: u64) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_user_popped(self.raw, entry, id) })
    }

    /// The user dismissed the top `count` layers directly.
    pub fn user_dismissed(&self, count: usize) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_user_dismissed(self.raw, count, id) })
    }

    /// Runs the guards again over the state (after a registry change); entries they refuse leave.
    pub fn refresh(&self) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_refresh(self.raw, id) })
    }

    /// Answers a pending flow.
    pub fn resume_flow(&self, flow: u64, answer: Resume) -> Result<Outcome> {
        let (decision, argument) = match answer {
            Resume::Proceed => (0, None),
            Resume::Cancel(reason) => (1, Some(reason)),
            Resume::Redirect(url) => (2, Some(url)),
        };
        let argument = optional_c_string(argument.as_deref(), "argument")?;
        self.command(|id| unsafe {
            ffi::navrouter_router_resume_flow(self.raw, flow, decision, pointer(&argument), id)
        })
    }

    /// Completes a login flow (after `Registry::set_authenticated(true)` on success).
    pub fn complete_login(&self, flow: u64, success: bool) -> Result<Outcome> {
        self.command(|id| unsafe { ffi::navrouter_router_complete_login(self.raw, flow, success, id) })
    }

    /// The whole state as a versioned JSON snapshot (views left out), to restore later.
    pub fn snapshot(&self) -> Result<String> {
        let mut out = ptr::null_mut();
        // SAFETY: live handle; `out` receives an owned string, freed in `take`.
        check(unsafe { ffi::navrouter_router_snapshot(self.raw, &mut out) })?;
        // SAFETY: allocated by the library, freed once.
        Ok(unsafe { take(out) })
    }

    /// Restores a snapshot (all or nothing).
    pub fn restore(&self, snapshot: &str) -> Result<Outcome> {
        let snapshot = c_string(snapshot, "snapshot")?;
        self.command(|id| unsafe { ffi::navrouter_router_restore(self.raw, snapshot.as_ptr(), id) })
    }

    /// The current state as JSON (the snapshot's form).
    pub fn state(&self) -> Result<Value> {
        let mut out = ptr::null_mut();
        // SAFETY: as in `snapshot`.
        check(unsafe { ffi::navrouter_router_state_json(self.raw, &mut out) })?;
        // SAFETY: allocated by the library, freed once.
        let text = unsafe { take(out) };
        Value::parse(&text).ok_or_else(|| Error::invalid("the state's JSON did not parse"))
    }

    /// Whether back would do something now.
    pub fn can_go_back(&self) -> Result<bool> {
        let mut out = false;
        // SAFETY: a live handle; `out` is a valid out pointer.
        check(unsafe { ffi::navrouter_router_can_go_back(self.raw, &mut out) })?;
        Ok(out)
    }

    /// What back would do, without doing it (`{"action", "leaving", "appearing", …}`), or `None` when nothing.
    pub fn back_preview(&self) -> Result<Option<Value>> {
        let mut out = ptr::null_mut();
        // SAFETY: a live handle; `out` receives an owned string (freed in `take`).
        let status = unsafe { ffi::navrouter_router_back_preview(self.raw, &mut out) };
        if status == crate::Status::NotFound.code() {
            return Ok(None);
        }
        check(status)?;
        // SAFETY: allocated by the library, freed once.
        Ok(Value::parse(&unsafe { take(out) }))
    }

    /// Begins an interactive back gesture (Android's predictive back, iOS's swipe): asks the leave guards (a veto
    /// fails with `Status::Cancelled`) and previews what back would do; nothing changes until `commit`.
    pub fn begin_back_gesture(&self) -> Result<BackGesture<'_>> {
        let (mut id, mut out) = (0u64, ptr::null_mut());
        // SAFETY: a live handle; `id` and `out` are valid out pointers (the string freed in `take`).
        check(unsafe { ffi::navrouter_router_begin_back_gesture(self.raw, &mut id, &mut out) })?;
        // SAFETY: allocated by the library, freed once.
        let preview = Value::parse(&unsafe { take(out) }).unwrap_or(Value::Null);
        Ok(BackGesture {
            router: self,
            id,
            preview,
        })
    }

    /// The route names of each tab's stack, the selected tab, and each modal layer's stack.
    pub fn stacks(&self) -> Result<Stacks> {
        let state = self.state()?;
        let names = |stack: Option<&Value>| -> Vec<String> {
            stack
                .and_then(Value::as_array)
                .map(|entries| {
                    entries
                        .iter()
                        .filter_map(|entry| entry.get("route")?.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default()
        };
        let lists = |key: &str| -> Vec<Vec<String>> {
            state
                .get(key)
                .and_then(Value::as_array)
                .unwrap_or(&[])
                .iter()
                .map(|item| names(item.get("stack")))
                .collect()
        };
        Ok(Stacks {
            selected_tab: state.get("selected_tab").and_then(Value::as_i64).unwrap_or(0) as usize,
            tabs: lists("tabs"),
            layers: lists("layers"),
        })
    }
}

/// An interactive back gesture of a router (`RouterRef::begin_back_gesture`).
pub struct BackGesture<'router> {
    router: &'router RouterRef,
    /// Its id.
    pub id: u64,
    /// What back would do: `{"action", "leaving", "appearing", …}`.
    pub preview: Value,
}

impl BackGesture<'_> {
    /// Goes back, as the user did it (the events say `user_initiated`). Fails when the state changed meanwhile.
    pub fn commit(self) -> Result<Outcome> {
        let raw = self.router.raw;
        let id = self.id;
        // SAFETY: the router's live handle; `out` is valid.
        self.router
            .command(|out| unsafe { ffi::navrouter_router_commit_back_gesture(raw, id, out) })
    }

    /// Cancels it: nothing changed, nothing does.
    pub fn cancel(&self) -> Result<()> {
        // SAFETY: the router's live handle.
        check(unsafe { ffi::navrouter_router_cancel_back_gesture(self.router.raw, self.id) })?;
        Ok(())
    }
}

/// What is on screen, by route name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stacks {
    /// The selected tab's index.
    pub selected_tab: usize,
    /// Each tab's stack, root first.
    pub tabs: Vec<Vec<String>>,
    /// Each modal layer's stack, lowest layer first.
    pub layers: Vec<Vec<String>>,
}

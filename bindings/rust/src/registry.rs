//! The registry: routes, deep links, reverse routing, interceptors and authentication, shared by every router on it.

use std::collections::BTreeMap;
use std::os::raw::{c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{self, NonNull};

use crate::error::{check, Error, Result};
use crate::ffi;
use crate::json::{object_of_strings, Value};
use crate::router::RouterRef;
use crate::strings::{borrowed, c_string, optional_c_string, pointer, take, CStringList};

/// A set of routes and the guards on them. Every method takes `&self`: the library locks what it changes, so a
/// registry is shared between threads as it is (`Send + Sync`). Dropping it frees the handle; routers made on it
/// keep the registry itself alive (the library retains it), so the two drop in any order.
pub struct Registry {
    raw: NonNull<ffi::navrouter_registry>,
}

// SAFETY: every navrouter_registry_* function is thread-safe (navrouter.h, "Threading"); the handle is freed once,
// in Drop, which needs the registry by value.
unsafe impl Send for Registry {}
// SAFETY: as above: calls through a shared reference may run on any thread at once.
unsafe impl Sync for Registry {}

/// How a route is shown (`navrouter_registry_add_route`'s presentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presentation {
    /// Pushed onto the current stack.
    Push,
    /// In a modal sheet.
    Sheet,
    /// In a full-screen modal layer.
    FullScreen,
    /// The root of a tab.
    Root,
}

/// When an interceptor runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before a navigation is applied: may proceed, cancel, redirect or hold it.
    Before,
    /// After it was applied: may navigate (commands are queued), not cancel.
    After,
    /// Before an entry leaves by a command: may veto it.
    Leave,
}

/// Which destinations an interceptor applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every route.
    All,
    /// Routes with these names.
    Routes(Vec<String>),
    /// Routes whose URL path matches this pattern (`shop/*rest`).
    Pattern(String),
}

/// An interceptor's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Go on.
    Proceed,
    /// Stop the command; it fails with `Status::Cancelled` and this reason.
    Cancel(String),
    /// Open this URL instead.
    Redirect(String),
    /// Hold the command as a pending flow, resumed later with `Router::resume_flow`.
    Pending,
}

/// The id of a registered interceptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InterceptorId(pub u64);

/// What an interceptor is asked about; borrowed for the call.
pub struct Interception {
    raw: *mut ffi::navrouter_interception,
}

impl Interception {
    /// The phase.
    pub fn phase(&self) -> Phase {
        // SAFETY: `raw` is the interception the library passed for this call.
        match unsafe { ffi::navrouter_interception_phase(self.raw) } {
            1 => Phase::After,
            2 => Phase::Leave,
            _ => Phase::Before,
        }
    }

    /// The destination's (or leaving entry's) route name.
    pub fn route(&self) -> String {
        // SAFETY: as in `phase`; the string is borrowed for the call and copied.
        unsafe { borrowed(ffi::navrouter_interception_route(self.raw)) }.unwrap_or_default()
    }

    /// The destination's (or leaving entry's) URL.
    pub fn url(&self) -> String {
        // SAFETY: as in `route`.
        unsafe { borrowed(ffi::navrouter_interception_url(self.raw)) }.unwrap_or_default()
    }

    /// One parameter, or None.
    pub fn parameter(&self, name: &str) -> Option<String> {
        let name = c_string(name, "name").ok()?;
        // SAFETY: as in `route`; `name` lives through the call.
        unsafe { borrowed(ffi::navrouter_interception_param(self.raw, name.as_ptr())) }
    }

    /// Every parameter.
    pub fn parameters(&self) -> BTreeMap<String, String> {
        // SAFETY: as in `route`.
        let text = unsafe { borrowed(ffi::navrouter_interception_params_json(self.raw)) }.unwrap_or_default();
        Value::parse(&text).map(|value| value.string_map()).unwrap_or_default()
    }

    /// The flow token a `Decision::Pending` answer keeps.
    pub fn flow(&self) -> u64 {
        // SAFETY: as in `phase`.
        unsafe { ffi::navrouter_interception_flow(self.raw) }
    }

    /// Whether the user is authenticated.
    pub fn authenticated(&self) -> bool {
        // SAFETY: as in `phase`.
        unsafe { ffi::navrouter_interception_authenticated(self.raw) }
    }

    /// Whether the navigation came from outside the app.
    pub fn external(&self) -> bool {
        // SAFETY: as in `phase`.
        unsafe { ffi::navrouter_interception_external(self.raw) }
    }
}

/// A resolved deep link, owned: route, URL and parameters, readable from any thread; freed on drop.
pub struct Match {
    raw: NonNull<ffi::navrouter_match>,
}

// SAFETY: a match is immutable and its getters are thread-safe; navrouter_match_free may run on any thread.
unsafe impl Send for Match {}
// SAFETY: as above.
unsafe impl Sync for Match {}

impl Match {
    /// The route's name.
    pub fn route(&self) -> String {
        // SAFETY: `raw` is a live match (freed only in Drop); its strings live as long as it.
        unsafe { borrowed(ffi::navrouter_match_route(self.raw.as_ptr())) }.unwrap_or_default()
    }

    /// The URL as given.
    pub fn url(&self) -> String {
        // SAFETY: as in `route`.
        unsafe { borrowed(ffi::navrouter_match_url(self.raw.as_ptr())) }.unwrap_or_default()
    }

    /// A parameter's decoded value (a path parameter wins over a query item of the same name).
    pub fn parameter(&self, name: &str) -> Option<String> {
        let name = c_string(name, "name").ok()?;
        // SAFETY: as in `route`; `name` lives through the call.
        unsafe { borrowed(ffi::navrouter_match_param(self.raw.as_ptr(), name.as_ptr())) }
    }

    /// A parameter as the signed 64-bit integer the matcher checked (`Status::NotFound` without it,
    /// `Status::Parameter` for another type).
    pub fn parameter_i64(&self, name: &str) -> Result<i64> {
        let name = c_string(name, "name")?;
        let mut value = 0i64;
        // SAFETY: as in `route`; `value` is a valid out pointer.
        check(unsafe { ffi::navrouter_match_param_int(self.raw.as_ptr(), name.as_ptr(), &mut value) })?;
        Ok(value)
    }

    /// A parameter as a finite double.
    pub fn parameter_f64(&self, name: &str) -> Result<f64> {
        let name = c_string(name, "name")?;
        let mut value = 0f64;
        // SAFETY: as in `parameter_i64`.
        check(unsafe { ffi::navrouter_match_param_double(self.raw.as_ptr(), name.as_ptr(), &mut value) })?;
        Ok(value)
    }

    /// A parameter as a bool (`true` or `false`).
    pub fn parameter_bool(&self, name: &str) -> Result<bool> {
        let name = c_string(name, "name")?;
        let mut value = false;
        // SAFETY: as in `parameter_i64`.
        check(unsafe { ffi::navrouter_match_param_bool(self.raw.as_ptr(), name.as_ptr(), &mut value) })?;
        Ok(value)
    }

    /// The whole match as JSON: route, url, parameters, path_parameters, query, remainder, fragment, props.
    pub fn to_json(&self) -> Value {
        // SAFETY: as in `route`.
        let text = unsafe { borrowed(ffi::navrouter_match_json(self.raw.as_ptr())) }.unwrap_or_default();
        Value::parse(&text).unwrap_or(Value::Null)
    }

    /// The merged parameters (path and query; the path wins).
    pub fn parameters(&self) -> BTreeMap<String, String> {
        self.to_json()
            .get("parameters")
            .map(Value::string_map)
            .unwrap_or_default()
    }
}

impl Drop for Match {
    fn drop(&mut self) {
        // SAFETY: the match is freed once, here.
        unsafe { ffi::navrouter_match_free(self.raw.as_ptr()) }
    }
}

impl std::fmt::Debug for Match {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("Match")
            .field("route", &self.route())
            .field("url", &self.url())
            .finish()
    }
}

/// A boxed interceptor closure, as its user data.
type InterceptorBox = Box<dyn Fn(&Interception) -> Decision + Send + Sync>;
/// A boxed login closure: (router, flow, destination's URL).
type LoginBox = Box<dyn Fn(&RouterRef, u64, &str) + Send + Sync>;

impl Registry {
    /// An empty registry (literals match case-insensitively).
    pub fn new() -> Result<Registry> {
        let mut raw = ptr::null_mut();
        // SAFETY: `raw` is a valid out pointer.
        check(unsafe { ffi::navrouter_registry_new(&mut raw, 0) })?;
        NonNull::new(raw)
            .map(|raw| Registry { raw })
            .ok_or_else(|| Error::invalid("no registry"))
    }

    pub(crate) fn raw(&self) -> *mut ffi::navrouter_registry {
        self.raw.as_ptr()
    }

    /// Registers a route (`navrouter_registry_add_route`): a unique name, a pattern (`shop/product/<int:id>`), how
    /// it is shown, and whether it needs login and may be opened from outside the app.
    pub fn add_route(
        &self,
        name: &str,
        pattern: &str,
        presentation: Presentation,
        requires_auth: bool,
        external: bool,
    ) -> Result<()> {
        let (name, pattern) = (c_string(name, "name")?, c_string(pattern, "pattern")?);
        let mut flags = match presentation {
            Presentation::Push => 0,
            Presentation::Sheet => 1,
            Presentation::FullScreen => 2,
            Presentation::Root => 3,
        };
        flags |= if requires_auth { 0x10 } else { 0 } | if external { 0x20 } else { 0 };
        // SAFETY: live handle; the strings live through the call.
        check(unsafe { ffi::navrouter_registry_add_route(self.raw(), name.as_ptr(), pattern.as_ptr(), flags) })?;
        Ok(())
    }

    /// Loads a JSON manifest all or nothing; returns how many routes it registered.
    pub fn load_manifest(&self, json: &str) -> Result<usize> {
        let json = c_string(json, "json")?;
        let mut count = 0usize;
        // SAFETY: live handle; `json` lives through the call; `count` is a valid out pointer.
        check(unsafe { ffi::navrouter_registry_load_manifest(self.raw(), json.as_ptr(), &mut count) })?;
        Ok(count)
    }

    /// One route as JSON (name, pattern, presentation, flags, parameter types, query declarations, …).
    pub fn route_json(&self, name: &str) -> Result<Value> {
        let name = c_string(name, "name")?;
        let mut out = ptr::null_mut();
        // SAFETY: live handle; `out` receives an owned string, taken below.
        check(unsafe { ffi::navrouter_registry_route_json(self.raw(), name.as_ptr(), &mut out) })?;
        // SAFETY: the library allocated `out`; it is freed once, in `take`.
        let text = unsafe { take(out) };
        Value::parse(&text).ok_or_else(|| Error::invalid("the route's JSON did not parse"))
    }

    /// The app's web domains: `https://` links on them are deep links.
    pub fn set_web_domains<S: AsRef<str>>(&self, domains: &[S]) -> Result<()> {
        let list = CStringList::new(domains, "domain")?;
        // SAFETY: live handle; the list lives through the call.
        check(unsafe { ffi::navrouter_registry_set_web_domains(self.raw(), list.as_ptr(), list.len()) })?;
        Ok(())
    }

    /// The app's custom schemes (none listed: any custom scheme).
    pub fn set_schemes<S: AsRef<str>>(&self, schemes: &[S]) -> Result<()> {
        let list = CStringList::new(schemes, "scheme")?;
        // SAFETY: as in `set_web_domains`.
        check(unsafe { ffi::navrouter_registry_set_schemes(self.raw(), list.as_ptr(), list.len()) })?;
        Ok(())
    }

    /// Resolves a deep link to its route and parameters.
    pub fn resolve(&self, url: &str) -> Result<Match> {
        let url = c_string(url, "url")?;
        let mut raw = ptr::null_mut();
        // SAFETY: live handle; `url` lives through the call; `raw` receives an owned match (freed by `Match`).
        check(unsafe { ffi::navrouter_registry_resolve(self.raw(), url.as_ptr(), &mut raw) })?;
        NonNull::new(raw)
            .map(|raw| Match { raw })
            .ok_or_else(|| Error::invalid("no match"))
    }

    /// Builds a route's deep link from its parameters (reverse routing): relative (`/shop/product/7`), or with a
    /// scheme; `props` is a JSON object carried in the link.
    pub fn build_url<'a>(
        &self,
        route: &str,
        parameters: impl IntoIterator<Item = (&'a str, &'a str)>,
        props: Option<&str>,
        scheme: Option<&str>,
    ) -> Result<String> {
        let route = c_string(route, "route")?;
        let parameters = c_string(&object_of_strings(parameters), "parameters")?;
        let props = optional_c_string(props, "props")?;
        let scheme = optional_c_string(scheme, "scheme")?;
        let mut out = ptr::null_mut();
        // SAFETY: live handle; every string lives through the call; `out` receives an owned string.
        check(unsafe {
            ffi::navrouter_registry_build_url(
                self.raw(),
                route.as_ptr(),
                parameters.as_ptr(),
                pointer(&props),
                pointer(&scheme),
                &mut out,
            )
        })?;
        // SAFETY: the library allocated `out`; freed once in `take`.
        Ok(unsafe { take(out) })
    }

    /// Registers an interceptor. The closure runs on the thread running the command, never while the library holds
    /// a lock; it may call the router (commands are then queued). A panic in it cancels the navigation. It is
    /// dropped exactly once: when the interceptor is removed or the registry freed.
    pub fn add_interceptor<F>(&self, name: &str, phase: Phase, scope: Scope, interceptor: F) -> Result<InterceptorId>
    where
        F: Fn(&Interception) -> Decision + Send + Sync + 'static,
    {
        let name = c_string(name, "name")?;
        let (pattern, routes) = match &scope {
            Scope::All => (None, CStringList::new::<&str>(&[], "route")?),
            Scope::Routes(names) => (None, CStringList::new(names, "route")?),
            Scope::Pattern(pattern) => (
                Some(c_string(pattern, "pattern")?),
                CStringList::new::<&str>(&[], "route")?,
            ),
        };
        let phase = match phase {
            Phase::Before => 0,
            Phase::After => 1,
            Phase::Leave => 2,
        };
        let boxed: Box<InterceptorBox> = Box::new(Box::new(interceptor));
        let user_data = Box::into_raw(boxed) as *mut c_void;
        let mut id = 0u64;
        // SAFETY: live handle; the strings live through the call; `user_data` is the boxed closure, which the
        // library hands to `intercept` and frees through `drop_interceptor` exactly once (on failure it does not
        // call destroy: the box is freed here).
        let status = unsafe {
            ffi::navrouter_registry_add_interceptor(
                self.raw(),
                name.as_ptr(),
                phase,
                1,
                pointer(&pattern),
                if routes.len() == 0 {
                    ptr::null()
                } else {
                    routes.as_ptr()
                },
                routes.len(),
                0,
                ptr::null(),
                Some(intercept),
                user_data,
                Some(drop_interceptor),
                &mut id,
            )
        };
        if status < 0 {
            // SAFETY: the library did not keep user_data: this is its only owner.
            drop(unsafe { Box::from_raw(user_data as *mut InterceptorBox) });
            return Err(Error::last(status));
        }
        Ok(InterceptorId(id))
    }

    /// Removes an interceptor (its closure is dropped).
    pub fn remove_interceptor(&self, id: InterceptorId) -> Result<()> {
        // SAFETY: live handle.
        check(unsafe { ffi::navrouter_registry_remove_interceptor(self.raw(), id.0) })?;
        Ok(())
    }

    /// Logs in or out. Logging out prunes protected entries from every router on the registry.
    pub fn set_authenticated(&self, authenticated: bool) -> Result<()> {
        // SAFETY: live handle.
        check(unsafe { ffi::navrouter_registry_set_authenticated(self.raw(), authenticated) })?;
        Ok(())
    }

    /// Whether the user is authenticated.
    pub fn is_authenticated(&self) -> Result<bool> {
        let mut out = false;
        // SAFETY: live handle; `out` is a valid out pointer.
        check(unsafe { ffi::navrouter_registry_is_authenticated(self.raw(), &mut out) })?;
        Ok(out)
    }

    /// Sets the login handler: called with the router asking, the flow to complete
    /// (`Router::complete_login`) and the destination's URL when a protected route is opened while logged out.
    pub fn set_login_handler<F>(&self, login: F) -> Result<()>
    where
        F: Fn(&RouterRef, u64, &str) + Send + Sync + 'static,
    {
        let boxed: Box<LoginBox> = Box::new(Box::new(login));
        let user_data = Box::into_raw(boxed) as *mut c_void;
        // SAFETY: live handle; `user_data` is handed to `login_trampoline` and freed by `drop_login` once (when the
        // handler is replaced or the registry freed).
        let status = unsafe {
            ffi::navrouter_registry_set_auth_handler(
                self.raw(),
                Some(login_trampoline),
                None,
                user_data,
                Some(drop_login),
            )
        };
        if status < 0 {
            // SAFETY: the library did not keep user_data.
            drop(unsafe { Box::from_raw(user_data as *mut LoginBox) });
            return Err(Error::last(status));
        }
        Ok(())
    }
}

impl Drop for Registry {
    fn drop(&mut self) {
        // SAFETY: the handle is freed once, here; routers made on it keep the registry alive on their own.
        unsafe { ffi::navrouter_registry_free(self.raw.as_ptr()) }
    }
}

/// The library's call of an interceptor closure.
unsafe extern "C" fn intercept(interception: *mut ffi::navrouter_interception, user_data: *mut c_void) -> c_int {
    // SAFETY: `user_data` is the box `add_interceptor` made, alive until `drop_interceptor`.
    let closure = unsafe { &*(user_data as *const InterceptorBox) };
    let view = Interception { raw: interception };
    let decision = catch_unwind(AssertUnwindSafe(|| closure(&view)))
        .unwrap_or_else(|_| Decision::Cancel("the interceptor panicked".to_owned()));
    let (code, argument) = match decision {
        Decision::Proceed => (0, None),
        Decision::Cancel(reason) => (1, Some(reason)),
        Decision::Redirect(url) => (2, Some(url)),
        Decision::Pending => (3, None),
    };
    if let Some(argument) = argument {
        let text = c_string(&argument, "argument").unwrap_or_default();
        // SAFETY: the interception is live for this call; the text is copied.
        unsafe { ffi::navrouter_interception_set_argument(interception, text.as_ptr()) };
    }
    code
}

/// Frees an interceptor closure, once (the library's destroy callback).
unsafe extern "C" fn drop_interceptor(user_data: *mut c_void) {
    // SAFETY: the library calls destroy exactly once for the box `add_interceptor` made.
    drop(unsafe { Box::from_raw(user_data as *mut InterceptorBox) });
}

/// The library's call of the login closure.
unsafe extern "C" fn login_trampoline(
    router: *mut ffi::navrouter_router,
    flow: u64,
    destination: *const ffi::navrouter_match,
    user_data: *mut c_void,
) {
    // SAFETY: `user_data` is the box `set_login_handler` made, alive until `drop_login`.
    let closure = unsafe { &*(user_data as *const LoginBox) };
    // SAFETY: the destination is borrowed for the call.
    let url = unsafe { borrowed(ffi::navrouter_match_url(destination)) }.unwrap_or_default();
    let router = RouterRef::borrowed(router);
    let _ = catch_unwind(AssertUnwindSafe(|| closure(&router, flow, &url)));
}

/// Frees the login closure, once.
unsafe extern "C" fn drop_login(user_data: *mut c_void) {
    // SAFETY: the library calls destroy exactly once for the box `set_login_handler` made.
    drop(unsafe { Box::from_raw(user_data as *mut LoginBox) });
}

//! The Rust binding of libnavrouter: an embeddable, UI-agnostic app-navigation router. Register routes, resolve deep
//! links, guard them, and keep a real navigation state (tabs, stacks, modal layers) whose changes arrive as events
//! your host renders.
//!
//! ```no_run
//! use navrouter::{NavOptions, Registry, Router};
//!
//! let registry = Registry::new()?;
//! registry.load_manifest(&std::fs::read_to_string("examples/manifests/shop.json").unwrap())?;
//! let router = Router::new(&registry)?;
//! router.set_navigator(|event| {
//!     println!("{} {}", event.kind_name, event.entry.as_ref().map_or("", |entry| entry.route.as_str()));
//!     true // accept the change
//! })?;
//! router.start()?;
//! router.navigate("myapp://shop/product/42", &NavOptions { external: true, ..NavOptions::default() })?;
//! router.back()?;
//! # Ok::<(), navrouter::Error>(())
//! ```
//!
//! Threading follows `navrouter.h`: every call is thread-safe (`Registry`, `Router` and `Match` are `Send + Sync`),
//! callbacks run on the thread that issued the command, never two at once for one router, and may call the router
//! (their commands are queued). Closures given to the library are dropped exactly once, when replaced, removed or
//! when their registry or router is freed. A panic in a callback refuses the change (navigator) or cancels the
//! navigation (interceptor); it never unwinds into the library.
//!
//! The library stays loaded for the life of the process (it is linked, not opened): Rust has no unload path.

mod error;
mod event;
pub mod ffi;
pub mod json;
mod registry;
mod router;
mod strings;

pub use error::{Error, Result, Status};
pub use event::{Entry, Event, EventKind};
pub use registry::{Decision, Interception, InterceptorId, Match, Phase, Presentation, Registry, Scope};
pub use router::{BackGesture, NavOptions, NavPresentation, Outcome, Resume, Router, RouterRef, Stacks};

/// The library's version, as `0.1.0`.
pub fn version() -> String {
    // SAFETY: a static string.
    unsafe { std::ffi::CStr::from_ptr(ffi::navrouter_version_string()) }
        .to_string_lossy()
        .into_owned()
}

/// The ABI version this binding was written against (the major version of `libnavrouter.so`).
pub const ABI_VERSION: u32 = 1;

/// Whether the loaded library has the ABI this binding was written against.
pub fn abi_matches() -> bool {
    // SAFETY: a plain call.
    unsafe { ffi::navrouter_abi_version() == ABI_VERSION }
}

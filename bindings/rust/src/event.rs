//! Navigation events and entries, copied out of the library's callback into owned Rust values.

use std::collections::BTreeMap;

use crate::error::{Error, Status};
use crate::ffi;
use crate::json::Value;
use crate::strings::borrowed;

/// What kind of change an event is (`NAVROUTER_EVENT_...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// The tabs were set up (`entries`: each tab's root).
    TabsSetUp,
    /// An entry was pushed (`entry`; `tab` / `layer` say where).
    Push,
    /// Entries were popped (`removed`; `entry` is the new top).
    Pop,
    /// A modal layer was presented (`entry`, `layer`).
    Present,
    /// Modal layers were dismissed (`removed`; `entry` is what shows now).
    Dismiss,
    /// A whole stack was replaced (`entries`, `removed`).
    StackReplaced,
    /// Another tab was selected (`tab`; `entry` its top).
    TabSelected,
    /// A result reached the entry that asked for it.
    ResultDelivered,
    /// A snapshot was restored (`entries`).
    Restored,
    /// A queued command failed (`ticket`, `failure`).
    CommandFailed,
    /// A pending flow was cancelled (`flow`, `failure`).
    FlowCancelled,
    /// The state changed: the last event of every applied command.
    StateChanged,
    /// An interceptor answered what its phase cannot do (`failure`).
    GuardError,
    /// A tab's modal layers were hidden as another tab was selected.
    LayersHidden,
    /// A tab's hidden modal layers were shown again.
    LayersShown,
    /// A guard holds a navigation as a pending flow (`flow`).
    NavigationPending,
    /// A pending flow ended (`flow`).
    PendingEnded,
    /// An entry was changed in place (`entry`).
    EntryUpdated,
    /// A kind this binding does not know (a newer library).
    Other(i32),
}

impl EventKind {
    fn from_code(code: i32) -> EventKind {
        use EventKind::*;
        match code {
            1 => TabsSetUp,
            2 => Push,
            3 => Pop,
            4 => Present,
            5 => Dismiss,
            6 => StackReplaced,
            7 => TabSelected,
            8 => ResultDelivered,
            9 => Restored,
            10 => CommandFailed,
            11 => FlowCancelled,
            12 => StateChanged,
            13 => GuardError,
            14 => LayersHidden,
            15 => LayersShown,
            16 => NavigationPending,
            17 => PendingEnded,
            18 => EntryUpdated,
            other => Other(other),
        }
    }
}

/// One screen in the navigation state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Unique in its router, never reused.
    pub id: u64,
    /// The route's name.
    pub route: String,
    /// The URL it was opened with.
    pub url: String,
    /// Its parameters (path and query).
    pub parameters: BTreeMap<String, String>,
    /// Its props as JSON text, if any.
    pub props: Option<String>,
    /// The id of the view a handler made for it (0: none); `Router::with_view` reads the view.
    pub view: u64,
}

impl Entry {
    /// Copies a borrowed entry.
    ///
    /// # Safety
    /// `raw` is NULL or an entry valid for the call.
    pub(crate) unsafe fn copy(raw: *const ffi::navrouter_entry) -> Option<Entry> {
        if raw.is_null() {
            return None;
        }
        // SAFETY: the caller's promise: a live entry; its strings are copied.
        unsafe {
            let parameters = borrowed(ffi::navrouter_entry_params_json(raw)).unwrap_or_default();
            Some(Entry {
                id: ffi::navrouter_entry_id(raw),
                route: borrowed(ffi::navrouter_entry_route(raw)).unwrap_or_default(),
                url: borrowed(ffi::navrouter_entry_url(raw)).unwrap_or_default(),
                parameters: Value::parse(&parameters)
                    .map(|value| value.string_map())
                    .unwrap_or_default(),
                props: borrowed(ffi::navrouter_entry_props_json(raw)),
                view: ffi::navrouter_entry_view(raw) as usize as u64,
            })
        }
    }
}

/// A visible change for the host to render.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// Its kind.
    pub kind: EventKind,
    /// The kind's name, as `push`.
    pub kind_name: String,
    /// The command's transition (all its events share it).
    pub transition: u64,
    /// The entry it is about, if any.
    pub entry: Option<Entry>,
    /// Its list of entries (tabs set up, new stack, restored state).
    pub entries: Vec<Entry>,
    /// What left the state.
    pub removed: Vec<Entry>,
    /// The tab where it happened.
    pub tab: Option<usize>,
    /// The modal layer where it happened (0 = lowest).
    pub layer: Option<usize>,
    /// The ticket of the queued command it belongs to (0 for none).
    pub ticket: u64,
    /// The flow it is about (0 for none).
    pub flow: u64,
    /// What failed (command failed, flow cancelled, guard error).
    pub failure: Option<Error>,
}

impl Event {
    /// Copies an event out of the callback.
    ///
    /// # Safety
    /// `raw` is an event valid for the call.
    pub(crate) unsafe fn copy(raw: *const ffi::navrouter_event) -> Event {
        // SAFETY: the caller's promise; everything is copied during the call.
        unsafe {
            let list = |count: usize, at: unsafe extern "C" fn(*const ffi::navrouter_event, usize) -> _| {
                (0..count)
                    .filter_map(|index| Entry::copy(at(raw, index)))
                    .collect::<Vec<_>>()
            };
            let status = ffi::navrouter_event_failure_status(raw);
            let index = |value: i32| usize::try_from(value).ok();
            Event {
                kind: EventKind::from_code(ffi::navrouter_event_kind(raw)),
                kind_name: borrowed(ffi::navrouter_event_kind_name(raw)).unwrap_or_default(),
                transition: ffi::navrouter_event_transition(raw),
                entry: Entry::copy(ffi::navrouter_event_entry(raw)),
                entries: list(ffi::navrouter_event_entry_count(raw), ffi::navrouter_event_entry_at),
                removed: list(ffi::navrouter_event_removed_count(raw), ffi::navrouter_event_removed_at),
                tab: index(ffi::navrouter_event_tab(raw)),
                layer: index(ffi::navrouter_event_layer(raw)),
                ticket: ffi::navrouter_event_ticket(raw),
                flow: ffi::navrouter_event_flow(raw),
                failure: (status < 0).then(|| Error {
                    status: Status::from_code(status),
                    message: borrowed(ffi::navrouter_event_failure_message(raw)).unwrap_or_default(),
                }),
            }
        }
    }
}

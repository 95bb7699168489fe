//! The C ABI of `include/navrouter.h`, as much of it as the binding uses, declared by hand (no bindgen).
//! `check_declarations.py` compares every declaration here with the header (argument and result types, callback
//! types, the layout of `navrouter_nav_options`), so an ABI change fails a test rather than a call.
//!
//! Everything here is raw: the safe wrapper is the rest of the crate.

#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_int, c_void};

/// `navrouter_registry` (opaque).
#[repr(C)]
pub struct navrouter_registry {
    _private: [u8; 0],
}
/// `navrouter_router` (opaque).
#[repr(C)]
pub struct navrouter_router {
    _private: [u8; 0],
}
/// `navrouter_match` (opaque).
#[repr(C)]
pub struct navrouter_match {
    _private: [u8; 0],
}
/// `navrouter_event` (opaque).
#[repr(C)]
pub struct navrouter_event {
    _private: [u8; 0],
}
/// `navrouter_entry` (opaque).
#[repr(C)]
pub struct navrouter_entry {
    _private: [u8; 0],
}
/// `navrouter_interception` (opaque).
#[repr(C)]
pub struct navrouter_interception {
    _private: [u8; 0],
}

/// `navrouter_nav_options`, version 2.
#[repr(C)]
pub struct navrouter_nav_options {
    pub version: u32,
    pub flags: u32,
    pub props_json: *const c_char,
    pub pop_up_to: *const c_char,
    pub tab: *const c_char,
    pub flow_deadline_ms: i64,
}

pub type navrouter_navigator_fn = Option<unsafe extern "C" fn(*const navrouter_event, *mut c_void) -> c_int>;
pub type navrouter_interceptor_fn = Option<unsafe extern "C" fn(*mut navrouter_interception, *mut c_void) -> c_int>;
pub type navrouter_login_fn =
    Option<unsafe extern "C" fn(*mut navrouter_router, u64, *const navrouter_match, *mut c_void)>;
pub type navrouter_claim_callback_fn =
    Option<unsafe extern "C" fn(*mut navrouter_router, *const c_char, *mut c_void) -> bool>;
pub type navrouter_destroy_fn = Option<unsafe extern "C" fn(*mut c_void)>;
pub type navrouter_make_view_fn = Option<unsafe extern "C" fn(*const navrouter_entry, *mut c_void) -> *mut c_void>;
pub type navrouter_release_view_fn = Option<unsafe extern "C" fn(*mut c_void, *const navrouter_entry, *mut c_void)>;

pub const NAVROUTER_NAV_OPTIONS_VERSION: u32 = 2;

extern "C" {
    pub fn navrouter_version_string() -> *const c_char;
    pub fn navrouter_abi_version() -> u32;
    pub fn navrouter_last_error() -> *const c_char;
    pub fn navrouter_status_name(status: c_int) -> *const c_char;
    pub fn navrouter_string_free(string: *mut c_char);

    pub fn navrouter_registry_new(out: *mut *mut navrouter_registry, flags: u32) -> c_int;
    pub fn navrouter_registry_free(registry: *mut navrouter_registry);
    pub fn navrouter_registry_set_web_domains(
        registry: *mut navrouter_registry,
        domains: *const *const c_char,
        count: usize,
    ) -> c_int;
    pub fn navrouter_registry_set_schemes(
        registry: *mut navrouter_registry,
        schemes: *const *const c_char,
        count: usize,
    ) -> c_int;
    pub fn navrouter_registry_add_route(
        registry: *mut navrouter_registry,
        name: *const c_char,
        pattern: *const c_char,
        flags: u32,
    ) -> c_int;
    pub fn navrouter_registry_load_manifest(
        registry: *mut navrouter_registry,
        json: *const c_char,
        out_count: *mut usize,
    ) -> c_int;
    pub fn navrouter_registry_route_json(
        registry: *mut navrouter_registry,
        name: *const c_char,
        out_json: *mut *mut c_char,
    ) -> c_int;
    pub fn navrouter_registry_resolve(
        registry: *mut navrouter_registry,
        url: *const c_char,
        out: *mut *mut navrouter_match,
    ) -> c_int;
    pub fn navrouter_registry_build_url(
        registry: *mut navrouter_registry,
        route: *const c_char,
        params_json: *const c_char,
        props_json: *const c_char,
        scheme: *const c_char,
        out_url: *mut *mut c_char,
    ) -> c_int;
    pub fn navrouter_registry_add_interceptor(
        registry: *mut navrouter_registry,
        name: *const c_char,
        phase: u32,
        priority: u32,
        pattern: *const c_char,
        routes: *const *const c_char,
        route_count: usize,
        flags: u32,
        module: *const c_char,
        function: navrouter_interceptor_fn,
        user_data: *mut c_void,
        destroy: navrouter_destroy_fn,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_registry_remove_interceptor(registry: *mut navrouter_registry, id: u64) -> c_int;
    pub fn navrouter_registry_set_authenticated(registry: *mut navrouter_registry, authenticated: bool) -> c_int;
    pub fn navrouter_registry_is_authenticated(registry: *mut navrouter_registry, out: *mut bool) -> c_int;
    pub fn navrouter_registry_set_auth_handler(
        registry: *mut navrouter_registry,
        login: navrouter_login_fn,
        claim_callback: navrouter_claim_callback_fn,
        user_data: *mut c_void,
        destroy: navrouter_destroy_fn,
    ) -> c_int;

    pub fn navrouter_match_route(matched: *const navrouter_match) -> *const c_char;
    pub fn navrouter_match_url(matched: *const navrouter_match) -> *const c_char;
    pub fn navrouter_match_param(matched: *const navrouter_match, name: *const c_char) -> *const c_char;
    pub fn navrouter_match_param_int(matched: *const navrouter_match, name: *const c_char, out: *mut i64) -> c_int;
    pub fn navrouter_match_param_double(matched: *const navrouter_match, name: *const c_char, out: *mut f64) -> c_int;
    pub fn navrouter_match_param_bool(matched: *const navrouter_match, name: *const c_char, out: *mut bool) -> c_int;
    pub fn navrouter_match_json(matched: *const navrouter_match) -> *const c_char;
    pub fn navrouter_match_free(matched: *mut navrouter_match);

    pub fn navrouter_interception_phase(interception: *const navrouter_interception) -> u32;
    pub fn navrouter_interception_route(interception: *const navrouter_interception) -> *const c_char;
    pub fn navrouter_interception_url(interception: *const navrouter_interception) -> *const c_char;
    pub fn navrouter_interception_param(
        interception: *const navrouter_interception,
        name: *const c_char,
    ) -> *const c_char;
    pub fn navrouter_interception_params_json(interception: *const navrouter_interception) -> *const c_char;
    pub fn navrouter_interception_flow(interception: *const navrouter_interception) -> u64;
    pub fn navrouter_interception_authenticated(interception: *const navrouter_interception) -> bool;
    pub fn navrouter_interception_external(interception: *const navrouter_interception) -> bool;
    pub fn navrouter_interception_set_argument(interception: *mut navrouter_interception, text: *const c_char)
        -> c_int;

    pub fn navrouter_router_new(out: *mut *mut navrouter_router, registry: *mut navrouter_registry) -> c_int;
    pub fn navrouter_router_free(router: *mut navrouter_router);
    pub fn navrouter_router_set_navigator(
        router: *mut navrouter_router,
        function: navrouter_navigator_fn,
        user_data: *mut c_void,
        destroy: navrouter_destroy_fn,
    ) -> c_int;
    pub fn navrouter_router_set_handler(
        router: *mut navrouter_router,
        route: *const c_char,
        make: navrouter_make_view_fn,
        release: navrouter_release_view_fn,
        user_data: *mut c_void,
        destroy: navrouter_destroy_fn,
    ) -> c_int;
    pub fn navrouter_router_start(router: *mut navrouter_router, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_set_tabs(
        router: *mut navrouter_router,
        urls: *const *const c_char,
        count: usize,
        selected: usize,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_navigate(
        router: *mut navrouter_router,
        url: *const c_char,
        options: *const navrouter_nav_options,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_pop(
        router: *mut navrouter_router,
        count: usize,
        result_json: *const c_char,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_pop_to_root(router: *mut navrouter_router, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_pop_to(router: *mut navrouter_router, entry: u64, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_pop_after(router: *mut navrouter_router, index: usize, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_set_stack(
        router: *mut navrouter_router,
        urls: *const *const c_char,
        count: usize,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_dismiss(
        router: *mut navrouter_router,
        count: usize,
        result_json: *const c_char,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_select_tab(router: *mut navrouter_router, index: usize, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_select_tab_route(
        router: *mut navrouter_router,
        route: *const c_char,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_back(router: *mut navrouter_router, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_user_popped(router: *mut navrouter_router, entry: u64, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_user_dismissed(router: *mut navrouter_router, count: usize, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_refresh(router: *mut navrouter_router, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_resume_flow(
        router: *mut navrouter_router,
        flow: u64,
        decision: c_int,
        argument: *const c_char,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_complete_login(
        router: *mut navrouter_router,
        flow: u64,
        success: bool,
        out_id: *mut u64,
    ) -> c_int;
    pub fn navrouter_router_snapshot(router: *mut navrouter_router, out_json: *mut *mut c_char) -> c_int;
    pub fn navrouter_router_restore(router: *mut navrouter_router, json: *const c_char, out_id: *mut u64) -> c_int;
    pub fn navrouter_router_state_json(router: *mut navrouter_router, out_json: *mut *mut c_char) -> c_int;
    pub fn navrouter_router_can_go_back(router: *mut navrouter_router, out: *mut bool) -> c_int;
    pub fn navrouter_router_back_preview(router: *mut navrouter_router, out_json: *mut *mut c_char) -> c_int;
    pub fn navrouter_router_begin_back_gesture(
        router: *mut navrouter_router,
        out_gesture: *mut u64,
        out_preview_json: *mut *mut c_char,
    ) -> c_int;
    pub fn navrouter_router_commit_back_gesture(router: *mut navrouter_router, gesture: u64, out_id: *mut u64)
        -> c_int;
    pub fn navrouter_router_cancel_back_gesture(router: *mut navrouter_router, gesture: u64) -> c_int;

    pub fn navrouter_event_kind(event: *const navrouter_event) -> c_int;
    pub fn navrouter_event_kind_name(event: *const navrouter_event) -> *const c_char;
    pub fn navrouter_event_transition(event: *const navrouter_event) -> u64;
    pub fn navrouter_event_entry(event: *const navrouter_event) -> *const navrouter_entry;
    pub fn navrouter_event_entry_count(event: *const navrouter_event) -> usize;
    pub fn navrouter_event_entry_at(event: *const navrouter_event, index: usize) -> *const navrouter_entry;
    pub fn navrouter_event_removed_count(event: *const navrouter_event) -> usize;
    pub fn navrouter_event_removed_at(event: *const navrouter_event, index: usize) -> *const navrouter_entry;
    pub fn navrouter_event_tab(event: *const navrouter_event) -> i32;
    pub fn navrouter_event_layer(event: *const navrouter_event) -> i32;
    pub fn navrouter_event_ticket(event: *const navrouter_event) -> u64;
    pub fn navrouter_event_flow(event: *const navrouter_event) -> u64;
    pub fn navrouter_event_failure_status(event: *const navrouter_event) -> c_int;
    pub fn navrouter_event_failure_message(event: *const navrouter_event) -> *const c_char;

    pub fn navrouter_entry_id(entry: *const navrouter_entry) -> u64;
    pub fn navrouter_entry_route(entry: *const navrouter_entry) -> *const c_char;
    pub fn navrouter_entry_url(entry: *const navrouter_entry) -> *const c_char;
    pub fn navrouter_entry_params_json(entry: *const navrouter_entry) -> *const c_char;
    pub fn navrouter_entry_props_json(entry: *const navrouter_entry) -> *const c_char;
    pub fn navrouter_entry_view(entry: *const navrouter_entry) -> *mut c_void;
}

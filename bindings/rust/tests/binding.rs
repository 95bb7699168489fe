//! The safe wrapper: errors carry the status and message, closures are dropped exactly once, a panic never unwinds
//! into the library, the handles are shared between threads, and a callback may call the router.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::thread;

use navrouter::{Decision, EventKind, NavOptions, Outcome, Phase, Registry, Router, Scope, Status};

const SHOP: &str = include_str!("../../../examples/manifests/shop.json");

fn shop() -> Registry {
    let registry = Registry::new().unwrap();
    registry.load_manifest(SHOP).unwrap();
    registry
}

/// Counts its drops: captured by a closure, it says when the library dropped the closure.
struct DropCounter(Arc<AtomicUsize>);

impl Drop for DropCounter {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn errors_carry_the_status_and_the_message() {
    let registry = shop();
    let error = registry.resolve("/shop/prodcut/1").unwrap_err();
    assert_eq!(error.status, Status::NotFound);
    assert!(error.message.contains("/shop/prodcut/1"), "{}", error.message);
    assert!(error.to_string().starts_with("NAVROUTER_ENOTFOUND: "));
    let error = registry.build_url("prodcut", [("id", "1")], None, None).unwrap_err();
    assert!(error.message.contains("did you mean 'product'?"), "{}", error.message);
    let error = registry.resolve("/shop/\0").unwrap_err();
    assert_eq!(
        (error.status, error.message.as_str()),
        (Status::InvalidArgument, "url holds a NUL byte")
    );
    assert_eq!(
        registry
            .add_route("x", "a/<float:y>", navrouter::Presentation::Push, false, false)
            .unwrap_err()
            .status,
        Status::Pattern
    );
    assert!(navrouter::abi_matches());
    assert!(!navrouter::version().is_empty());
}

#[test]
fn a_match_reads_typed_values() {
    let registry = Registry::new().unwrap();
    registry
        .load_manifest(
            r#"{"routes": [{"name": "item", "pattern": "i/<int:id>/<bool:on>/<double:x>",
                            "query": {"page": {"type": "int", "default": 1}}}]}"#,
        )
        .unwrap();
    let found = registry.resolve("/i/-7/true/2.5").unwrap();
    assert_eq!(found.parameter_i64("id"), Ok(-7));
    assert_eq!(found.parameter_bool("on"), Ok(true));
    assert_eq!(found.parameter_f64("x"), Ok(2.5));
    assert_eq!(found.parameter_i64("page"), Ok(1), "the declared default");
    assert_eq!(found.parameter_i64("on").unwrap_err().status, Status::Parameter);
    assert_eq!(found.parameter_i64("nope").unwrap_err().status, Status::NotFound);
    let json = registry.route_json("item").unwrap();
    assert_eq!(
        json.get("parameter_types")
            .and_then(|types| types.get("on"))
            .and_then(|t| t.as_str()),
        Some("bool")
    );
    // A match stays whole after its registry is gone, and moves to another thread.
    drop(registry);
    assert_eq!(thread::spawn(move || found.route()).join().unwrap(), "item");
}

#[test]
fn closures_are_dropped_exactly_once() {
    let drops = Arc::new(AtomicUsize::new(0));
    let registry = shop();
    let router = Router::new(&registry).unwrap();
    let counter = DropCounter(Arc::clone(&drops));
    router
        .set_navigator(move |_| {
            let _ = &counter;
            true
        })
        .unwrap();
    let counter = DropCounter(Arc::clone(&drops));
    router
        .set_navigator(move |_| {
            let _ = &counter;
            true
        })
        .unwrap();
    assert_eq!(drops.load(Ordering::SeqCst), 1, "the replaced navigator is dropped");
    let counter = DropCounter(Arc::clone(&drops));
    let id = registry
        .add_interceptor("keep", Phase::Before, Scope::All, move |_| {
            let _ = &counter;
            Decision::Proceed
        })
        .unwrap();
    let counter = DropCounter(Arc::clone(&drops));
    registry
        .add_interceptor("other", Phase::Before, Scope::Pattern("shop/*rest".into()), move |_| {
            let _ = &counter;
            Decision::Proceed
        })
        .unwrap();
    registry.remove_interceptor(id).unwrap();
    assert_eq!(drops.load(Ordering::SeqCst), 2, "a removed interceptor is dropped");
    let refused = DropCounter(Arc::clone(&drops));
    let error = registry
        .add_interceptor("bad", Phase::Before, Scope::Pattern("a/<float:x>".into()), move |_| {
            let _ = &refused;
            Decision::Proceed
        })
        .unwrap_err();
    assert_eq!(error.status, Status::Pattern);
    assert_eq!(
        drops.load(Ordering::SeqCst),
        3,
        "a refused registration drops its closure at once"
    );
    drop(router);
    assert_eq!(drops.load(Ordering::SeqCst), 4, "the router's navigator goes with it");
    drop(registry);
    assert_eq!(
        drops.load(Ordering::SeqCst),
        5,
        "the registry's interceptors go with it"
    );
}

#[test]
fn a_panic_never_unwinds_into_the_library() {
    let registry = shop();
    let router = Router::new(&registry).unwrap();
    router.start().unwrap();
    let before = router.snapshot().unwrap();
    router
        .set_navigator(|event| {
            if event.kind == EventKind::Push {
                panic!("the host failed to draw");
            }
            true
        })
        .unwrap();
    let error = router.navigate("/shop/product/1", &NavOptions::default()).unwrap_err();
    assert_eq!(error.status, Status::Callback);
    assert_eq!(
        router.snapshot().unwrap(),
        before,
        "a refused change leaves the state exactly as it was"
    );
    router.set_navigator(|_| true).unwrap();
    registry
        .add_interceptor("boom", Phase::Before, Scope::Routes(vec!["cart".into()]), |_| {
            panic!("bug")
        })
        .unwrap();
    let error = router.navigate("/shop/cart", &NavOptions::default()).unwrap_err();
    assert_eq!(error.status, Status::Cancelled);
    assert!(error.message.contains("the interceptor panicked"), "{}", error.message);
    assert_eq!(router.snapshot().unwrap(), before);
}

#[test]
fn a_navigator_may_call_its_router_and_the_command_is_queued() {
    let registry = shop();
    let router = Arc::new(Router::new(&registry).unwrap());
    let weak: Weak<Router> = Arc::downgrade(&router);
    let outcomes = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&outcomes);
    router
        .set_navigator(move |event| {
            if event.kind == EventKind::Push
                && event.entry.as_ref().map(|entry| entry.route.as_str()) == Some("product")
            {
                if let Some(router) = weak.upgrade() {
                    seen.lock()
                        .unwrap()
                        .push(router.navigate("/shop/search?q=hose", &NavOptions::default()));
                }
            }
            true
        })
        .unwrap();
    router.start().unwrap();
    router.navigate("/shop/product/1", &NavOptions::default()).unwrap();
    let outcomes = outcomes.lock().unwrap();
    assert!(matches!(outcomes.as_slice(), [Ok(Outcome::Queued(_))]), "{outcomes:?}");
    let stacks = router.stacks().unwrap();
    let top = stacks.tabs[stacks.selected_tab]
        .iter()
        .rev()
        .take(2)
        .cloned()
        .collect::<Vec<_>>();
    assert_eq!(
        top,
        ["search", "product"],
        "the queued command ran after the one that queued it"
    );
}

#[test]
fn routers_and_registries_are_shared_between_threads() {
    let registry = Arc::new(shop());
    let router = Arc::new(Router::new(&registry).unwrap());
    let events = Arc::new(AtomicUsize::new(0));
    let counted = Arc::clone(&events);
    router
        .set_navigator(move |_| {
            counted.fetch_add(1, Ordering::SeqCst);
            true
        })
        .unwrap();
    router.start().unwrap();
    let workers: Vec<_> = (0..4)
        .map(|worker| {
            let (router, registry) = (Arc::clone(&router), Arc::clone(&registry));
            thread::spawn(move || {
                for step in 0..200 {
                    let url = format!("/shop/product/{}", worker * 1000 + step);
                    router.navigate(&url, &NavOptions::default()).unwrap();
                    assert_eq!(registry.resolve(&url).unwrap().route(), "product");
                    router.back().unwrap();
                }
            })
        })
        .collect();
    for worker in workers {
        worker.join().unwrap();
    }
    assert!(events.load(Ordering::SeqCst) >= 4 * 200 * 2);
    let stacks = router.stacks().unwrap();
    assert!(stacks.tabs.iter().all(|stack| stack.len() == 1), "{stacks:?}");
}

#[test]
fn views_are_made_read_back_and_released_once() {
    let registry = shop();
    let router = Arc::new(Router::new(&registry).unwrap());
    let released = Arc::new(Mutex::new(Vec::new()));
    let gone = Arc::clone(&released);
    router
        .set_handler(
            None,
            |entry| Some(format!("view of {} {:?}", entry.route, entry.parameters)),
            move |view: String, entry| gone.lock().unwrap().push(format!("{view} #{}", entry.id)),
        )
        .unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let (looked, weak) = (Arc::clone(&seen), Arc::downgrade(&router));
    router
        .set_navigator(move |event| {
            if event.kind == EventKind::Push {
                let router = weak.upgrade().unwrap();
                let entry = event.entry.as_ref().unwrap();
                looked
                    .lock()
                    .unwrap()
                    .push(router.with_view(entry, |view: &String| view.clone()));
            }
            true
        })
        .unwrap();
    router.start().unwrap();
    router.navigate("/shop/product/7", &NavOptions::default()).unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        [Some("view of product {\"id\": \"7\"}".to_owned())]
    );
    router.back().unwrap();
    assert_eq!(*released.lock().unwrap(), ["view of product {\"id\": \"7\"} #5"]);
    router
        .set_handler(Some("search"), |_| None::<String>, |_, _| {})
        .unwrap();
    let error = router.navigate("/shop/search?q=x", &NavOptions::default()).unwrap_err();
    assert_eq!(
        error.status,
        Status::Callback,
        "a handler that declines fails the command"
    );
}

#[test]
fn back_gestures_preview_commit_and_cancel() {
    let registry = shop();
    let router = Router::new(&registry).unwrap();
    router.start().unwrap();
    assert!(!router.can_go_back().unwrap());
    assert_eq!(router.back_preview().unwrap(), None);
    router.navigate("/shop/product/7", &NavOptions::default()).unwrap();
    let preview = router.back_preview().unwrap().unwrap();
    assert_eq!(preview.get("action").and_then(|action| action.as_str()), Some("pop"));
    let gesture = router.begin_back_gesture().unwrap();
    gesture.cancel().unwrap();
    assert_eq!(
        router.stacks().unwrap().tabs[0],
        ["home", "product"],
        "a cancelled gesture changes nothing"
    );
    router.begin_back_gesture().unwrap().commit().unwrap();
    assert_eq!(
        router.stacks().unwrap().tabs[0],
        ["home"],
        "a committed gesture goes back"
    );
    assert_eq!(
        gesture.cancel().unwrap_err().status,
        Status::InvalidArgument,
        "a replaced gesture"
    );
}

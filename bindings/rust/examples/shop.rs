//! A small host playing the shop session: tabs, a product, its review sheet behind a login, a guard that holds the
//! cart until onboarding is done, a snapshot restored, and logout pruning protected screens. It prints each event
//! and what is on screen after each step.

use std::sync::{Arc, Mutex};

use navrouter::{Decision, NavOptions, Outcome, Phase, Registry, Resume, Router, Scope};

fn main() -> navrouter::Result<()> {
    let registry = Registry::new()?;
    registry.load_manifest(include_str!("../../../examples/manifests/shop.json"))?;
    let onboarded = Arc::new(Mutex::new(false));
    let gate = Arc::clone(&onboarded);
    registry.add_interceptor(
        "onboarding",
        Phase::Before,
        Scope::Routes(vec!["cart".into()]),
        move |_| {
            if *gate.lock().unwrap() {
                Decision::Proceed
            } else {
                Decision::Pending
            }
        },
    )?;
    let login = Arc::new(Mutex::new(None));
    let waiting = Arc::clone(&login);
    registry.set_login_handler(move |_, flow, url| {
        println!("  (login asked for {url})");
        *waiting.lock().unwrap() = Some(flow);
    })?;
    let router = Router::new(&registry)?;
    router.set_navigator(|event| {
        let route = event
            .entry
            .as_ref()
            .map_or(String::new(), |entry| format!(" {}", entry.route));
        if event.kind_name != "state_changed" {
            println!("  {}{route}", event.kind_name);
        }
        true
    })?;
    let show = |step: &str, router: &Router| -> navrouter::Result<()> {
        let stacks = router.stacks()?;
        println!(
            "{step}: tab {} {:?} layers {:?}",
            stacks.selected_tab, stacks.tabs[stacks.selected_tab], stacks.layers
        );
        Ok(())
    };
    router.start()?;
    show("start", &router)?;
    router.navigate("/shop/product/7", &NavOptions::default())?;
    show("product", &router)?;
    if let Outcome::Pending(flow) = router.navigate("/shop/product/7/review", &NavOptions::default())? {
        registry.set_authenticated(true)?;
        let login_flow = login.lock().unwrap().take().unwrap_or(flow);
        router.complete_login(login_flow, true)?;
    }
    show("review after login", &router)?;
    let snapshot = router.snapshot()?;
    router.dismiss(0, None)?;
    if let Outcome::Pending(flow) = router.navigate("/shop/cart", &NavOptions::default())? {
        show("cart held", &router)?;
        *onboarded.lock().unwrap() = true;
        router.resume_flow(flow, Resume::Proceed)?;
    }
    show("cart", &router)?;
    router.restore(&snapshot)?;
    show("restored", &router)?;
    registry.set_authenticated(false)?;
    show("logged out", &router)?;
    Ok(())
}

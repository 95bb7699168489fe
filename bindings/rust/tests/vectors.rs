//! The conformance vectors (`Tests/vectors/*.json`) through the Rust binding: matching, reverse routing and command
//! scripts with their events and final states. The XCTest, C and Python suites run the same files and must agree.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use navrouter::json::Value;
use navrouter::{
    Decision, Error, EventKind, NavOptions, NavPresentation, Outcome, Phase, Registry, Resume, Router, Scope,
};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn vectors(name: &str) -> Value {
    let text = std::fs::read_to_string(root().join("Tests/vectors").join(name)).expect("the vectors are there");
    Value::parse(&text).expect("the vectors are JSON")
}

/// The status's name as the vectors write it (`ENOTFOUND`).
fn status(error: &Error) -> String {
    error.status.name().trim_start_matches("NAVROUTER_").to_owned()
}

fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .unwrap_or(&[])
        .iter()
        .filter_map(|item| item.as_str().map(str::to_owned))
        .collect()
}

fn manifest_of(routes: &Value) -> String {
    let mut object = std::collections::BTreeMap::new();
    object.insert("routes".to_owned(), routes.clone());
    Value::Object(object).to_json()
}

#[test]
fn matching() {
    let matching = vectors("matching.json");
    for table in matching.get("tables").and_then(Value::as_array).expect("tables") {
        let name = table.get("name").and_then(Value::as_str).unwrap_or_default();
        let registry = Registry::new().unwrap();
        let domains = strings(table.get("web_domains"));
        if !domains.is_empty() {
            registry.set_web_domains(&domains).unwrap();
        }
        let schemes = strings(table.get("schemes"));
        if !schemes.is_empty() {
            registry.set_schemes(&schemes).unwrap();
        }
        registry
            .load_manifest(&manifest_of(table.get("routes").unwrap()))
            .unwrap();
        for case in table.get("cases").and_then(Value::as_array).unwrap() {
            let url = case.get("url").and_then(Value::as_str).unwrap();
            match registry.resolve(url) {
                Ok(found) => {
                    assert_eq!(
                        Some(found.route().as_str()),
                        case.get("route").and_then(Value::as_str),
                        "{name}: {url}"
                    );
                    assert_eq!(
                        found.parameters(),
                        case.get("parameters").unwrap().string_map(),
                        "{name}: {url}"
                    );
                }
                Err(error) => {
                    assert_eq!(
                        Some(status(&error).as_str()),
                        case.get("error").and_then(Value::as_str),
                        "{name}: {url}"
                    )
                }
            }
        }
    }
}

#[test]
fn reverse_routing() {
    let reverse = vectors("reverse.json");
    let registry = Registry::new().unwrap();
    registry
        .load_manifest(&manifest_of(reverse.get("routes").unwrap()))
        .unwrap();
    for case in reverse.get("cases").and_then(Value::as_array).unwrap() {
        let route = case.get("route").and_then(Value::as_str).unwrap();
        let parameters = case.get("parameters").unwrap().string_map();
        let props = case.get("props").map(Value::to_json);
        let scheme = case.get("scheme").and_then(Value::as_str);
        let pairs = parameters.iter().map(|(key, value)| (key.as_str(), value.as_str()));
        match registry.build_url(route, pairs, props.as_deref(), scheme) {
            Ok(url) => {
                assert_eq!(
                    Some(url.as_str()),
                    case.get("url").and_then(Value::as_str),
                    "{}",
                    case.to_json()
                );
                let found = registry.resolve(&url).unwrap();
                assert_eq!(
                    (found.route(), found.parameters()),
                    (route.to_owned(), parameters.clone()),
                    "{url}"
                );
            }
            Err(error) => {
                assert_eq!(
                    Some(status(&error).as_str()),
                    case.get("error").and_then(Value::as_str),
                    "{}",
                    case.to_json()
                )
            }
        }
    }
}

/// What a script's steps need besides the router: the last snapshot, pending flow and login flow.
#[derive(Default)]
struct Script {
    saved: Option<String>,
    flow: Option<u64>,
    login: Arc<Mutex<Option<u64>>>,
}

fn options(value: Option<&Value>) -> NavOptions {
    let mut options = NavOptions::default();
    let Some(value) = value else { return options };
    let flag = |key: &str| value.get(key).and_then(Value::as_bool).unwrap_or(false);
    options.presentation = value
        .get("presentation")
        .and_then(Value::as_str)
        .map(|name| match name {
            "push" => NavPresentation::Push,
            "sheet" => NavPresentation::Sheet,
            "fullscreen" => NavPresentation::FullScreen,
            "root" => NavPresentation::Root,
            "replace_top" => NavPresentation::ReplaceTop,
            other => panic!("unknown presentation {other}"),
        });
    options.replace = flag("replace");
    options.external = flag("external");
    options.single_top = flag("single_top");
    options.clear_top = flag("clear_top");
    options.prevent_dismissal = flag("prevent_dismissal");
    options.expects_result = flag("expects_result");
    options.pop_up_to_inclusive = flag("pop_up_to_inclusive");
    options.build_back_stack = value.get("build_back_stack").and_then(Value::as_bool);
    options.pop_up_to = value.get("pop_up_to").and_then(Value::as_str).map(str::to_owned);
    options
}

fn run_step(router: &Router, registry: &Registry, step: &Value, script: &mut Script) -> navrouter::Result<String> {
    let text = |key: &str| step.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
    let number = |key: &str| step.get(key).and_then(Value::as_i64).unwrap_or(0);
    let outcome = match text("do").as_str() {
        "navigate" => Some(router.navigate(&text("url"), &options(step.get("options")))?),
        "back" => Some(router.back()?),
        "pop" => {
            let result = step.get("result").map(Value::to_json);
            Some(router.pop(
                step.get("count").and_then(Value::as_i64).unwrap_or(1) as usize,
                result.as_deref(),
            )?)
        }
        "pop_to" => Some(router.pop_to(number("entry") as u64)?),
        "pop_after" => Some(router.pop_after(number("index") as usize)?),
        "pop_to_root" => Some(router.pop_to_root()?),
        "set_stack" => Some(router.set_stack(&strings(step.get("urls")))?),
        "dismiss" => Some(router.dismiss(1, None)?),
        "user_dismissed" => Some(router.user_dismissed(1)?),
        "user_popped" => Some(router.user_popped(number("entry") as u64)?),
        "select_tab" => Some(router.select_tab(number("index") as usize)?),
        "set_tabs" => Some(router.set_tabs(&strings(step.get("urls")), number("selected") as usize)?),
        "refresh" => Some(router.refresh()?),
        "authenticated" => {
            registry.set_authenticated(step.get("value").and_then(Value::as_bool).unwrap())?;
            None
        }
        "snapshot" => {
            script.saved = Some(router.snapshot()?);
            None
        }
        "restore" => Some(router.restore(script.saved.as_deref().expect("a snapshot was taken"))?),
        "restore_text" => Some(router.restore(&text("text"))?),
        "resume" => {
            let answer = match text("decision").as_str() {
                "proceed" => Resume::Proceed,
                "cancel" => Resume::Cancel(text("url")),
                "redirect" => Resume::Redirect(text("url")),
                other => panic!("unknown decision {other}"),
            };
            Some(router.resume_flow(script.flow.expect("a pending flow"), answer)?)
        }
        "complete_login" => {
            let flow = script.login.lock().unwrap().expect("a login flow");
            Some(router.complete_login(flow, step.get("success").and_then(Value::as_bool).unwrap())?)
        }
        other => panic!("unknown step {other}"),
    };
    if let Some(Outcome::Pending(flow)) = outcome {
        script.flow = Some(flow);
        return Ok("pending".to_owned());
    }
    Ok("ok".to_owned())
}

/// An interceptor of a script: its decision when the destination's parameters are as `when` says.
fn decide(interceptor: &Value) -> impl Fn(&navrouter::Interception) -> Decision + Send + Sync + 'static {
    let when = interceptor.get("when").map(Value::string_map).unwrap_or_default();
    let name = interceptor
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let decision = interceptor
        .get("decision")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let url = interceptor
        .get("url")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    move |interception| {
        if when
            .iter()
            .any(|(key, value)| interception.parameter(key).as_deref() != Some(value.as_str()))
        {
            return Decision::Proceed;
        }
        match decision.as_str() {
            "cancel" => Decision::Cancel(name.clone()),
            "redirect" => Decision::Redirect(url.clone()),
            _ => Decision::Pending,
        }
    }
}

#[test]
fn commands() {
    let commands = vectors("commands.json");
    let manifest =
        std::fs::read_to_string(root().join(commands.get("manifest").and_then(Value::as_str).unwrap())).unwrap();
    for script in commands.get("scripts").and_then(Value::as_array).unwrap() {
        let name = script.get("name").and_then(Value::as_str).unwrap_or_default();
        let registry = Registry::new().unwrap();
        registry.load_manifest(&manifest).unwrap();
        let mut state = Script::default();
        for interceptor in script.get("interceptors").and_then(Value::as_array).unwrap_or(&[]) {
            let phase = match interceptor.get("phase").and_then(Value::as_str) {
                Some("after") => Phase::After,
                Some("leave") => Phase::Leave,
                _ => Phase::Before,
            };
            let scope = Scope::Routes(strings(interceptor.get("routes")));
            let label = interceptor.get("name").and_then(Value::as_str).unwrap();
            registry
                .add_interceptor(label, phase, scope, decide(interceptor))
                .unwrap();
        }
        if script.get("login_handler").and_then(Value::as_bool) == Some(true) {
            let login = Arc::clone(&state.login);
            registry
                .set_login_handler(move |_, flow, _| *login.lock().unwrap() = Some(flow))
                .unwrap();
        }
        let router = Router::new(&registry).unwrap();
        let events = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&events);
        router
            .set_navigator(move |event| {
                if event.kind != EventKind::StateChanged {
                    seen.lock().unwrap().push(event.kind_name.clone());
                }
                true
            })
            .unwrap();
        router.start().unwrap();
        for (number, step) in script
            .get("steps")
            .and_then(Value::as_array)
            .unwrap()
            .iter()
            .enumerate()
        {
            events.lock().unwrap().clear();
            let got = run_step(&router, &registry, step, &mut state).unwrap_or_else(|error| status(&error));
            let kinds = events.lock().unwrap().clone();
            let expected = (
                step.get("status").and_then(Value::as_str).unwrap().to_owned(),
                strings(step.get("events")),
            );
            assert_eq!((got, kinds), expected, "{name}, step {number}: {}", step.to_json());
        }
        let stacks = router.stacks().unwrap();
        let lists = |value: Option<&Value>| -> Vec<Vec<String>> {
            value
                .and_then(Value::as_array)
                .unwrap_or(&[])
                .iter()
                .map(|list| strings(Some(list)))
                .collect()
        };
        let wanted = script.get("final").unwrap();
        assert_eq!(
            stacks.selected_tab as i64,
            wanted.get("selected_tab").and_then(Value::as_i64).unwrap(),
            "{name}"
        );
        assert_eq!(stacks.tabs, lists(wanted.get("tabs")), "{name}");
        assert_eq!(stacks.layers, lists(wanted.get("layers")), "{name}");
    }
}

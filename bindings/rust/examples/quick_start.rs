//! The quick start (docs/rust.md): load the shop manifest, start a router (a tab per root route), open a deep link
//! from outside the app, go back, and print what is on screen.

use navrouter::{NavOptions, Registry, Router};

fn main() -> navrouter::Result<()> {
    let manifest = include_str!("../../../examples/manifests/shop.json");
    let registry = Registry::new()?;
    registry.load_manifest(manifest)?;
    let router = Router::new(&registry)?;
    router.set_navigator(|event| {
        let route = event.entry.as_ref().map_or("", |entry| entry.route.as_str());
        println!("{} {}", event.kind_name, route);
        true // accept the change; false refuses it and the command is rolled back
    })?;
    router.start()?;
    let external = NavOptions {
        external: true,
        ..NavOptions::default()
    };
    router.navigate("myapp://shop/product/42", &external)?; // catalog tab: catalog > product
    let product = registry.resolve("myapp://shop/product/42")?;
    println!("id {}", product.parameter_i64("id")?);
    router.back()?;
    let stacks = router.stacks()?;
    println!("{:?}", stacks.tabs[stacks.selected_tab]);
    Ok(())
}

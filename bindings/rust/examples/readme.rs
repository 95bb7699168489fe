use navrouter::{NavOptions, Registry, Router};

fn main() -> navrouter::Result<()> {
    let registry = Registry::new()?;
    registry.load_manifest(include_str!("../../../examples/manifests/shop.json"))?;
    println!("{}", registry.resolve("myapp://shop/product/42")?.parameter_i64("id")?); // 42
    let router = Router::new(&registry)?;
    router.set_navigator(|event| {
        println!("{}", event.kind_name); // render it; false would refuse it
        true
    })?;
    router.start()?;
    router.navigate("/shop/product/42", &NavOptions::default())?;
    Ok(())
}

import NavRouter

/// The shop's routes: two tabs, products pushed, the cart as a sheet, orders behind a login.
func makeShopRegistry() throws(NavRouterError) -> RouteRegistry {
    let registry = try RouteRegistry()
    try registry.register([
        try Route(name: "home", pattern: "/home", presentation: .root),
        try Route(name: "account", pattern: "/account", presentation: .root),
        try Route(name: "product", pattern: "/shop/product/<int:id>"),
        try Route(name: "cart", pattern: "/shop/cart", presentation: .modal(.sheet)),
        try Route(name: "orders", pattern: "/account/orders", requiresAuth: true),
    ])
    return registry
}

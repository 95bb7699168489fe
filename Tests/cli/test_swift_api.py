"""The Swift API as a user's code meets it, checked by the compiler: typed identifiers do not convert into one
another, and a main-actor host written against the NavRouter product type-checks in Swift 6 language mode with
complete concurrency checking and warnings as errors. Type-checks against the debug build's modules (built here
when missing)."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / ".build" / "debug" / "Modules"


@pytest.fixture(scope="module")
def typecheck():
    if not (MODULES / "NavRouter.swiftmodule").exists():
        subprocess.run(["swift", "build", "--target", "NavRouter"], cwd=ROOT, check=True, capture_output=True)

    def run(source: str, tmp: Path, *more: Path) -> subprocess.CompletedProcess[str]:
        path = tmp / "user.swift"
        path.write_text(source)
        return subprocess.run(
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-strict-concurrency=complete",
                "-warnings-as-errors", "-I", str(MODULES),
                "-Xcc", f"-fmodule-map-file={ROOT}/.build/debug/CPathScan.build/module.modulemap",
                "-Xcc", f"-fmodule-map-file={ROOT}/.build/debug/CThreadSlot.build/module.modulemap",
                "-I", str(ROOT / "Sources" / "CJansson"), "-I", str(ROOT / "Sources" / "CPathScan" / "include"),
                "-I", str(ROOT / "Sources" / "CThreadSlot" / "include"),
                str(path), *map(str, more),
            ],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip

    return run


MISUSES = {
    "router.popTo(entry: transition)": "'TransitionID' to expected argument type 'EntryID'",
    "router.transitionFinished(flow)": "'FlowToken' to expected argument type 'TransitionID'",
    "router.resumeFlow(ticket, decision: .proceed)": "'Ticket' to expected argument type 'FlowToken'",
    "router.registry.guards.removeInterceptor(entry)": "'EntryID' to expected argument type 'InterceptorID'",
    "router.cancelBackGesture(transition)": "'TransitionID' to expected argument type 'GestureID'",
    "router.popTo(entry: number)": "'UInt64' to expected argument type 'EntryID'",
}


@pytest.mark.parametrize("call", sorted(MISUSES))
def test_one_kind_of_id_does_not_pass_for_another(typecheck, tmp_path, call):
    source = f"""import NavRouter
func misuse(router: Router, entry: EntryID, transition: TransitionID, flow: FlowToken, ticket: Ticket,
            number: UInt64) throws {{
    _ = try {call}
}}
"""
    result = typecheck(source, tmp_path)
    assert result.returncode != 0, f"{call} compiled"
    assert MISUSES[call] in result.stderr, result.stderr[-1500:]


def test_a_main_actor_host_type_checks_in_swift_6_without_warnings(typecheck, tmp_path):
    source = """import NavRouter

struct Product: Codable, Sendable { var id: Int; var title: String }

@MainActor final class Screens: MainActorRouteHandler {
    var live: [NavigationEntry.ID: ViewHandle] = [:]
    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        let view = ViewHandle(rawValue: UInt(live.count + 1))
        live[entry.id] = view
        return view
    }
    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) { live[entry.id] = nil }
}

@MainActor final class App {
    let host: NavigationHost
    let screens = Screens()
    init(registry: RouteRegistry) {
        host = NavigationHost(router: Router(registry: registry)) { event in
            switch event.change {
            case .push(let entry, _): print("push", entry.route)
            case .present(let entry, _, let style, _): print("present", entry.route, style)
            default: break
            }
        }
        host.defaultHandler = screens
    }
    func run() async throws(NavRouterError) {
        try await host.start()
        try await host.navigate("/shop/product/7", props: Product(id: 7, title: "Hose"))
        try await host.pop()
        try await host.push("/shop/product/8")
        let product = try host.router.state.topEntry?.props(as: Product.self)
        print(product?.title ?? "", host.model.tabs.first?.path.count ?? 0)
        for await event in host.events where event.kind == .stateChanged { break }
    }
}
"""
    result = typecheck(source, tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]


TUTORIAL = ROOT / "Sources" / "NavRouter" / "NavRouter.docc" / "Resources"


@pytest.mark.parametrize("step", ["shop-02-host.swift", "shop-03-commands.swift", "shop-04-views.swift"])
def test_the_tutorials_code_type_checks(typecheck, tmp_path, step):
    # Each step with the routes of the first; the SwiftUI step (shop-05) needs SwiftUI, which Linux has not.
    result = typecheck("", tmp_path, TUTORIAL / "shop-01-routes.swift", TUTORIAL / step)
    assert result.returncode == 0, result.stderr[-3000:]


def test_the_tutorials_login_step_type_checks(typecheck, tmp_path):
    # It extends the navigation of the commands step.
    files = [TUTORIAL / name for name in ("shop-01-routes.swift", "shop-03-commands.swift", "shop-06-login.swift")]
    result = typecheck("", tmp_path, *files)
    assert result.returncode == 0, result.stderr[-3000:]


SHOP_ROUTES = ROOT / "examples" / "swift" / "Sources" / "shop-app" / "ShopRoutes.swift"

TYPED_MISUSES = {
    'try router.push(ProductRoute(id: "7"))': "cannot convert value of type 'String' to expected argument type 'Int64'",
    "try router.push(ProductRoute())": "missing argument for parameter 'id'",
    "try router.navigate(to: SearchRoute())": "missing argument for parameter 'q'",
    "let product: ProductRoute? = entry.route(as: CartRoute.self)": "cannot assign value of type 'CartRoute?'",
    "try router.push(CategoryRoute(slug: 7))": "cannot convert value of type 'Int' to expected argument type 'String'",
}


@pytest.mark.parametrize("statement", sorted(TYPED_MISUSES))
def test_a_typed_route_is_checked_by_the_compiler(typecheck, tmp_path, statement):
    # The routes `navrouter gen swift` wrote for the shop (examples/swift/Sources/shop-app/ShopRoutes.swift).
    source = f"""import NavRouterCore
func misuse(router: Router, entry: NavigationEntry) throws {{
    {statement}
}}
"""
    result = typecheck(source, tmp_path, SHOP_ROUTES)
    assert result.returncode != 0, f"{statement} compiled"
    assert TYPED_MISUSES[statement] in result.stderr, result.stderr[-1500:]


def test_typed_routes_type_check_in_swift_6_without_warnings(typecheck, tmp_path):
    source = """import NavRouter

@MainActor func run(host: NavigationHost, registry: RouteRegistry) async throws {
    for type in ShopRoute.types where registry.table.route(named: type.routeName) == nil {
        try registry.register(type)
    }
    try await host.push(ProductRoute(id: 7))
    try await host.navigate(to: SearchRoute(q: "hose"))
    switch host.router.state.topEntry.flatMap(ShopRoute.init(entry:)) {
    case .product(let product): print(product.id + 1)
    case .search(let search): print(search.q.uppercased())
    default: print(try ProductRoute(id: 3).url(in: registry, scheme: "myapp"))
    }
}
"""
    result = typecheck(source, tmp_path, SHOP_ROUTES)
    assert result.returncode == 0, result.stderr[-3000:]


TYPED_MANIFEST = {
    "routes": [
        {
            "name": "list",
            "pattern": "list/<enum(new|top|1st):sort>/<bool:all>",
            "query": {"page": {"type": "int", "default": 1}, "ratio": "double", "q": {"required": True}},
        },
        {"name": "point", "pattern": "p/<double:x>"},
    ]
}

TYPED_PARAMETER_MISUSES = {
    'try router.push(ListRoute(sort: "top", all: true, q: "x"))': "cannot convert value of type 'String'",
    'try router.push(ListRoute(sort: .old, all: true, q: "x"))': "has no member 'old'",
    'try router.push(ListRoute(sort: .top, all: "yes", q: "x"))': "cannot convert value of type 'String'",
    'try router.push(PointRoute(x: "1.5"))': "cannot convert value of type 'String' to expected argument type 'Double'",
}


def generated_typed_routes(tmp_path: Path) -> Path:
    import json

    manifest = tmp_path / "typed.json"
    manifest.write_text(json.dumps(TYPED_MANIFEST))
    routes = tmp_path / "TypedRoutes.swift"
    tool = ROOT / "build" / "bin" / "navrouter"
    subprocess.run([str(tool), "gen", "swift", str(manifest), "-o", str(routes)], check=True, timeout=60)
    return routes


def test_generated_typed_parameters_type_check_in_swift_6(typecheck, tmp_path):
    source = """import NavRouterCore

func run(router: Router) throws {
    try router.push(ListRoute(sort: .top, all: true, q: "x"))
    try router.push(PointRoute(x: 1.5))
    if let list = router.state.topEntry?.route(as: ListRoute.self) {
        let page: Int64 = list.page
        let ratio: Double? = list.ratio
        let sort: ListRoute.Sort = list.sort
        print(page, ratio ?? 0, sort.rawValue, list.all ? 1 : 0, ListRoute.Sort.allCases.count)
    }
    let read = ListRoute(parameters: ["sort": "1st", "all": "false", "q": "a", "ratio": "2.5"])
    print(read?.sort == .value1st, read?.page == 1, ListRoute.queryParameters.count)
}
"""
    result = typecheck(source, tmp_path, generated_typed_routes(tmp_path))
    assert result.returncode == 0, result.stderr[-3000:]


@pytest.mark.parametrize("statement", sorted(TYPED_PARAMETER_MISUSES))
def test_a_typed_parameter_is_checked_by_the_compiler(typecheck, tmp_path, statement):
    source = f"""import NavRouterCore
func misuse(router: Router) throws {{
    {statement}
}}
"""
    result = typecheck(source, tmp_path, generated_typed_routes(tmp_path))
    assert result.returncode != 0, f"{statement} compiled"
    assert TYPED_PARAMETER_MISUSES[statement] in result.stderr, result.stderr[-1500:]

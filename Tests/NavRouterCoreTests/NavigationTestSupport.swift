import Foundation
import Synchronization
import XCTest

@testable import NavRouterCore

/// Records every event a router emits (thread-safe); can refuse events of one kind.
final class EventRecorder: Sendable {
    private let storage = Mutex<[NavigationEvent]>([])
    private let refusing = Mutex<NavigationEventKind?>(nil)

    var events: [NavigationEvent] { storage.withLock { $0 } }
    var kinds: [NavigationEventKind] { events.map(\.kind).filter { $0 != .stateChanged } }

    func refuse(_ kind: NavigationEventKind?) { refusing.withLock { $0 = kind } }
    func clear() { storage.withLock { $0.removeAll() } }

    var navigator: Router.Navigator {
        { event in
            self.storage.withLock { $0.append(event) }
            return self.refusing.withLock { $0 } != event.kind
        }
    }
}

/// Makes a fresh view for every entry and checks that each is released exactly once.
final class ViewLedger: RouteHandler, Sendable {
    private struct Books {
        var next: UInt = 100
        var live: [UInt: EntryID] = [:]
        var released: [UInt] = []
        var problems: [String] = []
        var declining: Set<String> = []
    }
    private let books = Mutex(Books())

    func decline(_ route: String) { books.withLock { _ = $0.declining.insert(route) } }
    var live: [UInt: EntryID] { books.withLock { $0.live } }
    var releasedCount: Int { books.withLock { $0.released.count } }
    var problems: [String] { books.withLock { $0.problems } }

    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        books.withLock { books in
            if books.declining.contains(entry.route) { return nil }
            books.next += 1
            books.live[books.next] = entry.id
            return ViewHandle(rawValue: books.next)
        }
    }

    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) {
        books.withLock { books in
            if books.live.removeValue(forKey: view.rawValue) == nil {
                books.problems.append("view \(view.rawValue) of entry \(entry.id) released twice or never made")
            } else {
                books.released.append(view.rawValue)
            }
        }
    }

    /// The views alive are exactly the views of the entries in the state.
    func check(_ state: NavigationState, file: StaticString = #filePath, line: UInt = #line) {
        let inState = Dictionary(
            uniqueKeysWithValues: state.allEntries.compactMap { entry in entry.view.map { ($0.rawValue, entry.id) } })
        XCTAssertEqual(live, inState, "live views differ from the views in the state", file: file, line: line)
        XCTAssertEqual(problems, [], file: file, line: line)
    }
}

/// The shop registry from the example manifest (logged in unless told otherwise).
func shopRegistry(authenticated: Bool = true) throws -> RouteRegistry {
    let registry = try RouteRegistry(options: RegistryOptions(policy: URLPolicy(webDomains: ["shop.example.com"])))
    try registry.loadManifest(try repositoryFile("examples/manifests/shop.json"))
    registry.guards.setAuthenticated(authenticated)
    return registry
}

/// A started router over the shop registry with a ledger and a recorder.
func shopRouter(authenticated: Bool = true) throws -> (Router, ViewLedger, EventRecorder) {
    let router = Router(registry: try shopRegistry(authenticated: authenticated))
    let ledger = ViewLedger()
    let recorder = EventRecorder()
    router.defaultHandler = ledger
    router.navigator = recorder.navigator
    try router.start()
    recorder.clear()
    return (router, ledger, recorder)
}

extension NavigationState {
    /// Route names of the current stack, for short assertions.
    var currentRoutes: [String] { currentStack.map(\.route) }

    /// The state without views (what a snapshot keeps).
    var withoutViews: NavigationState {
        var copy = self
        for tab in copy.tabs.indices {
            for entry in copy.tabs[tab].stack.indices { copy.tabs[tab].stack[entry].view = nil }
        }
        for layer in copy.layers.indices {
            for entry in copy.layers[layer].stack.indices { copy.layers[layer].stack[entry].view = nil }
        }
        for tab in copy.tabs.indices {
            for layer in copy.tabs[tab].hiddenLayers.indices {
                for entry in copy.tabs[tab].hiddenLayers[layer].stack.indices {
                    copy.tabs[tab].hiddenLayers[layer].stack[entry].view = nil
                }
            }
        }
        return copy
    }
}

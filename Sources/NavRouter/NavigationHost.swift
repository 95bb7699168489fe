@_exported import NavRouterCore

/// A router's host on the main actor: the adapter a SwiftUI or UIKit app puts between its views and a `Router`.
///
/// - Events arrive on the main actor, in order: to the `render` closure (which may be `async`: the transition lasts
///   until it returns), to every `events` stream, and into `model`, an `@Observable` state SwiftUI binds to.
/// - Commands are `async` and return when the host has finished their transition
///   (`await host.pop(); await host.push("/shop/cart")`): the router runs in `.waitForHost` mode and the host
///   finishes each transition once `render` has returned for every event of it. A command issued while a transition
///   runs is queued by the router; awaiting it returns when its own transition is finished, or throws its failure.
/// - Views are built on the main actor by a `MainActorRouteHandler` (`setHandler(_:forRoute:)`).
///
/// Inside `render` (and in tasks it starts), a command of this host returns its outcome at once, without waiting:
/// awaiting its transition there would wait for `render` itself. The `Router` stays usable directly (reads, or
/// commands from other threads: their events also arrive here).
@MainActor
public final class NavigationHost {
    /// The router this host drives (its `navigator` and `transitionMode` belong to the host).
    public let router: Router
    /// The state as observable values, updated on the main actor as events are rendered.
    public let model: NavigationModel

    private let inbox: AsyncStream<Delivery>.Continuation
    private var consumer: Task<Void, Never>?
    private let render: (@MainActor (NavigationEvent) async -> Void)?
    private var subscribers: [Int: AsyncStream<NavigationEvent>.Continuation] = [:]
    private var nextSubscriber = 0
    private var completions = TransitionCompletions()
    /// The host whose `render` runs in this task (set for `render`'s task and the tasks it starts): a command of that
    /// host issued there must not wait for its transition.
    @TaskLocal private static var rendering: ObjectIdentifier?

    /// Takes over a router: sets its navigator and `.waitForHost` mode, and starts delivering its events on the
    /// main actor.
    /// - Parameters:
    ///   - router: the router (its navigator and transition mode must not be changed while the host lives).
    ///   - render: draws one event (push, present, …); its transition lasts until every event of it was drawn.
    public init(router: Router, render: (@MainActor (NavigationEvent) async -> Void)? = nil) {
        self.router = router
        self.render = render
        self.model = NavigationModel(router: router)
        let (stream, inbox) = AsyncStream.makeStream(of: Delivery.self, bufferingPolicy: .unbounded)
        self.inbox = inbox
        router.transitionMode = .waitForHost
        router.navigator = { event in
            inbox.yield(.event(event))
            return true
        }
        consumer = Task { [weak self] in
            for await delivery in stream {
                guard let self else { return }
                switch delivery {
                case .event(let event): await self.deliver(event)
                case .settle: self.settle()
                case .settleFinished(let tickets): self.completions.settleUnchanged(tickets)
                }
            }
        }
    }

    /// Gives the router back: no navigator, and `.immediate` mode (an awaited transition is finished, so that the
    /// router does not wait for a host that is gone).
    isolated deinit {
        inbox.finish()
        consumer?.cancel()
        router.navigator = nil
        MainActorCall.run { router.transitionMode = .immediate }
        for subscriber in subscribers.values { subscriber.finish() }
        completions.abandon()
    }

    /// A new stream of every event from now on, delivered on the main actor after `render` drew it. The stream
    /// ends when the host is closed or released; a consumer that stops iterating is unsubscribed.
    public var events: AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: NavigationEvent.self, bufferingPolicy: .unbounded)
        let key = nextSubscriber
        nextSubscriber += 1
        subscribers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[key] = nil }
        }
        return stream
    }

    /// Sets the main-actor handler that builds views for a route's entries (`nil` removes it).
    /// - Throws: `.notFound` when the registry has no route of that name.
    public func setHandler(_ handler: (any MainActorRouteHandler)?, forRoute route: String) throws(NavRouterError) {
        try router.setHandler(handler.map(MainActorHandlerBridge.init), forRoute: route)
    }

    /// The main-actor handler for routes without their own (`nil`: none).
    public var defaultHandler: (any MainActorRouteHandler)? {
        get { (router.defaultHandler as? MainActorHandlerBridge)?.handler }
        set { router.defaultHandler = newValue.map(MainActorHandlerBridge.init) }
    }

    /// Runs a command and waits until the host has finished its transition.
    /// - Returns: `.applied` with the transition (`nil` when nothing changed), `.pending` (resume the flow with
    ///   `resumeFlow(_:decision:)`) or `.handled` — for a command that was queued too, once it has run. From inside
    ///   `render`, the router's outcome at once (`.queued` included).
    /// - Throws: the command's error (a queued command's too); the state is then as before.
    ///
    /// Cancelling the awaiting task neither undoes the command nor ends the wait: it returns once the transition is
    /// drawn.
    @discardableResult
    public func perform(_ command: NavigationCommand) async throws(NavRouterError) -> Router.Outcome {
        let outcome = try MainActorCall.run { () throws(NavRouterError) in try router.perform(command) }
        if Self.rendering == ObjectIdentifier(self) { return outcome }
        switch outcome {
        case .applied(let transition?):
            await withCheckedContinuation { completions.waitForTransition(transition, $0) }
            return outcome
        case .queued(let ticket):
            return try await withCheckedContinuation { continuation in
                completions.waitForTicket(ticket, continuation)
                settle()  // it may have run already, on another thread
            }.get()
        case .applied(nil), .pending, .handled:
            return outcome
        }
    }

    /// Stops delivering events: closes the router (views released, further commands fail with `.destroyed`), ends
    /// every `events` stream and returns every waiting command.
    public func close() {
        MainActorCall.run { router.close() }
        inbox.finish()
        for subscriber in subscribers.values { subscriber.finish() }
        subscribers = [:]
        completions.abandon()
    }

    /// Hands one event to `render`, the model and the streams; finishes its transition after its last event.
    private func deliver(_ event: NavigationEvent) async {
        model.apply(event)
        if let render { await Self.$rendering.withValue(ObjectIdentifier(self)) { await render(event) } }
        for subscriber in subscribers.values { subscriber.yield(event) }
        switch event.kind {
        case .commandFailed:
            if let ticket = event.ticket, let failure = event.failure { completions.fail(ticket, failure) }
        case .navigationPending:
            if let ticket = event.ticket, let flow = event.flow { completions.pend(ticket, flow) }
        case .stateChanged:
            completions.ran(event.ticket, as: event.transitionID)
            // Queued commands run now, on the main actor; their events come through the inbox after this one.
            MainActorCall.run { try? router.transitionFinished(event.transitionID) }
            completions.finished(event.transitionID)
            settle()
        default:
            break
        }
    }

    /// Queued commands waited for that have finished running: their events (a `stateChanged` event giving their
    /// transition, or a `commandFailed` event) are in the inbox now, so they are settled after those.
    private func settle() {
        let finished = completions.waitingTickets.filter { !router.isUnfinished($0) }
        if !finished.isEmpty { inbox.yield(.settleFinished(finished)) }
    }

    /// What the consumer takes from the inbox: an event, or a point to settle queued commands at.
    private enum Delivery: Sendable {
        case event(NavigationEvent)
        /// Look for queued commands that finished.
        case settle
        /// These queued commands finished before this point; those not settled by their events changed nothing.
        case settleFinished([Ticket])
    }
}

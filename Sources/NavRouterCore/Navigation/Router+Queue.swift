/// What a router runs in its one-at-a-time order: a host's command, or work of the router's own that calls the host
/// (expiring flows, a back gesture's leave guards), so that no callback of a router ever runs beside another.
enum RouterWork {
    /// A command.
    case command(NavigationCommand)
    /// Cancel the flows whose deadline passed (`Router.expireFlows()`): done before any work runs.
    case expireFlows
    /// Ask the leave guards of a back gesture and record it (`Router.beginBackGesture()`).
    case beginBackGesture(GestureRequest)
}

/// Where a back gesture's begin, run in the router's order, leaves its answer for the caller.
///
/// Safety: `result` is written by the thread that runs the work and read by the thread that issued it after the
/// work ran, on that same thread (a gesture is begun only by a thread that runs it itself, never queued).
final class GestureRequest: @unchecked Sendable {
    /// The begin's answer; `.destroyed` until it ran (a closed router never runs it). Not an optional: valgrind took
    /// the optional's `nil`, whose tag lives in the payload's spare bits, for a read of uninitialised memory.
    var result: Result<(gesture: GestureID, preview: BackPreview), NavRouterError> = .failure(
        NavRouterError(.destroyed, "the router is closed"))
}

/// A command waiting to run: queued from a callback or behind an unfinished transition, or the command of a thread
/// that waits for its turn.
struct QueuedCommand {
    /// What a waiting thread is told.
    enum Turn: Sendable {
        /// Run your command now (it has this number): you are the runner.
        case run(UInt64)
        /// Your command stays queued (the router waits for the host's transition): return `.queued`.
        case queued
        /// The router was closed.
        case closed
    }

    let ticket: Ticket
    let work: RouterWork
    /// Enforced by the guards (a refresh after logging out or removing routes): it runs while the router waits for
    /// the host's transition, without replacing the transition awaited.
    let urgent: Bool
    /// The number of the command whose callback queued it (it is discarded if that command fails), else nil.
    let queuedBy: UInt64?
    /// The thread waiting to run it itself, and how to wake it; nil when the runner runs it.
    var waiter: Parker<Turn>?
    let thread: ThreadIdentity
}

/// The router's queue: first in, first out, each operation amortized O(1) (a head index into an array that is
/// compacted when half of it has been taken).
struct CommandQueue {
    private var items: [QueuedCommand] = []
    private var head = 0

    var count: Int { items.count - head }
    var isEmpty: Bool { head == items.count }

    mutating func append(_ item: QueuedCommand) { items.append(item) }

    /// Whether the command with this ticket waits here.
    func contains(_ ticket: Ticket) -> Bool { items[head...].contains { $0.ticket == ticket } }

    mutating func popFirst() -> QueuedCommand? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// Removes and returns every item.
    mutating func removeAll() -> [QueuedCommand] {
        defer {
            items = []
            head = 0
        }
        return Array(items[head...])
    }

    /// Takes the first urgent item out (the others keep their order).
    mutating func popFirstUrgent() -> QueuedCommand? {
        guard let index = items[head...].firstIndex(where: \.urgent) else { return nil }
        return items.remove(at: index)
    }

    /// Removes and returns the items `shouldGo` picks, keeping the others in order.
    mutating func remove(where shouldGo: (QueuedCommand) -> Bool) -> [QueuedCommand] {
        let all = removeAll()
        var gone: [QueuedCommand] = []
        for item in all {
            if shouldGo(item) { gone.append(item) } else { items.append(item) }
        }
        return gone
    }

    /// Tells every waiting thread that its command stays queued (it is run by the runner later).
    mutating func releaseWaiters() -> [Parker<QueuedCommand.Turn>] {
        var waiters: [Parker<QueuedCommand.Turn>] = []
        for index in head..<items.count {
            if let waiter = items[index].waiter {
                waiters.append(waiter)
                items[index].waiter = nil
            }
        }
        return waiters
    }
}

extension Router {
    /// The part of `Router.Control` that keeps commands one at a time: who runs them, which runs now, what waits.
    struct CommandOrder {
        /// The thread running commands now, if any.
        var runner: ThreadIdentity?
        /// The number of the command running now (see `QueuedCommand.queuedBy`).
        var current: UInt64 = 0
        /// The ticket of the command running now, when it was queued (its events carry it).
        var currentTicket: Ticket?
        /// The command running now is urgent (see `QueuedCommand.urgent`).
        var currentUrgent = false
        /// The command running now was issued by a callback of another command (it supersedes no flow).
        var currentFromCallback = false
        var nextCommandNumber: UInt64 = 1
        /// Commands queued from callbacks since `runner` started.
        var queuedByCallbacks = 0
        var queue = CommandQueue()
        var nextTicket: UInt64 = 1

        /// Makes `thread` the runner if no thread runs commands.
        mutating func claimRunner(_ thread: ThreadIdentity) -> Bool {
            if runner != nil { return false }
            runner = thread
            queuedByCallbacks = 0
            return true
        }

        /// Numbers the command about to run (see `QueuedCommand.queuedBy`), with its ticket if it was queued.
        mutating func startCommand(ticket: Ticket? = nil, urgent: Bool = false, fromCallback: Bool = false) -> UInt64 {
            currentTicket = ticket
            currentUrgent = urgent
            currentFromCallback = fromCallback
            current = nextCommandNumber
            nextCommandNumber += 1
            return current
        }
    }

    /// What `perform` does with a command.
    enum Admission {
        /// Run it now, as the command with this number.
        case run(UInt64)
        case queued(Ticket)
        case wait(Ticket, Parker<QueuedCommand.Turn>)
        case refused(NavRouterError)
    }

    func admit(_ work: RouterWork, urgent: Bool) -> Admission {
        let me = ThreadIdentity.current
        return control.withLock { control in
            if control.closed { return .refused(NavRouterError(.destroyed, "the router is closed")) }
            if (control.transitions.awaiting == nil || urgent) && control.order.claimRunner(me) {
                return .run(control.order.startCommand(urgent: urgent))
            }
            let ticket = Ticket(control.order.nextTicket)
            control.order.nextTicket += 1
            if control.order.runner == me {  // from a callback of the running command
                // A replay runs each logged step alone: the command this callback issues is a step of the log.
                if control.logBook.replaying { return .queued(ticket) }
                if control.order.queuedByCallbacks >= Self.maxCommandsQueuedByCallbacks {
                    return .refused(
                        NavRouterError(
                            .limitExceeded,
                            "more than \(Self.maxCommandsQueuedByCallbacks) commands queued from callbacks in one "
                                + "run: does a callback issue a command for every event?"
                        ))
                }
                control.order.queuedByCallbacks += 1
                control.order.queue.append(
                    QueuedCommand(
                        ticket: ticket, work: work, urgent: urgent, queuedBy: control.order.current, waiter: nil,
                        thread: me))
                return .queued(ticket)
            }
            if (control.transitions.awaiting != nil && !urgent) || ThreadIdentity.commandDepth > 0 {
                // The router waits for the host, or this thread runs another router's command (waiting here could
                // deadlock two routers calling each other from callbacks): queued.
                control.order.queue.append(
                    QueuedCommand(ticket: ticket, work: work, urgent: urgent, queuedBy: nil, waiter: nil, thread: me))
                return .queued(ticket)
            }
            let parker = Parker<QueuedCommand.Turn>()
            control.order.queue.append(
                QueuedCommand(ticket: ticket, work: work, urgent: urgent, queuedBy: nil, waiter: parker, thread: me))
            return .wait(ticket, parker)
        }
    }

    /// Runs work on this thread (the runner), as the command with that number, then the queue.
    func run(_ work: RouterWork, number: UInt64) -> Result<Outcome, NavRouterError> {
        let depth = ThreadIdentity.enterCommand()
        defer { ThreadIdentity.leaveCommand(depth) }
        let result = executeCounted(work, number: number)
        drain()
        return result
    }

    /// Runs the queue on this thread, which has just become the runner.
    func runQueue() {
        let depth = ThreadIdentity.enterCommand()
        defer { ThreadIdentity.leaveCommand(depth) }
        drain()
    }

    /// Runs one piece of work numbered `number`, after expiring the flows whose deadline passed; if it fails, the
    /// commands its callbacks queued are discarded.
    private func executeCounted(_ work: RouterWork, number: UInt64) -> Result<Outcome, NavRouterError> {
        expireDueFlows()
        let result: Result<Outcome, NavRouterError>
        switch work {
        case .command(let command):
            let recording = beginRecording()
            result = execute(command)
            if recording { endRecording(command, result) }
        case .expireFlows:
            result = .success(.applied(transition: nil))
        case .beginBackGesture(let request):
            let recording = beginRecording()
            let begun = beginBackGestureNow()
            request.result = begun
            if recording {
                endRecording(
                    .object(["command": .string("begin_back_gesture")]), begun.map { Self.gestureJSON($0.gesture) })
            }
            result = begun.map { _ in .applied(transition: nil) }
        }
        if case .failure(let error) = result {
            let discarded = control.withLock { $0.order.queue.remove { $0.queuedBy == number } }
            for item in discarded {
                reportFailed(
                    item.ticket,
                    NavRouterError(
                        .cancelled,
                        "command \(item.ticket) was discarded: the command that queued it failed "
                            + "(\(error.code.cName): \(error.message))"
                    ))
            }
        }
        return result
    }

    /// What the runner does next: run a queued command, hand the runner's role over to a waiting thread, or stop
    /// (waking waiters whose commands stay queued, and releasing a closed router's views).
    private struct Next {
        var command: QueuedCommand?
        var number: UInt64 = 0
        var handOver: Parker<QueuedCommand.Turn>?
        var waiters: [Parker<QueuedCommand.Turn>] = []
        var teardown: ([NavigationEntry], ViewHandlers)?
    }

    /// Runs queued commands until the queue is empty, the router waits for the host, or the next command belongs
    /// to a thread waiting to run it (the runner's role passes to that thread).
    private func drain() {
        // The usual case, a command that queued nothing: give up the runner's role without building a `Next`.
        let idle = control.withLock { control -> Bool in
            guard !control.closed && control.order.queue.isEmpty else { return false }
            control.order.runner = nil
            return true
        }
        if idle { return }
        while true {
            let next: Next = control.withLock { control in
                var next = Next()
                // While the host's transition runs, only urgent commands (a logout's prune) go on.
                let item =
                    control.closed
                    ? nil
                    : control.transitions.awaiting == nil
                        ? control.order.queue.popFirst() : control.order.queue.popFirstUrgent()
                guard let item else {
                    control.order.runner = nil
                    if !control.closed { next.waiters = control.order.queue.releaseWaiters() }
                    if control.closed && control.teardownPending { next.teardown = control.tearDown() }
                    return next
                }
                if let waiter = item.waiter {
                    control.order.runner = item.thread
                    control.order.queuedByCallbacks = 0
                    next.handOver = waiter
                    next.number = control.order.startCommand(urgent: item.urgent)
                } else {
                    next.command = item
                    next.number = control.order.startCommand(
                        ticket: item.ticket, urgent: item.urgent, fromCallback: item.queuedBy != nil)
                }
                return next
            }
            if let item = next.command {
                if case .failure(let error) = executeCounted(item.work, number: next.number) {
                    reportFailed(item.ticket, error)
                }
                continue
            }
            if let waiter = next.handOver {
                waiter.signal(.run(next.number))
                return
            }
            for waiter in next.waiters { waiter.signal(.queued) }
            if let (entries, views) = next.teardown { views.release(entries) }
            return
        }
    }

    /// Tells the navigator a queued command failed.
    private func reportFailed(_ ticket: Ticket, _ error: NavRouterError) {
        var event = NavigationEvent(kind: .commandFailed, transitionID: 0)
        event.failure = error
        event.ticket = ticket
        notify(event)
    }
}

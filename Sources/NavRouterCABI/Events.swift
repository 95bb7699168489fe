// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a borrowed `const navrouter_event *` points at: a frame on the stack of the navigator call (see
/// `withEventFrame`), holding the event and, once the host asks, the box of its entry (`navrouter_event_entry`, what a
/// drawing host reads) and an `EventExtras` (the entry lists' boxes and the C strings). A host that reads only the
/// kind, the transition or the flags costs no allocation; one that reads the entry, one.
///
/// Safety: the frame lives on the stack of `withEventFrame` for exactly the navigator call that receives its
/// address (the header: an event is valid only during that callback), and so does the event it points at, borrowed
/// from `withEventFrame`'s caller for that call (a copy of the event cost a retain and a release, two atomic
/// operations an event); the event is immutable; `entryBox` and `extras` are each set once, by a
/// compare-and-exchange, so two threads reading the event during the callback share them.
struct EventFrame: ~Copyable {
    private let borrowed: UnsafePointer<NavigationEvent>
    // Safety: each set once by a compare-and-exchange (see the type), released when the frame ends.
    private let entryBox = Atomic<Unmanaged<EntryBox>?>(nil)
    private let extras = Atomic<Unmanaged<EventExtras>?>(nil)

    init(_ event: UnsafePointer<NavigationEvent>) { borrowed = event }

    /// The event (valid for the frame's life, see the type's Safety note).
    var event: NavigationEvent { borrowed.pointee }

    /// The box of the event's entry, made on first use; nil when the event has none.
    var entry: EntryBox? {
        guard let entry = event.entry else { return nil }
        return madeOnce(entryBox) { EntryBox(entry) }
    }

    /// The entry lists' boxes and the C strings, made on first use.
    var made: EventExtras { madeOnce(extras) { EventExtras(event) } }

    deinit {
        entryBox.load(ordering: .acquiring)?.release()
        extras.load(ordering: .acquiring)?.release()
    }
}

/// An event's entry lists as borrowed `navrouter_entry` boxes, and the C strings handed out for it.
/// Safety: immutable after `init` (see `CStringOwner`).
final class EventExtras: CStringOwner, @unchecked Sendable {
    let entries: [EntryBox]
    let removed: [EntryBox]

    init(_ event: NavigationEvent) {
        entries = event.entries.map(EntryBox.init)
        removed = event.removedEntries.map(EntryBox.init)
    }
}

/// Calls `body` with the address of a frame pointing at `event`, valid until `body` returns.
/// Safety: the event is borrowed for the whole call, so its address (and the frame's) outlives `body`; see
/// `EventFrame`.
func withEventFrame<Result>(_ event: borrowing NavigationEvent, _ body: (OpaquePointer) -> Result) -> Result {
    withUnsafePointer(to: event) { event in
        var frame = EventFrame(event)
        return withUnsafeMutablePointer(to: &frame) { body(OpaquePointer($0)) }
    }
}

/// Reads the frame behind an event pointer, or gives nil for NULL.
/// Safety: a non-NULL pointer is the address `withEventFrame` handed to the navigator, read during that call (the
/// header's contract; a pointer kept past its callback is the host's error, as any dangling pointer in C).
@inline(__always)
private func withEvent<Result>(_ pointer: OpaquePointer?, _ body: (borrowing EventFrame) -> Result?) -> Result? {
    guard let pointer else { return nil }
    return body(UnsafePointer<EventFrame>(pointer).pointee)
}

private func kindCode(_ kind: NavigationEventKind) -> Int32 {
    switch kind {
    case .tabsSetUp: return NAVROUTER_EVENT_TABS_SET_UP
    case .push: return NAVROUTER_EVENT_PUSH
    case .pop: return NAVROUTER_EVENT_POP
    case .present: return NAVROUTER_EVENT_PRESENT
    case .dismiss: return NAVROUTER_EVENT_DISMISS
    case .stackReplaced: return NAVROUTER_EVENT_STACK_REPLACED
    case .tabSelected: return NAVROUTER_EVENT_TAB_SELECTED
    case .resultDelivered: return NAVROUTER_EVENT_RESULT_DELIVERED
    case .restored: return NAVROUTER_EVENT_RESTORED
    case .commandFailed: return NAVROUTER_EVENT_COMMAND_FAILED
    case .flowCancelled: return NAVROUTER_EVENT_FLOW_CANCELLED
    case .stateChanged: return NAVROUTER_EVENT_STATE_CHANGED
    case .guardError: return NAVROUTER_EVENT_GUARD_ERROR
    case .layersHidden: return NAVROUTER_EVENT_LAYERS_HIDDEN
    case .layersShown: return NAVROUTER_EVENT_LAYERS_SHOWN
    case .navigationPending: return NAVROUTER_EVENT_NAVIGATION_PENDING
    case .pendingEnded: return NAVROUTER_EVENT_PENDING_ENDED
    case .entryUpdated: return NAVROUTER_EVENT_ENTRY_UPDATED
    }
}

/// The kinds' names as static C strings, indexed by `kindCode`.
/// Safety: made once by the global's initializer, then never written nor freed: any thread may read them.
nonisolated(unsafe) private let kindNames: [UnsafePointer<CChar>?] = {
    var names = [UnsafePointer<CChar>?](repeating: nil, count: 32)
    for kind in NavigationEventKind.allCases { names[Int(kindCode(kind))] = UnsafePointer(strdup(kind.rawValue)!) }
    return names
}()

@_cdecl("navrouter_event_kind") @implementation
public func navrouter_event_kind(_ event: OpaquePointer?) -> Int32 {
    withEvent(event) { kindCode($0.event.kind) } ?? 0
}

@_cdecl("navrouter_event_kind_name") @implementation
public func navrouter_event_kind_name(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    withEvent(event) { kindNames[Int(kindCode($0.event.kind))] }
}

@_cdecl("navrouter_event_transition") @implementation
public func navrouter_event_transition(_ event: OpaquePointer?) -> UInt64 {
    withEvent(event) { $0.event.transitionID.rawValue } ?? 0
}

@_cdecl("navrouter_event_entry") @implementation
public func navrouter_event_entry(_ event: OpaquePointer?) -> OpaquePointer? {
    withEvent(event) { $0.entry.map(borrowed) }
}

@_cdecl("navrouter_event_entry_count") @implementation
public func navrouter_event_entry_count(_ event: OpaquePointer?) -> Int {
    withEvent(event) { $0.event.entries.count } ?? 0
}

@_cdecl("navrouter_event_entry_at") @implementation
public func navrouter_event_entry_at(_ event: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    withEvent(event) { frame in
        frame.event.entries.indices.contains(index) ? borrowed(frame.made.entries[index]) : nil
    }
}

@_cdecl("navrouter_event_removed_count") @implementation
public func navrouter_event_removed_count(_ event: OpaquePointer?) -> Int {
    withEvent(event) { $0.event.removedEntries.count } ?? 0
}

@_cdecl("navrouter_event_removed_at") @implementation
public func navrouter_event_removed_at(_ event: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    withEvent(event) { frame in
        (0..<frame.event.removedEntries.count).contains(index) ? borrowed(frame.made.removed[index]) : nil
    }
}

@_cdecl("navrouter_event_tab") @implementation
public func navrouter_event_tab(_ event: OpaquePointer?) -> Int32 {
    if case .tab(let index)? = withEvent(event, { $0.event.location }) { return Int32(index) }
    return -1
}

@_cdecl("navrouter_event_layer") @implementation
public func navrouter_event_layer(_ event: OpaquePointer?) -> Int32 {
    if case .layer(let index)? = withEvent(event, { $0.event.location }) { return Int32(index) }
    return -1
}

@_cdecl("navrouter_event_style") @implementation
public func navrouter_event_style(_ event: OpaquePointer?) -> UInt32 {
    switch withEvent(event, { $0.event.style }) {
    case .sheet?: return NAVROUTER_STYLE_SHEET
    case .fullScreen?: return NAVROUTER_STYLE_FULLSCREEN
    case nil: return NAVROUTER_STYLE_NONE
    }
}

@_cdecl("navrouter_event_animated") @implementation
public func navrouter_event_animated(_ event: OpaquePointer?) -> Bool {
    withEvent(event) { $0.event.animated } ?? false
}

@_cdecl("navrouter_event_user_initiated") @implementation
public func navrouter_event_user_initiated(_ event: OpaquePointer?) -> Bool {
    withEvent(event) { $0.event.userInitiated } ?? false
}

@_cdecl("navrouter_event_result_of") @implementation
public func navrouter_event_result_of(_ event: OpaquePointer?) -> UInt64 {
    withEvent(event) { $0.event.resultOf?.rawValue } ?? 0
}

@_cdecl("navrouter_event_result_json") @implementation
public func navrouter_event_result_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    withEvent(event) { frame in frame.made.cString("result") { frame.event.result?.jsonText } }
}

@_cdecl("navrouter_event_failure_status") @implementation
public func navrouter_event_failure_status(_ event: OpaquePointer?) -> Int32 {
    withEvent(event) { $0.event.failure?.code.rawValue } ?? 0
}

@_cdecl("navrouter_event_failure_message") @implementation
public func navrouter_event_failure_message(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    withEvent(event) { frame in frame.made.cString("failure") { frame.event.failure?.message } }
}

@_cdecl("navrouter_event_flow") @implementation
public func navrouter_event_flow(_ event: OpaquePointer?) -> UInt64 {
    withEvent(event) { $0.event.flow?.rawValue } ?? 0
}

@_cdecl("navrouter_event_ticket") @implementation
public func navrouter_event_ticket(_ event: OpaquePointer?) -> UInt64 {
    withEvent(event) { $0.event.ticket?.rawValue } ?? 0
}

@_cdecl("navrouter_event_prevent_dismissal") @implementation
public func navrouter_event_prevent_dismissal(_ event: OpaquePointer?) -> Bool {
    withEvent(event) { $0.event.preventsDismissal } ?? false
}

@_cdecl("navrouter_event_json") @implementation
public func navrouter_event_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    withEvent(event) { frame in frame.made.cString("json") { frame.event.jsonText } }
}

@_cdecl("navrouter_event_info_json") @implementation
public func navrouter_event_info_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    withEvent(event) { frame in frame.made.cString("info") { frame.event.info?.jsonText } }
}

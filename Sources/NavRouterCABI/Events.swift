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

/// An event behind a borrowed `const navrouter_event *`. The boxes of its entries are made when the host first
/// asks for one (a host that only reads the kind pays for none).
/// Safety: `event` is immutable; the boxes made on demand sit behind a `Mutex` (see `CStringOwner`).
final class EventBox: CStringOwner, @unchecked Sendable {
    let event: NavigationEvent
    private struct Boxes {
        var entry: EntryBox?
        var entries: [EntryBox]
        var removed: [EntryBox]
    }
    private let boxes = Mutex<Boxes?>(nil)

    init(_ event: NavigationEvent) { self.event = event }

    private func made() -> Boxes {
        boxes.withLock { boxes in
            if let boxes { return boxes }
            let made = Boxes(
                entry: event.entry.map(EntryBox.init), entries: event.entries.map(EntryBox.init),
                removed: event.removed.map(EntryBox.init))
            boxes = made
            return made
        }
    }

    var entry: EntryBox? { event.entry == nil ? nil : made().entry }
    var entries: [EntryBox] { event.entries.isEmpty ? [] : made().entries }
    var removed: [EntryBox] { event.removed.isEmpty ? [] : made().removed }
}

private func eventBox(_ pointer: OpaquePointer?) -> EventBox? { unborrowed(pointer, as: EventBox.self) }

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
    eventBox(event).map { kindCode($0.event.kind) } ?? 0
}

@_cdecl("navrouter_event_kind_name") @implementation
public func navrouter_event_kind_name(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { kindNames[Int(kindCode($0.event.kind))] }
}

@_cdecl("navrouter_event_transition") @implementation
public func navrouter_event_transition(_ event: OpaquePointer?) -> UInt64 {
    eventBox(event)?.event.transitionID.rawValue ?? 0
}

@_cdecl("navrouter_event_entry") @implementation
public func navrouter_event_entry(_ event: OpaquePointer?) -> OpaquePointer? {
    eventBox(event)?.entry.map(borrowed)
}

@_cdecl("navrouter_event_entry_count") @implementation
public func navrouter_event_entry_count(_ event: OpaquePointer?) -> Int {
    eventBox(event)?.entries.count ?? 0
}

@_cdecl("navrouter_event_entry_at") @implementation
public func navrouter_event_entry_at(_ event: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    guard let box = eventBox(event), box.entries.indices.contains(index) else { return nil }
    return borrowed(box.entries[index])
}

@_cdecl("navrouter_event_removed_count") @implementation
public func navrouter_event_removed_count(_ event: OpaquePointer?) -> Int {
    eventBox(event)?.removed.count ?? 0
}

@_cdecl("navrouter_event_removed_at") @implementation
public func navrouter_event_removed_at(_ event: OpaquePointer?, _ index: Int) -> OpaquePointer? {
    guard let box = eventBox(event), box.removed.indices.contains(index) else { return nil }
    return borrowed(box.removed[index])
}

@_cdecl("navrouter_event_tab") @implementation
public func navrouter_event_tab(_ event: OpaquePointer?) -> Int32 {
    if case .tab(let index)? = eventBox(event)?.event.location { return Int32(index) }
    return -1
}

@_cdecl("navrouter_event_layer") @implementation
public func navrouter_event_layer(_ event: OpaquePointer?) -> Int32 {
    if case .layer(let index)? = eventBox(event)?.event.location { return Int32(index) }
    return -1
}

@_cdecl("navrouter_event_style") @implementation
public func navrouter_event_style(_ event: OpaquePointer?) -> UInt32 {
    switch eventBox(event)?.event.style {
    case .sheet?: return NAVROUTER_STYLE_SHEET
    case .fullScreen?: return NAVROUTER_STYLE_FULLSCREEN
    case nil: return NAVROUTER_STYLE_NONE
    }
}

@_cdecl("navrouter_event_animated") @implementation
public func navrouter_event_animated(_ event: OpaquePointer?) -> Bool {
    eventBox(event)?.event.animated ?? false
}

@_cdecl("navrouter_event_user_initiated") @implementation
public func navrouter_event_user_initiated(_ event: OpaquePointer?) -> Bool {
    eventBox(event)?.event.userInitiated ?? false
}

@_cdecl("navrouter_event_result_of") @implementation
public func navrouter_event_result_of(_ event: OpaquePointer?) -> UInt64 {
    eventBox(event)?.event.resultOf?.rawValue ?? 0
}

@_cdecl("navrouter_event_result_json") @implementation
public func navrouter_event_result_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { box in box.cString("result") { box.event.result?.jsonText } }
}

@_cdecl("navrouter_event_failure_status") @implementation
public func navrouter_event_failure_status(_ event: OpaquePointer?) -> Int32 {
    eventBox(event)?.event.failure?.code.rawValue ?? 0
}

@_cdecl("navrouter_event_failure_message") @implementation
public func navrouter_event_failure_message(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { box in box.cString("failure") { box.event.failure?.message } }
}

@_cdecl("navrouter_event_flow") @implementation
public func navrouter_event_flow(_ event: OpaquePointer?) -> UInt64 {
    eventBox(event)?.event.flow?.rawValue ?? 0
}

@_cdecl("navrouter_event_ticket") @implementation
public func navrouter_event_ticket(_ event: OpaquePointer?) -> UInt64 {
    eventBox(event)?.event.ticket?.rawValue ?? 0
}

@_cdecl("navrouter_event_prevent_dismissal") @implementation
public func navrouter_event_prevent_dismissal(_ event: OpaquePointer?) -> Bool {
    eventBox(event)?.event.preventsDismissal ?? false
}

@_cdecl("navrouter_event_json") @implementation
public func navrouter_event_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { box in box.cString("json") { box.event.jsonValue.jsonText } }
}

@_cdecl("navrouter_event_info_json") @implementation
public func navrouter_event_info_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { box in box.cString("info") { box.event.info?.jsonText } }
}

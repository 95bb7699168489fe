import CNavRouter
import Glibc
import NavRouterCore

/// An event behind a borrowed `const navrouter_event *`, with boxes for the entries it hands out.
final class EventBox: Sendable {
    let event: NavigationEvent
    let entry: EntryBox?
    let entries: [EntryBox]
    let removed: [EntryBox]
    let cache = CStringCache()

    init(_ event: NavigationEvent) {
        self.event = event
        entry = event.entry.map(EntryBox.init)
        entries = event.entries.map(EntryBox.init)
        removed = event.removed.map(EntryBox.init)
    }
}

private func eventBox(_ pointer: OpaquePointer?) -> EventBox? { unborrowed(pointer, as: EventBox.self) }

private let kindCodes: [NavigationEventKind: Int32] = [
    .tabsSetUp: NAVROUTER_EVENT_TABS_SET_UP, .push: NAVROUTER_EVENT_PUSH, .pop: NAVROUTER_EVENT_POP,
    .present: NAVROUTER_EVENT_PRESENT, .dismiss: NAVROUTER_EVENT_DISMISS, .stackReplaced: NAVROUTER_EVENT_STACK_REPLACED,
    .tabSelected: NAVROUTER_EVENT_TAB_SELECTED, .resultDelivered: NAVROUTER_EVENT_RESULT_DELIVERED,
    .restored: NAVROUTER_EVENT_RESTORED, .commandFailed: NAVROUTER_EVENT_COMMAND_FAILED,
    .flowCancelled: NAVROUTER_EVENT_FLOW_CANCELLED, .stateChanged: NAVROUTER_EVENT_STATE_CHANGED,
]

nonisolated(unsafe) private let kindNames: [NavigationEventKind: UnsafePointer<CChar>] = Dictionary(
    uniqueKeysWithValues: NavigationEventKind.allCases.map { ($0, UnsafePointer(strdup($0.rawValue)!)) })

@_cdecl("navrouter_event_kind") @implementation
public func navrouter_event_kind(_ event: OpaquePointer?) -> Int32 {
    eventBox(event).flatMap { kindCodes[$0.event.kind] } ?? 0
}

@_cdecl("navrouter_event_kind_name") @implementation
public func navrouter_event_kind_name(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { kindNames[$0.event.kind] }
}

@_cdecl("navrouter_event_transition") @implementation
public func navrouter_event_transition(_ event: OpaquePointer?) -> UInt64 {
    eventBox(event)?.event.transitionID ?? 0
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
    case .fullscreen?: return NAVROUTER_STYLE_FULLSCREEN
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
    eventBox(event)?.event.resultOf ?? 0
}

@_cdecl("navrouter_event_result_json") @implementation
public func navrouter_event_result_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { box in box.cache.get("result") { box.event.result?.jsonText } }
}

@_cdecl("navrouter_event_failure_status") @implementation
public func navrouter_event_failure_status(_ event: OpaquePointer?) -> Int32 {
    eventBox(event)?.event.failure?.code.rawValue ?? 0
}

@_cdecl("navrouter_event_failure_message") @implementation
public func navrouter_event_failure_message(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { box in box.cache.get("failure") { box.event.failure?.message } }
}

@_cdecl("navrouter_event_flow") @implementation
public func navrouter_event_flow(_ event: OpaquePointer?) -> UInt64 {
    eventBox(event)?.event.flow ?? 0
}

@_cdecl("navrouter_event_json") @implementation
public func navrouter_event_json(_ event: OpaquePointer?) -> UnsafePointer<CChar>? {
    eventBox(event).flatMap { box in box.cache.get("json") { box.event.jsonValue.jsonText } }
}

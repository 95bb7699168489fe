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

/// A borrowed object (match, entry, event, interception) that hands out C strings made on demand, kept until the object
/// is freed. Most boxes (an event whose kind is all the host reads, a match read by its parameters) never make one:
/// they carry one empty word for it and free nothing.
///
/// Safety: its state is an `AtomicLazyReference` (the class is not final, so the compiler cannot check that itself).
class CStringOwner: @unchecked Sendable {
    private let made = AtomicLazyReference<MadeCStrings>()

    /// The C string for `key`, made by `make` the first time (nil when `make` gives nil).
    func cString(_ key: String, _ make: () -> String?) -> UnsafePointer<CChar>? {
        let strings = made.load() ?? made.storeIfNil(MadeCStrings())
        return strings.cString(key, make)
    }
}

/// The C strings a `CStringOwner` made, by key; freed with it.
///
/// Safety: a string is freed only in `deinit`, when its owner is gone and no borrower can hold the owner any more.
private final class MadeCStrings: Sendable {
    private let strings = Mutex<[String: UInt]>([:])

    func cString(_ key: String, _ make: () -> String?) -> UnsafePointer<CChar>? {
        strings.withLock { strings in
            if let address = strings[key] { return UnsafePointer(bitPattern: address) }
            guard let text = make() else { return nil }
            let pointer = strdup(text)!
            strings[key] = UInt(bitPattern: pointer)
            return UnsafePointer(pointer)
        }
    }

    deinit {
        strings.withLock { strings in
            for address in strings.values { free(UnsafeMutableRawPointer(bitPattern: address)) }
        }
    }
}

/// An entry behind a borrowed `const navrouter_entry *`.
/// Safety: immutable after `init` (see `CStringOwner`).
final class EntryBox: CStringOwner, @unchecked Sendable {
    let entry: NavigationEntry

    init(_ entry: NavigationEntry) { self.entry = entry }
}

private func entryBox(_ pointer: OpaquePointer?) -> EntryBox? { unborrowed(pointer, as: EntryBox.self) }

@_cdecl("navrouter_entry_id") @implementation
public func navrouter_entry_id(_ entry: OpaquePointer?) -> UInt64 {
    entryBox(entry)?.entry.id.rawValue ?? 0
}

@_cdecl("navrouter_entry_route") @implementation
public func navrouter_entry_route(_ entry: OpaquePointer?) -> UnsafePointer<CChar>? {
    entryBox(entry).flatMap { box in box.cString("route") { box.entry.route } }
}

@_cdecl("navrouter_entry_url") @implementation
public func navrouter_entry_url(_ entry: OpaquePointer?) -> UnsafePointer<CChar>? {
    entryBox(entry).flatMap { box in box.cString("url") { box.entry.url } }
}

@_cdecl("navrouter_entry_param") @implementation
public func navrouter_entry_param(_ entry: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let box = entryBox(entry), let name, let key = String(validatingCString: name) else { return nil }
    return box.cString("param:" + key) { box.entry.parameters[key] }
}

@_cdecl("navrouter_entry_params_json") @implementation
public func navrouter_entry_params_json(_ entry: OpaquePointer?) -> UnsafePointer<CChar>? {
    entryBox(entry).flatMap { box in
        box.cString("params") { JSONValue.object(strings: box.entry.parameters).jsonText }
    }
}

@_cdecl("navrouter_entry_props_json") @implementation
public func navrouter_entry_props_json(_ entry: OpaquePointer?) -> UnsafePointer<CChar>? {
    entryBox(entry).flatMap { box in box.cString("props") { box.entry.props.map { JSONValue.object($0).jsonText } } }
}

@_cdecl("navrouter_entry_view") @implementation
public func navrouter_entry_view(_ entry: OpaquePointer?) -> UnsafeMutableRawPointer? {
    viewPointer(entryBox(entry)?.entry.view)
}

@_cdecl("navrouter_entry_expects_result") @implementation
public func navrouter_entry_expects_result(_ entry: OpaquePointer?) -> Bool {
    entryBox(entry)?.entry.expectsResult ?? false
}

@_cdecl("navrouter_entry_saved_state_json") @implementation
public func navrouter_entry_saved_state_json(_ entry: OpaquePointer?) -> UnsafePointer<CChar>? {
    entryBox(entry).flatMap { box in
        box.cString("saved_state") { box.entry.savedState.map { JSONValue.object($0).jsonText } }
    }
}

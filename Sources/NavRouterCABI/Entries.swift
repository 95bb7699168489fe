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
/// is freed. Most boxes (an event whose kind is all the host reads, a match read by its parameters, an entry whose
/// route is all the host reads) never make one: their list is made at the first string (`madeOnce`), so such a box
/// allocates, locks and frees nothing for it (a list made with every box cost ~110 instructions a box, its lock taken
/// again when the box went).
///
/// The strings are kept in a list searched by key: a box hands out a handful at most (its route, URL, JSON forms and
/// the parameters asked for by name), where a dictionary cost an allocation and a hash more than the search (an
/// entry's route through C: 3,216 instructions the first time, 667 with the list and `withCString`). The first string
/// is kept outside the array (the usual box hands out one): no array is allocated for it, and the list's elements are
/// a struct, not a tuple, which the runtime destroyed through its generic tuple functions.
///
/// Safety: the list is made once and kept in an atomic slot (`madeOnce`), its state behind a `Mutex` (the class is not
/// final, so the compiler cannot check that itself); a string is freed only when the list goes, with the box, when no
/// borrower can hold the box any more.
class CStringOwner: @unchecked Sendable {
    /// A string made, by key; its address as an integer (the C string is the list's to free).
    private struct Made {
        let key: String
        let address: UInt
    }

    /// The strings made: the first, then the others.
    private struct Strings {
        var first: Made?
        var more: [Made] = []
    }

    /// The strings made, freed with the list.
    private final class StringList: Sendable {
        let made = Mutex(Strings())

        deinit {
            made.withLock { made in
                guard let first = made.first else { return }
                free(UnsafeMutableRawPointer(bitPattern: first.address))
                for item in made.more { free(UnsafeMutableRawPointer(bitPattern: item.address)) }
            }
        }
    }

    /// The list, made at the first string.
    ///
    /// Safety: holds the list's one strong reference, set once by a compare-and-exchange and released in deinit.
    private let list = Atomic<Unmanaged<StringList>?>(nil)

    /// The C string for `key`, made by `make` the first time (nil when `make` gives nil).
    func cString(_ key: String, _ make: () -> String?) -> UnsafePointer<CChar>? {
        madeOnce(list) { StringList() }.made.withLock { made in
            if let first = made.first {
                if first.key == key { return UnsafePointer(bitPattern: first.address) }
                for item in made.more where item.key == key { return UnsafePointer(bitPattern: item.address) }
            }
            guard let text = make() else { return nil }
            let pointer = text.withCString { strdup($0)! }
            let item = Made(key: key, address: UInt(bitPattern: pointer))
            if made.first == nil { made.first = item } else { made.more.append(item) }
            return UnsafePointer(pointer)
        }
    }

    deinit { list.load(ordering: .acquiring)?.release() }
}

/// An entry behind a borrowed `const navrouter_entry *`.
/// Safety: immutable after `init` (see `CStringOwner`).
final class EntryBox: CStringOwner, @unchecked Sendable {
    let entry: NavigationEntry
    /// The route's name as a C string, made at its first read: what a drawing host reads of every entry, kept in
    /// its own slot (read without the list's lock and key comparisons).
    private let routeText = Atomic<UnsafeMutablePointer<CChar>?>(nil)

    init(_ entry: NavigationEntry) { self.entry = entry }

    /// The route's name (see `routeText`); valid while the box lives.
    var route: UnsafePointer<CChar> { UnsafePointer(cStringOnce(routeText) { entry.route }) }

    deinit { free(routeText.load(ordering: .acquiring)) }
}

private func entryBox(_ pointer: OpaquePointer?) -> EntryBox? { unborrowed(pointer, as: EntryBox.self) }

@_cdecl("navrouter_entry_id") @implementation
public func navrouter_entry_id(_ entry: OpaquePointer?) -> UInt64 {
    entryBox(entry)?.entry.id.rawValue ?? 0
}

@_cdecl("navrouter_entry_route") @implementation
public func navrouter_entry_route(_ entry: OpaquePointer?) -> UnsafePointer<CChar>? {
    entryBox(entry)?.route
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

@_cdecl("navrouter_entry_json") @implementation
public func navrouter_entry_json(_ entry: OpaquePointer?) -> UnsafePointer<CChar>? {
    entryBox(entry).flatMap { box in box.cString("json") { box.entry.jsonValue.jsonText } }
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

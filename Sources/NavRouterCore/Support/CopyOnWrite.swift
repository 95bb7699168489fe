/// A value kept in one heap object shared by every copy, and copied only when a copy is changed while shared.
///
/// Route, match, entry and event values wrap their fields in one: copying them then costs one reference count
/// instead of one per string, array and dictionary field, which is most of a navigation command's cost.
struct CopyOnWrite<Value: Equatable>: Equatable {
    private final class Storage {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    init(_ value: Value) { storage = Storage(value) }

    /// The shared value; changing it copies it first unless this is its only holder.
    var value: Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
            yield &storage.value
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }
}

// The storage is only changed while uniquely referenced (`value`'s `_modify`), so sharing it is safe when the
// value itself is Sendable.
extension CopyOnWrite: @unchecked Sendable where Value: Sendable {}

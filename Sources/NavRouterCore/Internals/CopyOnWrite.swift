/// The heap object behind a `CopyOnWrite` value: one per wrapped type, non-generic, so that making one needs no
/// generic metadata look-up at run time (a generic storage class paid one on every allocation).
protocol CopyOnWriteStorage: AnyObject {
    associatedtype Value: Equatable
    var value: Value { get set }
    init(_ value: Value)
    /// The storage a change of a shared `storage` writes to: a copy of its value unless the type knows better.
    static func unshared(_ storage: Self) -> Self
}

extension CopyOnWriteStorage {
    static func unshared(_ storage: Self) -> Self { Self(storage.value) }
}

/// A value kept in one heap object shared by every copy, and copied only when a copy is changed while shared.
///
/// Match, entry and event values wrap their fields in one: copying them then costs one reference count
/// instead of one per string, array and dictionary field, which is most of a navigation command's cost.
struct CopyOnWrite<Storage: CopyOnWriteStorage>: Equatable {
    private var storage: Storage

    init(_ value: Storage.Value) { storage = Storage(value) }

    /// Wraps a storage made by its type (a shared one, say).
    init(_ storage: Storage) { self.storage = storage }

    /// The shared value; changing it copies it first unless this is its only holder.
    var value: Storage.Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage.unshared(storage) }
            yield &storage.value
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value
    }
}

// Safety: the storage is only changed while uniquely referenced (`value`'s `_modify`), so sharing it is safe when
// the value itself is Sendable.
extension CopyOnWrite: @unchecked Sendable where Storage.Value: Sendable {}

import NavRouterCore

/// The match a thread last made or read, so that reading a match's strings takes no lock: a host resolves, reads
/// the strings and frees the match, and each getter would otherwise take the handle table's lock.
///
/// The entry holds a strong reference to the box, so checking it reads only memory the entry owns: a handle freed
/// by another thread meanwhile is seen through the box's `freed` flag (set before the handle's reference is
/// released), and its address cannot be reused for another match while the entry holds the box. Any other handle
/// is checked in the handle table, and then becomes the entry.
///
/// Safety: `box` holds a reference taken with `passRetained` and given back once, in `forget` or when replaced. The
/// entry lives in one thread's `ThreadState` and is used by that thread only.
struct CachedMatch {
    /// The handle's address, or 0 while empty (handles are never NULL).
    private var handle: UInt = 0
    private var box: Unmanaged<MatchBox>?

    /// Runs `body` on the box behind a live match handle (nil for NULL, freed, or not a match), borrowed from the
    /// entry without a reference count of its own: the entry holds the box for the whole call (only this thread
    /// changes it, and `body` does not call the C ABI).
    @inline(__always)
    mutating func withBox<Result>(for handle: OpaquePointer?, _ body: (MatchBox) -> Result?) -> Result? {
        if UInt(bitPattern: handle) != self.handle || box == nil {
            guard let object = try? Handles.object(handle, .match, as: MatchBox.self) else { return nil }
            remember(object, handle: handle)
        }
        return box.unsafelyUnwrapped._withUnsafeGuaranteedRef { box in
            box.freed.load(ordering: .acquiring) ? nil : body(box)
        }
    }

    /// Makes `object` (the box behind `handle`) the entry.
    mutating func remember(_ object: MatchBox, handle: OpaquePointer?) {
        forget()
        self.handle = UInt(bitPattern: handle)
        box = Unmanaged.passRetained(object)
    }

    /// Drops the entry (if it is for `handle`, when one is given) and releases the box.
    mutating func forget(_ handle: OpaquePointer? = nil) {
        if let handle, UInt(bitPattern: handle) != self.handle { return }
        box?.release()
        self = CachedMatch()
    }
}

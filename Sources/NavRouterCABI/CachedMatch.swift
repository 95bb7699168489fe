import NavRouterCore

/// The match a thread last made or read, so that reading a match's strings takes no lock: a host resolves, reads
/// the strings and frees the match, and each getter would otherwise take the handle table's lock.
///
/// The entry holds a reference to the match's block, so checking it reads only memory the entry keeps alive: a
/// handle freed by another thread meanwhile is seen through the block's `freed` flag (set before the handle's
/// reference is given back), and its address cannot be reused for another match while the entry holds the block.
/// Any other handle is checked in the handle table, and then becomes the entry.
///
/// Safety: the entry lives in one thread's `ThreadState` and is used by that thread only; `block` holds one of the
/// block's references whenever it is set (counted in at `make`, or taken under the handle table's lock), given back
/// once: when replaced, dropped, or handed to the handle's free.
struct CachedMatch {
    /// The handle's address, or 0 while empty (handles are never NULL).
    private var handle: UInt = 0
    private var block: MatchBlock?

    /// Runs `body` on the block behind a live match handle (nil for NULL, freed, or not a match), borrowed from the
    /// entry: the entry holds the block for the whole call (only this thread changes it, and `body` does not call
    /// the C ABI).
    @inline(__always)
    mutating func withBlock<Result>(for handle: OpaquePointer?, _ body: (MatchBlock) -> Result?) -> Result? {
        if UInt(bitPattern: handle) != self.handle || block == nil {
            guard let retained = Handles.retainedMatch(handle) else { return nil }
            adopt(retained, handle: handle)
        }
        // Safety: non-nil: adopted just above, or the entry already held this handle's block.
        let block = self.block.unsafelyUnwrapped  // set just above, or by the entry's handle
        return block.isFreed ? nil : body(block)
    }

    /// Makes `block` (behind `handle`, with a reference the entry now holds) the entry.
    mutating func adopt(_ block: MatchBlock, handle: OpaquePointer?) {
        forget()
        self.handle = UInt(bitPattern: handle)
        self.block = block
    }

    /// Empties the entry if it holds `handle`, handing its reference to the caller: true if it did.
    mutating func take(_ handle: OpaquePointer?) -> Bool {
        guard block != nil, UInt(bitPattern: handle) == self.handle else { return false }
        self = CachedMatch()
        return true
    }

    /// Drops the entry and gives its reference back.
    mutating func forget() {
        block?.release()
        self = CachedMatch()
    }
}

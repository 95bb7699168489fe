// @preconcurrency: the slot is a C global to Swift's eyes; it is thread-local, so no other thread shares it.
@preconcurrency import CThreadSlot
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the C ABI keeps per thread: the last failure's message, the table of the registry this thread last
/// looked up in, and the buffer its resolves scan a URL's segments into. Made on a thread's first call and found
/// again through a thread-local pointer (`cabi_thread_slot`, initial-exec TLS: two instructions inline, where
/// `pthread_getspecific` takes about twenty and a call); it is also registered under a pthread key, whose
/// destructor frees what the state owns when the thread ends.
///
/// Safety: the state is allocated and initialized once per thread (`make`), reached only through that thread's
/// slot, and deinitialized and freed once by the key's destructor when the thread ends, after the slot is cleared
/// (a later call on the thread makes a fresh state). No other thread ever sees its pointer.
struct ThreadState {
    /// The last failure's message (malloc'd), or nil after a success.
    var message: UnsafeMutablePointer<CChar>?
    /// See `CachedTable`.
    var lookupTable = CachedTable()
    /// See `CachedMatch`.
    var lastMatch = CachedMatch()
    /// The process's live handles (`Handles.Live.shared`, never freed: no reference is counted; read through
    /// `_withUnsafeGuaranteedRef`, where an `unowned(unsafe)` reference was retained around each use).
    ///
    /// Safety: `Live.shared` is never freed, so an unretained reference to it stays valid.
    let liveHandles = Unmanaged.passUnretained(Handles.Live.shared)
    /// Where this thread's resolves scan a URL's segments (a stack buffer cost a closure and a copy of the match
    /// per resolve). Used during one core call at a time: nothing the core's resolve calls re-enters the C ABI.
    private var segmentScratch = UnsafeMutableBufferPointer<SegmentSlice>(start: nil, count: 0)
    /// A freed match's block (`MatchBlock.reusableBytes`, nothing in it initialized), kept for this thread's next
    /// resolve: a `malloc` and a `free` fewer a match.
    private var spareMatchBlock: UnsafeMutableRawPointer?

    /// The spare match block, now the caller's, or nil.
    @inline(__always)
    mutating func takeSpareMatchBlock() -> UnsafeMutableRawPointer? {
        defer { spareMatchBlock = nil }
        return spareMatchBlock
    }

    /// Keeps a reusable match block (`MatchBlock.reusableBytes`, deinitialized) as the spare, or frees it when
    /// there is one already.
    @inline(__always)
    mutating func keepSpareMatchBlock(_ block: UnsafeMutableRawPointer) {
        if spareMatchBlock == nil { spareMatchBlock = block } else { free(block) }
    }

    /// The scan buffer's first `count` slots (a table's `policy.maxSegments`: a scan's segment limit is its
    /// buffer's size, so the buffer, grown for the largest limit met, is never handed out whole).
    /// Safety: the buffer is this state's own, replaced (and the old one freed) only here and in `release`, both on
    /// this thread; its contents are scratch, written by each scan before they are read.
    @inline(__always)
    mutating func segments(_ count: Int) -> UnsafeMutableBufferPointer<SegmentSlice> {
        if segmentScratch.count < count {
            // Safety: see above: the old buffer is the state's own; nothing holds it across a call.
            segmentScratch.deallocate()
            segmentScratch = .allocate(capacity: count)
        }
        return UnsafeMutableBufferPointer(start: segmentScratch.baseAddress, count: count)
    }

    /// Frees what the state owns (when its thread ends).
    fileprivate mutating func release() {
        free(message)
        message = nil
        lookupTable.forget()
        lastMatch.forget()
        free(spareMatchBlock)
        spareMatchBlock = nil
        // Safety: the buffer is the state's own (see `segments`); deallocating a nil buffer does nothing.
        segmentScratch.deallocate()
        segmentScratch = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// The pthread key whose destructor frees a thread's state when the thread ends (made with the first state).
    /// Safety: see the type's comment.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { raw in
            // Safety: the key's value is a state made by `make`.
            guard let state = raw?.assumingMemoryBound(to: ThreadState.self) else { return }
            cabi_thread_slot = nil  // a later call on this thread (another key's destructor) makes a new state
            state.pointee.release()
            // Safety: see the type: the destructor runs once, when the thread ends, after the slot is cleared.
            state.deinitialize(count: 1)
            state.deallocate()
        }
        return key
    }()

    /// This thread's state (made on first use). Only this thread reads or writes it.
    @inline(__always)
    static var current: UnsafeMutablePointer<ThreadState> {
        // Safety: see the type: the slot holds this thread's state, made by `make`.
        if let raw = cabi_thread_slot { return raw.assumingMemoryBound(to: ThreadState.self) }
        return make()
    }

    /// This thread's state if it has one (reading the last error must not allocate).
    @inline(__always)
    static var existing: UnsafeMutablePointer<ThreadState>? {
        // Safety: see the type: the slot holds this thread's state or nil.
        cabi_thread_slot?.assumingMemoryBound(to: ThreadState.self)
    }

    // Safety: see the type's comment.
    @inline(never)
    private static func make() -> UnsafeMutablePointer<ThreadState> {
        // Safety: see the type: allocated and initialized once, freed by the key's destructor.
        let state = UnsafeMutablePointer<ThreadState>.allocate(capacity: 1)
        state.initialize(to: ThreadState())
        pthread_setspecific(key, state)  // for the destructor at the thread's end
        cabi_thread_slot = UnsafeMutableRawPointer(state)
        return state
    }
}

/// The per-thread message of the last failure (see `navrouter_last_error`).
enum LastError {
    // Safety: made once by its initializer, never written nor freed.
    nonisolated(unsafe) private static let empty: UnsafePointer<CChar> = UnsafePointer(strdup("")!)

    /// Records a failure's message for this thread.
    static func set(_ message: String) {
        let state = ThreadState.current
        let old = state.pointee.message
        state.pointee.message = strdup(message)
        free(old)
    }

    /// Clears the message (a call succeeded).
    @inline(__always)
    static func clear() {
        if let state = ThreadState.existing { clear(state) }
    }

    /// Clears the message in a thread state the caller already holds.
    @inline(__always)
    static func clear(_ state: UnsafeMutablePointer<ThreadState>) {
        if let old = state.pointee.message {
            state.pointee.message = nil
            free(old)
        }
    }

    /// This thread's message; never NULL.
    static var current: UnsafePointer<CChar> {
        guard let message = ThreadState.existing?.pointee.message else { return empty }
        return UnsafePointer(message)
    }
}

/// Runs one exported call: clears the last error, maps a thrown `NavRouterError` to its status code and message.
@inline(__always)
func cCall(_ body: () throws(NavRouterError) -> Void) -> Int32 {
    do {
        try body()
        LastError.clear()
        return 0
    } catch {
        LastError.set(error.message)
        return error.code.rawValue
    }
}

/// `cCall` for a hot call that already holds this thread's state (one thread-slot read fewer).
@inline(__always)
func cCall(_ thread: UnsafeMutablePointer<ThreadState>, _ body: () throws(NavRouterError) -> Void) -> Int32 {
    do {
        try body()
        LastError.clear(thread)
        return 0
    } catch {
        LastError.set(error.message)
        return error.code.rawValue
    }
}

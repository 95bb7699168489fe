import CNavRouter
import NavRouterCore

/// `navrouter_registry_lookup` lets the core write `SegmentSlice`s straight into the caller's `navrouter_range`
/// array (the memory rebound, no copy). That is sound only while the two types have one layout: the same size,
/// stride and alignment, and `start` and `end` at the same offsets (both are two 32-bit integers; the sign differs,
/// and offsets never reach 2^31 — `URLPolicy` caps a URL's length far below).
///
/// Checked when a registry is made (a mismatch traps there, in every test of the C suite, rather than corrupting a
/// caller's array at a look-up); the C side's layout is checked at compile time by `Tests/c/test_registry.c`.
enum RangeLayout {
    /// Whether `navrouter_range` and `SegmentSlice` have one layout.
    static var matchesSegmentSlice: Bool {
        MemoryLayout<navrouter_range>.size == MemoryLayout<SegmentSlice>.size
            && MemoryLayout<navrouter_range>.stride == MemoryLayout<SegmentSlice>.stride
            && MemoryLayout<navrouter_range>.alignment == MemoryLayout<SegmentSlice>.alignment
            && MemoryLayout<navrouter_range>.offset(of: \.start) == MemoryLayout<SegmentSlice>.offset(of: \.start)
            && MemoryLayout<navrouter_range>.offset(of: \.end) == MemoryLayout<SegmentSlice>.offset(of: \.end)
            && MemoryLayout<Int32>.size == MemoryLayout<UInt32>.size
    }
}

import Glibc

/// Monotonic time and a blackhole the optimiser cannot see through.
@inline(__always)
func nowNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Results are folded in here so that no contender's work is optimised away.
nonisolated(unsafe) var blackhole: UInt64 = 0

@inline(never)
func consume(_ value: UInt64) { blackhole &+= value }

import CMallocInfo
import Glibc

/// Heap bytes in use (glibc's mallinfo2: allocated bytes in the main arena and mmapped chunks).
func heapBytesInUse() -> Int {
    Int(bench_heap_bytes_in_use())
}

/// The process's peak resident set size, in bytes.
func peakRSSBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

/// Heap bytes held by what `build` returns, while it is alive (after a trim, so freed scratch memory is excluded).
func heapHeld<T>(_ build: () throws -> T) rethrows -> (bytes: Int, value: T) {
    bench_heap_trim()
    let before = heapBytesInUse()
    let value = try build()
    bench_heap_trim()
    return (heapBytesInUse() - before, value)
}

/// The strings of a resolved URL, in the order the C ABI hands them out (`navrouter_match`,
/// `navrouter_packed_match`), written as NUL-terminated UTF-8 straight into the caller's memory: the URL's own bytes
/// where they need no decoding, the table's names borrowed in place; no string is made for a URL without a query,
/// fragment or percent escape in a parameter.
///
/// The order: the route's name; the URL (`includingURL`); each path parameter's name and decoded value, in
/// pattern order; each query item's name and value, in URL order; the merged parameters sorted by name
/// (`includingMerged`, and only when there are query items); then the remainder, the fragment and the props as JSON
/// text, each when present.
extension ResolvedURL {
    /// What `writeStrings` wrote (or would have, given room).
    package struct WrittenStrings {
        /// Bytes the strings take, each with its NUL; all were written when this is at most the capacity.
        package var size = 0
        /// How many strings.
        package var count = 0
        /// How many merged parameters (name and value pairs) among them.
        package var mergedCount = 0
    }

    /// How many strings `writeStrings` writes without the merged parameters, with the counts a reader of them
    /// needs (one call across modules, where the three counts one by one took three).
    package struct StringCounts {
        /// How many strings.
        package let strings: Int
        /// How many path parameters (a catch-all counts as one).
        package let parameters: Int
        /// How many query items (the props item excepted).
        package let queryItems: Int
    }

    /// See `StringCounts`.
    package func stringCounts(includingURL: Bool) -> StringCounts {
        // Stored properties only: the computed ones made the compiler copy the whole value (~50 instructions).
        var count = 1 + (includingURL ? 1 : 0) + 2 * slices.count + (slices.hasCatchAll ? 1 : 0)
        var queryItems = 0
        if let extras {
            queryItems = extras.queryItems.count
            count += 2 * queryItems + (extras.fragment == nil ? 0 : 1) + (extras.props == nil ? 0 : 1)
        }
        return StringCounts(strings: count, parameters: slices.count, queryItems: queryItems)
    }

    /// Writes the strings of this match of `url` (resolved in `table`), each followed by a NUL, at `text`, as far as
    /// `capacity` bytes allow; nothing is written at or past `text + capacity`. When `offsets` is given, the offset
    /// of each string (from `text`, plus `offsetBase`) is stored there: it must hold
    /// `stringCounts(includingURL:).strings` entries (the merged parameters have no offsets; ask for them only
    /// without `offsets`).
    package func writeStrings(
        table: RouteTable, url: UnsafeBufferPointer<UInt8>, includingURL: Bool, includingMerged: Bool,
        into text: UnsafeMutablePointer<UInt8>?, capacity: Int, offsets: UnsafeMutablePointer<Int32>? = nil,
        offsetBase: Int = 0
    ) -> WrittenStrings {
        var writer = StringWriter(text: text, capacity: text == nil ? 0 : capacity, offsets: offsets, base: offsetBase)
        let routeIndex = routeIndex
        let names = table.parameterNameBytes
        // The route's name, read in place (a copy of the route would retain each of its fields) and copied to the
        // stack before it is written out: read while the writer writes, the name would be retained and released
        // around the write, which might overwrite it (a reference count pair: ~55 instructions a match). A name over
        // 64 bytes is written straight from the table.
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8) { scratch in
            let count = table.routes.withUnsafeBufferPointer { routes in
                routes[routeIndex].name.utf8.withContiguousStorageIfAvailable { bytes in
                    guard bytes.count <= scratch.count else { return -1 }
                    scratch.copyMemory(from: UnsafeRawBufferPointer(bytes))
                    return bytes.count
                } ?? -1
            }
            if count >= 0 {
                // Safety: the scratch's first `count` bytes were just initialized, from the name.
                writer.put(UnsafeBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self)[..<count]))
            } else {
                table.routes.withUnsafeBufferPointer { routes in writer.put(routes[routeIndex].name) }
            }
        }
        if includingURL { writer.put(url) }
        for ordinal in 0..<parameterCount {
            let name = table.parameterNames.nameIndex(route: routeIndex, ordinal: ordinal)
            writer.put(terminated: names.name(name))
            let raw = UnsafeBufferPointer(rebasing: url[parameterRange(at: ordinal, in: url, table: table)])
            if slices.pathHasPercent && raw.contains(UInt8(ascii: "%")) {
                writer.put(Self.decode(raw))
            } else {
                writer.put(raw)
            }
        }
        var mergedCount = 0
        if let extras = extras {
            for item in extras.queryItems {
                writer.put(item.name)
                writer.put(item.value)
            }
            if includingMerged && !extras.queryItems.isEmpty {
                let match = RouteMatch(table: table, url: String(decoding: url, as: UTF8.self), resolved: self)
                for (name, value) in match.parameters.sorted(by: { $0.key < $1.key }) {
                    writer.put(name)
                    writer.put(value)
                    mergedCount += 1
                }
            }
        }
        if hasCatchAll {
            writer.put(
                UnsafeBufferPointer(rebasing: url[parameterRange(at: parameterCount - 1, in: url, table: table)]))
        }
        if let extras = extras {
            if let fragment = extras.fragment { writer.put(fragment) }
            if let props = extras.props { writer.put(JSONValue.object(props).jsonText) }
        }
        return WrittenStrings(size: writer.size, count: writer.count, mergedCount: mergedCount)
    }
}

/// Writes NUL-terminated strings back to back into a buffer of `capacity` bytes, counting what does not fit.
///
/// Safety: `text` has `capacity` writable bytes and `offsets` room for every string put (the callers' contract,
/// `writeStrings`); each write is checked against `capacity` first.
private struct StringWriter {
    let text: UnsafeMutablePointer<UInt8>?
    let capacity: Int
    let offsets: UnsafeMutablePointer<Int32>?
    let base: Int
    var size = 0
    var count = 0

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        offsets?[count] = Int32(truncatingIfNeeded: base + size)  // a match's strings are far below 2^31 bytes
        count += 1
        let end = size + bytes.count
        if let text, end < capacity {
            if let source = bytes.baseAddress { copyShort(to: text + size, from: source, count: bytes.count) }
            text[end] = 0
        }
        size = end + 1
    }

    /// Puts a string given with its NUL (`bytes.count` includes it): one copy.
    @inline(__always)
    mutating func put(terminated bytes: UnsafeBufferPointer<UInt8>) {
        offsets?[count] = Int32(truncatingIfNeeded: base + size)
        count += 1
        let end = size + bytes.count
        if let text, end <= capacity, let source = bytes.baseAddress {
            copyShort(to: text + size, from: source, count: bytes.count)
        }
        size = end
    }

    /// Puts a string's UTF-8 bytes, read in place (a native string is contiguous; a copy is made only of one
    /// that is not).
    @inline(__always)
    mutating func put(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ put($0) }) != nil { return }
        var copy = string
        copy.withUTF8 { put($0) }
    }
}

/// Copies `count` bytes; a copy of at most 16 bytes is two overlapping loads and stores inline (memcpy's branches on
/// the length are shared by every caller, and mispredicted as the lengths vary: on the GitHub table −53 instructions a
/// C resolve and −46 a packed one, 2–3 % of their time).
///
/// Safety: `source` has `count` readable bytes and `target` `count` writable ones (the writer's checks); every load
/// and store lies inside them: for 8 to 16 bytes the words at 0 and `count - 8` cover the range, for 4 to 7 bytes
/// the 4-byte words at 0 and `count - 4`, for 1 to 3 bytes the bytes at 0, `count / 2` and `count - 1`. Every load
/// comes before the stores, so overlapping regions copy as `memmove` does.
@inline(__always)
private func copyShort(to target: UnsafeMutablePointer<UInt8>, from source: UnsafePointer<UInt8>, count: Int) {
    let to = UnsafeMutableRawPointer(target)
    let from = UnsafeRawPointer(source)
    if count >= 8 {
        if count > 16 {
            to.copyMemory(from: from, byteCount: count)
            return
        }
        // Safety: 8 <= count <= 16: the words at 0 and `count - 8` lie inside both buffers.
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 {
        // Safety: 4 <= count < 8: the words at 0 and `count - 4` lie inside both buffers.
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
    } else if count > 0 {
        let first = source[0]
        let middle = source[count >> 1]
        let last = source[count &- 1]
        target[0] = first
        target[count >> 1] = middle
        target[count &- 1] = last
    }
}

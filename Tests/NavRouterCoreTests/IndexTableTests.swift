import XCTest

@testable import NavRouterCore

/// The library's hash table against a `Dictionary`, under hashes chosen to collide, wrap around the end of the
/// slots and grow the table while entries are removed.
final class IndexTableTests: XCTestCase {
    /// The owner's side of the table: keys kept by index, and a hash chosen by the test.
    private struct Owner {
        var keys: [Int] = []
        var free: [Int32] = []
        var table = IndexTable(capacity: 8)
        let hashOf: @Sendable (Int) -> Int

        func find(_ key: Int) -> Int32? {
            table.find(hash: hashOf(key)) { keys[Int($0)] == key }
        }

        mutating func insert(_ key: Int) {
            guard case .free(let slot) = table.probe(hash: hashOf(key), { keys[Int($0)] == key }) else { return }
            let index: Int32
            if let reused = free.popLast() {
                index = reused
                keys[Int(index)] = key
            } else {
                index = Int32(keys.count)
                keys.append(key)
            }
            let (stored, hashOf) = (keys, self.hashOf)
            table.insert(index, at: slot) { hashOf(stored[Int($0)]) }
        }

        mutating func remove(_ key: Int) {
            guard case .found(let index, let slot) = table.probe(hash: hashOf(key), { keys[Int($0)] == key }) else {
                return
            }
            do {
                let (stored, hashOf) = (keys, self.hashOf)
                table.remove(slot: slot) { hashOf(stored[Int($0)]) }
            }
            keys[Int(index)] = -1
            free.append(index)
        }
    }

    private func check(hash: @escaping @Sendable (Int) -> Int, operations: Int, keySpace: Int, seed: UInt64) {
        var owner = Owner(hashOf: hash)
        var model: Set<Int> = []
        var random = SplitMix64(seed: seed)
        for step in 0..<operations {
            let key = Int(random.next() % UInt64(keySpace))
            if random.next() % 3 == 0 {
                owner.remove(key)
                model.remove(key)
            } else {
                owner.insert(key)
                model.insert(key)
            }
            XCTAssertEqual(owner.table.count, model.count, "count after step \(step)")
            if step % 97 == 0 {
                for probe in 0..<keySpace {
                    let found = owner.find(probe).map { owner.keys[Int($0)] }
                    XCTAssertEqual(found, model.contains(probe) ? probe : nil, "key \(probe) after step \(step)")
                }
            }
        }
        XCTAssertEqual(Set(owner.table.indexes.map { owner.keys[Int($0)] }), model)
    }

    func testAgreesWithASetUnderAGoodHash() {
        check(hash: { $0 &* 0x5851_F42D_4C95_7F2D >> 7 }, operations: 4000, keySpace: 600, seed: 1)
    }

    func testAgreesWithASetWhenEveryKeyCollides() {
        // One probe run holds every key: removal must shift the run back without losing a key.
        check(hash: { _ in 5 }, operations: 1500, keySpace: 60, seed: 2)
    }

    func testAgreesWithASetWhenRunsWrapAroundTheEnd() {
        // Hashes near the last slot of every size: runs wrap to slot 0, where the shift's interval test wraps too.
        check(hash: { -1 - ($0 % 3) }, operations: 1500, keySpace: 80, seed: 3)
    }

    func testReserveMakesRoomWithoutLosingEntries() {
        var owner = Owner(hashOf: { $0 })
        for key in 0..<20 { owner.insert(key) }
        let keys = owner.keys
        owner.table.reserve(5000) { keys[Int($0)] }
        XCTAssertGreaterThanOrEqual(owner.table.footprintBytes, 10000 * 4)
        let reserved = owner.table.footprintBytes
        for key in 20..<5000 { owner.insert(key) }
        XCTAssertEqual(owner.table.footprintBytes, reserved, "grew after reserving room")
        for key in 0..<5000 { XCTAssertEqual(owner.find(key).map { owner.keys[Int($0)] }, key) }
    }

    func testStaysAtMostAsFullAsItsLoadLimit() {
        var table = IndexTable(capacity: 8, maxLoad: (3, 4))
        for index in 0..<1000 {
            guard case .free(let slot) = table.probe(hash: index, { _ in false }) else { return XCTFail() }
            table.insert(Int32(index), at: slot) { Int($0) }
            XCTAssertLessThanOrEqual(table.count * 4, table.footprintBytes / 4 * 3)
        }
    }
}

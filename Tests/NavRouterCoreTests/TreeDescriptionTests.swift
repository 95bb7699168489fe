import XCTest

@testable import NavRouterCore

/// `RouteTable.treeDescription`: the compiled trie printed in the order a resolve tries children.
final class TreeDescriptionTests: XCTestCase {
    func testPrintsChildrenInTheOrderTheWalkTriesThem() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "home", pattern: "/"),
            try Route(name: "byName", pattern: "u/:name"),
            try Route(name: "rest", pattern: "u/*rest"),
            try Route(name: "byInt", pattern: "u/<int:id>"),
            try Route(name: "byUUID", pattern: "u/<uuid:ref>"),
            try Route(name: "me", pattern: "U/Me"),
            try Route(name: "nameEdit", pattern: "u/:name/edit"),
        ])
        XCTAssertEqual(
            registry.table.treeDescription,
            """
            /  → home
              u
                me  → me
                :int  → byInt
                :uuid  → byUUID
                :param  → byName
                  edit  → nameEdit
                *  → rest
            """)
    }

    func testPrintsTheLiteralsOfAHashedNodeInByteOrder() throws {
        // More than three literal children: the node is hashed, and its slots are not in label order.
        let names = ["orders", "cart", "zoo", "account", "help", "b", "settings", "feed", "a"]
        let registry = try RouteRegistry()
        try registry.register(names.map { try Route(name: "r.\($0)", pattern: $0) })
        let lines = registry.table.treeDescription.split(separator: "\n").dropFirst()
        XCTAssertEqual(lines.map { String($0) }, names.sorted().map { "  \($0)  → r.\($0)" })
    }
}

/// A list that keeps its first element inline and the others in an array: a list of one element allocates nothing.
///
/// What a command collects is usually one element (one event, one entry created): an `Array` allocated a buffer for
/// it and freed it after the command (~250 instructions each way, callgrind).
struct InlineFirstList<Element>: Sequence {
    private var first: Element?
    private var rest: [Element] = []

    /// An empty list.
    init() {}

    /// Whether the list is empty.
    var isEmpty: Bool { first == nil }

    /// Adds an element at the end.
    mutating func append(_ element: consuming Element) {
        if first == nil { first = element } else { rest.append(element) }
    }

    /// Iterates the elements in order.
    struct Iterator: IteratorProtocol {
        fileprivate var first: Element?
        fileprivate var rest: IndexingIterator<[Element]>

        mutating func next() -> Element? {
            if let element = first {
                first = nil
                return element
            }
            return rest.next()
        }
    }

    func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }
}

extension InlineFirstList: Sendable where Element: Sendable {}

/// A binary min-heap ordered by a caller-supplied "runs first" predicate.
///
/// Not thread-safe: the owner guards it with its own lock.
struct PriorityQueue<Element> {
    private var storage: [Element] = []
    private let hasHigherPriority: (Element, Element) -> Bool

    init(hasHigherPriority: @escaping (Element, Element) -> Bool) {
        self.hasHigherPriority = hasHigherPriority
    }

    var isEmpty: Bool { storage.isEmpty }
    var count: Int { storage.count }

    /// The element that runs first, without removing it.
    func peek() -> Element? { storage.first }

    /// Every element, in no particular order.
    var unordered: [Element] { storage }

    mutating func enqueue(_ element: Element) {
        storage.append(element)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard hasHigherPriority(storage[child], storage[parent]) else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the element that runs first.
    @discardableResult
    mutating func dequeue() -> Element? {
        guard !storage.isEmpty else { return nil }
        storage.swapAt(0, storage.count - 1)
        let first = storage.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var best = parent
            if left < storage.count, hasHigherPriority(storage[left], storage[best]) { best = left }
            if right < storage.count, hasHigherPriority(storage[right], storage[best]) { best = right }
            if best == parent { break }
            storage.swapAt(parent, best)
            parent = best
        }
        return first
    }
}

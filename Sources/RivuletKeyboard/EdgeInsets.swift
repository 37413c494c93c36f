#if canImport(UIKit) && (os(iOS) || os(visionOS))
    import UIKit

    /// Insets for the four edges: UIKit's own `UIEdgeInsets` on iOS and visionOS.
    public typealias EdgeInsets = UIEdgeInsets
#else
    import Foundation

    /// Insets for the four edges, with `UIEdgeInsets`' spelling (UIKit's own type on iOS and visionOS).
    public struct EdgeInsets: Equatable, Sendable, CustomStringConvertible {
        /// The top inset.
        public var top: CGFloat
        /// The left inset.
        public var left: CGFloat
        /// The bottom inset.
        public var bottom: CGFloat
        /// The right inset.
        public var right: CGFloat

        /// Insets with the given edges.
        public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// All edges 0.
        public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

        /// All edges 0.
        public static let zero = EdgeInsets()

        /// `{top, left, bottom, right}`, as `NSCoder.string(for: UIEdgeInsets)` writes it.
        public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
    }
#endif

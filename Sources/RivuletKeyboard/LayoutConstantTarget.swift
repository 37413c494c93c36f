import Foundation

/// Something with an adjustable `constant`, as `NSLayoutConstraint` has (and it conforms).
public protocol LayoutConstantTarget: AnyObject {
    /// The constraint's constant.
    var constant: CGFloat { get set }
}

/// Something with a settable `frame`, as `UIView` has (and it conforms).
public protocol FrameTarget: AnyObject {
    /// The frame, in the superview's coordinates.
    var frame: CGRect { get set }
}

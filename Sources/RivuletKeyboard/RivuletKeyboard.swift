// RivuletKeyboard: keyboard notifications turned into a correct keyboard-height relay and the
// consumers that move scroll insets, constraints and SwiftUI layout. See docs/keyboard.md.
//
// Everything that decides a number is plain Swift over Foundation's CGRect and runs (and is
// tested) on every platform; the files under UIKit/ and SwiftUI/ only connect those numbers to
// views and animate with the keyboard's own duration and curve.

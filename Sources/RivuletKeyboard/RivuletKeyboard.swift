// RivuletKeyboard: keyboard notifications turned into a correct keyboard-height relay and the
// consumers that move scroll insets, constraints and SwiftUI layout. See docs/keyboard.md.
import Rivulet

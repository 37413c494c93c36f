// RivuletTest: virtual-time testing for Rivulet streams (TestScheduler, recorded events, marble
// diagrams). See docs/DESIGN.md.
import Rivulet

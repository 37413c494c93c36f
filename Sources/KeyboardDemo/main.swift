import Rivulet
import RivuletKeyboard

print("keyboard-demo: coming with the keyboard module")

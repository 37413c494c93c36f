// Everything is in include/CRivuletAtomics.h (static inline); SwiftPM needs one source file.
#include "CRivuletAtomics.h"

# Groups the functions of a client object (lines "size origin demangled-name" from
# client-cost.sh) by kind and by the library type or operator they come from. Kinds, first match
# wins:
#   client code           the client module's own functions and closures, with the library code
#                         inlined into them (operator entry points, subscribe calls)
#   subject core          SubjectCore and its slots: the subjects and relays, specialised
#   sink methods          methods of sink and gate classes (MergeSink, SerialGate, ShareState, ...)
#   event closures        closures nested in an operator's subscribe closure: the per-event path
#   subscribe closures    an operator's subscribe closure (runs once per subscription)
#   operator bodies       operator functions and publishers' asObservable() not inlined away
#   stdlib specialised    Array, Dictionary, ... specialised for the library's types
#   closure thunks        partial-apply forwarders, reabstraction thunks, context destructors
#   value witnesses       copy/destroy/enum-tag functions and outlined copies
#   other
function strip(name,    n) {
    n = name
    while (n ~ /^(specialized |merged |partial apply for |static )/) sub(/^(specialized |merged |partial apply for |static )/, "", n)
    return n
}
function kind(origin, name,    n) {
    if (origin == "client") return "client code"
    if (name ~ /SubjectCore|SubjectSlot|SlotBatch/) return "subject core"
    if (name ~ /^(partial apply|reabstraction thunk|specialized thunk|thunk)/ || name ~ /objectdestroy/) return "closure thunks"
    if (name ~ /^(outlined|initializeBufferWithCopyOfBuffer|assignWith|initializeWith|destroy|getEnumTag|storeEnumTag|__swift_|value witness)/) return "value witnesses"
    n = strip(name)
    if (n ~ /^(closure #[0-9]+ in )+/) {
        if (n ~ /^closure #[0-9]+ in closure #[0-9]+ in /) return "event closures"
        if (n ~ /^closure #[0-9]+ in (ObservableType|Observable|Publisher|Publishers|slotSources|subscribeClosures)/) return "subscribe closures"
    }
    if (n ~ /^(_NativeDictionary|__RawDictionaryStorage|_NativeSet|ContiguousArray|_ContiguousArrayBuffer|_copyCollectionToContiguousArray|Array|Dictionary|Set)[.<]/) return "stdlib specialised"
    if (n ~ /^(closure #[0-9]+ in )*[A-Za-z]*(Sink|Gate|ShareState|Observer|Subscription|Subscriber|Storage|Slot)[.<]/) return "sink methods"
    if (n ~ /^(ObservableType|Publisher|Observable|Publishers)[.<]/) return "operator bodies"
    if (n ~ /^closure #/) return "subscribe closures"
    return "other"
}
# The library entity a function belongs to: the operator (ObservableType.map), the class
# (MergeSink), the publisher (Publishers.Share).
function owner(name,    n) {
    n = strip(name)
    while (n ~ /^(specialized )?closure #[0-9]+ in /) sub(/^(specialized )?closure #[0-9]+ in /, "", n)
    n = strip(n)
    gsub(/<>/, "", n)
    sub(/[(<].*$/, "", n)
    if (n ~ /^(ObservableType|Publisher|Observable)\./) return n
    if (n ~ /^Publishers\.[A-Za-z0-9]+\./) { sub(/\.[^.]*$/, "", n); return n }
    if (n ~ /\./) sub(/\.[^.]*$/, "", n)
    return n
}
{
    size = $1
    origin = $2
    $1 = ""
    $2 = ""
    name = substr($0, 3)
    k = kind(origin, name)
    byKind[k] += size
    total += size
    if (k != "client code") byOwner[owner(name)] += size
}
END {
    printf "  %8d  all functions\n", total
    for (k in byKind) printf "  %8d  %s\n", byKind[k], k | "sort -rn"
    close("sort -rn")
    print "  -- library-generated functions by library type or operator (largest 25)"
    for (o in byOwner) printf "  %8d  %s\n", byOwner[o], o | "sort -rn | head -25"
    close("sort -rn | head -25")
}

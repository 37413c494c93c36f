/// The error the RivuletTest tests send.
enum TestError: Error, Equatable {
    case boom
    case other
}

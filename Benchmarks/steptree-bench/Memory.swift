#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Glibc)
    // `mallinfo2()` is declared in <malloc.h>, which the Glibc module does not include, so it is
    // looked up at run time. It returns `struct mallinfo2` (ten `size_t` counters, 80 bytes) in
    // memory provided by the caller, as every C struct over 16 bytes is returned on x86-64 and
    // arm64; declaring the result as the larger C struct `rusage` makes Swift provide that
    // memory, and the counters are read from its first 80 bytes.
    private typealias MallInfo2 = @convention(c) () -> rusage

    private let mallinfo2: MallInfo2? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: MallInfo2.self)
    }()
#endif

/// Heap bytes in use (`uordblks + hblkhd` of glibc's `mallinfo2()`); `nil` where glibc is not
/// the allocator.
func heapInUse() -> Int? {
    #if canImport(Glibc)
        guard let mallinfo2 else { return nil }
        let info = mallinfo2()
        return withUnsafeBytes(of: info) { bytes in
            func counter(_ index: Int) -> Int {
                bytes.load(fromByteOffset: index * MemoryLayout<Int>.stride, as: Int.self)
            }
            return counter(7) + counter(4)  // uordblks (arena) + hblkhd (mmapped blocks)
        }
    #else
        return nil
    #endif
}

/// The process's peak resident memory (`ru_maxrss`), in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss
    #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024  // Linux reports kilobytes
    #endif
}

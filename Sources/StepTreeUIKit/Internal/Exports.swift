#if canImport(UIKit) && !os(watchOS)
    @_exported import StepTree
#endif

#if canImport(SwiftUI)
    @_exported import StepTree
#endif

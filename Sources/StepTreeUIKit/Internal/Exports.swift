#if canImport(UIKit) && !os(watchOS)
    @_exported import StepTree
    @_exported import StepTreeDrivers
#endif

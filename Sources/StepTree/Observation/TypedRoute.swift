/// The nodes a typed deep link passed through, from the root down: each node's table and the
/// child it selected, inline for up to four levels.
///
/// The tables are held unretained: every table lives for the life of the program
/// (``StepTableShape``).
@usableFromInline
struct TypedRoute: Sendable {
    @usableFromInline
    struct Level: Sendable {
        /// `nil` only in the unused slots.
        @usableFromInline var table: Unretained<StepTableShape>?
        @usableFromInline var index: Int

        @_alwaysEmitIntoClient init(table: Unretained<StepTableShape>?, index: Int) {
            self.table = table
            self.index = index
        }
    }

    @usableFromInline var levels: (Level, Level, Level, Level)
    @usableFromInline var count = 0

    @_alwaysEmitIntoClient init() {
        let unused = Level(table: nil, index: 0)
        levels = (unused, unused, unused, unused)
    }

    subscript(level: Int) -> Level {
        switch level {
        case 0: levels.0
        case 1: levels.1
        case 2: levels.2
        default: levels.3
        }
    }

    /// The table of the node at `level`.
    func table(at level: Int) -> StepTableShape {
        self[level].table.unsafelyUnwrapped.object
    }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func append(_ level: Level) {
        precondition(count < 4, "a typed route has at most four levels")
        switch count {
        case 0: levels.0 = level
        case 1: levels.1 = level
        case 2: levels.2 = level
        default: levels.3 = level
        }
        count += 1
    }

    /// The path of the node at `level`: the keys selected above it.
    func path(to level: Int) -> StepPath {
        StepPath((0..<level).map { above in table(at: above).names[self[above].index] })
    }
}

import Foundation
import Synchronization

/// A slot holding one object (or none) that any thread reads without a lock where the OS has
/// `Atomic` (macOS 15, iOS 18 and peers; always on Linux), and under a lock on older Apple
/// systems; any thread replaces it.
///
/// A read opens a window: it counts itself in, uses the stored object unretained, and counts
/// itself out. A write swaps the object and releases the old one at once if no window is open,
/// else retires it, to be released when every window open at the swap has closed. So neither a
/// read nor a write ever waits, and a reader may store another object from inside its read.
@usableFromInline
struct ObjectSlot<Object: AnyObject & Sendable>: Sendable {
    @usableFromInline let box: any AnyObject & Sendable

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            box = AtomicObjectSlot<Object>()
        } else {
            box = Locked<Object?>(nil)
        }
    }

    /// Whether an object is stored: one relaxed load, possibly already stale.
    @_alwaysEmitIntoClient var isOccupied: Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObjectSlot<Object>.self).isOccupied
        }
        return lockedIsOccupied()
    }

    /// `isOccupied` on a system without `Atomic`.
    @usableFromInline func lockedIsOccupied() -> Bool { load() != nil }

    /// The stored object, retained for the caller.
    @inline(__always) func load() -> Object? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObjectSlot<Object>.self).reading { $0 }
        }
        return unsafeDowncast(box, to: Locked<Object?>.self).withLock { $0 }
    }

    /// Runs `body` with the stored object, not retained (it stays alive until `body` returns);
    /// `nil` when none is stored.
    @inline(__always) func reading<Result>(_ body: (Object) -> Result) -> Result? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObjectSlot<Object>.self).reading(body)
        }
        return load().map(body)
    }

    /// Stores `object` (`nil`: none).
    func store(_ object: Object?) {
        // What is released is released here, after the slot's own synchronization: releasing
        // an object can run its deinitializer, which may store another object.
        let released: [Object]
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            released = unsafeDowncast(box, to: AtomicObjectSlot<Object>.self).exchange(object)
        } else {
            released = unsafeDowncast(box, to: Locked<Object?>.self).withLock { slot in
                defer { slot = object }
                return slot.map { [$0] } ?? []
            }
        }
        withExtendedLifetime(released) {}
    }
}

/// ``ObjectSlot`` on a system with `Atomic`.
///
/// `windows` packs two counts in one word, so that one atomic operation reads both: the read
/// windows open now (the low 32 bits) and the swaps made so far (the high 32). An object replaced
/// while windows are open is retired with the swap's number; a window that closes the last open
/// one releases every object retired up to the number it reads. The windows open at a swap are
/// counted in that word, and a window opened after it loads the new object, so the object is
/// released only once no window can hold it.
///
/// `@unchecked Sendable`: `pointer` holds a +1 reference to the stored object, `retired` +1
/// references to replaced ones; both are handed over under `lock`. Readers use the stored object
/// unretained, inside their window.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
final class AtomicObjectSlot<Object: AnyObject & Sendable>: @unchecked Sendable {
    /// The stored object, retained once by the slot; `nil` for none.
    @usableFromInline let pointer = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Open read windows (low 32 bits) and swaps (high 32 bits).
    @usableFromInline let windows = Atomic<UInt64>(0)
    /// Whether `retired` may hold an object: the one check a closing window makes.
    @usableFromInline let hasRetired = Atomic<Bool>(false)
    /// Objects replaced while windows were open, with the number of the swap that replaced them.
    private var retired: [(swap: UInt64, object: Object)] = []
    /// Orders the writers and guards `retired`.
    private let lock = NSLock()

    @usableFromInline static var window: UInt64 { 1 }
    @usableFromInline static var swap: UInt64 { 1 << 32 }

    init() {}

    @_alwaysEmitIntoClient var isOccupied: Bool { pointer.load(ordering: .relaxed) != nil }

    /// Runs `body` inside a read window with the stored object, unretained; `nil` when none is
    /// stored.
    @_alwaysEmitIntoClient @inline(__always)
    func reading<Result>(_ body: (Object) -> Result) -> Result? {
        // Sequentially consistent throughout: a writer that counts no open window after its swap
        // knows that every later window loads the new pointer.
        windows.wrappingAdd(Self.window, ordering: .sequentiallyConsistent)
        var result: Result?
        if let object = pointer.load(ordering: .sequentiallyConsistent) {
            result = Unmanaged<Object>.fromOpaque(object)._withUnsafeGuaranteedRef { body($0) }
        }
        let left = windows.wrappingSubtract(Self.window, ordering: .sequentiallyConsistent)
            .newValue
        if left & (Self.swap - 1) == 0, hasRetired.load(ordering: .sequentiallyConsistent) {
            releaseRetired(upTo: left / Self.swap)
        }
        return result
    }

    /// Releases the objects retired by swaps up to number `swap`: no window open at those swaps
    /// is still open.
    @usableFromInline func releaseRetired(upTo swap: UInt64) {
        let released = lock.withLock { () -> [Object] in
            let done = retired.filter { Self.precedes($0.swap, swap) }.map(\.object)
            retired.removeAll { Self.precedes($0.swap, swap) }
            if retired.isEmpty { hasRetired.store(false, ordering: .sequentiallyConsistent) }
            return done
        }
        withExtendedLifetime(released) {}
    }

    /// Whether swap `earlier` was made no later than swap `later`.
    ///
    /// The 32-bit swap numbers wrap, so they are compared as serial numbers: two retired objects
    /// are never 2³¹ swaps apart.
    private static func precedes(_ earlier: UInt64, _ later: UInt64) -> Bool {
        (later &- earlier) & (swap - 1) < 1 << 31
    }

    /// Stores `object` and returns the objects now free to release, for the caller to release
    /// after the slot's synchronization.
    func exchange(_ object: Object?) -> [Object] {
        let (old, open, swap) = lock.withLock {
            let new = object.map { Unmanaged.passRetained($0).toOpaque() }
            let old = pointer.exchange(new, ordering: .sequentiallyConsistent)
                .map { Unmanaged<Object>.fromOpaque($0).takeRetainedValue() }
            let counts = windows.wrappingAdd(Self.swap, ordering: .sequentiallyConsistent).newValue
            let open = counts & (Self.swap - 1) != 0
            if open, let old {
                retired.append((counts / Self.swap, old))
                hasRetired.store(true, ordering: .sequentiallyConsistent)
            }
            return (old, open, counts / Self.swap)
        }
        guard open else { return old.map { [$0] } ?? [] }
        // The windows open at the swap may all have closed before `hasRetired` was set, and
        // seen it unset: then no window is open now, and what they left is released here.
        if windows.load(ordering: .sequentiallyConsistent) & (Self.swap - 1) == 0 {
            releaseRetired(upTo: swap)
        }
        return []
    }

    deinit {
        if let object = pointer.load(ordering: .relaxed) {
            Unmanaged<Object>.fromOpaque(object).release()
        }
    }
}

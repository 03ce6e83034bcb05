import ExampleSteps
import Foundation
import Testing

@testable import StepTree

/// A payload of 16-byte alignment, whose value a box stores past the next 16-byte boundary.
private struct WideAligned: StepValue {
    var lanes = SIMD4<Float>(1, 2, 3, 4)
}

/// A box's `==` reads its renewal history and value at the offsets its layout gives
/// (`StepStorage.valueOffset`): they are the properties' own addresses, for values of every
/// alignment and every box class.
@Suite struct StoredPropertyLayoutTests {
    /// The offsets of the history and the value in `box`, as the layout gives them and as the
    /// properties' own addresses give them (the box is unique here, so taking them is safe).
    private func offsets<Value>(in box: StepStorage<Value>) -> (given: [Int], actual: [Int]) {
        let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(box).toOpaque())
        let history = withUnsafeMutablePointer(to: &box.renewalHistory) {
            UnsafeMutableRawPointer($0) - object
        }
        let value = withUnsafeMutablePointer(to: &box.value) {
            UnsafeMutableRawPointer($0) - object
        }
        return ([StepNodeStorage.historyOffset, StepStorage<Value>.valueOffset], [history, value])
    }

    @Test func aLeafBoxStoresItsValueWhereTheLayoutSays() {
        let leaf = offsets(in: StepStorage(ExploreData(query: "swift")))
        #expect(leaf.given == leaf.actual)
        #expect(leaf.actual == [16, 24])
        // An `EmptyStep` has no bytes to read: only its history is where the layout says.
        let empty = offsets(in: StepStorage(EmptyStep()))
        #expect(empty.given.first == empty.actual.first)
        #expect(MemoryLayout<EmptyStep>.size == 0)
        let wide = offsets(in: StepStorage(WideAligned()))
        #expect(wide.given == wide.actual)
        #expect(wide.actual == [16, 32])
    }

    @Test func aNodeBoxStoresItsValueWhereTheLayoutSays() {
        let node = offsets(in: CollectionStorage(ProfileSteps()))
        #expect(node.given == node.actual)
        let stack = Step(StepStack<ProfileSteps>()).storage.copy()
        let stackOffsets = offsets(in: stack)
        #expect(stackOffsets.given == stackOffsets.actual)
    }

    @Test func aBoxReadInPlaceGivesItsValueAndHistory() {
        var renewed = Step(ExploreData(query: "swift"))
        renewed.renew(with: ExploreData(query: "steps"))
        let box = renewed.storage
        #expect(box.withValueAddress { $0[as: ExploreData.self] } == ExploreData(query: "steps"))
        #expect(box.unretainedRenewalHistory?.object === box.renewalHistory)
        #expect(Step(ExploreData()).storage.unretainedRenewalHistory == nil)
    }
}

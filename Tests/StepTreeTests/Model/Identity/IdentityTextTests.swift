import Foundation
import StepTree
import Testing

/// A step identity's text, as saves and screens write it: exactly 32 lowercase hexadecimal
/// digits, not all zero. Anything else is refused as data, never read in part.
@Suite struct IdentityTextTests {
    static func decode(_ text: String) -> StepIdentity? {
        let json = Data("[\"\(text)\"]".utf8)
        return (try? JSONDecoder().decode([StepIdentity].self, from: json))?.first
    }

    @Test(arguments: [
        "0123456789abcdeffedcba9876543210",
        "00000000000000000000000000000001",
        "10000000000000000000000000000000",
        "ffffffffffffffffffffffffffffffff",
    ])
    func readsAndWritesBack(text: String) throws {
        let identity = try #require(Self.decode(text))
        #expect(identity.description == text)
    }

    @Test(arguments: [
        "",
        "00000000000000000000000000000000",  // all zero: no history has it
        "0123456789ABCDEFfedcba9876543210",  // uppercase
        "0123456789abcdeffedcba987654321",  // 31 digits
        "0123456789abcdeffedcba98765432100",  // 33 digits
        "0123456789abcdefgedcba9876543210",  // not a digit
        "0123456789abcdef fedcba987654321",  // a space
        "0123456789abcdeffedcba987654321é",  // a byte past ASCII
        "-123456789abcdeffedcba9876543210",
    ])
    func refusesAnythingElse(text: String) {
        #expect(Self.decode(text) == nil)
    }
}

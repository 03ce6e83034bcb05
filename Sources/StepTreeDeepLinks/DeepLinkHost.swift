import Foundation
import StepTree

/// How a universal-link host is read, the same way in links, patterns and origins, before it is
/// compared or captured: as a host name, so that no other spelling of a host passes where the
/// host itself would not.
///
/// A name is one or more labels separated by `.`, none empty, of ASCII letters, digits, `-` and
/// `_`; it is read in lower case, and one trailing dot (the DNS root: `mastodon.social.`) is
/// dropped. An IDNA label is compared in its ASCII form (`xn--caf-dma`), as the link writes it
/// (`StepPath.writtenHost`): the router converts no label, and refuses a host that is
/// not ASCII. An IP literal (`[::1]`) is no name.
enum DeepLinkHost {
    /// The name a link's host, as the link writes it (percent-encoded), reads as: decoded
    /// once, then read as ``name(_:)`` reads it; `nil` when it is no name.
    /// - Complexity: O(*n*) in the length of the host.
    static func name(written: some StringProtocol) -> String? {
        guard let decoded = written.removingPercentEncoding,
            decoded.utf8.count <= StepPath.maximumSegmentLength
        else { return nil }
        return name(decoded)
    }

    /// `text` read as a host name: in lower case, without its trailing dot; `nil` when it is
    /// no name (an empty label, or a byte other than an ASCII letter, a digit, `-` or `_`).
    /// - Complexity: O(*n*) in the length of `text`.
    static func name(_ text: some StringProtocol) -> String? {
        var bytes = Substring(text).utf8
        if bytes.last == UInt8(ascii: ".") { bytes = bytes.dropLast() }
        var labelIsEmpty = true
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !labelIsEmpty else { return nil }
                labelIsEmpty = true
            } else {
                guard isNameByte(byte) else { return nil }
                labelIsEmpty = false
            }
        }
        guard !labelIsEmpty else { return nil }
        // Only ASCII is left, whose lower case is ASCII.
        return String(Substring(bytes)).lowercased()
    }

    /// Whether `byte` may be in a label: an ASCII letter, a digit, `-` or `_`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}

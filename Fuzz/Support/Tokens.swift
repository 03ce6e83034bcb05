/// Tokens of the input formats, for libFuzzer dictionaries: mutations that insert them reach
/// the checks behind the parsers far sooner than random bytes.
public enum Tokens {
    /// The keys, kinds and JSON pieces of the schema format.
    public static let schema = [
        #""key""#, #""kind""#, #""style""#, #""initial""#, #""children""#, #""element""#,
        #""tab""#, #""inline""#, #""push""#, #""present""#, #""stack""#, #""sheet""#,
        #""cover""#, #""popover""#, "null", "true", "false", "[]", "{}", #"[""#, #"{""#, #"":"#,
        #"",""#, #""/""#, #""a/b""#, #""""#, "\\u0000", "\\/",
    ]

    /// The fields of the case format, with the schema's.
    public static let cases =
        schema + [
            #""name""#, #""schema""#, #""steps""#, #""select""#, #""show""#, #""deselect""#,
            #""restore""#, #""ids""#, #""fresh""#, #""value""#, #""expect""#, #""error""#,
        ]

    /// The fields of encoded states, with the schema's, and the example's keys.
    public static let state =
        schema + [
            #""selected""#, #""payload""#, #""steps""#, #""elements""#, #""id""#, #""value""#,
            #""renewal""#, #""content""#, #""modal""#, #""query""#,
            #""0ddc4dbb05ee26985bdf7b9607f6cd88""#,
            // A bare leaf, and the pieces of a selection's list form.
            ":0", #"["",""#, #"",""]"#,
        ] + example.map { "\"\($0)\"" }

    /// The example's step keys and element ids.
    public static let example = [
        "home", "explore", "profile", "login", "main", "detail", "settings", "friends", "light",
        "dark", "form", "signUp", "u1", "u2", "v1",
    ]

    /// The archive target's lines and keys, and numbers no `Int` or `Double` holds exactly.
    public static let archive =
        state + [
            "~", "~feed\t", "~profile/detail\t", "prefs", "settings", "news", "feed", "item",
            "post", "people", "list", "card", "old", "more", "trends", #""treeVersion""#,
            #""formatVersion""#, #""state""#, #""format""#, "18446744073709551615",
            "12345678901234567891", "9223372036854775808", "-9223372036854775808", "1e308",
            "5e-324", "0.30000000000000004", "1234567890.12345678901234567891", "1e400", "-0",
        ]

    /// The fields of a session record, and numbers at the ends of the sequence's range.
    public static let replay =
        state + [
            #""sequence""#, #""cause""#, #""time""#, #""events""#, #""visible""#, #""state""#,
            #""start""#, #""deepLink""#, #""userGesture""#, "18446744073709551615",
            "18446744073709551614", "-1", "1e20", #""select / home -> profile""#,
            #""push /profile/detail""#, #""/profile/detail""#, "\n", "\r\n",
        ]
}

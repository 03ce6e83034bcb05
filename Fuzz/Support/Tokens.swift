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
}

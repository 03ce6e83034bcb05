import Foundation
import StepTree

/// The JSON-schema twin of ``AppSteps``: the same tree shipped as data.
///
/// JSON cannot describe a recursive type, so the twin unrolls the friends stack to a fixed depth.
public enum ExampleSchema {
    /// The schema text, with friends' profiles nested `friendDepth` levels deep.
    public static func json(friendDepth: Int = 3) -> String {
        """
        {"initial": "home", "children": [
          {"key": "home", "kind": "tab"},
          {"key": "explore", "kind": "tab"},
          \(profile(key: "profile", kind: "tab", depth: friendDepth)),
          {"key": "login", "kind": "present", "style": "cover", "initial": "form", "children": [
            {"key": "form", "kind": "inline"},
            {"key": "signUp", "kind": "push"}]}]}
        """
    }

    /// The parsed schema.
    public static func load(friendDepth: Int = 3) throws(StepSchemaError) -> StepSchema {
        try StepSchema(json: Data(json(friendDepth: friendDepth).utf8))
    }

    private static func profile(key: String?, kind: String, depth: Int) -> String {
        let head = key.map { #""key": "\#($0)", "kind": "\#(kind)", "# } ?? ""
        let element =
            depth > 0 ? #", "element": \#(profile(key: nil, kind: "", depth: depth - 1))"# : ""
        return """
            {\(head)"initial": "main", "children": [
              {"key": "main", "kind": "inline"},
              {"key": "detail", "kind": "push", "children": [
                {"key": "light", "kind": "inline"},
                {"key": "dark", "kind": "inline"}]},
              {"key": "settings", "kind": "present", "style": "sheet"},
              {"key": "friends", "kind": "stack"\(element)}]}
            """
    }
}

// Recursive profiles: a profile opens a friend's profile, which opens another, to any depth,
// each a `ProfileSteps` in the stack of the one below. Pop to a friend, pop the last k, and a
// deep link into a friend's settings sheet, with the events and the visible screen after each.
import ExampleSteps
import StepTree
import StepTreeTools

var profile = ProfileSteps()

/// Runs one change and prints its events, what it popped and the visible screen after it.
@MainActor func step(_ title: String, _ change: (inout ProfileSteps) throws -> [String]) {
    print("\n\(title)")
    let before = profile
    do {
        let popped = try change(&profile)
        for event in NavigationDiff.events(from: before, to: profile) { print("  \(event)") }
        if !popped.isEmpty { print("  popped \(popped)") }
        print("  visible \(profile.visibleScreen)")
    } catch {
        print("  refused: \(error) (nothing changed)")
    }
}

step("Open ann's profile, then bob's from hers, then cat's from his") { profile in
    try profile.select(path: "friends")
    try profile.friends.value.push(id: "ann")
    try profile.friends.value.push(id: "bob")
    try profile.friends.value.push(id: "cat")
    return []
}
step("Bob's friends, one level deeper: dan's profile inside bob's") { profile in
    try profile.setStack(path: "friends/bob/friends", ids: ["dan"])
    return []
}
step("Deep link into cat's settings sheet") { profile in
    try profile.select(path: "friends/cat/settings")
    return []
}
step("Pop to ann: bob and cat go, with cat's sheet") { profile in
    return try profile.friends.value.pop(to: "ann")
}
step("Three friends more, then pop the last two") { profile in
    try profile.friends.value.push(id: "eve")
    try profile.friends.value.push(id: "fay")
    try profile.friends.value.push(id: "gus")
    return profile.friends.value.pop(last: 2)
}
step("A friend already open cannot be pushed twice") { profile in
    try profile.friends.value.push(id: "ann")
    return []
}
step("Pop to the root profile") { profile in
    return profile.friends.value.popToRoot()
}
print("\nThe tree now:\n\(profile.diagram)")

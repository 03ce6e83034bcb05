import StepTree
import StepTreeJSON

/// A place in the document being decoded: the saved value there, the initial state's value at
/// the same place, and the way there.
final class DecodingPlace {
    let parent: DecodingPlace?
    /// The key or index that leads here from `parent`; `nil` at the root.
    let component: JSONValue.Component?
    /// The value decoded here.
    let value: JSONValue
    /// The initial state's value here, if it has one.
    let reference: JSONValue?
    /// Whether the place is inside an array's element (a stack element, for one).
    let isInsideElement: Bool

    init(root value: JSONValue, reference: JSONValue?) {
        parent = nil
        component = nil
        self.value = value
        self.reference = reference
        isInsideElement = false
    }

    private init(
        parent: DecodingPlace, component: JSONValue.Component, value: JSONValue,
        reference: JSONValue?
    ) {
        self.parent = parent
        self.component = component
        self.value = value
        self.reference = reference
        if case .index = component {
            isInsideElement = true
        } else {
            isInsideElement = parent.isInsideElement
        }
    }

    /// The same place with another value or reference.
    func with(value: JSONValue? = nil, reference: JSONValue? = nil) -> DecodingPlace {
        guard let parent, let component else {
            return DecodingPlace(root: value ?? self.value, reference: reference ?? self.reference)
        }
        return parent.child(
            component, value: value ?? self.value, reference: reference ?? self.reference)
    }

    /// The place one key or index further.
    func child(_ component: JSONValue.Component, value: JSONValue, reference: JSONValue?)
        -> DecodingPlace
    {
        DecodingPlace(parent: self, component: component, value: value, reference: reference)
    }

    /// The places from the root to this one.
    private var chain: [DecodingPlace] {
        var places: [DecodingPlace] = []
        var place: DecodingPlace? = self
        while let current = place {
            places.append(current)
            place = current.parent
        }
        return places.reversed()
    }

    /// The coding path of this place, as `DecodingError` contexts name it (computed once, the
    /// first time an error or a decoder asks for it).
    private(set) lazy var codingPath: [any CodingKey] = {
        guard let parent, let component else { return [] }
        return parent.codingPath + [PlaceKey(component)]
    }()

    /// The step this place belongs to, and the field within it (`nil` when the place is a
    /// step), as ``RestorationReport`` names them (see `StateRepair.place(of:)`).
    func naming() -> (step: StepPath, field: String?) {
        var segments: [String] = []
        let places = chain
        for (offset, place) in places.enumerated() {
            switch place.component {
            case nil: continue
            case .index(let index):
                if case .string(let id) = place.value["id"] {
                    segments.append(id)
                } else {
                    segments.append("#\(index)")
                }
            case .key(let key) where ["value", "steps", "elements"].contains(key):
                continue
            case .key(let key):
                guard place.value["value"] != nil else {
                    let field = places[offset...].compactMap { $0.component?.description }
                    return (StepPath(segments), field.joined(separator: "."))
                }
                segments.append(key)
            }
        }
        return (StepPath(segments), nil)
    }
}

/// A key of a coding path, as Foundation's JSON decoder writes it.
struct PlaceKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ component: JSONValue.Component) {
        switch component {
        case .key(let key):
            stringValue = key
            intValue = nil
        case .index(let index):
            stringValue = "Index \(index)"
            intValue = index
        }
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

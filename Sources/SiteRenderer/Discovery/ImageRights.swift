/// Who made a photo and on what terms it may be used: schema.org's `ImageObject` licence fields
/// (Google Images shows them as "Licensable"). Site-wide defaults come from the settings, a
/// photo's own fields from its metadata, field by field.
public struct ImageRights: Sendable, Hashable {
    public var creator: String?
    public var creditText: String?
    public var copyrightNotice: String?
    /// A URL of the licence's terms.
    public var license: String?
    /// A URL where a licence can be had.
    public var acquireLicensePage: String?

    public init(
        creator: String? = nil, creditText: String? = nil, copyrightNotice: String? = nil,
        license: String? = nil, acquireLicensePage: String? = nil
    ) {
        self.creator = creator
        self.creditText = creditText
        self.copyrightNotice = copyrightNotice
        self.license = license
        self.acquireLicensePage = acquireLicensePage
    }

    /// The settings-file and metadata keys, in the order the fields are written.
    public static let keys = [
        "creator", "creditText", "copyrightNotice", "license", "acquireLicensePage",
    ]

    /// These fields, with `defaults` wherever one is not given.
    public func over(_ defaults: ImageRights) -> ImageRights {
        ImageRights(
            creator: creator ?? defaults.creator, creditText: creditText ?? defaults.creditText,
            copyrightNotice: copyrightNotice ?? defaults.copyrightNotice,
            license: license ?? defaults.license,
            acquireLicensePage: acquireLicensePage ?? defaults.acquireLicensePage)
    }

    /// The field of settings or metadata key `key`.
    public subscript(key: String) -> String? {
        get {
            switch key {
            case "creator": creator
            case "creditText": creditText
            case "copyrightNotice": copyrightNotice
            case "license": license
            default: acquireLicensePage
            }
        }
        set {
            switch key {
            case "creator": creator = newValue
            case "creditText": creditText = newValue
            case "copyrightNotice": copyrightNotice = newValue
            case "license": license = newValue
            default: acquireLicensePage = newValue
            }
        }
    }
}
